// Parts of the server whose plugins load on their first request (lazy-app.ts: /files and the UI's
// assets): a fresh server answers them on the very first request, also when several first requests
// arrive together.
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>> | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const firstUpload = (c: NonNullable<typeof ctx>) => c.catalogue.db.prepare('SELECT up_uri FROM upload ORDER BY up_id LIMIT 1').pluck().get() as string;

describe('parts loaded on first use', () => {
  it('serves audio and a byte range on the first requests, all arriving at once', async () => {
    ctx = await fixtureApp();
    const uri = firstUpload(ctx);
    const [whole, range] = await Promise.all([
      ctx.app.inject(`/files${uri}`),
      ctx.app.inject({ url: `/files${uri}`, headers: { range: 'bytes=0-2' } }),
    ]);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.toString('latin1')).toBe('ID3');
  });

  it('serves a UI asset with the CSP on the first request, and still the page for history routes', async () => {
    ctx = await fixtureApp();
    const [asset, page, missing] = await Promise.all([ctx.app.inject('/assets/app.js'), ctx.app.inject('/music/51000001'), ctx.app.inject('/files/no/such.mp3')]);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().response.information).toMatchObject({ has_error: true, error: 404 });
  });
});
