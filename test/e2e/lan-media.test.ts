// The app opened from another computer (`--host`): the server listens on this machine's network
// address and Chromium reaches it there, so every request comes from a non-loopback address. After
// signing in with the printed link, covers show and a song plays — their addresses carry the session's
// media pass — while the same addresses without it are refused.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';

/** This machine's first non-loopback IPv4 address (a container's or a LAN's). */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

let h: Harness;
beforeAll(async () => {
  if (lanAddress) h = await startHarness({ host: lanAddress });
});
afterAll(async () => {
  await h?.close();
});

describe.runIf(lanAddress)('the app from another computer', () => {
  it('listens on the network address, and the browser signed in there', () => {
    expect(new URL(h.server.url).hostname).toBe(lanAddress);
  });

  it('shows covers, their addresses carrying the media pass; without it they are refused', async () => {
    const page = await h.open('/browse/music');
    const covers = page.locator('main img');
    await covers.first().waitFor();
    await expect
      .poll(() => covers.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length))
      .toBeGreaterThan(2);
    const src = (await covers.first().getAttribute('src'))!;
    const url = new URL(src, h.server.url);
    expect(url.searchParams.get('mp')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    url.searchParams.delete('mp');
    expect((await fetch(url)).status).toBe(401);
  });

  it('plays a song from the network address, its file fetched with the media pass', async () => {
    const page = await h.open('/music/51000001');
    const fetched: { url: string; status: number }[] = [];
    const onResponse = (r: { url(): string; status(): number }) =>
      void (new URL(r.url()).pathname.startsWith('/files/') && fetched.push({ url: r.url(), status: r.status() }));
    page.on('response', onResponse);
    await page.getByTestId('play-all').click();
    // Whichever way the player plays it (the element or decoded buffers), the position moves.
    await expect
      .poll(() => page.evaluate(() => Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')?.value ?? 0)), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    page.off('response', onResponse);
    expect(fetched.length).toBeGreaterThan(0);
    for (const f of fetched) {
      expect(new URL(f.url).searchParams.get('mp'), f.url).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect([200, 206], f.url).toContain(f.status);
    }
  });
});
