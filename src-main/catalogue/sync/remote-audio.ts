// The last step of a sync with audio caching: every song of the source that still points at the remote
// is pointed at a cached copy — one already in the cache, or one downloaded now when it fits.
//
// Decisions:
// - Songs of entries written by this run come first and may evict the oldest cached files; songs of
//   unchanged entries are cached only while there is room, so syncing again never churns the cache.
// - Per chunk of songs: downloads first (outside any transaction), then one transaction points the songs
//   at their files and points evicted files' songs back at the remote (from the file's sidecar); only
//   after it commits are the evicted files deleted — a reader never meets a song whose file is gone.
// - A file that cannot be fetched or fails its md5 is a problem, not a failure: the song keeps
//   playing from the remote. After MAX_UNREACHABLE files in a row find the remote unreachable, the
//   step stops (one problem says so) instead of retrying every remaining file.
import { rmSync } from 'node:fs';
import { AudioCache } from './audio-cache';
import type { AudioTally } from '../../contract/app';
import type { CatalogueWriter } from '../write/catalogue-writer';
import type { Db } from '../db/database';
import { RemoteError, type RemoteClient } from './remote-client';

const MAX_UNREACHABLE = 3;

export interface AudioPass {
  writer: CatalogueWriter;
  client: RemoteClient;
  cache: AudioCache;
  sourceId: number;
  /** Local ids of the entries this run wrote: their songs may evict older files. */
  written: Set<number>;
  batchSize: number;
  progress: (p: { phase: string; done: number; total: number; current?: string }) => void;
  problem: (message: string) => void;
  signal?: AbortSignal;
}

interface RemoteUploadRow {
  upId: number;
  wikiId: number;
  subKey: string;
  title: string;
  uri: string;
  url: string;
  md5: string;
  filesize: number;
}

function statements(db: Db) {
  return {
    remoteUploads: db.prepare(`SELECT u.up_id AS upId, w.wiki_id AS wikiId, s.source_key AS subKey, s.sub_title AS title, u.up_uri AS uri,
      u.up_remote_url AS url, u.up_md5 AS md5, u.up_filesize AS filesize
      FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki
      WHERE w.source_id = ? AND u.up_remote_url IS NOT NULL ORDER BY u.up_id`),
    pointToCache: db.prepare('UPDATE upload SET up_uri = ?, up_remote_url = NULL WHERE up_id = ?'),
    pointBack: db.prepare('UPDATE upload SET up_uri = ?, up_remote_url = ? WHERE up_uri = ?'),
  };
}

export async function cacheSourceAudio(pass: AudioPass): Promise<AudioTally> {
  const { writer, client, cache, signal } = pass;
  const tally: AudioTally = { cached: 0, downloaded: 0, evicted: 0, skipped: 0 };
  const sql = statements(writer.db);
  const first = (r: RemoteUploadRow) => Number(pass.written.has(r.wikiId));
  const rows = (sql.remoteUploads.all(pass.sourceId) as RemoteUploadRow[]).sort((a, b) => first(b) - first(a) || a.upId - b.upId);
  let done = 0;
  let unreachable = 0;
  for (let i = 0; i < rows.length && unreachable < MAX_UNREACHABLE; i += pass.batchSize) {
    signal?.throwIfAborted();
    const chunk = rows.slice(i, i + pass.batchSize);
    const names = chunk.map((r) => AudioCache.nameFor(r.md5, r.subKey));
    for (const name of names) if (cache.has(name)) cache.use(name); // the chunk never evicts its own files
    const pointings: { upId: number; name: string }[] = [];
    const evicted: string[] = [];
    for (const [k, row] of chunk.entries()) {
      const name = names[k];
      pass.progress({ phase: 'audio', done: done++, total: rows.length, current: row.title });
      if (cache.has(name)) {
        pointings.push({ upId: row.upId, name });
        continue;
      }
      const victims = cache.planRoom(row.filesize, pass.written.has(row.wikiId));
      if (!victims) {
        tally.skipped++;
        continue;
      }
      try {
        const got = await client.download(row.url, cache.partFile(name), cache.roomAfter(victims));
        if (/^[0-9a-f]{32}$/i.test(row.md5) && got.md5 !== row.md5.toLowerCase()) {
          rmSync(cache.partFile(name), { force: true });
          throw new RemoteError('garbage', `${row.url} does not match its md5.`);
        }
      } catch (err) {
        if (signal?.aborted || !(err instanceof RemoteError)) throw err;
        pass.problem(`"${row.title}" was not cached: ${err.message}`);
        tally.skipped++;
        unreachable = err.kind === 'unreachable' ? unreachable + 1 : 0;
        if (unreachable >= MAX_UNREACHABLE) {
          pass.problem('Caching audio stopped: the remote cannot be reached. The other songs play from the remote; sync again to cache them.');
          break;
        }
        continue;
      }
      unreachable = 0;
      cache.release(victims);
      evicted.push(...victims);
      cache.commit(name, { uri: row.uri, url: row.url });
      tally.downloaded++;
      pointings.push({ upId: row.upId, name });
    }
    writer.transaction(() => {
      for (const name of evicted) {
        const origin = cache.origin(name)!;
        sql.pointBack.run(origin.uri, origin.url, AudioCache.uriOf(name));
      }
      for (const p of pointings) sql.pointToCache.run(AudioCache.uriOf(p.name), p.upId);
    });
    cache.remove(evicted);
    tally.evicted += evicted.length;
    tally.cached += pointings.length;
  }
  if (unreachable >= MAX_UNREACHABLE) tally.skipped += rows.length - done;
  return tally;
}
