// Compressed answers: a large answer goes out gzip-encoded exactly when the client accepts gzip, with
// Vary: Accept-Encoding, and decompresses to the very bytes the uncompressed answer carries, in JSON
// and XML, from the answer cache and past it (the UI's own reads); small answers and errors go out
// as they are. Also over a real socket with fetch, which asks for gzip and decodes it.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES } from '../../src-main/server/answer-encoding';
import { FORMATS } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'encoding-test-ui-token';
let fx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;

beforeAll(async () => {
  fx = await fixtureApp({ uiToken: UI_TOKEN });
  key = fx.userDb.defaultKey().key;
});
afterAll(() => fx.close());

const get = (url: string, headers: Record<string, string> = {}) => fx.app.inject({ method: 'GET', url, headers });

describe('Accept-Encoding', () => {
  it('reads q-values, wildcards and refusals as HTTP says', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe.each(FORMATS)('compressed answers (%s)', (format) => {
  const list = () => `/wikis.${format}?wiki_type=anime,music&perpage=30&api_key=${key}`;

  it('sends a large answer gzip-encoded to a client that accepts gzip, the same bytes once decompressed', async () => {
    const plain = await get(list());
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    // First request past the cache, then a hit: both compressed, both the same content.
    for (let i = 0; i < 2; i++) {
      const zipped = await get(list(), { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
      expect(zipped.headers['content-type']).toBe(plain.headers['content-type']);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('sends it uncompressed when gzip is refused or not offered', async () => {
    for (const header of ['gzip;q=0', 'identity', 'br']) {
      const res = await get(list(), { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.body.length, header).toBeGreaterThan(COMPRESS_MIN_BYTES);
    }
  });

  it('keeps a large answer only gzip-compressed until a client that does not take gzip asks for it', async () => {
    fx.app.answerCache.clear();
    const url = `/wikis.${format}?wiki_type=music&perpage=40&api_key=${key}`;
    const zipped = await get(url, { 'accept-encoding': 'gzip' });
    const plain = gunzipSync(zipped.rawPayload);
    expect(fx.app.answerCache.size).toBe(1);
    // The body itself is not kept: the cache holds a fraction of its bytes.
    const compressedOnly = fx.app.answerCache.keptBytes;
    expect(compressedOnly).toBeGreaterThan(0);
    expect(compressedOnly).toBeLessThan(plain.length / 3);
    // A client that does not take gzip gets the answer decompressed, from the cache …
    const hits = fx.app.answerCache.hits;
    const first = await get(url);
    expect(fx.app.answerCache.hits).toBe(hits + 1);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(first.headers['content-type']).toBe(zipped.headers['content-type']);
    expect(first.rawPayload.equals(plain)).toBe(true);
    // … and from then on the plain form is kept beside the compressed one, counted against the bound.
    expect(fx.app.answerCache.size).toBe(1);
    expect(fx.app.answerCache.keptBytes).toBe(compressedOnly + plain.length);
    const again = await get(url);
    expect(again.rawPayload.equals(plain)).toBe(true);
    expect(fx.app.answerCache.keptBytes).toBe(compressedOnly + plain.length);
    const zippedAgain = await get(url, { 'accept-encoding': 'gzip' });
    expect(zippedAgain.headers['content-encoding']).toBe('gzip');
    expect(zippedAgain.rawPayload.equals(zipped.rawPayload)).toBe(true);
  });

  it('leaves small answers and errors as they are', async () => {
    const error = await get(`/wikis.${format}?wiki_type=nope&api_key=${key}`, { 'accept-encoding': 'gzip' });
    expect(error.statusCode).toBe(400);
    expect(error.headers['content-encoding']).toBeUndefined();
    expect(error.headers.vary).toBeUndefined();
    expect(error.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
  });

  it('compresses the UI’s own reads too, which the answer cache does not keep', async () => {
    const first = JSON.parse((await get(`/wikis.json?wiki_type=anime,music&perpage=1&api_key=${key}`)).body).response.wikis[0].wiki_id as number;
    if (!fx.userDb.findFav('wiki', first)) fx.userDb.addFav('wiki', first, 1);
    const headers = { 'x-moecat-ui': UI_TOKEN, 'accept-encoding': 'gzip' };
    const hits = fx.app.answerCache.hits;
    const ui = await get(list(), headers);
    expect(fx.app.answerCache.hits).toBe(hits);
    expect(ui.headers['content-encoding']).toBe('gzip');
    // The user's favourite is in the answer: it was made for this caller, not taken from the cache.
    const answer = gunzipSync(ui.rawPayload).toString();
    expect(answer).toMatch(format === 'json' ? /"wiki_user_fav":\{"fav_id"/ : /<wiki_user_fav><fav_id>/);
  });
});

describe('over a socket', () => {
  it('serves fetch, which asks for gzip and decodes it', async () => {
    const base = await fx.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${base}/wikis.json?wiki_type=music&perpage=50&api_key=${key}`);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = (await res.json()) as { response: { wikis: unknown[] } };
    expect(body.response.wikis.length).toBeGreaterThan(0);
  });
});
