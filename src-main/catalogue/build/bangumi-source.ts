// Reads the pinned bangumi-data package into catalogue entries (anime: tv, web, movie, ova).
//
// Stable ids: an item's wiki_id is its Bangumi subject id, so it never depends on the order of the
// data. When several items share a subject id, the earliest (by begin, then title) keeps it; the
// others, and items without one, get an id hashed from type, begin and title into HASHED_ID range
// (collisions resolved by probing in key order). Adding items upstream never renumbers existing ones.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SourceEntry, WikiType } from '../write/source-entry';
import { CATALOGUE_TIME_ZONE, wallTime, midnightOf } from '../../contract/time';
import type { Romaniser } from './romaji';
import { watchSites, type BangumiSite, type SiteMeta } from './watch-sites';

export const HASHED_ID_BASE = 50_000_000;
export const HASHED_ID_SPAN = 1_000_000;

export interface BangumiItem {
  title: string;
  titleTranslate?: Record<string, string[]>;
  type: string;
  lang?: string;
  officialSite?: string;
  begin: string;
  broadcast?: string;
  end: string;
  comment?: string;
  sites: BangumiSite[];
}

const TYPES: Record<string, WikiType> = { tv: 'tv', web: 'web', movie: 'movie', ova: 'ova' };

export interface BangumiData {
  version: string;
  items: BangumiItem[];
  /** The sites' names, kinds, regions and URL templates; absent = no site links. */
  siteMeta?: Record<string, SiteMeta>;
}

export function loadBangumiData(): BangumiData {
  const require = createRequire(import.meta.url);
  const version = (JSON.parse(readFileSync(require.resolve('bangumi-data/package.json'), 'utf8')) as { version: string }).version;
  const data = JSON.parse(readFileSync(require.resolve('bangumi-data/dist/data.json'), 'utf8')) as Omit<BangumiData, 'version'>;
  return { version, items: data.items, siteMeta: data.siteMeta };
}

/** The newest start date of the data's items (an ISO date): the date the data is from, as far as a listener can tell. */
export function newestBegin(data: Pick<BangumiData, 'items'>): string | undefined {
  let newest: string | undefined;
  for (const item of data.items) {
    const day = /^\d{4}-\d{2}-\d{2}/.exec(item.begin)?.[0];
    if (day && (newest === undefined || day > newest)) newest = day;
  }
  return newest;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

function subjectId(item: BangumiItem): number | undefined {
  const id = Number(item.sites.find((s) => s.site === 'bangumi')?.id);
  return Number.isSafeInteger(id) && id > 0 && id < HASHED_ID_BASE ? id : undefined;
}

/**
 * Each item's identity: type, begin and title; the few items that share all three (a second listing
 * of one show on another site) are told apart by a hash of their site list.
 */
export function sourceKeys(items: BangumiItem[]): string[] {
  const base = items.map((item) => `bangumi-data:${item.type}:${item.begin}:${item.title}`);
  const seen = new Map<string, number>();
  for (const key of base) seen.set(key, (seen.get(key) ?? 0) + 1);
  return items.map((item, i) => (seen.get(base[i])! > 1 ? `${base[i]}#${fnv1a(JSON.stringify(item.sites)).toString(36)}` : base[i]));
}

/** Decides every item's wiki id (see the header). Returned in the items' order. */
export function assignIds(items: BangumiItem[], keys = sourceKeys(items)): number[] {
  const keyOf = new Map(items.map((item, i) => [item, keys[i]]));
  const owner = new Map<number, BangumiItem>();
  for (const item of items) {
    const id = subjectId(item);
    if (id === undefined) continue;
    const held = owner.get(id);
    if (!held || item.begin < held.begin || (item.begin === held.begin && item.title < held.title)) owner.set(id, item);
  }
  const ids = new Map<BangumiItem, number>();
  for (const [id, item] of owner) ids.set(item, id);
  const taken = new Set<number>();
  const rest = items.filter((item) => !ids.has(item)).sort((a, b) => (keyOf.get(a)! < keyOf.get(b)! ? -1 : 1));
  for (const item of rest) {
    let slot = fnv1a(keyOf.get(item)!) % HASHED_ID_SPAN;
    while (taken.has(slot)) slot = (slot + 1) % HASHED_ID_SPAN;
    taken.add(slot);
    ids.set(item, HASHED_ID_BASE + slot);
  }
  return items.map((item) => ids.get(item)!);
}

function aliasesOf(item: BangumiItem): SourceEntry['aliases'] {
  const seen = new Set([item.title]);
  const out: SourceEntry['aliases'] = [];
  for (const [lang, titles] of Object.entries(item.titleTranslate ?? {})) {
    for (const title of titles) {
      if (!title.trim() || seen.has(title)) continue;
      seen.add(title);
      out.push({ lang, title });
    }
  }
  return out;
}

/** `romaniser`: gives Japanese titles their romanisation (romaji.ts); without it they have none. */
export function bangumiEntries(items: BangumiItem[], timeZone = CATALOGUE_TIME_ZONE, siteMeta: Record<string, SiteMeta> = {}, romaniser?: Romaniser): SourceEntry[] {
  const keys = sourceKeys(items);
  const ids = assignIds(items, keys);
  const entries: SourceEntry[] = [];
  items.forEach((item, i) => {
    const type = TYPES[item.type];
    if (!type) return;
    const beginMs = Date.parse(item.begin);
    const date = Number.isNaN(beginMs) ? 0 : midnightOf(beginMs, timeZone);
    const meta = [
      ...(item.officialSite ? [{ key: 'official_site', value: item.officialSite }] : []),
      ...(item.lang ? [{ key: 'lang', value: item.lang }] : []),
    ];
    entries.push({
      wikiId: ids[i],
      sourceKey: keys[i],
      type,
      title: item.title,
      aliases: aliasesOf(item),
      romaji: romaniser?.romaji(item.title),
      date,
      // bangumi-data carries no modification time; the entry changes only with its begin date.
      modified: date,
      about: item.comment ?? '',
      meta,
      tags: Number.isNaN(beginMs) ? [] : [String(wallTime(beginMs, timeZone).year)],
      bgmId: subjectId(item),
      broadcast: item.broadcast ?? '',
      begin: item.begin,
      end: item.end,
      sites: watchSites(item.sites, siteMeta),
      subs: [],
    });
  });
  return entries;
}
