// Bangumi details in Chromium against a real server on the bundled catalogue (real clock) and a fake
// Bangumi on loopback: turned on in Settings → Posters and Bangumi details, the run keeps the first
// show's summary and episodes (the fake dates them as Bangumi does, by the calendar day they air) and
// stops when the fake asks to slow down; the show's page then lists the episodes with their dates, marks
// the next one and names it in the countdown ("Ep 8 in 2 h"), wide and at 360 px, light and dark, with
// nothing for axe-core's WCAG A/AA rules to find.
// Screenshots: settings-details, show-episodes, show-episodes-list, show-episodes-list-dark, show-episodes-narrow,
// show-episodes-narrow-list-dark.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastsBetween, firstBroadcast, nextBroadcast } from '../../src-main/contract/broadcast-schedule';
import { episodesAt } from '../../src-main/contract/episodes';
import type { AnimeWikiDto } from '../../src-main/contract/objects';
import { wallTime } from '../../src-main/contract/time';
import { SCREENS_DIR, startHarness, type Harness } from './fixtures/browser';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WEEK_MS = 7 * 86_400_000;

let h: Harness;
let fake: Server;
let base: string;
/** The Bangumi ids whose subject the run asked for, in order. */
const asked: number[] = [];
/** The first show asked for, as /anime/detail answered it before the run. */
let show: AnimeWikiDto;

const dayIn = (ms: number, zone: string) => {
  const w = wallTime(ms, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

/** The show's episodes as Bangumi lists them: one per broadcast from twelve weeks ago to four weeks on, numbered from its first. */
function episodesOf(wiki: AnimeWikiDto) {
  const b = wiki.wiki_broadcast!;
  const now = Date.now();
  const first = firstBroadcast(b)!;
  const listed = broadcastsBetween(b, Math.max(first, now - 12 * WEEK_MS), now + 4 * WEEK_MS);
  const before = listed.length > 0 ? broadcastsBetween(b, first, listed[0]).length : 0;
  return listed.map((at, i) => ({
    id: 70_000 + i,
    type: 0,
    ep: before + i + 1,
    sort: before + i + 1,
    airdate: dayIn(at, b.time_zone),
    name: `第${before + i + 1}話 星の見える夜に`,
    name_cn: `第${before + i + 1}话 看得见星星的夜晚`,
  }));
}

beforeAll(async () => {
  h = await startHarness();
  fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const subject = /^\/v0\/subjects\/(\d+)$/.exec(url.pathname);
    if (subject) {
      asked.push(Number(subject[1]));
      // The first show asked for has details; then the fake asks Moecat to slow down, which ends the run.
      if (asked.length > 1) return res.writeHead(429).end();
      return json({
        id: asked[0],
        summary: 'Two friends keep a small observatory open through the winter.\nEvery clear night, someone new climbs the hill.',
        eps: 0,
        images: {},
      });
    }
    if (url.pathname === '/v0/episodes' && Number(url.searchParams.get('subject_id')) === asked[0]) {
      // The show's slot, from the server under test: bundled anime are keyed by their Bangumi id.
      void fetch(new URL(`/anime/detail.json?wiki_id=${asked[0]}&api_key=${h.server.apiKey}`, h.server.url))
        .then((r) => r.json() as Promise<{ response: { wiki: AnimeWikiDto } }>)
        .then(({ response }) => {
          show = response.wiki;
          const data = episodesOf(show);
          json({ data, total: data.length, limit: 100, offset: 0 });
        });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
});
afterAll(async () => {
  fake?.closeAllConnections();
  await new Promise((resolve) => fake?.close(resolve));
  await h?.close();
});

/** Scrolls an element to the middle of the window, clear of the sticky header and player bar. */
const centre = (target: Locator) => target.evaluate((el) => el.scrollIntoView({ block: 'center' }));

async function expectNoViolations(name: string): Promise<void> {
  const page = h.page;
  const width = page.viewportSize()!.width;
  await page.setViewportSize({ width, height: Math.min(await page.evaluate(() => document.documentElement.scrollHeight), 6000) });
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      }) as Promise<AxeResults>,
  );
  const found = results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
  writeFileSync(join(SCREENS_DIR, `axe-${name}.txt`), found.join('\n'));
  expect(found).toEqual([]);
}

describe('Bangumi details', () => {
  it('are turned on with posters in Settings, and a run keeps the first show’s episodes', async () => {
    const page = await h.open('/settings');
    const card = page.getByTestId('settings-posters');
    await expect(card.locator('h2').first().textContent()).resolves.toBe('Posters and Bangumi details');
    await expect.poll(() => card.getByTestId('details-counts').textContent()).toContain('of 0 shows kept');
    // The API address is a setting of the server (a test points it at the fake Bangumi).
    const status = await page.evaluate(
      async (api) =>
        (
          await fetch('/app/posters.json', {
            method: 'POST',
            // The page's own session, as the app sends it.
            headers: { 'content-type': 'application/json', 'x-moecat-ui': JSON.parse(localStorage.getItem('moecat.session')!).token },
            body: JSON.stringify({ enabled: false, api_base: api }),
          })
        ).status,
      base,
    );
    expect(status).toBe(200);
    await card.getByTestId('posters-enabled').check();
    await expect.poll(() => card.getByTestId('posters-problems').textContent(), { timeout: 30_000 }).toContain('429');
    await expect.poll(() => card.getByTestId('details-counts').textContent()).toContain('Episodes and summary of 1 show kept');
    await h.shot('settings-details');
    expect(show.wiki_broadcast).not.toBeNull();
  });

  it('lists the show’s episodes with their dates and names the next one in the countdown', async () => {
    const next = nextBroadcast(show.wiki_broadcast!, Date.now());
    expect(next).not.toBeNull();
    // Which episode that is, by the rule's own word (contract/episodes.ts, unit-tested): here, the page's wiring.
    const listed = episodesOf(show);
    const [expected] = episodesAt(
      listed.map((e) => ({ ...e, date: 0 })),
      next!,
      show.wiki_broadcast!.time_zone,
    );
    expect(expected).toBeDefined();
    const page = await h.open(`/anime/${show.wiki_id}`);
    const details = page.getByTestId('show-details');
    await details.waitFor();
    await expect(page.getByTestId('show-summary').textContent()).resolves.toContain('small observatory');
    // Bangumi gives no count here: the episodes listed are counted.
    await expect(details.getByRole('heading', { name: /Episodes/ }).textContent()).resolves.toContain(`${listed.length} episodes`);
    const episodes = page.getByTestId('show-episode');
    // A long list (a daily show) shows the episodes around the next one first.
    await expect(episodes.count()).resolves.toBe(Math.min(listed.length, 30));
    const first = (await episodes.first().textContent())!;
    expect(first).toMatch(/^Ep \d+/);
    expect(first).toContain('話 星の見える夜に');
    expect(first).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const marked = page.locator('[data-testid="show-episode"][data-next]');
    await expect(marked.count()).resolves.toBe(1);
    await expect(marked.textContent()).resolves.toContain(`Ep ${expected.sort}`);
    await expect(marked.textContent()).resolves.toContain('Next');
    await expect(page.getByTestId('show-next').textContent()).resolves.toMatch(new RegExp(`^Ep ${expected.sort} (in \\d+ (d|h|min)|now)`));
    // The countdown with the list below it, then the list at the next episode.
    await centre(page.getByTestId('show-next'));
    await h.shot('show-episodes');
    await centre(marked);
    await h.shot('show-episodes-list');
    await page.emulateMedia({ colorScheme: 'dark' });
    await h.shot('show-episodes-list-dark');
    await expectNoViolations('show-episodes-1280-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoViolations('show-episodes-1280-light');
  });

  it('fits 360 px without sideways scrolling, light and dark', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(new URL(`/anime/${show.wiki_id}`, h.server.url).toString());
    await page.getByTestId('show-details').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await centre(page.getByTestId('show-next'));
    await h.shot('show-episodes-narrow');
    await centre(page.locator('[data-testid="show-episode"][data-next]'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await h.shot('show-episodes-narrow-list-dark');
    await expectNoViolations('show-episodes-360-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoViolations('show-episodes-360-light');
  });
});
