// The upgrade of the working catalogue to a new shipped build (DESIGN.md §3): the new working copy is
// the shipped file plus every imported and synced source of the old one, with its rows and their ids.
//
// Decisions:
// - The old copy is read by column name (`SELECT *`), so a working copy made with an older schema is
//   carried over too, as far as its columns allow; rows go back in through writeEntry(), the writer's
//   own row writer, which also regenerates their search rows (the FTS tables are contentless) and the
//   derived fields (title keys, folds, view titles) with this version's rules. What writeEntry does
//   not write from an entry (other external ids, the on-air rows, whose broadcast string is not kept)
//   is copied as rows.
// - Ids never change: imported ids (≥ IMPORT_ID_BASE) are kept, and one that meets a bundled id stops
//   the merge rather than renumbering an entry a favourite may name. A source keeps its id unless the
//   new build uses it. The high-water marks of the import ranges come along, so removed ids stay spent.
// - Nothing partial: the merge writes `catalogue.db.merging`, checks it (counts, quick_check), keeps
//   `catalogue.db.bak` while the merged file is renamed into place and opened, then drops the backup.
//   On any failure the old copy stays as it is — or, when it cannot serve (an older schema), it is
//   kept aside as `catalogue.db.old-<date>` and the shipped build is installed — and the log says why.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { compareSignatures, readSignatures } from './build-report';
import { openCatalogue } from './catalogue';
import { CATALOGUE_KIND } from './catalogue-kind';
import { finishCatalogue, prepareInserts, writeEntry } from './catalogue-rows';
import { openDatabase } from './database';
import { IMPORT_ID_BASE } from './schema';
import { SUB_TYPES, type MetaItem, type SourceEntry, type SourceSub, type SourceUpload } from './source-entry';
import { DEFAULT_TIME_ZONE } from './time-zone';

type Db = Database.Database;
type Row = Record<string, unknown>;

export interface CarriedEntry {
  entry: SourceEntry;
  /** External ids besides the Bangumi one writeEntry writes. */
  externals: { site: string; externalId: string }[];
  onAir: Row[];
}

export interface CarriedSource {
  sourceId: number;
  kind: string;
  locator: string;
  name: string;
  addedAt: number;
  updatedAt: number;
  state: string;
  entries: CarriedEntry[];
}

export interface CarriedContent {
  sources: CarriedSource[];
  /** meta next_import_wiki_id / next_import_sub_id of the old copy. */
  marks: { wiki: number | null; sub: number | null };
}

export interface UpgradeOptions {
  log?: (line: string) => void;
  nativeBinding?: string;
  now?: () => number;
}

export interface UpgradeOutcome {
  action: 'merged' | 'kept-old' | 'set-aside';
  /** Bundled entries added, removed and changed by the new build (when the old copy could be compared). */
  bundled?: { added: number; removed: number; changed: number };
  /** Imported and synced content carried into the new copy. */
  kept: { sources: number; entries: number; subs: number };
  /** Why the merge did not happen. */
  reason?: string;
  /** Where the old copy was kept aside. */
  asideFile?: string;
}

const hasTable = (db: Db, name: string) => db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;

function need(row: Row, column: string, table: string): unknown {
  const value = row[column];
  if (value === undefined || value === null) throw new Error(`the ${table} table has no ${column}`);
  return value;
}
const str = (row: Row, column: string, fallback = '') => (typeof row[column] === 'string' ? (row[column] as string) : fallback);
const num = (row: Row, column: string, fallback = 0) => (typeof row[column] === 'number' || typeof row[column] === 'bigint' ? Number(row[column]) : fallback);
const optionalNum = (row: Row, column: string) => (row[column] === null || row[column] === undefined ? undefined : Number(row[column]));

function jsonOf<T>(row: Row, column: string, fallback: T): T {
  const text = row[column];
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const metaItems = (row: Row, column: string): MetaItem[] =>
  jsonOf<unknown[]>(row, column, []).filter((m): m is MetaItem => !!m && typeof (m as MetaItem).key === 'string' && typeof (m as MetaItem).value === 'string');

/** Every imported and synced source of an old working copy with its rows, read by column name. */
export function readCarried(db: Db): CarriedContent {
  const metaValue = (key: string) => (hasTable(db, 'meta') ? (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) : undefined);
  const mark = (key: string) => {
    const value = Number(metaValue(key));
    return Number.isSafeInteger(value) ? value : null;
  };
  const marks = { wiki: mark('next_import_wiki_id'), sub: mark('next_import_sub_id') };
  if (!hasTable(db, 'source')) return { sources: [], marks };

  const rowsOf = (table: string, column: string) =>
    hasTable(db, table) ? db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`) : undefined;
  const wikisOf = db.prepare('SELECT * FROM wiki WHERE source_id = ? ORDER BY wiki_id');
  const subsOf = db.prepare('SELECT * FROM sub WHERE sub_parent_wiki = ? ORDER BY sub_id');
  const aliasesOf = hasTable(db, 'wiki_alias') ? db.prepare('SELECT * FROM wiki_alias WHERE wiki_id = ?') : undefined;
  const tagsOf = hasTable(db, 'wiki_tag') && hasTable(db, 'tag')
    ? db.prepare('SELECT t.tag_name FROM wiki_tag x JOIN tag t ON t.tag_id = x.tag_id WHERE x.wiki_id = ? ORDER BY t.tag_name').pluck()
    : undefined;
  const uploadOf = rowsOf('upload', 'up_obj_id');
  const externalsOf = rowsOf('wiki_external', 'wiki_id');
  const onAirOf = rowsOf('onair', 'wiki_id');

  const toSub = (s: Row): SourceSub => {
    const type = String(need(s, 'sub_type', 'sub'));
    if (!(SUB_TYPES as readonly string[]).includes(type)) throw new Error(`sub-entry ${String(s.sub_id)} has an unknown type "${type}"`);
    const u = uploadOf?.get(need(s, 'sub_id', 'sub')) as Row | undefined;
    const upload: SourceUpload | undefined = u && {
      uri: str(u, 'up_uri'),
      md5: str(u, 'up_md5'),
      filesize: num(u, 'up_filesize'),
      bitrate: num(u, 'up_bitrate'),
      length: num(u, 'up_length'),
      date: num(u, 'up_date'),
      ...(typeof u.up_remote_url === 'string' ? { remoteUrl: u.up_remote_url } : {}),
    };
    return {
      subId: Number(s.sub_id),
      sourceKey: String(need(s, 'source_key', 'sub')),
      type: type as SourceSub['type'],
      order: str(s, 'sub_order'),
      title: String(need(s, 'sub_title', 'sub')),
      date: num(s, 'sub_date'),
      modified: num(s, 'sub_modified'),
      about: str(s, 'sub_about'),
      meta: metaItems(s, 'sub_meta'),
      ...(upload ? { upload } : {}),
    };
  };

  const toEntry = (w: Row): CarriedEntry => {
    const wikiId = Number(need(w, 'wiki_id', 'wiki'));
    const aliasRows = (aliasesOf?.all(wikiId) ?? []) as Row[];
    const langOf = new Map(aliasRows.map((a) => [str(a, 'alias'), str(a, 'lang')]));
    // wiki_aliases / wiki_tags keep the order the source gave; the link tables are the fallback.
    const aliasTitles = 'wiki_aliases' in w ? jsonOf<string[]>(w, 'wiki_aliases', []) : [...langOf.keys()];
    const tags = 'wiki_tags' in w ? jsonOf<string[]>(w, 'wiki_tags', []) : ((tagsOf?.all(wikiId) ?? []) as string[]);
    const bgmId = optionalNum(w, 'wiki_bgm_id');
    const entry: SourceEntry = {
      wikiId,
      sourceKey: String(need(w, 'source_key', 'wiki')),
      type: String(need(w, 'wiki_type', 'wiki')) as SourceEntry['type'],
      title: String(need(w, 'wiki_title', 'wiki')),
      aliases: aliasTitles.map((title) => ({ title: String(title), lang: langOf.get(String(title)) ?? '' })),
      date: num(w, 'wiki_date'),
      modified: num(w, 'wiki_modified'),
      about: str(w, 'wiki_about'),
      meta: metaItems(w, 'wiki_meta'),
      tags: tags.map(String),
      ...(bgmId !== undefined ? { bgmId } : {}),
      ...(typeof w.cover_file === 'string' ? { coverFile: w.cover_file } : {}),
      subs: (subsOf.all(wikiId) as Row[]).map(toSub),
    };
    const externals = ((externalsOf?.all(wikiId) ?? []) as Row[])
      .map((e) => ({ site: str(e, 'site'), externalId: str(e, 'external_id') }))
      .filter((e) => e.site && !(e.site === 'bangumi' && bgmId !== undefined));
    return { entry, externals, onAir: (onAirOf?.all(wikiId) ?? []) as Row[] };
  };

  const sources = (db.prepare("SELECT * FROM source WHERE kind <> 'bundled' ORDER BY source_id").all() as Row[]).map((s) => ({
    sourceId: Number(need(s, 'source_id', 'source')),
    kind: String(need(s, 'kind', 'source')),
    locator: String(need(s, 'locator', 'source')),
    name: str(s, 'name'),
    addedAt: num(s, 'added_at'),
    updatedAt: num(s, 'updated_at'),
    state: str(s, 'state', '{}'),
    entries: (wikisOf.all(s.source_id) as Row[]).map(toEntry),
  }));
  return { sources, marks };
}

/** Writes the carried sources into a (writable) copy of the shipped build, in one transaction. */
export function writeCarried(db: Db, carried: CarriedContent): { sources: number; entries: number; subs: number } {
  const timeZone = (db.prepare("SELECT value FROM meta WHERE key = 'time_zone'").pluck().get() as string | undefined) ?? DEFAULT_TIME_ZONE;
  const ins = prepareInserts(db);
  const sourceTaken = db.prepare('SELECT 1 FROM source WHERE source_id = ?').pluck();
  const nextSourceId = db.prepare('SELECT coalesce(max(source_id), 0) + 1 FROM source').pluck();
  const sourceInsert = db.prepare('INSERT INTO source (source_id, kind, locator, name, added_at, updated_at, state) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const wikiTaken = db.prepare('SELECT wiki_title FROM wiki WHERE wiki_id = ?').pluck();
  const subTaken = db.prepare('SELECT sub_title FROM sub WHERE sub_id = ?').pluck();
  const tagByName = db.prepare('SELECT tag_id FROM tag WHERE tag_name = ?').pluck();
  const tagNextId = db.prepare('SELECT coalesce(max(tag_id), 0) + 1 FROM tag').pluck();
  const externalInsert = db.prepare('INSERT OR IGNORE INTO wiki_external (wiki_id, site, external_id) VALUES (?, ?, ?)');
  const onAirInsert = db.prepare(`INSERT OR REPLACE INTO onair (wiki_id, oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const metaSet = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');

  const tagIds = (tags: string[]) => {
    const ids = new Map<string, number>();
    for (const tag of new Set(tags)) {
      let id = tagByName.get(tag) as number | undefined;
      if (id === undefined) {
        id = tagNextId.get() as number;
        ins.tag.run(id, tag);
      }
      ids.set(tag, id);
    }
    return ids;
  };

  let entries = 0;
  let subs = 0;
  let maxWiki = 0;
  let maxSub = 0;
  db.transaction(() => {
    for (const source of carried.sources) {
      const sourceId = sourceTaken.get(source.sourceId) ? (nextSourceId.get() as number) : source.sourceId;
      sourceInsert.run(sourceId, source.kind, source.locator, source.name, source.addedAt, source.updatedAt, source.state);
      for (const { entry, externals, onAir } of source.entries) {
        const bundled = wikiTaken.get(entry.wikiId) as string | undefined;
        if (bundled !== undefined) throw new Error(`entry ${entry.wikiId} ("${entry.title}") of ${source.kind} source "${source.name || source.locator}" has the id of the bundled entry "${bundled}"`);
        for (const s of entry.subs) {
          const taken = subTaken.get(s.subId) as string | undefined;
          if (taken !== undefined) throw new Error(`sub-entry ${s.subId} ("${s.title}") of entry ${entry.wikiId} has the id of the bundled sub-entry "${taken}"`);
        }
        writeEntry(ins, sourceId, { ...entry, broadcast: undefined, end: undefined }, tagIds(entry.tags), timeZone);
        for (const e of externals) externalInsert.run(entry.wikiId, e.site, e.externalId);
        for (const r of onAir) {
          onAirInsert.run(entry.wikiId, num(r, 'oa_weekday'), num(r, 'oa_minute'), num(r, 'oa_period_days', 7), num(r, 'oa_date_begin'), num(r, 'oa_date_end'));
        }
        entries++;
        subs += entry.subs.length;
        maxWiki = Math.max(maxWiki, entry.wikiId);
        for (const s of entry.subs) maxSub = Math.max(maxSub, s.subId);
      }
    }
    // The marks never go back: ids of removed imports stay spent.
    const markOf = (old: number | null, highest: number) => Math.max(old ?? 0, highest > 0 ? highest + 1 : 0);
    const wikiMark = markOf(carried.marks.wiki, maxWiki);
    const subMark = markOf(carried.marks.sub, maxSub);
    if (wikiMark >= IMPORT_ID_BASE) metaSet.run('next_import_wiki_id', String(wikiMark));
    if (subMark >= IMPORT_ID_BASE) metaSet.run('next_import_sub_id', String(subMark));
  })();
  return { sources: carried.sources.length, entries, subs };
}

/** Renames an SQLite file with its -wal and -shm, which belong to it and to no other file. */
function renameDatabase(from: string, to: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${to}${suffix}`, { force: true });
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm']) if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
}

/** `catalogue.db.old-2024-02-01` (with a number when that name is taken). */
function asideName(working: string, now: number): string {
  const base = `${working}.old-${new Date(now).toISOString().slice(0, 10)}`;
  if (!existsSync(base)) return base;
  for (let n = 2; ; n++) if (!existsSync(`${base}.${n}`)) return `${base}.${n}`;
}

function canServe(file: string, nativeBinding?: string): boolean {
  try {
    openCatalogue(file, { nativeBinding }).close();
    return true;
  } catch {
    return false;
  }
}

function countCarried(db: Db, sourceIds: number[]): { entries: number; subs: number } {
  const ids = JSON.stringify(sourceIds);
  return db
    .prepare(`SELECT (SELECT count(*) FROM wiki WHERE source_id IN (SELECT value FROM json_each(@ids))) AS entries,
      (SELECT count(*) FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.source_id IN (SELECT value FROM json_each(@ids))) AS subs`)
    .get({ ids }) as { entries: number; subs: number };
}

/**
 * Makes `working` the shipped build plus the old working copy's imported and synced content. Never
 * throws for a failed merge: it keeps (or keeps aside) the old copy and says why in the log.
 */
export function upgradeWorkingCopy(shipped: string, working: string, options: UpgradeOptions = {}): UpgradeOutcome {
  const log = options.log ?? (() => {});
  const tmp = `${working}.merging`;
  const bak = `${working}.bak`;
  let carried: CarriedContent | undefined;
  let kept = { sources: 0, entries: 0, subs: 0 };
  let bundled: UpgradeOutcome['bundled'];

  const fail = (err: unknown): UpgradeOutcome => {
    for (const leftover of [tmp, `${tmp}-journal`]) {
      try {
        rmSync(leftover, { force: true });
      } catch {
        // not ours to remove (a folder in its place): it only stops the next merge, as it stopped this one
      }
    }
    const reason = err instanceof Error ? err.message : String(err);
    if (canServe(working, options.nativeBinding)) {
      log(`Could not upgrade the catalogue in ${working} to the new shipped build (${reason}); it stays as it was, with your imported and synced entries.`);
      return { action: 'kept-old', kept: { sources: 0, entries: 0, subs: 0 }, reason };
    }
    // The old copy cannot serve this version (an older schema): keep it aside, never drop it.
    const asideFile = asideName(working, options.now?.() ?? Date.now());
    renameDatabase(working, asideFile);
    copyFileSync(shipped, tmp);
    renameSync(tmp, working);
    const lost = carried ? ` (${carried.sources.reduce((n, s) => n + s.entries.length, 0)} imported or synced entries from ${carried.sources.length} sources)` : '';
    log(`Could not carry the old catalogue's content over to the new shipped build (${reason}). The old catalogue${lost} is kept at ${asideFile}; the shipped catalogue is installed in ${working}. Import or sync your sources again.`);
    return { action: 'set-aside', kept: { sources: 0, entries: 0, subs: 0 }, reason, asideFile };
  };

  try {
    // Read-write, so that closing it folds a write-ahead log left by a crash into the file.
    const old = new Database(working, { fileMustExist: true, nativeBinding: options.nativeBinding });
    let oldBundled;
    try {
      if (old.pragma('application_id', { simple: true }) !== CATALOGUE_KIND.applicationId) throw new Error('it is not a Moecat catalogue');
      carried = readCarried(old);
      try {
        oldBundled = readSignatures(old, { bundledOnly: true });
      } catch {
        oldBundled = undefined; // the comparison is for the log only
      }
    } finally {
      old.close();
    }
    if (existsSync(`${working}-wal`) && statSync(`${working}-wal`).size > 0) throw new Error('another program has the catalogue open');
    rmSync(`${working}-wal`, { force: true });
    rmSync(`${working}-shm`, { force: true });

    rmSync(tmp, { force: true });
    copyFileSync(shipped, tmp);
    const db = openDatabase(tmp, CATALOGUE_KIND, { nativeBinding: options.nativeBinding });
    try {
      if (oldBundled) {
        const d = compareSignatures(oldBundled, readSignatures(db, { bundledOnly: true }));
        bundled = { added: d.added.length, removed: d.removed.length, changed: d.changed.length };
      }
      kept = writeCarried(db, carried);
      finishCatalogue(db);
      const counted = countCarried(db, (db.prepare("SELECT source_id FROM source WHERE kind <> 'bundled'").pluck().all() as number[]));
      if (counted.entries !== kept.entries || counted.subs !== kept.subs) {
        throw new Error(`the merged catalogue holds ${counted.entries} entries and ${counted.subs} sub-entries of imports, not ${kept.entries} and ${kept.subs}`);
      }
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the merged catalogue failed its check (${String(check)})`);
    } finally {
      db.close();
    }
  } catch (err) {
    return fail(err);
  }

  // The swap: the old copy stays in catalogue.db.bak until the merged one opens in its place.
  try {
    copyFileSync(working, bak);
    renameSync(tmp, working);
  } catch (err) {
    rmSync(bak, { force: true });
    return fail(err);
  }
  try {
    if (!canServe(working, options.nativeBinding)) throw new Error('the merged catalogue does not open');
  } catch (err) {
    renameDatabase(bak, working);
    return fail(err);
  }
  rmSync(bak, { force: true });
  const change = bundled ? `bundled rows: +${bundled.added} −${bundled.removed} ~${bundled.changed}` : 'bundled rows replaced';
  log(`Upgraded the catalogue in ${working} to the new shipped build (${change}; kept ${kept.entries} imported/synced entries from ${kept.sources} sources).`);
  return { action: 'merged', bundled, kept };
}
