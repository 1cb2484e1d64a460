// A remote's answers as catalogue records: an entry with its sub-entries and their audio as the writer
// takes them (IncomingEntry), and the on-air answer as explicit schedule rows.
//
// Decisions:
// - Source keys are the remote's ids (wiki_id, sub_id as text); sub-entries are handed over in
//   ascending remote sub id, so the local ids the writer gives new ones keep the remote's order.
// - Titles keep the remote's title key (`*_title_encode`) when it is one ([a-z0-9]*), so initials and
//   key searches answer as the remote does; otherwise the key is computed here.
// - Audio stays on the remote: the upload's remoteUrl is the remote's up_url (made absolute), kept only
//   when it is on the remote's own origin (origin-fetch.ts); one elsewhere is left out, the song kept
//   without audio, and the sync reports it. Songs'
//   facts come from sub_upload; episodes' from the playlist, which gives their size in KiB only and no
//   md5 or bitrate — what the API shows of an episode's audio is exactly what the playlist gives.
// - Aliases have no language on the wire; they are kept with lang '' (only their text is searched).
// - A show's sites (a Moecat remote's /anime/detail) are kept as links when they are http(s) URLs;
//   its wiki_broadcast is not read: the slot comes from the on-air answer, as for any remote.
// - On-air rows: one per weekday the remote lists the entry on, with its time and first/last broadcast
//   day; an entry listed on all seven days is a daily show (period 1), else weekly (7). The on-air
//   answer is read in the interface's shape and, from an older Moecat, in its flattened shape.
import type { WikiSiteDto } from '../../contract/objects';
import type { ScheduleRow } from '../write/source-entry';
import type { IncomingEntry, IncomingSub } from '../write/catalogue-writer';
import type { Answers, LegacyRemoteOnAir, RemoteMeta, RemoteOnAir, RemotePlaylistItem, RemoteSub, RemoteUpload, RemoteWiki } from './remote-answers';
import { httpOriginOf, isOnOrigin } from './origin-fetch';
import { RemoteError } from './remote-client';
import { searchFold } from '../search/search-fold';
import type { SourceUpload } from '../write/source-entry';
import { titleKey } from '../search/title-key';

function derivedOf(title: string, encode: string | undefined) {
  return { key: encode !== undefined && /^[a-z0-9]*$/.test(encode) ? encode : titleKey(title), fold: searchFold(title) };
}

const metaOf = (meta: RemoteMeta[] | null | undefined) => (meta ?? []).map((m) => ({ key: m.meta_key, value: m.meta_value }));

/** An absolute http(s) URL on the remote's word (a relative one resolved against the base URL). */
function remoteUrlOf(base: string, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, `${base}/`);
  } catch {
    throw new RemoteError('garbage', `${base} gave "${url}" as an audio URL, which is not a URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new RemoteError('garbage', `${base} gave "${url}" as an audio URL, which is not http or https.`);
  return /^https?:\/\//i.test(url) ? url : parsed.href;
}

/** The audio URL when it is on the remote's own origin; else undefined, and the sync says so. */
function ownUrlOf(base: string, url: string, title: string, problem: (message: string) => void): string | undefined {
  const absolute = remoteUrlOf(base, url);
  if (isOnOrigin(absolute, new URL(base).origin)) return absolute;
  problem(`${base} gave an audio URL on another server (${httpOriginOf(absolute)}) for "${title}"; it was not kept, and the song has no audio here.`);
  return undefined;
}

function songUpload(base: string, sub: RemoteSub, up: RemoteUpload, problem: (message: string) => void): SourceUpload | undefined {
  const remoteUrl = ownUrlOf(base, up.up_url, sub.sub_title, problem);
  if (remoteUrl === undefined) return undefined;
  return {
    uri: up.up_uri ?? new URL(remoteUrl).pathname,
    md5: up.up_md5 ?? '',
    filesize: up.up_data.filesize,
    bitrate: up.up_data.bitrate,
    length: up.up_data.length,
    date: up.up_date ?? sub.sub_date,
    remoteUrl,
  };
}

function episodeUpload(base: string, sub: RemoteSub, item: RemotePlaylistItem, problem: (message: string) => void): SourceUpload | undefined {
  const remoteUrl = ownUrlOf(base, item.up_url, sub.sub_title, problem);
  if (remoteUrl === undefined) return undefined;
  return { uri: new URL(remoteUrl).pathname, md5: '', filesize: item.file_size * 1024, bitrate: 0, length: item.duration, date: sub.sub_date, remoteUrl };
}

/** At most this many sites of one show are kept. */
const MAX_SITES = 64;

/** A Moecat remote's sites of a show: only http(s) links, each site once (links the user may open; nothing is fetched). */
function sitesOf(wiki: RemoteWiki): WikiSiteDto[] {
  const seen = new Set<string>();
  const out: WikiSiteDto[] = [];
  for (const s of wiki.wiki_sites ?? []) {
    if (out.length >= MAX_SITES || seen.has(s.site) || (s.kind !== 'onair' && s.kind !== 'info') || !/^https?:$/.test(httpProtocolOf(s.url))) continue;
    seen.add(s.site);
    out.push({ site: s.site, name: s.name, kind: s.kind, url: s.url, begin: s.begin, regions: s.regions });
  }
  return out;
}

function httpProtocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

/** The entry as the writer takes it; `episodes` = the playlist items of its episodes by remote sub id. */
export function toIncomingEntry(
  base: string,
  wiki: RemoteWiki,
  subs: RemoteSub[],
  episodes: Map<number, RemotePlaylistItem>,
  schedule: ScheduleRow[],
  problem: (message: string) => void = () => {},
): IncomingEntry {
  const ordered = [...subs].sort((a, b) => a.sub_id - b.sub_id);
  return {
    sourceKey: String(wiki.wiki_id),
    type: wiki.wiki_type,
    title: wiki.wiki_title,
    derived: derivedOf(wiki.wiki_title, wiki.wiki_title_encode),
    aliases: (wiki.wiki_aliases ?? []).map((title: string) => ({ lang: '', title })),
    date: wiki.wiki_date,
    modified: wiki.wiki_modified,
    about: wiki.wiki_about ?? '',
    meta: metaOf(wiki.wiki_meta),
    tags: wiki.wiki_tags ?? [],
    bgmId: wiki.wiki_bgm_id ?? undefined,
    schedule,
    sites: sitesOf(wiki),
    subs: ordered.map((s): IncomingSub => {
      const song = s.sub_type === 'song' ? s.sub_upload?.[0] : undefined;
      const episode = s.sub_type === 'ep' ? episodes.get(s.sub_id) : undefined;
      return {
        sourceKey: String(s.sub_id),
        type: s.sub_type,
        order: String(s.sub_order),
        title: s.sub_title,
        derived: derivedOf(s.sub_title, s.sub_title_encode),
        date: s.sub_date,
        modified: s.sub_modified,
        about: s.sub_about ?? '',
        meta: metaOf(s.sub_meta),
        upload: song ? songUpload(base, s, song, problem) : episode ? episodeUpload(base, s, episode, problem) : undefined,
      };
    }),
  };
}

/** One schedule entry in either shape: the interface's (oa_obj_id, oa_week, the entry in obj) or an older Moecat's. */
function slotOf(item: RemoteOnAir | LegacyRemoteOnAir): { wikiId: number; weekday: number; time?: string } {
  return 'oa_obj_id' in item
    ? { wikiId: item.oa_obj_id, weekday: item.oa_week, time: item.oa_time }
    : { wikiId: item.wiki_id, weekday: item.oa_weekday, time: item.oa_time };
}

/**
 * The on-air answer (all seven days) as schedule rows by remote wiki id. A schedule entry without
 * `oa_time` (a server that is not Moecat gives no broadcast time) cannot be placed on the week: it is
 * counted in `untimed` and left out rather than given a time nobody said.
 */
export function schedulesOf(answer: Answers['onAir']): { rows: Map<number, ScheduleRow[]>; untimed: number } {
  const rows = new Map<number, ScheduleRow[]>();
  let untimed = 0;
  for (let day = 1; day <= 7; day++) {
    for (const item of answer[`onair_${day}`]) {
      const { wikiId, weekday, time } = slotOf(item);
      if (time === undefined) {
        untimed++;
        continue;
      }
      const [h, m] = time.split(':').map(Number);
      const list = rows.get(wikiId) ?? [];
      if (list.some((r) => r.weekday === weekday)) continue;
      list.push({ weekday, minute: h * 60 + m, periodDays: 7, dateBegin: item.oa_date_begin, dateEnd: item.oa_date_end });
      rows.set(wikiId, list);
    }
  }
  for (const list of rows.values()) if (list.length === 7) list.forEach((r) => (r.periodDays = 1));
  return { rows, untimed };
}

/** Rows in a canonical text, to tell whether the remote's schedule differs from the local one. */
export const scheduleText = (rows: Pick<ScheduleRow, 'weekday' | 'minute' | 'dateBegin' | 'dateEnd'>[] | undefined) =>
  (rows ?? [])
    .map((r) => `${r.weekday}@${r.minute}:${r.dateBegin}-${r.dateEnd}`)
    .sort()
    .join(' ');
