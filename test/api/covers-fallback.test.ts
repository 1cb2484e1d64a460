// A generated cover when sharp cannot draw it (a system without the libraries it draws SVG with): the
// SVG it would have drawn from, still marked generated, rather than no cover.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureApp } from '../fixtures/app';

vi.mock('sharp', () => ({
  default: () => {
    throw new Error('sharp: no SVG support here');
  },
}));

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp();
});
afterAll(() => ctx.close());

describe('GET /covers/:id/:size without sharp', () => {
  it('sends the SVG, marked generated', async () => {
    const res = await ctx.app.inject('/covers/1001/small');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['moecat-cover']).toBe('generated');
    expect(res.body).toContain('aria-label="東方の夜"');
    expect(res.body).toContain('width="96"');
    // One failure does not hold up the covers drawn after it.
    const next = await ctx.app.inject('/covers/1001/square');
    expect(next.body).toContain('width="192"');
  });
});
