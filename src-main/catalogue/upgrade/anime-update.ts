// The anime data's update (docs/sources.md "Anime data"): a copy of the working catalogue whose
// bangumi-data rows are a newer release's, written beside it and then put in its place whole.
//
// Decisions:
// - The copy is SQLite's online backup of the working catalogue (a consistent snapshot, write-ahead
//   log included), so imports, syncs, the demo section and every id but the bundled anime are carried
//   as they are, byte for byte. The bundled anime rows are deleted and written again from the release
//   by the builder's own code (bangumi-source.ts, writeEntry), so their ids are the build's: a show
//   keeps its id (its Bangumi subject id, or a hash of type, start and title) and a favourite or a
//   follow of it keeps working.
// - The copy is checked (quick_check, the rows counted) before anything is replaced; a failed or
//   cancelled update deletes it and changes nothing. The swap is Catalogue.replaceWith() in a server,
//   or replaceDatabaseFile() for a command run with no server.
// - The meta records the data's version and its newest start date (what "data of 29 Apr 2026" means),
//   and `build_id` stays the shipped build's, so a start does not merge the shipped build over it.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { bangumiEntries, newestBegin, type BangumiData } from '../build/bangumi-source';
import type { Romaniser } from '../build/romaji';
import { CATALOGUE_KIND } from '../db/catalogue-kind';
import { openDatabase } from '../db/database';
import { prepareInserts, tagIdResolver, writeEntry } from '../write/catalogue-rows';
import { CATALOGUE_TIME_ZONE } from '../../contract/time';

export const BANGUMI_LOCATOR = 'bangumi-data';

export interface AnimeUpdateProgress {
  /** 'copy' (the working catalogue), 'romanise' (loading the reading dictionary), 'write' (the anime rows), 'check'. */
  phase: 'copy' | 'romanise' | 'write' | 'check';
  done: number;
  total: number;
}

export interface PreparedUpdate {
  /** The prepared catalogue file, to put in the working one's place. */
  file: string;
  version: string;
  /** Bundled anime after the update, and how many came or went. */
  entries: number;
  added: number;
  removed: number;
  /** Of them, how many are on a weekly or daily schedule. */
  scheduled: number;
}

const cancelled = (signal: AbortSignal | undefined) => {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The update was cancelled.', 'AbortError');
};

/**
 * Writes `out`: the working catalogue with its bangumi-data rows replaced by `data`'s. `out` is removed
 * when this fails or is cancelled.
 */
export async function prepareAnimeUpdate(
  working: string,
  out: string,
  data: BangumiData,
  options: { romaniser: () => Promise<Romaniser>; signal?: AbortSignal; progress?: (p: AnimeUpdateProgress) => void; nativeBinding?: string },
): Promise<PreparedUpdate> {
  const { signal, progress } = options;
  rmSync(out, { force: true });
  try {
    const source = new Database(working, { readonly: true, fileMustExist: true, nativeBinding: options.nativeBinding });
    try {
      await source.backup(out, {
        progress: ({ totalPages, remainingPages }) => {
          progress?.({ phase: 'copy', done: totalPages - remainingPages, total: totalPages });
          return signal?.aborted ? 0 : 200;
        },
      });
    } finally {
      source.close();
    }
    cancelled(signal);
    progress?.({ phase: 'romanise', done: 0, total: 1 });
    const romaniser = await options.romaniser();
    cancelled(signal);

    const db = openDatabase(out, CATALOGUE_KIND, { nativeBinding: options.nativeBinding });
    try {
      // Written in one go and checked before it is used: no journal to keep while rows go in.
      db.pragma('journal_mode = DELETE');
      db.pragma('synchronous = OFF');
      const sourceId = db.prepare("SELECT source_id FROM source WHERE kind = 'bundled' AND locator = ?").pluck().get(BANGUMI_LOCATOR) as number | undefined;
      if (sourceId === undefined) throw new Error('the working catalogue has no bundled anime source');
      const timeZone = (db.prepare("SELECT value FROM meta WHERE key = 'time_zone'").pluck().get() as string | undefined) ?? CATALOGUE_TIME_ZONE;
      const before = new Set(db.prepare('SELECT wiki_id FROM wiki WHERE source_id = ?').pluck().all(sourceId) as number[]);
      const entries = bangumiEntries(data.items, timeZone, data.siteMeta, romaniser);
      const ins = prepareInserts(db, { bulk: true });
      const tagIds = tagIdResolver(db, ins);
      const metaSet = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
      let scheduled = 0;
      db.transaction(() => {
        db.prepare('DELETE FROM wiki_fts WHERE rowid IN (SELECT wiki_id FROM wiki WHERE source_id = ?)').run(sourceId);
        db.prepare('DELETE FROM wiki WHERE source_id = ?').run(sourceId);
        entries.forEach((e, i) => {
          scheduled += writeEntry(ins, sourceId, e, tagIds(e.tags), timeZone);
          if (i % 500 === 0 || i === entries.length - 1) progress?.({ phase: 'write', done: i + 1, total: entries.length });
        });
        metaSet.run('bangumi_data_version', data.version);
        metaSet.run('anime_data_newest_begin', newestBegin(data) ?? '');
      })();
      cancelled(signal);
      progress?.({ phase: 'check', done: 0, total: 1 });
      db.exec("INSERT INTO wiki_fts (wiki_fts) VALUES ('optimize')");
      const written = db.prepare('SELECT count(*) FROM wiki WHERE source_id = ?').pluck().get(sourceId) as number;
      if (written !== entries.length) throw new Error(`the updated catalogue holds ${written} anime, not ${entries.length}`);
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the updated catalogue failed its check (${String(check)})`);
      // The last write waits for the disk: the file is whole before it can replace the working one.
      db.pragma('synchronous = FULL');
      metaSet.run('anime_data_updated', data.version);
      const after = new Set(entries.map((e) => e.wikiId));
      progress?.({ phase: 'check', done: 1, total: 1 });
      return {
        file: out,
        version: data.version,
        entries: entries.length,
        added: [...after].filter((id) => !before.has(id)).length,
        removed: [...before].filter((id) => !after.has(id)).length,
        scheduled,
      };
    } finally {
      db.close();
    }
  } catch (err) {
    rmSync(out, { force: true });
    throw err;
  }
}
