// Remote sync: copies the entries and sub-entries of a Moefou-compatible API (another Moecat included)
// into the working catalogue as a 'remote' source, where they answer every operation offline.
// `moecat sync` and the server's sync job both run syncRemote(). The answers' shapes live in
// remote-answers.ts, HTTP in remote-client.ts, the mapping to catalogue records in remote-entries.ts,
// and the audio step in remote-audio.ts / audio-cache.ts. Over 300 lines: the listing, the schedule,
// the batches and the cursor they leave are one resumable run, kept in one place.
//
// How a sync goes, and why:
// 1. List every page of /wikis.json for all seven types at once (wiki_date desc, id desc; 50 a page,
//    no sub-entries, so cheap). The listing must be consistent: when the count changes between pages,
//    an entry shows up twice or a page runs short, the remote changed under it, and the listing starts
//    over (at most LISTING_ATTEMPTS times, then the sync stops and says so). Nothing is written yet.
//    Local entries the listing lacks are asked for by id (/wikis.json?wiki_id=…) before they count as
//    gone, so an entry that a shifting listing skipped is never removed.
// 2. /on-air.json (all seven days) gives the schedule of what airs at the remote's "now": weekday, time,
//    first and last broadcast day, kept as explicit on-air rows (SourceEntry.schedule), so the local
//    on-air answers what the remote's did, and drops a show by itself once its last day has passed. An
//    entry the remote does not list on air gets no schedule (it is learnt when it starts airing).
// 3. An entry is fetched when it is new, when its wiki_modified differs from the local copy, or when its
//    on-air rows differ; everything else is left alone (incremental by wiki_modified).
// 4. Fetch and write in batches of `batchSize` entries, in ascending remote id: /<section>/detail for the
//    entry and its sub-entries, and /listen/playlist for episodes' audio (SubDto carries only songs').
//    Each batch is one transaction together with the resume cursor, so an interruption leaves whole
//    batches and a cursor saying how far the run got.
// 5. Remove what is gone, clear the cursor and stamp lastSyncAt — one transaction, only after a
//    complete, consistent listing.
// 6. With cacheAudio, download songs into the size-capped cache and point them there (audio-cache.ts).
//    Songs of entries written in this run may evict the oldest cached files; others are cached only
//    while there is room, so repeated syncs never churn the cache.
//
// Ids: local ids from the writer's import range, keyed by the remote's wiki_id / sub_id (the source
// keys). New entries are written in ascending remote id and sub-entries in ascending remote sub id, so
// local ids keep the remote's order and every answer that breaks ties by id (entry list, search tiers,
// on-air days, sub-entry order) lists them in the remote's order.
//
// Resume: a run that stopped (cancelled, the remote gone, the process killed) leaves its batches and
// its cursor (`run` in the source's state). The next sync lists again and skips every entry already
// written with the remote's wiki_modified, so it carries on where the run stopped.
//
// Covers: with `coversDir`, the remote's large cover of each new or changed entry is saved in four sizes
// (cover-files.ts); an SVG is taken for a generated cover and skipped, as the local one is generated from
// the same title. Without it (the default), synced entries show generated covers.
//
// The key is kept in the source's state so that "Sync again" needs no typing; no answer shows it.
import { AudioCache, DEFAULT_AUDIO_CACHE_CAP } from './audio-cache';
import type { ScheduleRow } from '../write/source-entry';
import type { CatalogueWriter, IncomingEntry, SourceInfo } from '../write/catalogue-writer';
import type { Db } from '../db/database';
import type { Catalogue } from '../read/catalogue';
import { sqlOf } from '../read/catalogue-sql';
import type { RemotePlaylistItem, RemoteWiki } from './remote-answers';
import { cacheSourceAudio } from './remote-audio';
import type { SyncJobResult } from '../../contract/app';
import { createRemoteClient, normaliseRemoteUrl, RemoteError, type RemoteClient } from './remote-client';
import { scheduleText, schedulesOf, toIncomingEntry } from './remote-entries';
import { WIKI_TYPES } from '../write/source-entry';

export { RemoteError, normaliseRemoteUrl } from './remote-client';

export const DEFAULT_PERPAGE = 50;
export const DEFAULT_BATCH_SIZE = 20;
export const LISTING_ATTEMPTS = 3;
const ALL_TYPES = WIKI_TYPES.join(',');

export interface SyncProgress {
  /** 'pages' (the listing), 'schedule', 'fetch', 'remove', 'audio', 'done'. */
  phase: string;
  done: number;
  total: number;
  current?: string;
}

export interface SyncOptions {
  writer: CatalogueWriter;
  /** The remote API's base URL (http or https). */
  url: string;
  /** The remote's API key; when absent, the one saved by the last sync of this remote. */
  key?: string;
  /** Requests per second at most (default 10). */
  rate?: number;
  cacheAudio?: boolean;
  /** The user's cache directory (the audio cache lives in its audio/ folder); needed with cacheAudio. */
  cacheDir?: string;
  cacheCapBytes?: number;
  /** The data directory: when given, the remote's covers of new or changed entries are saved there. */
  coversDir?: string;
  signal?: AbortSignal;
  progress?: (p: SyncProgress) => void;
  /** Problems that do not stop the sync (an entry gone between listing and fetching, a file not cached). */
  problem?: (message: string) => void;
  /** Unix milliseconds (lastSyncAt, the cursor's start). */
  now?: () => number;
  // Tuning, for tests: page and batch sizes, retries, a fetch to count or break requests.
  perpage?: number;
  batchSize?: number;
  retryDelayMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The resume cursor of an unfinished run, committed with every batch. */
export interface SyncCursor {
  /** Unix seconds when the run (its first listing) started. */
  startedAt: number;
  /** Entries the listing had, and how many of them the run set out to fetch. */
  listed: number;
  pending: number;
  /** Entries fetched and written so far, and the highest remote id among them (they go in ascending id). */
  done: number;
  lastRemoteId: number;
}

/** A remote source's bookkeeping (source.state). */
export interface RemoteState {
  key?: string;
  /** Unix seconds when the last complete sync ended; absent = never. */
  lastSyncAt?: number;
  run?: SyncCursor;
}

export type SyncResult = SyncJobResult;

export function remoteStateOf(source: Pick<SourceInfo, 'state'>): RemoteState {
  const s = source.state as RemoteState;
  return { key: typeof s.key === 'string' ? s.key : undefined, lastSyncAt: typeof s.lastSyncAt === 'number' ? s.lastSyncAt : undefined, run: s.run };
}

const sectionOf = (type: string) => (type === 'music' || type === 'radio' ? type : 'anime');

class ListingChanged extends Error {}

/** One pass over every page of the entry list; throws ListingChanged when the remote moved under it. */
async function listOnce(client: RemoteClient, perpage: number, progress: (done: number, total: number) => void): Promise<Map<number, RemoteWiki>> {
  const entries = new Map<number, RemoteWiki>();
  let count = -1;
  let expectedPages = 1;
  for (let page = 1; count === -1 || entries.size < count; page++) {
    const answer = await client.get('wikis', '/wikis.json', { wiki_type: ALL_TYPES, page, perpage });
    const pageCount = answer.information.count;
    if (count === -1) {
      count = pageCount;
      expectedPages = Math.ceil(count / Math.max(1, answer.wikis.length)) + 1;
    } else if (pageCount !== count) {
      throw new ListingChanged(`its count went from ${count} to ${pageCount}`);
    }
    if (count > 0 && answer.wikis.length === 0) throw new ListingChanged(`page ${page} was empty before all ${count} entries were listed`);
    for (const w of answer.wikis) {
      if (entries.has(w.wiki_id)) throw new ListingChanged(`entry ${w.wiki_id} was listed twice`);
      entries.set(w.wiki_id, w);
    }
    if (entries.size > count) throw new ListingChanged(`it listed more than its count of ${count}`);
    if (page > expectedPages) throw new ListingChanged(`it needed more pages than its count says`);
    progress(entries.size, count);
  }
  return entries;
}

/** The entry and its sub-entries (episodes' audio from the playlist); undefined when the remote no longer has it. */
async function fetchEntry(client: RemoteClient, listed: RemoteWiki) {
  const section = sectionOf(listed.wiki_type);
  let detail;
  try {
    detail = await client.get('detail', `/${section}/detail.json`, { wiki_id: listed.wiki_id });
  } catch (err) {
    if (err instanceof RemoteError && err.status === 404) return undefined;
    throw err;
  }
  if (detail.wiki.wiki_id !== listed.wiki_id) {
    throw new RemoteError('garbage', `${client.baseUrl} answered /${section}/detail.json for entry ${listed.wiki_id} with entry ${detail.wiki.wiki_id}.`);
  }
  const episodes = new Map<number, RemotePlaylistItem>();
  const eps = detail.subs.filter((s) => s.sub_type === 'ep');
  const lists = eps.length === 0 ? [] : section === 'radio' ? [{ radio: listed.wiki_id }] : eps.map((e) => ({ sub: e.sub_id }));
  for (const params of lists) {
    const answer = await client.get('playlist', '/listen/playlist', { api: 'json', ...params });
    for (const item of answer.playlist) episodes.set(item.sub_id, item);
  }
  return { wiki: detail.wiki, subs: detail.subs, episodes };
}

const MAX_COVER_BYTES = 16 * 1024 * 1024;

/**
 * The remote's large cover saved in four sizes (cover-files.ts); undefined for a generated one (marked
 * so by a Moecat, or an SVG: the local cover is generated from the same title) or when it cannot be had
 * (a problem, not a failure).
 */
async function fetchCover(client: RemoteClient, dataDir: string, wiki: RemoteWiki, problem: (m: string) => void): Promise<string | undefined> {
  const url = wiki.wiki_cover?.large;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  try {
    const { bytes, type, generated } = await client.fetchBytes(url, MAX_COVER_BYTES);
    if (generated || /svg/i.test(type)) return undefined;
    const { saveCover } = await import('../write/cover-files');
    return await saveCover(dataDir, bytes);
  } catch (err) {
    if (client.aborted()) throw err;
    problem(`The cover of "${wiki.wiki_title}" was not saved: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

function localSchedules(db: Db, sourceId: number): Map<string, ScheduleRow[]> {
  const rows = db
    .prepare(
      `SELECT w.source_key AS key, o.oa_weekday AS weekday, o.oa_minute AS minute, o.oa_period_days AS periodDays,
      o.oa_date_begin AS dateBegin, o.oa_date_end AS dateEnd FROM onair o JOIN wiki w ON w.wiki_id = o.wiki_id WHERE w.source_id = ?`,
    )
    .all(sourceId) as (ScheduleRow & { key: string })[];
  const byKey = new Map<string, ScheduleRow[]>();
  for (const { key, ...row } of rows) byKey.set(key, [...(byKey.get(key) ?? []), row]);
  return byKey;
}

export async function syncRemote(opts: SyncOptions): Promise<SyncResult> {
  const { writer, signal } = opts;
  const base = normaliseRemoteUrl(opts.url);
  const now = () => Math.floor((opts.now ?? Date.now)() / 1000);
  const progress = opts.progress ?? (() => {});
  const problem = opts.problem ?? (() => {});
  const perpage = opts.perpage ?? DEFAULT_PERPAGE;
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  if (opts.cacheAudio && !opts.cacheDir) throw new RangeError('Caching audio needs a cache directory.');

  // The source row is created with the first write, so a sync that fails before it leaves nothing.
  let source = writer.findSource('remote', base);
  const state = source ? remoteStateOf(source) : {};
  const key = opts.key ?? state.key;
  if (!key) throw new RangeError(`No API key for ${base}: give the remote's key.`);
  const ensureSource = () => (source ??= writer.ensureSource('remote', base, new URL(base).host, now()));
  const client = createRemoteClient({
    baseUrl: base,
    key,
    rate: opts.rate,
    signal,
    fetch: opts.fetch,
    retryDelayMs: opts.retryDelayMs,
    timeoutMs: opts.timeoutMs,
  });

  // 1. The listing, and the known entries it lacks asked for by id.
  let listing: Map<number, RemoteWiki> | undefined;
  for (let attempt = 1; !listing; attempt++) {
    try {
      listing = await listOnce(client, perpage, (done, total) => progress({ phase: 'pages', done, total }));
    } catch (err) {
      if (!(err instanceof ListingChanged)) throw err;
      if (attempt >= LISTING_ATTEMPTS) {
        throw new RemoteError('changed', `${base} kept changing while it was listed (${err.message}, ${attempt} times); try again later.`);
      }
      problem(`${base} changed while it was listed (${err.message}); listing again.`);
    }
  }
  const known = source ? writer.knownEntries(source.sourceId) : new Map<string, { wikiId: number; modified: number }>();
  const missing = [...known.keys()].map(Number).filter((id) => Number.isSafeInteger(id) && !listing.has(id));
  for (let i = 0; i < missing.length; i += 50) {
    const ids = missing.slice(i, i + 50);
    const answer = await client.get('wikis', '/wikis.json', { wiki_type: ALL_TYPES, wiki_id: ids.join(','), perpage: 50 });
    for (const w of answer.wikis) if (ids.includes(w.wiki_id)) listing.set(w.wiki_id, w);
  }
  const gone = [...known.keys()].filter((k) => !listing.has(Number(k)));

  // 2–3. The schedule, and what to fetch.
  progress({ phase: 'schedule', done: 0, total: 1 });
  const { rows: schedules, untimed } = schedulesOf(await client.get('onAir', '/on-air.json', { week: 0 }));
  if (untimed > 0) problem(`${base} gave ${untimed} on-air entries without a broadcast time (oa_time); they are left out of the week.`);
  const local = source ? localSchedules(writer.db, source.sourceId) : new Map<string, ScheduleRow[]>();
  const pending = [...listing.values()]
    .filter((w) => {
      const mine = known.get(String(w.wiki_id));
      return !mine || mine.modified !== w.wiki_modified || scheduleText(schedules.get(w.wiki_id)) !== scheduleText(local.get(String(w.wiki_id)));
    })
    .sort((a, b) => a.wiki_id - b.wiki_id);

  // 4. Fetch and write, batch by batch, each with the cursor.
  const resumed = state.run !== undefined;
  const cursor: SyncCursor = { startedAt: state.run?.startedAt ?? now(), listed: listing.size, pending: pending.length, done: 0, lastRemoteId: 0 };
  const result: SyncResult = {
    url: base,
    sourceId: 0,
    listed: listing.size,
    added: 0,
    changed: 0,
    unchanged: listing.size - pending.length,
    removed: 0,
    subs: 0,
    resumed,
    audio: { cached: 0, downloaded: 0, evicted: 0, skipped: 0 },
    requests: {},
  };
  const written = new Set<number>();
  progress({ phase: 'fetch', done: 0, total: pending.length });
  for (let i = 0; i < pending.length; i += batchSize) {
    signal?.throwIfAborted();
    const batch: IncomingEntry[] = [];
    for (const listed of pending.slice(i, i + batchSize)) {
      progress({ phase: 'fetch', done: cursor.done + batch.length, total: pending.length, current: listed.wiki_title });
      const entry = await fetchEntry(client, listed);
      if (!entry) {
        problem(`${base} no longer has entry ${listed.wiki_id} (${listed.wiki_title}); it is left as it was.`);
        continue;
      }
      const incoming = toIncomingEntry(base, entry.wiki, entry.subs, entry.episodes, schedules.get(listed.wiki_id) ?? [], problem);
      if (opts.coversDir) incoming.coverFile = await fetchCover(client, opts.coversDir, entry.wiki, problem);
      batch.push(incoming);
    }
    const last = pending[Math.min(i + batchSize, pending.length) - 1];
    writer.transaction(() => {
      const { sourceId } = ensureSource();
      writer.upsertEntries(sourceId, batch).forEach((id) => written.add(id));
      cursor.done = Math.min(i + batchSize, pending.length);
      cursor.lastRemoteId = last.wiki_id;
      writer.setSourceState(sourceId, { ...state, key, run: cursor } satisfies RemoteState, now());
    });
    for (const e of batch) {
      if (known.has(e.sourceKey)) result.changed++;
      else result.added++;
      result.subs += e.subs.length;
    }
  }

  // 5. What is gone, and the end of the run.
  signal?.throwIfAborted();
  progress({ phase: 'remove', done: 0, total: gone.length });
  writer.transaction(() => {
    const { sourceId } = ensureSource();
    result.removed = writer.removeEntries(sourceId, gone);
    writer.setSourceState(sourceId, { key, lastSyncAt: now() } satisfies RemoteState, now());
  });
  result.sourceId = source!.sourceId;
  writer.keepStatistics();

  // 6. Audio.
  if (opts.cacheAudio) {
    const cache = new AudioCache(opts.cacheDir!, opts.cacheCapBytes ?? DEFAULT_AUDIO_CACHE_CAP);
    result.audio = await cacheSourceAudio({ writer, client, cache, sourceId: source!.sourceId, written, batchSize, progress, problem, signal });
  }
  result.requests = Object.fromEntries(client.requests);
  progress({ phase: 'done', done: pending.length, total: pending.length });
  return result;
}

/** Remote sources with their counts and sync times (Settings → Sync). */
export interface RemoteSourceInfo {
  sourceId: number;
  url: string;
  name: string;
  entries: number;
  subs: number;
  /** Unix seconds. */
  addedAt: number;
  lastSyncAt: number | null;
  /** An interrupted run waits to be resumed. */
  interrupted: boolean;
  hasKey: boolean;
}

const listStatements = new WeakMap<Db, { all(): unknown[] }>();

/** The remote sources of a catalogue (read-only connection is enough). */
export function listRemoteSources(catalogue: Catalogue): RemoteSourceInfo[] {
  const db = sqlOf(catalogue);
  let stmt = listStatements.get(db);
  if (!stmt) {
    stmt = db.prepare(`SELECT s.source_id AS sourceId, s.locator AS url, s.name, s.added_at AS addedAt, s.state,
      (SELECT count(*) FROM wiki w WHERE w.source_id = s.source_id) AS entries,
      (SELECT count(*) FROM sub b JOIN wiki w ON w.wiki_id = b.sub_parent_wiki WHERE w.source_id = s.source_id) AS subs
      FROM source s WHERE s.kind = 'remote' ORDER BY s.source_id`);
    listStatements.set(db, stmt);
  }
  return (stmt.all() as (Omit<RemoteSourceInfo, 'lastSyncAt' | 'interrupted' | 'hasKey'> & { state: string })[]).map(({ state, ...row }) => {
    const s = remoteStateOf({ state: JSON.parse(state) as Record<string, unknown> });
    return { ...row, lastSyncAt: s.lastSyncAt ?? null, interrupted: s.run !== undefined, hasKey: s.key !== undefined };
  });
}
