// GET /files/… and /covers/…: byte ranges and caching headers on a demo MP3, no way out of the audio
// root (by '..' in any spelling, or by a symlink), and the four cover sizes.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { filePath } from '../../src-main/contract/paths';
import { COVER_SIZES } from '../../src-main/contract/covers';
import { buildApp } from '../../src-main/server/app';
import { fixtureApp, fixtureCatalogueDir } from '../fixtures/app';
import { tempDir } from '../fixtures/temp-dir';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let port: number;
let mp3: { url: string; bytes: Buffer };
beforeAll(async () => {
  ctx = await fixtureApp();
  // A real listening server too: inject normalises '..' away before the router sees it, a socket does not.
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
  const uri = sqlOf(ctx.catalogue).prepare('SELECT up_uri FROM upload ORDER BY up_id LIMIT 1').pluck().get() as string;
  mp3 = { url: filePath(uri), bytes: readFileSync(join(fixtureCatalogueDir(), AUDIO_DIR, uri)) };
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: `127.0.0.1:${port}`, ...headers } });

/** A GET over a socket, with the request target sent exactly as written. */
function raw(target: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRETS = [Buffer.from('SQLite format 3'), Buffer.from('root:')];
const leaks = (body: Buffer) => SECRETS.some((s) => body.includes(s));

describe('GET /files/… ranges', () => {
  it('is at least a few kilobytes, so the slices below are real slices', () => {
    expect(mp3.bytes.length).toBeGreaterThan(4000);
  });

  it.each([
    ['the first 100 bytes', 'bytes=0-99', 0, 100],
    ['a middle slice', 'bytes=1000-2999', 1000, 3000],
    ['an open-ended range', 'bytes=500-', 500, undefined],
    ['a suffix range', 'bytes=-100', -100, undefined],
  ])('answers %s with 206 and exactly those bytes', async (_what, range, start, end) => {
    const res = await get(mp3.url, { range });
    const size = mp3.bytes.length;
    const expected = mp3.bytes.subarray(start < 0 ? size + start : start, end);
    const first = start < 0 ? size + start : start;
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${first}-${first + expected.length - 1}/${size}`);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(expected.length);
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('answers a range past the end with 416 and the true size', async () => {
    const res = await get(mp3.url, { range: 'bytes=999999999-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${mp3.bytes.length}`);
  });

  it('advertises ranges and validators on the whole file', async () => {
    const res = await get(mp3.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^(W\/)?".+"$/);
    expect(Number.isNaN(Date.parse(String(res.headers['last-modified'])))).toBe(false);
    expect(res.rawPayload.equals(mp3.bytes)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const { headers } = await get(mp3.url);
    const byTag = await get(mp3.url, { 'if-none-match': String(headers.etag) });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byDate = await get(mp3.url, { 'if-modified-since': String(headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
  });
});

describe('GET /files/… confinement', () => {
  // The catalogue file lies just outside the audio root; /etc/passwd far outside it.
  const ATTEMPTS = [
    '/files/../catalogue.db',
    '/files/%2e%2e/catalogue.db',
    '/files/..%2fcatalogue.db',
    '/files/%2e%2e%2fcatalogue.db',
    '/files/%2e%2e%5ccatalogue.db',
    '/files/..%5ccatalogue.db',
    '/files/demo/../../catalogue.db',
    '/files//etc/passwd',
    '/files/%2fetc%2fpasswd',
    '/files/%252e%252e/catalogue.db',
    '/files/%252e%252e%252fcatalogue.db',
    '/files/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  ];

  it.each(ATTEMPTS)('refuses %s over a socket', async (target) => {
    const res = await raw(target);
    expect([400, 403, 404]).toContain(res.status);
    expect(leaks(res.body)).toBe(false);
  });

  it.each(ATTEMPTS)('never leaks a file for %s through inject', async (target) => {
    const res = await get(target);
    expect(leaks(res.rawPayload)).toBe(false);
    expect(res.headers['content-type']).not.toBe('audio/mpeg');
  });
});

describe('GET /files/… with symlinks in the audio root', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const audio = join(tempDir('moecat-files-'), 'audio');
    mkdirSync(join(audio, 'album'), { recursive: true });
    copyFileSync(join(fixtureCatalogueDir(), AUDIO_DIR, decodeURIComponent(mp3.url.slice('/files'.length))), join(audio, 'album', 'song.mp3'));
    symlinkSync(join(audio, 'album', 'song.mp3'), join(audio, 'album', 'alias.mp3'));
    symlinkSync('/etc/passwd', join(audio, 'passwd.mp3'));
    symlinkSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), join(audio, 'album', 'catalogue.mp3'));
    symlinkSync('/etc', join(audio, 'etc'));
    app = await buildApp({ catalogue: ctx.catalogue, userDb: ctx.userDb, audioDir: audio });
  });
  afterAll(() => app.close());
  const getFrom = (url: string) => app.inject({ url, headers: { host: '127.0.0.1' } });

  it('serves a real file', async () => {
    const res = await getFrom('/files/album/song.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(mp3.bytes)).toBe(true);
  });

  it('serves a symlink whose target stays inside the root', async () => {
    expect((await getFrom('/files/album/alias.mp3')).statusCode).toBe(200);
  });

  it.each(['/files/passwd.mp3', '/files/album/catalogue.mp3', '/files/etc/passwd'])('refuses %s, a link out of the root', async (url) => {
    const res = await getFrom(url);
    expect([403, 404]).toContain(res.statusCode);
    expect(leaks(res.rawPayload)).toBe(false);
    expect(res.json().response.information).toMatchObject({ has_error: true });
  });
});

describe('GET /covers/:id/:size', () => {
  it.each([51000001, 1001].flatMap((id) => (['small', 'medium', 'square', 'large'] as const).map((size) => [id, size] as const)))(
    'draws entry %i in the %s size',
    async (id, size) => {
      const res = await get(`/covers/${id}/${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['moecat-cover']).toBe('generated');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([COVER_SIZES[size], COVER_SIZES[size]]);
    },
  );
});
