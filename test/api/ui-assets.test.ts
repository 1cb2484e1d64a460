// The UI's files as a browser gets them: the build's brotli or gzip copy when the browser accepts it
// (written by the build's precompress plugin, run here on a build-shaped folder), the same bytes as the
// file, Vary: Accept-Encoding; the content-named files under assets/ cached as immutable, the others
// revalidated; the compressed copies never listed as routes of their own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/precompress';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'b7'.repeat(16);
const SCRIPT = `export const tracks = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: "Track ${i}" }`).join(', ')}];\n`;
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let rendererDir = '';
beforeAll(async () => {
  ctx = await fixtureApp({
    uiToken: UI_TOKEN,
    renderer: (dir) => {
      rendererDir = dir;
      writeFileSync(join(dir, 'assets', 'index-4f3c2a1b.js'), SCRIPT);
      writeFileSync(join(dir, 'icon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
      expect(precompressDir(dir)).toBe(2); // the tiny app.js stays as it is
    },
  });
});
afterAll(() => ctx.close());

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': UI_TOKEN, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('the UI build, compressed and cached', () => {
  it('sends the brotli copy to a browser that accepts br, the same bytes once decoded', async () => {
    const res = await get('/assets/index-4f3c2a1b.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const body = res.rawPayload;
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
    expect(res.headers['content-security-policy']).toBeTruthy();
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-4f3c2a1b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-4f3c2a1b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(readFileSync(join(rendererDir, 'assets', 'index-4f3c2a1b.js'), 'utf8')).toBe(SCRIPT);
  });

  it('caches the content-named files under assets/ as immutable, and revalidates the others', async () => {
    expect((await get('/assets/index-4f3c2a1b.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/icon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBe('br');
    expect(String(icon.headers['cache-control'])).not.toMatch(/immutable/);
    expect(String(icon.headers['cache-control'])).toMatch(/max-age=0/);
  });

  it('has no route of its own for a top-level compressed copy: the address is a UI page', async () => {
    const res = await get('/icon.svg.br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
