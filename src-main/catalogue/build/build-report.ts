// What changed between two catalogue files: entries added, removed and changed (by id), entries whose
// on-air schedule appeared, disappeared or moved, and the bangumi-data version. `moecat build-catalogue`
// prints it against the previous build in the same folder (computed before that file is replaced), and
// the working copy's upgrade logs the bundled part of it (catalogue-merge.ts).
//
// Decisions:
// - Files are read by column name (`SELECT *`), never through the prepared statements of the current
//   schema, so a previous build made with an older schema still compares (a column that is new or gone
//   makes every entry "changed", which is true enough after a schema change).
// - An entry's signature is a hash of its row (without source_id, which the file assigns) and of its
//   sub-entries and their uploads; its schedule has a signature of its own. Comparing hashes keeps
//   memory small on large catalogues.
// - Only plain better-sqlite3 here: no builder dependencies, so the upgrade at start can use it.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { CATALOGUE_APPLICATION_ID } from '../db/schema';

type Db = Database.Database;
type Row = Record<string, unknown>;

export interface EntrySignature {
  entry: string;
  /** '' when the entry has no schedule. */
  onAir: string;
}

export interface CatalogueChanges {
  bangumiVersion: { old: string | null; new: string | null };
  added: number[];
  removed: number[];
  changed: number[];
  /** Entries whose weekly schedule appeared, disappeared or changed (added and removed entries included). */
  onAir: { added: number[]; removed: number[]; changed: number[] };
}

export type BuildChanges =
  | { previous: 'none' }
  | { previous: 'unreadable'; reason: string }
  | ({ previous: 'compared' } & CatalogueChanges);

const hash = (value: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
    .digest('base64');

const hasTable = (db: Db, name: string) => db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** Rows of `table` grouped by the number in `column` (SELECT * in rowid order). */
function groupBy(db: Db, table: string, column: string): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  if (!hasTable(db, table)) return out;
  for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY ${column}`).iterate() as IterableIterator<Row>) {
    const key = Number(row[column]);
    const list = out.get(key);
    if (list) list.push(row);
    else out.set(key, [row]);
  }
  return out;
}

/** Every entry's signature; `bundledOnly`: only entries of bundled sources (the working copy's upgrade). */
export function readSignatures(db: Db, { bundledOnly = false }: { bundledOnly?: boolean } = {}): Map<number, EntrySignature> {
  const uploads = groupBy(db, 'upload', 'up_obj_id');
  const subs = groupBy(db, 'sub', 'sub_parent_wiki');
  const onAir = groupBy(db, 'onair', 'wiki_id');
  const scope = bundledOnly && hasTable(db, 'source') ? "WHERE source_id IN (SELECT source_id FROM source WHERE kind = 'bundled')" : '';
  const out = new Map<number, EntrySignature>();
  for (const row of db.prepare(`SELECT * FROM wiki ${scope} ORDER BY wiki_id`).iterate() as IterableIterator<Row>) {
    const id = Number(row.wiki_id);
    const { source_id: _sourceId, ...fields } = row;
    const subRows = (subs.get(id) ?? []).map((s) => [s, uploads.get(Number(s.sub_id)) ?? []]);
    const schedule = onAir.get(id);
    out.set(id, { entry: hash([fields, subRows]), onAir: schedule ? hash(schedule) : '' });
  }
  return out;
}

export function compareSignatures(before: Map<number, EntrySignature>, after: Map<number, EntrySignature>): Omit<CatalogueChanges, 'bangumiVersion'> {
  const changes: Omit<CatalogueChanges, 'bangumiVersion'> = { added: [], removed: [], changed: [], onAir: { added: [], removed: [], changed: [] } };
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was) changes.added.push(id);
    else if (was.entry !== now.entry) changes.changed.push(id);
    const had = was?.onAir ?? '';
    if (had === now.onAir) continue;
    if (!had) changes.onAir.added.push(id);
    else if (!now.onAir) changes.onAir.removed.push(id);
    else changes.onAir.changed.push(id);
  }
  for (const [id, was] of before) {
    if (after.has(id)) continue;
    changes.removed.push(id);
    if (was.onAir) changes.onAir.removed.push(id);
  }
  for (const list of [changes.added, changes.removed, changes.changed, changes.onAir.added, changes.onAir.removed, changes.onAir.changed]) list.sort((a, b) => a - b);
  return changes;
}

function metaOf(db: Db, key: string): string | null {
  if (!hasTable(db, 'meta')) return null;
  return (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? null;
}

/** Opens a file to read as it is (any schema version), refusing what is not a Moecat catalogue. */
export function openForReading(file: string, options: { nativeBinding?: string } = {}): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true, nativeBinding: options.nativeBinding });
  try {
    if (db.pragma('application_id', { simple: true }) !== CATALOGUE_APPLICATION_ID) throw new Error('it is not a Moecat catalogue');
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** The changes from `previousFile` (if any) to `nextFile`; never throws for a bad previous file. */
export function compareWithPrevious(previousFile: string, nextFile: string): BuildChanges {
  if (!existsSync(previousFile)) return { previous: 'none' };
  let old: Db;
  try {
    old = openForReading(previousFile);
  } catch (err) {
    return { previous: 'unreadable', reason: (err as Error).message };
  }
  const next = openForReading(nextFile);
  try {
    let before: Map<number, EntrySignature>;
    try {
      before = readSignatures(old);
    } catch (err) {
      return { previous: 'unreadable', reason: (err as Error).message };
    }
    return {
      previous: 'compared',
      bangumiVersion: { old: metaOf(old, 'bangumi_data_version'), new: metaOf(next, 'bangumi_data_version') },
      ...compareSignatures(before, readSignatures(next)),
    };
  } finally {
    old.close();
    next.close();
  }
}

const LIST_LIMIT = 12;

function ids(list: number[]): string {
  const shown = list.slice(0, LIST_LIMIT).join(', ');
  return list.length > LIST_LIMIT ? `${shown} … (${list.length - LIST_LIMIT} more)` : shown;
}

/** The lines `moecat build-catalogue` prints about the changes. */
export function formatBuildChanges(changes: BuildChanges, folder: string): string[] {
  if (changes.previous === 'none') return [`No previous build in ${folder} to compare with.`];
  if (changes.previous === 'unreadable') return [`The previous build in ${folder} could not be read to compare with (${changes.reason}).`];
  const { bangumiVersion: v, added, removed, changed, onAir } = changes;
  const version = v.old === v.new ? `bangumi-data ${v.new ?? '(none)'} (unchanged)` : `bangumi-data ${v.old ?? '(none)'} → ${v.new ?? '(none)'}`;
  const onAirTotal = onAir.added.length + onAir.removed.length + onAir.changed.length;
  const lines = [
    `Compared with the previous build: ${version}; entries +${added.length} −${removed.length} ~${changed.length}; on-air schedule +${onAir.added.length} −${onAir.removed.length} ~${onAir.changed.length}.`,
  ];
  if (added.length + removed.length + changed.length + onAirTotal === 0) return [...lines, '  No entry changed.'];
  const rows: [string, number[]][] = [
    ['added', added],
    ['removed', removed],
    ['changed', changed],
    ['on air from now', onAir.added],
    ['off the air', onAir.removed],
    ['new slot', onAir.changed],
  ];
  for (const [label, list] of rows) if (list.length) lines.push(`  ${label}: ${ids(list)}`);
  return lines;
}
