// Parts of the server whose plugins load on their first request (lazy-app.ts: /docs, /files, the UI's
// assets and the UI's own endpoints under /app/) and the schema compilers (schema-compilers.ts): a fresh server answers those parts on the
// very first request, also when several first requests arrive together, and start-up leaves ajv unloaded.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/app';

/** Whether Node has loaded Fastify's ajv compiler module (as Fastify itself would require it). */
function ajvCompilerLoaded(): boolean {
  const require = createRequire(import.meta.url);
  const path = createRequire(require.resolve('fastify')).resolve('@fastify/ajv-compiler');
  return path in require.cache;
}

const HOST = { host: '127.0.0.1:7777' };
let ctx: Awaited<ReturnType<typeof fixtureApp>> | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const firstUpload = (c: NonNullable<typeof ctx>) => sqlOf(c.catalogue).prepare('SELECT up_uri FROM upload ORDER BY up_id LIMIT 1').pluck().get() as string;

describe('parts loaded on first use', () => {
  it('start-up and the API leave the schema validator (ajv) unloaded', async () => {
    ctx = await fixtureApp();
    await ctx.app.ready();
    const key = ctx.userDb.defaultKey().key;
    expect((await ctx.app.inject({ url: `/wikis.json?wiki_type=music&api_key=${key}`, headers: HOST })).statusCode).toBe(200);
    expect(ajvCompilerLoaded(), 'a route declares a validation schema: ajv now loads at every start (~40 ms against the ready target)').toBe(false);
  });

  it('answers /docs, its assets and the document on the first requests, all arriving at once', async () => {
    ctx = await fixtureApp();
    const [page, bundle, json, head] = await Promise.all([
      ctx.app.inject({ url: '/docs', headers: HOST }),
      ctx.app.inject({ url: '/docs/static/swagger-ui-bundle.js', headers: HOST }),
      ctx.app.inject({ url: '/docs/json', headers: HOST }),
      ctx.app.inject({ method: 'HEAD', url: '/docs', headers: HOST }),
    ]);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Moecat API</title>');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(json.json().openapi).toMatch(/^3\./);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers an unknown /docs path with the 404 envelope in the requested format', async () => {
    ctx = await fixtureApp();
    const res = await ctx.app.inject({ url: '/docs/nothing.xml', headers: HOST });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<error>404</error>');
  });

  it('serves audio and a byte range on the first requests, all arriving at once', async () => {
    ctx = await fixtureApp();
    const uri = firstUpload(ctx);
    const [whole, range] = await Promise.all([ctx.app.inject(`/files${uri}`), ctx.app.inject({ url: `/files${uri}`, headers: { range: 'bytes=0-2' } })]);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('latin1')).toBe('ID3');
  });

  it('serves a UI asset with the CSP on the first request, and still the page for history routes', async () => {
    ctx = await fixtureApp();
    const [asset, page, missing] = await Promise.all([
      ctx.app.inject('/assets/app.js'),
      ctx.app.inject('/music/51000001'),
      ctx.app.inject('/files/no/such.mp3'),
    ]);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().response.information).toMatchObject({ has_error: true, error: 404 });
  });

  it('answers 404 for a file missing from the assets folder rather than the page, and serves nothing outside the UI folder', async () => {
    ctx = await fixtureApp();
    const missing = await ctx.app.inject('/assets/no-such.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
    // The user database lies beside the UI folder in the fixture.
    for (const url of ['/assets/%2e%2e/%2e%2e/user.db', '/assets/..%2f..%2fuser.db', '/assets/%2e%2e%2f%2e%2e%2fuser.db']) {
      const res = await ctx.app.inject(url);
      expect(res.rawPayload.subarray(0, 15).toString('latin1'), url).not.toBe('SQLite format 3');
    }
  });
});

describe("the UI's own endpoints (/app/…), built on the first request for one", () => {
  const UI = { ...HOST, 'x-moecat-ui': 'ui-secret' };

  it('answer the first requests, arriving at once: a read, a form post and a refusal without the UI token', async () => {
    ctx = await fixtureApp({ uiToken: 'ui-secret' });
    const [status, made, refused] = await Promise.all([
      ctx.app.inject({ url: '/app/status.json', headers: HOST }),
      ctx.app.inject({
        method: 'POST',
        url: '/app/playlists/create.json',
        headers: { ...UI, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Night%20drive',
      }),
      ctx.app.inject({
        method: 'POST',
        url: '/app/playlists/create.json',
        headers: { ...HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Other',
      }),
    ]);
    expect(status.statusCode).toBe(200);
    expect(status.json().response.information).toMatchObject({ has_error: false });
    expect(made.statusCode, made.body).toBe(200);
    expect(refused.statusCode).toBe(401);
    const list = await ctx.app.inject({ url: '/app/playlists.json', headers: UI });
    expect(list.body).toContain('Night drive');
    expect(list.body).not.toContain('Other');
  });

  it('refuse a body over the limit before reading it all, on the first request', async () => {
    ctx = await fixtureApp({ uiToken: 'ui-secret' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/app/playlists/create.json',
      headers: { ...UI, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `name=${'x'.repeat(5000)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().response.information).toMatchObject({ has_error: true, error: 413 });
  });

  it.each([
    ['PUT', '/app/keys.json', 405, 'GET, HEAD'],
    ['GET', '/app/keys/create.json', 405, 'POST'],
    ['DELETE', '/app/playlists.xml', 405, 'GET, HEAD'],
  ])('answer %s %s with %i and Allow: %s, before and after they are built', async (method, url, status, allow) => {
    ctx = await fixtureApp({ uiToken: 'ui-secret' });
    for (const round of ['first', 'second']) {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: UI });
      expect(res.statusCode, round).toBe(status);
      expect(res.headers.allow, round).toBe(allow);
    }
  });

  it('answer HEAD like GET without the body, and a path with nothing there 404 in its format', async () => {
    ctx = await fixtureApp({ uiToken: 'ui-secret' });
    const [head, get, missing] = await Promise.all([
      ctx.app.inject({ method: 'HEAD', url: '/app/status.json', headers: HOST }),
      ctx.app.inject({ url: '/app/status.json', headers: HOST }),
      ctx.app.inject({ url: '/app/nothing-here.xml', headers: UI }),
    ]);
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/xml/);
  });
});
