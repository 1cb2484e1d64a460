import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_SIZES } from '../../src-main/contract/covers';
import { coverSvg } from '../../src-main/server/cover-art';
import { FIXTURE_BANGUMI } from '../fixtures/bangumi-fixture';
import { fixtureApp, UI_MARKER } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp();
});
afterAll(() => ctx.close());

describe('GET /app/status.json', () => {
  it('reports the catalogue size and the entries airing now', async () => {
    const res = await ctx.app.inject({ url: '/app/status.json', headers: { host: '127.0.0.1:4567' } });
    expect(res.statusCode).toBe(200);
    const body = res.json().response.status;
    // The fixture anime plus the demo albums and radio.
    expect(body.entries).toBeGreaterThan(FIXTURE_BANGUMI.items.length + 6);
    expect(body.subs).toBeGreaterThanOrEqual(6 * 5);
    expect(body.uploads).toBeGreaterThan(0);
    expect(body.uploads).toBeLessThan(body.subs); // the album without audio has none
    // mondayLateNight, mondayEvening, saturday and daily air on 2024-02-01; ended, upcoming, movie do not.
    expect(body.onAir).toBe(4);
    expect(body.apiUrl).toBe('http://127.0.0.1:4567/');
  });
});

describe('GET /covers/:id/:size', () => {
  it.each(['small', 'medium', 'square', 'large'] as const)('draws the %s cover as a JPEG of its pixels, marked generated', async (size) => {
    const res = await ctx.app.inject(`/covers/1001/${size}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['moecat-cover']).toBe('generated');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', COVER_SIZES[size], COVER_SIZES[size]]);
  });

  it('draws covers asked for at once, one after another, each its own', async () => {
    const sizes = ['small', 'medium', 'square', 'large', 'small', 'square'] as const;
    const answers = await Promise.all(sizes.map((size) => ctx.app.inject(`/covers/1001/${size}`)));
    const widths = await Promise.all(answers.map(async (res) => (await sharp(res.rawPayload).metadata()).width));
    expect(widths).toEqual(sizes.map((size) => COVER_SIZES[size]));
  });

  it('draws the title’s first characters in white on the gradient, and no other text', async () => {
    const svg = coverSvg('東方の夜', 'small');
    expect(svg).toContain('aria-label="東方の夜"');
    // The title's first characters are the only text: no English type label in a zh or ja window.
    expect([...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1])).toEqual(['東方']);
    const jpeg = (await ctx.app.inject('/covers/1001/square')).rawPayload;
    const brightest = async (left: number, top: number, width: number, height: number) =>
      Math.max(...(await sharp(jpeg).extract({ left, top, width, height }).greyscale().raw().toBuffer()));
    expect(await brightest(0, 80, 192, 40)).toBeGreaterThan(230); // the glyphs' white across the middle
    expect(await brightest(0, 0, 24, 24)).toBeLessThan(200); // the gradient alone in a corner
  });

  it.each(['/covers/999999/small', '/covers/1001/huge', '/covers/abc/small'])('answers 404 for %s', async (url) => {
    expect((await ctx.app.inject(url)).statusCode).toBe(404);
  });
});

describe('GET /files/…', () => {
  const firstUpload = () =>
    sqlOf(ctx.catalogue).prepare('SELECT up_uri AS uri, up_filesize AS size FROM upload ORDER BY up_id LIMIT 1').get() as { uri: string; size: number };

  it('serves a demo MP3 whole, with its size and type', async () => {
    const { uri, size } = firstUpload();
    const res = await ctx.app.inject(`/files${uri}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(size);
    expect(res.headers['accept-ranges']).toBe('bytes');
  });

  it('answers a byte range with 206', async () => {
    const { uri, size } = firstUpload();
    const res = await ctx.app.inject({ url: `/files${uri}`, headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
  });

  // The catalogue file lies just outside the audio root: no spelling of '..' may reach it.
  it.each(['/files/../catalogue.db', '/files/%2e%2e/catalogue.db', '/files/..%2fcatalogue.db', '/files/%2e%2e%2fcatalogue.db'])(
    'never serves a file outside the audio root for %s',
    async (url) => {
      const res = await ctx.app.inject(url);
      expect(res.rawPayload.subarray(0, 15).toString('latin1')).not.toBe('SQLite format 3');
      expect(res.headers['content-type']).not.toBe('audio/mpeg');
    },
  );
});

// Every GET route takes HEAD, routed again as the GET by the not-found handler (routeHeadAsGet): the
// headers of the GET answer, its Content-Length included, and no body.
describe('HEAD', () => {
  const host = { host: '127.0.0.1:4567' };
  it.each([
    ['an API operation in JSON', (key: string) => `/wikis.json?wiki_type=music&api_key=${key}`, {}],
    ['an API operation in XML, gzip-encoded', (key: string) => `/on-air.xml?api_key=${key}`, { 'accept-encoding': 'gzip' }],
    ['a cover', () => '/covers/1001/small', {}],
    ['the status', () => '/app/status.json', {}],
  ])('answers %s like GET, without the body', async (_what, url, headers) => {
    const key = ctx.userDb.defaultKey().key;
    const get = await ctx.app.inject({ method: 'GET', url: url(key), headers: { ...host, ...headers } });
    const head = await ctx.app.inject({ method: 'HEAD', url: url(key), headers: { ...host, ...headers } });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.length).toBeGreaterThan(0);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'cache-control']) expect(head.headers[name], name).toBe(get.headers[name]);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
  });

  it('answers a path with nothing there 404 in the envelope, without the body', async () => {
    const head = await ctx.app.inject({ method: 'HEAD', url: '/nothing/here.xml', headers: host });
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toContain('application/xml');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.rawPayload.length).toBe(0);
  });

  it('is refused on a path that takes POST only', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/fav/add.json', headers: host });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('is refused where a route says so: the OAuth token endpoints take GET and POST only', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/oauth/request_token', headers: host });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
  });
});

describe('the OAuth token endpoints', () => {
  it.each([
    ['PUT', '/oauth/request_token.json', 'json', '/oauth/request_token'],
    ['DELETE', '/oauth/access_token.xml', 'xml', '/oauth/access_token'],
    ['PATCH', '/oauth/access_token', 'json', '/oauth/access_token'],
  ])('answer %s %s with 405, Allow: GET, POST and the envelope in its format', async (method, url, format, path) => {
    const res = await ctx.app.inject({ method: method as 'PUT', url, headers: { host: '127.0.0.1:4567' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    expect(res.headers['content-type']).toContain(format === 'xml' ? 'application/xml' : 'application/json');
    expect(res.body).toContain(`${method} is not allowed on ${path}; use GET or POST.`);
  });
});

describe('the UI', () => {
  it.each(['/', '/music/51000001', '/search?q=%E6%9D%B1%E6%96%B9'])('serves index.html for the history route %s', async (url) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(UI_MARKER);
  });

  it('answers HEAD on a UI route like GET, without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/music/51000001' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });

  it('serves built assets as files', async () => {
    const res = await ctx.app.inject('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
  });

  it('answers 404 in JSON for an unknown API path instead of the UI', async () => {
    const res = await ctx.app.inject('/no/such/thing.json');
    expect(res.statusCode).toBe(404);
    expect(res.json().response.information).toMatchObject({ has_error: true, error: 404 });
  });
});
