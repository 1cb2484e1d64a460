// The upgrade of the working catalogue to a new shipped build (docs/sources.md): the new working copy is
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
//   new build uses it (a folder's file addresses, /folder/<source id>/…, then follow the new id). The
//   high-water marks of the import ranges come along, so removed ids stay spent.
// - A folder's file records (folder_file) come along with its state, so the first re-import after an
//   upgrade reads only the files changed since, as any re-import does.
// - Nothing partial: the merge writes `catalogue.db.merging`, checks it (counts, quick_check), keeps
//   `catalogue.db.bak` while the merged file is renamed into place and opened, then drops the backup.
//   On any failure the old copy stays as it is — or, when it cannot serve (an older schema), it is
//   kept aside as `catalogue.db.old-<date>` and the shipped build is installed — and the log says why.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { compareSignatures, readSignatures } from '../build/build-report';
import { readCarried, type CarriedContent } from './carried-content';
import { openCatalogue } from '../read/catalogue';
import { CATALOGUE_KIND } from '../db/catalogue-kind';
import { replaceDatabaseFile } from '../db/catalogue-files';
import { finishCatalogue, prepareInserts, tagIdResolver, writeEntry } from '../write/catalogue-rows';
import type { SourceSub } from '../write/source-entry';
import { openDatabase } from '../db/database';
import { IMPORT_ID_BASE } from '../db/schema';
import { CATALOGUE_TIME_ZONE } from '../../contract/time';

type Db = Database.Database;
type Row = Record<string, unknown>;

const num = (row: Row, column: string, fallback = 0) => (typeof row[column] === 'number' || typeof row[column] === 'bigint' ? Number(row[column]) : fallback);

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

/** Writes the carried sources into a (writable) copy of the shipped build, in one transaction. */
export function writeCarried(db: Db, carried: CarriedContent): { sources: number; entries: number; subs: number } {
  const timeZone = (db.prepare("SELECT value FROM meta WHERE key = 'time_zone'").pluck().get() as string | undefined) ?? CATALOGUE_TIME_ZONE;
  const ins = prepareInserts(db);
  const sourceTaken = db.prepare('SELECT 1 FROM source WHERE source_id = ?').pluck();
  const nextSourceId = db.prepare('SELECT coalesce(max(source_id), 0) + 1 FROM source').pluck();
  const sourceInsert = db.prepare('INSERT INTO source (source_id, kind, locator, name, added_at, updated_at, state) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const wikiTaken = db.prepare('SELECT wiki_title FROM wiki WHERE wiki_id = ?').pluck();
  const subTaken = db.prepare('SELECT sub_title FROM sub WHERE sub_id = ?').pluck();
  const externalInsert = db.prepare('INSERT OR IGNORE INTO wiki_external (wiki_id, site, external_id) VALUES (?, ?, ?)');
  const onAirInsert = db.prepare(`INSERT OR REPLACE INTO onair (wiki_id, oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const fileInsert = db.prepare(`INSERT INTO folder_file (source_id, path, album, size, mtime, lrc, folder_cover, cover, record)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const metaSet = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');

  const tagIds = tagIdResolver(db, ins);

  let entries = 0;
  let subs = 0;
  let maxWiki = 0;
  let maxSub = 0;
  db.transaction(() => {
    for (const source of carried.sources) {
      const sourceId = sourceTaken.get(source.sourceId) ? (nextSourceId.get() as number) : source.sourceId;
      sourceInsert.run(sourceId, source.kind, source.locator, source.name, source.addedAt, source.updatedAt, source.state);
      // A folder's files are served under its source id (/files/folder/<id>/…): a new id moves their addresses.
      const oldPrefix = `/folder/${source.sourceId}/`;
      const servedAs = (s: SourceSub): SourceSub =>
        sourceId !== source.sourceId && source.kind === 'folder' && s.upload?.uri.startsWith(oldPrefix)
          ? { ...s, upload: { ...s.upload, uri: `/folder/${sourceId}/${s.upload.uri.slice(oldPrefix.length)}` } }
          : s;
      for (const { entry, externals, onAir } of source.entries()) {
        const bundled = wikiTaken.get(entry.wikiId) as string | undefined;
        if (bundled !== undefined)
          throw new Error(
            `entry ${entry.wikiId} ("${entry.title}") of ${source.kind} source "${source.name || source.locator}" has the id of the bundled entry "${bundled}"`,
          );
        for (const s of entry.subs) {
          const taken = subTaken.get(s.subId) as string | undefined;
          if (taken !== undefined)
            throw new Error(`sub-entry ${s.subId} ("${s.title}") of entry ${entry.wikiId} has the id of the bundled sub-entry "${taken}"`);
        }
        writeEntry(ins, sourceId, { ...entry, broadcast: undefined, end: undefined, subs: entry.subs.map(servedAs) }, tagIds(entry.tags), timeZone);
        for (const e of externals) externalInsert.run(entry.wikiId, e.site, e.externalId);
        for (const r of onAir) {
          onAirInsert.run(entry.wikiId, num(r, 'oa_weekday'), num(r, 'oa_minute'), num(r, 'oa_period_days', 7), num(r, 'oa_date_begin'), num(r, 'oa_date_end'));
        }
        entries++;
        subs += entry.subs.length;
        maxWiki = Math.max(maxWiki, entry.wikiId);
        for (const s of entry.subs) maxSub = Math.max(maxSub, s.subId);
      }
      // The folder's file records (and its state, above, whose version says they are current): the
      // next re-import reads only the files changed since. Album keys are the entries' source keys, kept.
      for (const f of source.files()) fileInsert.run(sourceId, f.path, f.album, f.size, f.mtime, f.lrc, f.folderCover, f.cover, f.record);
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
    .prepare(
      `SELECT (SELECT count(*) FROM wiki WHERE source_id IN (SELECT value FROM json_each(@ids))) AS entries,
      (SELECT count(*) FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.source_id IN (SELECT value FROM json_each(@ids))) AS subs`,
    )
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
    // The shipped copy is made first, so nothing has moved if that fails.
    const fresh = `${working}.installing`;
    rmSync(fresh, { force: true });
    copyFileSync(shipped, fresh);
    const asideFile = asideName(working, options.now?.() ?? Date.now());
    replaceDatabaseFile(working, asideFile);
    renameSync(fresh, working);
    const lost = carried ? ` (${carried.sources.reduce((n, s) => n + s.entryCount, 0)} imported or synced entries from ${carried.sources.length} sources)` : '';
    log(
      `Could not carry the old catalogue's content over to the new shipped build (${reason}). The old catalogue${lost} is kept at ${asideFile}; the shipped catalogue is installed in ${working}. Import or sync your sources again.`,
    );
    return { action: 'set-aside', kept: { sources: 0, entries: 0, subs: 0 }, reason, asideFile };
  };

  try {
    // Read-write, so that closing it folds a write-ahead log left by a crash into the file. It stays
    // open while the merged file is written: its entries are read one at a time.
    const old = new Database(working, { fileMustExist: true, nativeBinding: options.nativeBinding });
    try {
      if (old.pragma('application_id', { simple: true }) !== CATALOGUE_KIND.applicationId) throw new Error('it is not a Moecat catalogue');
      carried = readCarried(old);
      let oldBundled;
      try {
        oldBundled = readSignatures(old, { bundledOnly: true });
      } catch {
        oldBundled = undefined; // the comparison is for the log only
      }
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
        const counted = countCarried(db, db.prepare("SELECT source_id FROM source WHERE kind <> 'bundled'").pluck().all() as number[]);
        if (counted.entries !== kept.entries || counted.subs !== kept.subs) {
          throw new Error(
            `the merged catalogue holds ${counted.entries} entries and ${counted.subs} sub-entries of imports, not ${kept.entries} and ${kept.subs}`,
          );
        }
        const check = db.pragma('quick_check', { simple: true });
        if (check !== 'ok') throw new Error(`the merged catalogue failed its check (${String(check)})`);
      } finally {
        db.close();
      }
    } finally {
      old.close();
    }
    if (existsSync(`${working}-wal`) && statSync(`${working}-wal`).size > 0) throw new Error('another program has the catalogue open');
    rmSync(`${working}-wal`, { force: true });
    rmSync(`${working}-shm`, { force: true });
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
    replaceDatabaseFile(bak, working);
    return fail(err);
  }
  rmSync(bak, { force: true });
  const change = bundled ? `bundled rows: +${bundled.added} −${bundled.removed} ~${bundled.changed}` : 'bundled rows replaced';
  log(`Upgraded the catalogue in ${working} to the new shipped build (${change}; kept ${kept.entries} imported/synced entries from ${kept.sources} sources).`);
  return { action: 'merged', bundled, kept };
}
