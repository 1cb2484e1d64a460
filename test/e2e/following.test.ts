// An anime fan's day in Chromium against a real server on the bundled catalogue (real clock): a show's
// page says when and where it airs, the heart follows it, On air's Following shows it alone, Settings
// turns reminders on and gives the calendar feed, which a calendar parser reads back; "Add to calendar"
// downloads the show's own file; posters, once turned on, come from the API set (a fake Bangumi here).
// Screenshots: show, show-narrow-dark, onair-following, settings-following, settings-posters.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import sharp from 'sharp';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnimeWikiDto } from '../../src-main/contract/objects';
import { startHarness, type Harness } from './fixtures/browser';
import { SAZAE_ID } from './fixtures/screens';

let h: Harness;
let show: AnimeWikiDto;

beforeAll(async () => {
  h = await startHarness();
  const res = await fetch(new URL(`/anime/detail.json?wiki_id=${SAZAE_ID}&api_key=${h.server.apiKey}`, h.server.url));
  show = ((await res.json()) as { response: { wiki: AnimeWikiDto } }).response.wiki;
});
afterAll(() => h?.close());

function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('a show page', () => {
  it('says when it airs, in Japan time and the viewer’s, how long until the next broadcast, and where to watch it', async () => {
    expect(show.wiki_broadcast).toMatchObject({ weekdays: [7], time: '18:30', date_end: 0 });
    const page = await h.open(`/anime/${SAZAE_ID}`);
    await page.getByTestId('show-panel').waitFor();
    await expect(page.getByTestId('show-status').textContent()).resolves.toBe('Airing');
    await expect(page.getByTestId('show-slot-japan').textContent()).resolves.toContain('Every Sunday at 18:30');
    await expect(page.getByTestId('show-last').textContent()).resolves.toBe('not announced');
    await expect(page.getByTestId('show-next').textContent()).resolves.toMatch(/^(in \d+ (d|h|min)|now)/);
    const links = page.getByTestId('watch-sites').getByRole('link');
    const watch = show.wiki_sites.filter((s) => s.kind === 'onair');
    expect(watch.length).toBeGreaterThan(0);
    await expect(links.count()).resolves.toBe(watch.length);
    await expect(links.first().getAttribute('href')).resolves.toBe(watch[0].url);
    await expect(page.getByTestId('info-sites').getByRole('link').count()).resolves.toBe(show.wiki_sites.length - watch.length);
    await h.shot('show');
  });

  it('downloads the show’s own calendar file', async () => {
    const page = await h.open(`/anime/${SAZAE_ID}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('add-to-calendar').click()]);
    expect(download.suggestedFilename()).toBe(`moecat-anime-${SAZAE_ID}.ics`);
    const [event] = eventsOf(readFileSync((await download.path())!, 'utf8'));
    expect(event.summary).toBe(show.wiki_title);
    expect(event.startDate.zone.tzid).toBe('Asia/Tokyo');
    expect(event.startDate.toString()).toMatch(/T18:30:00$/);
  });

  it('follows the show with its heart', async () => {
    const page = await h.open(`/anime/${SAZAE_ID}`);
    const heart = page.locator('[data-testid="fav-toggle"][data-fav-type="wiki"]');
    await expect(heart.textContent()).resolves.toContain('Follow');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect(heart.textContent()).resolves.toContain('Following');
  });
});

describe('following', () => {
  it('On air’s Following shows the followed show alone, marked', async () => {
    const page = await h.open('/');
    await page.getByTestId('onair-week').waitFor();
    expect(await page.getByTestId('onair-entry').count()).toBeGreaterThan(1);
    await page.getByText('Following', { exact: true }).click();
    await expect.poll(() => page.getByTestId('onair-entry').count()).toBe(1);
    const card = page.getByTestId('onair-entry');
    await expect(card.getAttribute('data-wiki-id')).resolves.toBe(String(SAZAE_ID));
    await expect(card.getByTestId('onair-followed').count()).resolves.toBe(1);
    await h.shot('onair-following');
    // The choice is kept: back to every show for the other tests.
    await page.getByText('All', { exact: true }).click();
    await expect.poll(() => page.getByTestId('onair-entry').count()).toBeGreaterThan(1);
  });

  it('Settings turns reminders on and gives a calendar feed that holds the followed show', async () => {
    const page = await h.open('/settings');
    const reminders = page.getByTestId('settings-reminders');
    await reminders.getByTestId('reminders-enabled').check();
    await expect.poll(() => reminders.getByTestId('reminders-status').textContent()).toMatch(/Saved|blocks notifications/);
    await reminders.getByTestId('reminders-minutes').fill('15');
    await reminders.getByTestId('reminders-minutes').press('Tab');
    await expect.poll(() => h.server.reminderState()).toMatchObject({ enabled: true, minutes: 15 });
    expect(h.server.reminderState().shows.map((s) => s.wiki_id)).toEqual([SAZAE_ID]);

    const feed = await page.getByTestId('calendar-feed').inputValue();
    expect(feed).toMatch(/\/calendar\/following\.ics\?token=[0-9a-f]{32}$/);
    const res = await fetch(feed);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const events = eventsOf(await res.text());
    expect(events.map((e) => e.uid)).toEqual([`anime-${SAZAE_ID}@moecat`]);
    await h.shot('settings-following');
  });
});

describe('narrow and dark', () => {
  it('lays the show page out in one column at 360 px', async () => {
    const narrow = await startHarness({ viewport: { width: 360, height: 800 }, colorScheme: 'dark' });
    try {
      const page = await narrow.open(`/anime/${SAZAE_ID}`);
      await page.getByTestId('watch-sites').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      await narrow.shot('show-narrow-dark');
    } finally {
      await narrow.close();
    }
  });
});

describe('posters', () => {
  it('are off until turned on; then a run fetches from the API set, shows its progress and what stopped it, and the poster becomes the cover', async () => {
    const poster = await sharp({ create: { width: 240, height: 340, channels: 3, background: '#c2255c' } })
      .jpeg()
      .toBuffer();
    const asked: number[] = [];
    const fake = createServer((req, res) => {
      const url = new URL(req.url!, 'http://localhost');
      const subject = /^\/v0\/subjects\/(\d+)$/.exec(url.pathname);
      if (subject) {
        asked.push(Number(subject[1]));
        // The first anime asked for has a poster; then the fake asks Moecat to slow down, which ends the run.
        if (asked.length > 1) return res.writeHead(429).end();
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ images: { large: `${base}/poster.jpg` } }));
      }
      if (url.pathname === '/poster.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
    try {
      const page = await h.open('/settings');
      const card = page.getByTestId('settings-posters');
      await expect.poll(() => card.getByTestId('posters-counts').textContent()).toContain('0 posters kept');
      await expect(card.getByTestId('posters-enabled').isChecked()).resolves.toBe(false);
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
      await expect.poll(() => card.getByTestId('posters-counts').textContent()).toContain('1 posters kept');
      await h.shot('settings-posters');

      const wikiId = asked[0]; // bundled anime are keyed by their Bangumi id
      const show = await h.open(`/anime/${wikiId}`);
      const img = show.getByTestId('entry-cover').locator('img');
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const res = await fetch(new URL(`/covers/${wikiId}/large`, h.server.url));
      expect(res.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('reminders in a browser', () => {
  it('notify before a followed show airs, on the page’s own clock', async () => {
    const page = await h.context.newPage();
    try {
      // The browser's notifications, recorded (permission granted, as after the user allowed them).
      await page.addInitScript(() => {
        const shown: { title: string; body?: string }[] = [];
        (window as unknown as { shown: typeof shown }).shown = shown;
        class Recorded {
          static permission = 'granted';
          static requestPermission = () => Promise.resolve('granted');
          onclick: (() => void) | null = null;
          constructor(title: string, options?: { body?: string }) {
            shown.push({ title, body: options?.body });
          }
          close() {}
        }
        (window as unknown as { Notification: unknown }).Notification = Recorded;
      });
      // Sunday 29 November 2026, 18:15 in Tokyo: サザエさん (followed above) airs at 18:30.
      await page.clock.install({ time: new Date('2026-11-29T09:15:00Z') });
      await page.goto(new URL('/', h.server.url).toString());
      await page.locator('#main').waitFor();
      const status = await page.evaluate(
        async () =>
          (
            await fetch('/app/reminders.json', {
              method: 'POST',
              // The page's own session, as the app sends it.
              headers: { 'content-type': 'application/json', 'x-moecat-ui': JSON.parse(localStorage.getItem('moecat.session')!).token },
              body: JSON.stringify({ enabled: true, minutes: 10 }),
            })
          ).status,
      );
      expect(status).toBe(200);
      const shown = () => page.evaluate(() => (window as unknown as { shown: { title: string; body?: string }[] }).shown);
      // The reminders start a few seconds after the first screen, then wait for 18:20.
      const loaded = page.waitForResponse((r) => r.url().includes('/app/following.json'));
      await page.clock.runFor(4_000);
      await loaded;
      await page.clock.runFor(60_000);
      expect(await shown()).toEqual([]);
      await page.clock.runFor(4 * 60_000);
      await expect.poll(shown).toHaveLength(1);
      const [note] = await shown();
      expect(note.title).toBe(show.wiki_title);
      expect(note.body).toMatch(/\d{2}:\d{2}/);
    } finally {
      await page.close();
    }
  });
});
