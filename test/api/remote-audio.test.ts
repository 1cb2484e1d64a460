// /files/remote/:upId streams a synced song's audio from its remote through this server: ranges pass
// through, only stored URLs are fetched, and a remote that is away answers 502 in the envelope.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import { fixtureCatalogueDir } from '../fixtures/app';

const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let work: string;
let remote: Server;
let remoteBase: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
const upIds: Record<string, number> = {};

beforeAll(async () => {
  remote = createServer((req, res) => {
    if (req.url === '/files/song.mp3') {
      const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (m) {
        const start = Number(m[1]);
        const end = m[2] ? Number(m[2]) : AUDIO.length - 1;
        if (start >= AUDIO.length) return res.writeHead(416, { 'content-range': `bytes */${AUDIO.length}` }).end();
        res.writeHead(206, { 'content-type': 'audio/mpeg', 'content-range': `bytes ${start}-${end}/${AUDIO.length}`, 'accept-ranges': 'bytes', 'content-length': end - start + 1 });
        return res.end(AUDIO.subarray(start, end + 1));
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes', 'content-length': AUDIO.length, etag: '"v1"' });
      return res.end(AUDIO);
    }
    res.writeHead(500).end('broken');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;

  work = mkdtempSync(join(tmpdir(), 'moecat-remote-audio-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const writer = openCatalogueWriter(file);
  const source = writer.ensureSource('remote', `${remoteBase}/`, '127.0.0.1');
  const song = (key: string, url: string) => ({
    sourceKey: key, type: 'song' as const, order: key, title: `Song ${key}`, date: 1, modified: 1,
    upload: { uri: `/remote/${key}.mp3`, md5: '', filesize: AUDIO.length, bitrate: 128, length: 1, date: 1, remoteUrl: url },
  });
  const [wikiId] = writer.upsertEntries(source.sourceId, [
    { sourceKey: '1', type: 'music', title: 'Remote Album', aliases: [], date: 1, modified: 1, meta: [], tags: [], subs: [song('1', `${remoteBase}/files/song.mp3`), song('2', `${remoteBase}/files/broken.mp3`), song('3', 'http://127.0.0.1:9/files/gone.mp3')] },
  ]);
  for (const row of writer.db.prepare('SELECT source_key AS k, sub_id AS id FROM sub WHERE sub_parent_wiki = ?').all(wikiId) as { k: string; id: number }[]) upIds[row.k] = row.id;
  writer.close();
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR) });
});

afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  await new Promise((resolve) => remote.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { host: '127.0.0.1:7777', ...headers } });

describe('/files/remote/:upId', () => {
  it('streams the whole file with the remote’s type, length and validators', async () => {
    const res = await get(`/files/remote/${upIds['1']}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers.etag).toBe('"v1"');
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('passes a range through (the player seeks)', async () => {
    const res = await get(`/files/remote/${upIds['1']}`, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${AUDIO.length}`);
    expect(res.rawPayload.equals(AUDIO.subarray(100, 200))).toBe(true);
    const outside = await get(`/files/remote/${upIds['1']}`, { range: 'bytes=5000-' });
    expect(outside.statusCode).toBe(416);
  });

  it('fetches only what a sync stored: unknown ids, local uploads and junk are 404', async () => {
    const localUpload = catalogue.db.prepare('SELECT up_id FROM upload WHERE up_remote_url IS NULL LIMIT 1').pluck().get() as number;
    for (const id of ['999999999', String(localUpload), 'abc', '1e3']) {
      const res = await get(`/files/remote/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().response.information).toMatchObject({ has_error: true, error: 404 });
    }
  });

  it('answers 502 saying what to do when the remote fails or is away', async () => {
    const failing = await get(`/files/remote/${upIds['2']}`);
    expect(failing.statusCode).toBe(502);
    expect(failing.json().response.information.msg[0]).toMatch(/answered 500/);
    const away = await get(`/files/remote/${upIds['3']}`);
    expect(away.statusCode).toBe(502);
    expect(away.json().response.information.msg[0]).toMatch(/cannot be reached.*audio cache/);
  });
});
