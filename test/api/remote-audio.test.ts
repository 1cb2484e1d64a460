// /files/remote/:upId streams a synced song's audio from its remote through this server: ranges pass
// through, only stored URLs are fetched and only on the origin of the remote they were synced from
// (redirects included), the answer is audio whatever the remote says it is, and a remote that is away
// answers 502 in the envelope.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
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
/** Another service on this machine, with something private: no answer of Moecat's may reach it. */
let other: Server;
let otherBase: string;
const otherHits: string[] = [];
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
        res.writeHead(206, {
          'content-type': 'audio/mpeg',
          'content-range': `bytes ${start}-${end}/${AUDIO.length}`,
          'accept-ranges': 'bytes',
          'content-length': end - start + 1,
        });
        return res.end(AUDIO.subarray(start, end + 1));
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'accept-ranges': 'bytes', 'content-length': AUDIO.length, etag: '"v1"' });
      return res.end(AUDIO);
    }
    // A remote that turned hostile: a redirect to the other service, a page dressed as a song.
    if (req.url === '/files/to-other.mp3') return res.writeHead(302, { location: `${otherBase}/secret` }).end();
    if (req.url === '/files/moved.mp3') return res.writeHead(301, { location: '/files/song.mp3' }).end();
    if (req.url === '/files/page.mp3') return res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(document.cookie)</script>');
    res.writeHead(500).end('broken');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('private text of another service');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;

  work = mkdtempSync(join(tmpdir(), 'moecat-remote-audio-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const writer = openCatalogueWriter(file);
  const source = writer.ensureSource('remote', `${remoteBase}/`, '127.0.0.1');
  const song = (key: string, url: string) => ({
    sourceKey: key,
    type: 'song' as const,
    order: key,
    title: `Song ${key}`,
    date: 1,
    modified: 1,
    upload: { uri: `/remote/${key}.mp3`, md5: '', filesize: AUDIO.length, bitrate: 128, length: 1, date: 1, remoteUrl: url },
  });
  const album = (key: string, subs: ReturnType<typeof song>[]) => ({
    sourceKey: key,
    type: 'music' as const,
    title: `Remote Album ${key}`,
    aliases: [],
    date: 1,
    modified: 1,
    meta: [],
    tags: [],
    subs,
  });
  const [wikiId] = writer.upsertEntries(source.sourceId, [
    album('1', [
      song('1', `${remoteBase}/files/song.mp3`),
      song('2', `${remoteBase}/files/broken.mp3`),
      song('4', `${remoteBase}/files/to-other.mp3`),
      // Stored before syncs refused URLs on other servers: still never fetched.
      song('5', `${otherBase}/secret`),
      song('6', `${remoteBase}/files/moved.mp3`),
      song('7', `${remoteBase}/files/page.mp3`),
    ]),
  ]);
  // A remote that is away: nothing listens on its port.
  const away = writer.ensureSource('remote', 'http://127.0.0.1:9/', '127.0.0.1:9');
  const [awayId] = writer.upsertEntries(away.sourceId, [album('2', [song('3', 'http://127.0.0.1:9/files/gone.mp3')])]);
  for (const id of [wikiId, awayId]) {
    for (const row of writer.db.prepare('SELECT source_key AS k, sub_id AS id FROM sub WHERE sub_parent_wiki = ?').all(id) as { k: string; id: number }[])
      upIds[row.k] = row.id;
  }
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
  await new Promise((resolve) => other.close(resolve));
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
    const localUpload = sqlOf(catalogue).prepare('SELECT up_id FROM upload WHERE up_remote_url IS NULL LIMIT 1').pluck().get() as number;
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

  it('follows a redirect that stays on the remote', async () => {
    const res = await get(`/files/remote/${upIds['6']}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(AUDIO)).toBe(true);
  });

  it('never reaches another server: not through a redirect, not by a stored URL', async () => {
    for (const key of ['4', '5']) {
      const res = await get(`/files/remote/${upIds[key]}`);
      expect(res.statusCode, key).toBe(502);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().response.information.msg[0]).toMatch(/refused/);
      expect(res.body).not.toContain('private text');
    }
    expect(otherHits).toEqual([]);
  });

  it('answers only as audio, whatever the remote says it sends: audio/mpeg, nosniff, a sandboxing CSP', async () => {
    for (const key of ['1', '7']) {
      const res = await get(`/files/remote/${upIds[key]}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe('sandbox');
    }
  });
});
