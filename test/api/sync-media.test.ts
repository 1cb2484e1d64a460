// What a sync brings besides rows: the size-capped audio cache (songs and episodes played from local
// copies, offline too; oldest files out when changed songs need room; no churn when nothing changed)
// and the remote's own covers.
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { audioCacheDir } from '../../src-main/catalogue/sync/audio-cache';
import { AUDIO_DIR } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogueWriter, type CatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { saveCover } from '../../src-main/catalogue/write/cover-files';
import { syncRemote, type SyncOptions } from '../../src-main/catalogue/sync/remote-sync';
import { fixtureCatalogueDir } from '../fixtures/app';
import {
  editCatalogue,
  fakeRemote,
  forward,
  idMaps,
  localApp,
  localCatalogue,
  LOCAL_ORIGIN,
  remoteGet,
  startRemote,
  type LocalSide,
  type Remote,
} from '../fixtures/sync-remote';

const FAST = { perpage: 10, batchSize: 4, rate: 1000, retryDelayMs: 1 } satisfies Partial<SyncOptions>;
const TOUHOU_ALBUM = 51_000_002;
const RADIO = 51_000_008;

let remote: Remote;
let local: LocalSide;
let writer: CatalogueWriter;

beforeEach(async () => {
  remote = await startRemote();
  local = localCatalogue({ empty: true });
  writer = openCatalogueWriter(local.file);
});
afterEach(async () => {
  writer.close();
  await remote.close();
  local.close();
});

const sync = (extra: Partial<SyncOptions> = {}) => syncRemote({ writer, url: remote.url, key: remote.key, cacheDir: local.cacheDir, ...FAST, ...extra });

interface UploadRow {
  up_id: number;
  up_uri: string;
  up_remote_url: string | null;
  parent: string;
}

/** Every synced upload with its entry's remote id. */
function uploads(): UploadRow[] {
  const db = new Database(local.file, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT u.up_id, u.up_uri, u.up_remote_url, w.source_key AS parent FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id
        JOIN wiki w ON w.wiki_id = s.sub_parent_wiki ORDER BY u.up_id`,
      )
      .all() as UploadRow[];
  } finally {
    db.close();
  }
}

function cacheFiles(): { name: string; size: number }[] {
  return readdirSync(audioCacheDir(local.cacheDir))
    .filter((n) => n.endsWith('.mp3'))
    .map((name) => ({ name, size: statSync(join(audioCacheDir(local.cacheDir), name)).size }));
}

const cachedRows = () => uploads().filter((u) => u.up_uri.startsWith('/cache/'));

describe('syncRemote with the audio cache', () => {
  it('plays every synced song and episode from the cache, with the remote gone', async () => {
    const result = await sync({ cacheAudio: true });
    const all = uploads();
    expect(all.length).toBeGreaterThan(30);
    expect(result.audio).toMatchObject({ cached: all.length, downloaded: all.length, skipped: 0, evicted: 0 });
    expect(all.every((u) => u.up_uri.startsWith('/cache/') && u.up_remote_url === null)).toBe(true);

    // The remote's audio files, by remote sub id, to compare bytes with.
    const maps = idMaps(local.file, writer.findSource('remote', remote.url)!.sourceId);
    const album = (await remoteGet(remote, '/music/detail.json', { wiki_id: String(TOUHOU_ALBUM) })).body as {
      response: { subs: { sub_id: number; sub_upload: { up_uri: string }[] }[] };
    };
    await remote.close(); // the local server must not need it

    const server = await localApp(local);
    try {
      const detail = (await server.get('/music/detail.json', { wiki_id: String(maps.wiki.get(TOUHOU_ALBUM)) })).body as {
        response: { subs: { sub_id: number; sub_upload: { up_url: string }[] }[] };
      };
      expect(detail.response.subs).toHaveLength(album.response.subs.length);
      for (const [i, sub] of detail.response.subs.entries()) {
        const url = sub.sub_upload[0].up_url;
        expect(url).toMatch(new RegExp(`^${LOCAL_ORIGIN}/files/cache/[0-9a-f]{32}\\.mp3$`));
        const res = await server.app.inject({ url: url.slice(LOCAL_ORIGIN.length), headers: { host: '127.0.0.1:7777' } });
        expect(res.statusCode).toBe(200);
        const original = readFileSync(join(fixtureCatalogueDir(), AUDIO_DIR, album.response.subs[i].sub_upload[0].up_uri));
        expect(res.rawPayload.equals(original)).toBe(true);
      }
      // Episodes (no md5 on the wire) are cached by their remote sub id, and seek (Range) works.
      const playlist = (await server.get('/listen/playlist', { radio: String(maps.wiki.get(RADIO)), api: 'json' })).body as {
        response: { playlist: { url: string }[] };
      };
      expect(playlist.response.playlist.length).toBeGreaterThan(1);
      for (const item of playlist.response.playlist) {
        expect(item.url).toMatch(new RegExp(`^${LOCAL_ORIGIN}/files/cache/sub-\\d+\\.mp3$`));
        const part = await server.app.inject({ url: item.url.slice(LOCAL_ORIGIN.length), headers: { host: '127.0.0.1:7777', range: 'bytes=0-99' } });
        expect(part.statusCode).toBe(206);
        expect(part.rawPayload.length).toBe(100);
      }
      // The sidecars (where each file came from) are not served.
      const sidecar = readdirSync(audioCacheDir(local.cacheDir)).find((n) => n.endsWith('.json'))!;
      expect((await server.app.inject({ url: `/files/cache/${sidecar}`, headers: { host: '127.0.0.1:7777' } })).statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('stays under its cap: changed songs evict the oldest files, which play from the remote again, and an unchanged sync moves nothing', async () => {
    const cap = 450_000; // room for about three of the demo's files (129–177 kB)
    const first = await sync({ cacheAudio: true, cacheCapBytes: cap });
    const firstCached = cachedRows();
    expect(first.audio.downloaded).toBeGreaterThanOrEqual(2);
    expect(first.audio.skipped).toBe(uploads().length - firstCached.length);
    expect(cacheFiles().reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(cap);
    expect(firstCached.every((u) => u.parent !== String(TOUHOU_ALBUM))).toBe(true); // the lowest ids came first

    // The Touhou album changes on the remote: its songs are written again and take the room.
    editCatalogue(remote.file, (db) => db.prepare('UPDATE wiki SET wiki_modified = wiki_modified + 100 WHERE wiki_id = ?').run(TOUHOU_ALBUM));
    remote.app.answerCache.clear();
    const second = await sync({ cacheAudio: true, cacheCapBytes: cap });
    expect(second.changed).toBe(1);
    expect(second.audio.evicted).toBe(firstCached.length);
    const nowCached = cachedRows();
    expect(nowCached.length).toBeGreaterThanOrEqual(2);
    expect(nowCached.every((u) => u.parent === String(TOUHOU_ALBUM))).toBe(true);
    expect(cacheFiles().reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(cap);
    expect(cacheFiles()).toHaveLength(nowCached.length);
    // The evicted songs point at the remote's files again.
    for (const old of firstCached) {
      const row = uploads().find((u) => u.up_id === old.up_id)!;
      expect(row.up_remote_url).toMatch(new RegExp(`^${remote.url}/files/demo/.+\\.mp3$`));
      expect(row.up_uri).toMatch(/^\/demo\//);
    }

    const before = uploads();
    const third = await sync({ cacheAudio: true, cacheCapBytes: cap });
    expect(third.audio).toMatchObject({ downloaded: 0, evicted: 0 });
    expect(uploads()).toEqual(before);
  });

  it('keeps songs on the remote when their files cannot be fetched, and stops trying once the remote is unreachable', async () => {
    let fileRequests = 0;
    const filesDown = await fakeRemote(async (req, res, url) => {
      if (url.pathname.startsWith('/files/')) {
        fileRequests++;
        return void req.socket.destroy();
      }
      const answer = await forward(remote, url);
      // Its answers name its own files (which it cannot serve).
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body.toString().split(remote.url).join(filesDown.url));
    });
    try {
      const problems: string[] = [];
      const result = await syncRemote({
        writer,
        url: filesDown.url,
        key: remote.key,
        cacheDir: local.cacheDir,
        cacheAudio: true,
        ...FAST,
        problem: (m) => problems.push(m),
      });
      expect(result.added).toBe(18);
      expect(result.audio).toMatchObject({ cached: 0, downloaded: 0, skipped: uploads().length });
      expect(problems.at(-1)).toBe('Caching audio stopped: the remote cannot be reached. The other songs play from the remote; sync again to cache them.');
      expect(fileRequests).toBe(9); // three files, three attempts each
      expect(uploads().every((u) => u.up_remote_url !== null && !u.up_uri.startsWith('/cache/'))).toBe(true);
      expect(cacheFiles()).toEqual([]);
    } finally {
      await filesDown.close();
    }
  });
});

describe('syncRemote with covers', () => {
  it("saves the remote's own cover in four sizes, and leaves the covers it marks generated to the local generator", async () => {
    const picture = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c04060' } })
      .png()
      .toBuffer();
    const coverFile = await saveCover(remote.dataDir, picture);
    editCatalogue(remote.file, (db) => db.prepare('UPDATE wiki SET cover_file = ? WHERE wiki_id = ?').run(coverFile, TOUHOU_ALBUM));

    await sync({ coversDir: local.dir });
    const maps = idMaps(local.file, writer.findSource('remote', remote.url)!.sourceId);
    const db = new Database(local.file, { readonly: true });
    const covers = db.prepare('SELECT source_key, cover_file FROM wiki WHERE cover_file IS NOT NULL').all();
    db.close();
    expect(covers).toHaveLength(1);
    expect(covers[0]).toMatchObject({ source_key: String(TOUHOU_ALBUM) });

    const server = await localApp(local);
    try {
      const large = await server.app.inject({ url: `/covers/${maps.wiki.get(TOUHOU_ALBUM)}/large`, headers: { host: '127.0.0.1:7777' } });
      expect(large.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 320, height: 200 });
      const generated = await server.app.inject({ url: `/covers/${maps.wiki.get(RADIO)}/large`, headers: { host: '127.0.0.1:7777' } });
      expect(generated.headers['moecat-cover']).toBe('generated');
    } finally {
      await server.close();
    }
  });

  it('leaves an SVG cover generated too (a remote that draws its covers as SVG)', async () => {
    const svgCovers = await fakeRemote(async (_req, res, url) => {
      if (url.pathname.startsWith('/covers/')) {
        return void res
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#c04060"/></svg>');
      }
      const answer = await forward(remote, url);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body.toString().split(remote.url).join(svgCovers.url));
    });
    try {
      await syncRemote({ writer, url: svgCovers.url, key: remote.key, cacheDir: local.cacheDir, coversDir: local.dir, ...FAST });
      const db = new Database(local.file, { readonly: true });
      const saved = db
        .prepare('SELECT COUNT(*) AS n FROM wiki WHERE cover_file IS NOT NULL AND source_id = ?')
        .get(writer.findSource('remote', svgCovers.url)!.sourceId);
      db.close();
      expect(saved).toEqual({ n: 0 });
    } finally {
      await svgCovers.close();
    }
  });
});
