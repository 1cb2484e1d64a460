// Where to watch an anime and where to read about it, from bangumi-data's `sites` and `siteMeta`.
//
// Decisions:
// - sites of kind `onair` (bilibili, Netflix …) and `info` (MyAnimeList, AniDB …) are kept; `resource`
//   sites (torrent indexes) are left out, as is the `bangumi` site itself (the entry's wiki_bgm_id
//   already links it);
// - the link is siteMeta's `urlTemplate` with `{{id}}` replaced by the site's id, each path segment
//   percent-encoded (ids like `tv/153485` keep their slash); a template or an id that does not make an
//   http(s) URL drops the site rather than linking somewhere unexpected;
// - a site's own first broadcast (`begin`, an ISO 8601 instant) is kept as Unix seconds, 0 when not
//   given; its regions are siteMeta's (none = worldwide or not said);
// - one row per site name: a second listing of the same site keeps the first.
import type { SourceSite } from '../write/source-entry';

export interface BangumiSite {
  site: string;
  id?: string;
  begin?: string;
  broadcast?: string;
  comment?: string;
}

export interface SiteMeta {
  title: string;
  urlTemplate: string;
  type: string;
  regions?: string[];
}

const KINDS = new Set(['onair', 'info']);

function linkOf(template: string, id: string): string | undefined {
  if (!template.includes('{{id}}') || !id.trim()) return undefined;
  const encoded = id.split('/').map(encodeURIComponent).join('/');
  try {
    const url = new URL(template.replaceAll('{{id}}', encoded));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The watch and info sites of one bangumi-data item, in its order. */
export function watchSites(sites: readonly BangumiSite[], siteMeta: Readonly<Record<string, SiteMeta>>): SourceSite[] {
  const out: SourceSite[] = [];
  const seen = new Set<string>();
  for (const s of sites) {
    const meta = Object.hasOwn(siteMeta, s.site) ? siteMeta[s.site] : undefined;
    if (!meta || !KINDS.has(meta.type) || s.site === 'bangumi' || seen.has(s.site)) continue;
    const url = linkOf(meta.urlTemplate, s.id ?? '');
    if (!url) continue;
    seen.add(s.site);
    const beginMs = s.begin ? Date.parse(s.begin) : NaN;
    out.push({
      site: s.site,
      name: meta.title,
      kind: meta.type as SourceSite['kind'],
      url,
      begin: Number.isNaN(beginMs) ? 0 : Math.floor(beginMs / 1000),
      regions: [...new Set(meta.regions ?? [])],
    });
  }
  return out;
}
