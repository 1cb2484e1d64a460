// The write side of the working catalogue (the copy in the user data directory), for folder imports and
// remote syncs. The builder writes the shipped catalogue; nothing else writes a catalogue.
//
// Decisions:
// - Every row belongs to a source (`source`: bundled, folder or remote). An importer names its entries
//   and sub-entries by a source key (a folder's album key, a remote's wiki id); the writer decides ids.
// - Ids are stable: a source key seen before keeps its wiki id, and a sub-entry keeps its sub id by its
//   own source key inside the entry. New ids come from IMPORT_ID_BASE up and are never reused: the
//   high-water marks live in `meta` (next_import_wiki_id / next_import_sub_id), so a favourite of a
//   removed entry can never come to point at a different one. Synced entries get local ids too (a
//   remote's ids would collide with the bundled ranges after an upgrade); the remote id is their key.
// - Writing an entry replaces it whole (row, aliases, tags, sub-entries, uploads, schedule, search
//   rows) through the same writeEntry() the builder uses, so imported rows match built ones exactly.
// - Each call is one transaction; transaction() groups several into one batch (savepoints nest), so an
//   interrupted import or sync leaves whole batches or nothing. openGroup() does the same for a batch
//   written over several turns of the event loop (an import's, which lets the server answer between albums).
// - The search index rows of a batch are written at its end, together (PendingSearchRows in
//   catalogue-rows.ts: written one entry at a time, they made an index segment each).
// - The file is switched to WAL: the server's read-only connection keeps answering while a batch is
//   written (from this process or from a CLI run), and sees each batch once it commits.
import { openDatabase, type Db, type OpenOptions } from '../db/database';
import { CATALOGUE_KIND, CATALOGUE_SCHEMA_FINGERPRINT } from '../db/catalogue-kind';
import { PendingSearchRows, prepareInserts, tagIdResolver, writeEntry } from './catalogue-rows';
import { DatabaseFileError } from '../db/database';
import { IMPORT_ID_BASE } from '../db/schema';
import type { SourceEntry, SourceSub } from './source-entry';
import { CATALOGUE_TIME_ZONE } from '../../contract/time';

export type SourceKind = 'bundled' | 'folder' | 'remote';

export interface SourceInfo {
  sourceId: number;
  kind: SourceKind;
  /** bundled: 'bangumi-data' | 'demo'; folder: its absolute path; remote: the API's base URL. */
  locator: string;
  name: string;
  /** Unix seconds (0 for bundled sources). */
  addedAt: number;
  updatedAt: number;
  /** The importer's own bookkeeping (JSON object). */
  state: Record<string, unknown>;
  entries: number;
  subs: number;
}

/** A sub-entry as an importer hands it over: identified by its source key; the writer assigns the id. */
export type IncomingSub = Omit<SourceSub, 'subId'>;

/** An entry as an importer hands it over: identified by its source key; the writer assigns the id. */
export type IncomingEntry = Omit<SourceEntry, 'wikiId' | 'subs'> & { subs: IncomingSub[] };

export interface KnownEntry {
  wikiId: number;
  /** wiki_modified as last written. */
  modified: number;
}

export interface CatalogueWriter {
  readonly db: Db;
  readonly file: string;
  readonly timeZone: string;
  /** The source of this kind and locator, created (with `name`) when there is none. */
  ensureSource(kind: Exclude<SourceKind, 'bundled'>, locator: string, name: string, now?: number): SourceInfo;
  findSource(kind: SourceKind, locator: string): SourceInfo | undefined;
  getSource(sourceId: number): SourceInfo | undefined;
  listSources(): SourceInfo[];
  /** Saves the importer's bookkeeping and marks the source as updated now. */
  setSourceState(sourceId: number, state: Record<string, unknown>, now?: number): void;
  /** The entries a source has written so far, by source key. */
  knownEntries(sourceId: number): Map<string, KnownEntry>;
  /** The better-sqlite3 binding it was opened with (another thread's connection to the file loads the same). */
  readonly nativeBinding: string | undefined;
  /** Writes new or changed entries of a source in one transaction; returns their wiki ids in order. */
  upsertEntries(sourceId: number, entries: IncomingEntry[]): number[];
  /** Removes a source's entries (with everything hanging off them) by source key; returns how many. */
  removeEntries(sourceId: number, sourceKeys: Iterable<string>): number;
  /** Removes an imported or synced source and every row it brought; bundled sources cannot be removed. */
  removeSource(sourceId: number): { entries: number; subs: number };
  /** Runs `fn` as one transaction (calls inside it become savepoints): all of it or nothing. */
  transaction<T>(fn: () => T): T;
  /**
   * Opens a transaction that stays open across calls until commitGroup() or rollbackGroup(): the calls
   * made meanwhile become savepoints of it (each whole or not at all), and commitGroup() keeps them all.
   */
  openGroup(): void;
  /**
   * Writes at most `max` of the group's held search rows (catalogue-rows.ts, PendingSearchRows) and answers
   * how many are left, so that a large group's can be written over several turns before commitGroup().
   */
  writeHeldSearchRows(max: number): number;
  /** Writes the group's held search rows and commits it; when that fails, the group is rolled back whole. */
  commitGroup(): void;
  rollbackGroup(): void;
  /**
   * Takes the query planner's statistics again for the tables whose size has changed much since they were
   * taken (PRAGMA optimize), and has every connection to the file plan with the new ones; answers whether
   * any were due. Checking costs well under a millisecond; taking them, up to a second at a million rows.
   */
  keepStatistics(): boolean;
  close(): void;
}

interface SourceRow {
  sourceId: number;
  kind: SourceKind;
  locator: string;
  name: string;
  addedAt: number;
  updatedAt: number;
  state: string;
}

const SOURCE_COLUMNS = `s.source_id AS sourceId, s.kind, s.locator, s.name, s.added_at AS addedAt, s.updated_at AS updatedAt, s.state,
  (SELECT count(*) FROM wiki w WHERE w.source_id = s.source_id) AS entries,
  (SELECT count(*) FROM sub b JOIN wiki w ON w.wiki_id = b.sub_parent_wiki WHERE w.source_id = s.source_id) AS subs`;

function toInfo(row: (SourceRow & { entries: number; subs: number }) | undefined): SourceInfo | undefined {
  return row && { ...row, state: JSON.parse(row.state) as Record<string, unknown> };
}

export function openCatalogueWriter(file: string, options: Omit<OpenOptions, 'readonly'> = {}): CatalogueWriter {
  const db = openDatabase(file, CATALOGUE_KIND, { ...options, readonly: true });
  db.close(); // refuses a foreign, corrupt or too-new file before it is opened for writing
  const rw = openDatabase(file, CATALOGUE_KIND, options);
  const fingerprint = rw.prepare("SELECT value FROM meta WHERE key = 'schema_fingerprint'").pluck().get();
  if (fingerprint !== CATALOGUE_SCHEMA_FINGERPRINT) {
    rw.close();
    throw new DatabaseFileError('DB_OUTDATED', `The ${CATALOGUE_KIND.label} ${file} was built with an older schema. ${CATALOGUE_KIND.remedy}`);
  }
  rw.pragma('busy_timeout = 5000');
  rw.pragma('journal_mode = WAL');
  rw.pragma('synchronous = NORMAL');
  const ins = prepareInserts(rw, { bulk: false });
  const metaGet = rw.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  const metaSet = rw.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const timeZone = (metaGet.get('time_zone') as string | undefined) ?? CATALOGUE_TIME_ZONE;

  const sourceBy = rw.prepare(`SELECT ${SOURCE_COLUMNS} FROM source s WHERE s.kind = ? AND s.locator = ?`);
  const sourceById = rw.prepare(`SELECT ${SOURCE_COLUMNS} FROM source s WHERE s.source_id = ?`);
  const sourceAll = rw.prepare(`SELECT ${SOURCE_COLUMNS} FROM source s ORDER BY s.source_id`);
  const sourceInsert = rw.prepare(
    'INSERT INTO source (source_id, kind, locator, name, added_at, updated_at) VALUES ((SELECT coalesce(max(source_id), 0) + 1 FROM source), ?, ?, ?, ?, 0)',
  );
  const sourceState = rw.prepare('UPDATE source SET state = ?, updated_at = ? WHERE source_id = ?');
  const sourceDelete = rw.prepare('DELETE FROM source WHERE source_id = ?');
  const wikiByKey = rw.prepare('SELECT wiki_id FROM wiki WHERE source_id = ? AND source_key = ?').pluck();
  const wikiKeys = rw.prepare('SELECT source_key AS key, wiki_id AS wikiId, wiki_modified AS modified FROM wiki WHERE source_id = ?');
  const wikiIdsOfSource = rw.prepare('SELECT wiki_id FROM wiki WHERE source_id = ?').pluck();
  const subsOf = rw.prepare('SELECT source_key AS key, sub_id AS subId FROM sub WHERE sub_parent_wiki = ?');
  const wikiDelete = rw.prepare('DELETE FROM wiki WHERE wiki_id = ?');
  const maxWikiId = rw.prepare('SELECT max(wiki_id) FROM wiki').pluck();
  const maxSubId = rw.prepare('SELECT max(sub_id) FROM sub').pluck();
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** The first of `n` never-used ids of the import range (the mark survives the rows that used them). */
  const nextIds = (markKey: string, currentMax: () => unknown, n: number) => {
    const mark = Number(metaGet.get(markKey) ?? IMPORT_ID_BASE);
    const id = Math.max(mark, IMPORT_ID_BASE, Number(currentMax() ?? 0) + 1);
    if (n > 0) metaSet.run(markKey, String(id + n));
    return id;
  };

  const tagIdsFor = tagIdResolver(rw, ins);

  // The search rows of the outermost transaction or group, written at its end.
  const pending = new PendingSearchRows();
  let depth = 0;
  let group = false;
  const inTransaction = rw.transaction((fn: () => unknown) => {
    depth++;
    try {
      const result = fn();
      if (depth === 1 && !group) pending.write(ins);
      return result;
    } finally {
      depth--;
    }
  });
  /**
   * Runs a write as one transaction (a savepoint inside another or a group), its search rows written at the
   * end of the outermost one; when it fails, its rows are undone and its search rows dropped.
   */
  const writing = <T>(fn: () => T): T => {
    const mark = pending.mark();
    try {
      return inTransaction(fn) as T;
    } catch (err) {
      pending.truncate(mark);
      throw err;
    }
  };

  /** Deletes an entry's rows and its search rows; returns its sub-entries' ids by source key. */
  const deleteEntry = (wikiId: number): Map<string, number> => {
    const subs = new Map((subsOf.all(wikiId) as { key: string; subId: number }[]).map((s) => [s.key, s.subId]));
    for (const subId of subs.values()) pending.remove('sub', subId);
    pending.remove('wiki', wikiId);
    wikiDelete.run(wikiId); // cascades: aliases, externals, tags, sub-entries, uploads, schedule
    return subs;
  };

  const requireSource = (sourceId: number): SourceInfo => {
    const source = toInfo(sourceById.get(sourceId) as never);
    if (!source) throw new RangeError(`No catalogue source ${sourceId}.`);
    return source;
  };

  // Not requireSource(): its counts read every row of the source, on every call of an import's many.
  const sourceThere = rw.prepare('SELECT 1 FROM source WHERE source_id = ?').pluck();
  const upsert = rw.transaction((sourceId: number, entries: IncomingEntry[]): number[] => {
    if (sourceThere.get(sourceId) === undefined) throw new RangeError(`No catalogue source ${sourceId}.`);
    return entries.map((e) => {
      const existing = wikiByKey.get(sourceId, e.sourceKey) as number | undefined;
      const oldSubs = existing === undefined ? new Map<string, number>() : deleteEntry(existing);
      const wikiId = existing ?? nextIds('next_import_wiki_id', () => maxWikiId.get(), 1);
      let next = nextIds('next_import_sub_id', () => maxSubId.get(), e.subs.filter((s) => !oldSubs.has(s.sourceKey)).length);
      const subs: SourceSub[] = e.subs.map((s) => ({ ...s, subId: oldSubs.get(s.sourceKey) ?? next++ }));
      writeEntry(ins, sourceId, { ...e, wikiId, subs }, tagIdsFor(e.tags), timeZone, undefined, pending);
      return wikiId;
    });
  });

  const remove = rw.transaction((sourceId: number, keys: Iterable<string>): number => {
    let removed = 0;
    for (const key of keys) {
      const wikiId = wikiByKey.get(sourceId, key) as number | undefined;
      if (wikiId === undefined) continue;
      deleteEntry(wikiId);
      removed++;
    }
    return removed;
  });

  const removeWholeSource = rw.transaction((sourceId: number) => {
    const source = requireSource(sourceId);
    if (source.kind === 'bundled') throw new RangeError(`The bundled source "${source.locator}" cannot be removed.`);
    for (const wikiId of wikiIdsOfSource.all(sourceId) as number[]) deleteEntry(wikiId);
    sourceDelete.run(sourceId);
    return { entries: source.entries, subs: source.subs };
  });

  return {
    db: rw,
    file,
    timeZone,
    ensureSource(kind, locator, name, now = nowSeconds()) {
      const found = toInfo(sourceBy.get(kind, locator) as never);
      if (found) return found;
      sourceInsert.run(kind, locator, name, now);
      return toInfo(sourceBy.get(kind, locator) as never)!;
    },
    findSource: (kind, locator) => toInfo(sourceBy.get(kind, locator) as never),
    getSource: (sourceId) => toInfo(sourceById.get(sourceId) as never),
    listSources: () => (sourceAll.all() as never[]).map((r) => toInfo(r)!),
    setSourceState(sourceId, state, now = nowSeconds()) {
      if (sourceState.run(JSON.stringify(state), now, sourceId).changes !== 1) throw new RangeError(`No catalogue source ${sourceId}.`);
    },
    nativeBinding: options.nativeBinding,
    knownEntries: (sourceId) =>
      new Map((wikiKeys.all(sourceId) as { key: string; wikiId: number; modified: number }[]).map((r) => [r.key, { wikiId: r.wikiId, modified: r.modified }])),
    upsertEntries: (sourceId, entries) => writing(() => upsert(sourceId, entries)),
    removeEntries: (sourceId, keys) => writing(() => remove(sourceId, keys)),
    removeSource: (sourceId) => writing(() => removeWholeSource(sourceId)),
    transaction: <T>(fn: () => T): T => writing(fn),
    openGroup() {
      if (group) throw new Error('A group is open already.');
      rw.exec('BEGIN');
      group = true;
    },
    writeHeldSearchRows(max) {
      if (!group) throw new Error('No group is open.');
      return pending.write(ins, max);
    },
    commitGroup() {
      if (!group) throw new Error('No group is open.');
      try {
        pending.write(ins);
        rw.exec('COMMIT');
      } catch (err) {
        // Nothing of the group is kept: its rows, its held search rows and the group itself go.
        pending.clear();
        if (rw.inTransaction) rw.exec('ROLLBACK');
        throw err;
      } finally {
        group = false;
      }
    },
    rollbackGroup() {
      if (!group) throw new Error('No group is open.');
      pending.clear();
      group = false;
      if (rw.inTransaction) rw.exec('ROLLBACK');
    },
    keepStatistics() {
      // 0x10000: look at every table's size; 0x2: analyse those due; 0x1: only list them.
      if ((rw.pragma('optimize = 0x10003') as unknown[]).length === 0) return false;
      // One commit, which says it changed the statistics alone (section_change): the server's cached
      // answers stay. A connection reads the statistics with the schema, and reads that again when it has
      // changed: a view made and dropped changes it, and their statements are planned again with them.
      // Immediate: the write lock is waited for (busy_timeout) before anything is read.
      rw.transaction(() => {
        rw.pragma('optimize = 0x10002');
        rw.exec(`CREATE VIEW statistics_taken AS SELECT 1; DROP VIEW statistics_taken;
          UPDATE section_change SET n = n + 1 WHERE section = 'statistics'`);
      }).immediate();
      return true;
    },
    close: () => rw.close(),
  };
}
