// The Seasons view in Chromium against a real server on the bundled catalogue, at 360 and 1280 px: the
// current season's shows as /season.json lists them, with covers, start days and slots; the previous
// season; the kind filter; following a show and the Following filter; the address reloaded as a
// bookmark; the viewer's own clock. The browser's clock is pinned to the newest show's first day, so
// "the current season" is one the bundled anime data fills, whatever the real date.
// Screenshots: seasons-<width>-<theme>, seasons-filtered-<width>, seasons-local-<width>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeasonWikiDto } from '../../src-main/contract/objects';
import { seasonOf, shiftSeason, type SeasonOfYear } from '../../src-main/contract/seasons';
import { startHarness, type Harness } from './fixtures/browser';

const NAMES = { winter: 'Winter', spring: 'Spring', summer: 'Summer', fall: 'Fall' };
const titleOf = (s: SeasonOfYear) => `${NAMES[s.season]} ${s.year}`;

describe.each([1280, 360])('the Seasons view at %i px', (width) => {
  let h: Harness;
  let now: number;
  let current: SeasonOfYear;
  const season = async (s: SeasonOfYear, type?: string): Promise<SeasonWikiDto[]> => {
    const query = new URLSearchParams({ year: String(s.year), season: s.season, api_key: h.server.apiKey, ...(type ? { wiki_type: type } : {}) });
    const res = await fetch(new URL(`/season.json?${query}`, h.server.url));
    return ((await res.json()) as { response: { wikis: SeasonWikiDto[] } }).response.wikis;
  };
  const cards = () => h.page.getByTestId('season-entry');
  const cardIds = () => cards().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-wiki-id'))));

  beforeAll(async () => {
    h = await startHarness({ viewport: { width, height: width < 720 ? 740 : 800 } });
    const res = await fetch(new URL(`/wikis.json?wiki_type=tv&perpage=1&api_key=${h.server.apiKey}`, h.server.url));
    const [newest] = ((await res.json()) as { response: { wikis: SeasonWikiDto[] } }).response.wikis;
    // Noon in Tokyo on the newest show's first day.
    now = newest.wiki_date * 1000 + 12 * 3600_000;
    current = seasonOf(now);
    await h.context.clock.setFixedTime(now);
  });
  afterAll(() => h?.close());

  it('opens on the current season, its shows in start-date order with covers, days and slots', async () => {
    const shows = await season(current);
    expect(shows.length).toBeGreaterThan(20);
    const page = await h.open('/seasons');
    await cards().first().waitFor();
    await expect(page.getByTestId('season-title').textContent()).resolves.toBe(titleOf(current));
    await expect.poll(cardIds).toEqual(shows.map((w) => w.wiki_id));
    await expect(page.getByTestId('season-count').textContent()).resolves.toBe(`${shows.length} shows`);
    await expect(page.locator('nav a[href="/seasons"]').getAttribute('aria-current')).resolves.toBe('page');
    // This season has no "This season" link: it is the one shown.
    await expect(page.getByTestId('season-current').count()).resolves.toBe(0);

    const first = cards().first();
    await expect(first.getAttribute('href')).resolves.toBe(`/anime/${shows[0].wiki_id}`);
    await expect(first.getByTestId('season-entry-original').textContent()).resolves.toBe(shows[0].wiki_title);
    const img = first.locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(img.getAttribute('src')).resolves.toBe(shows[0].wiki_cover.medium);

    // Every show with a slot shows it in Japan time, as the API gives it; a late-night one past 24:00.
    const withSlot = shows.filter((w) => w.wiki_broadcast && w.wiki_broadcast.period_days === 7 && w.wiki_broadcast.weekdays.length === 1);
    expect(withSlot.length).toBeGreaterThan(10);
    const slots = await page.getByTestId('season-entry-slot').allTextContents();
    expect(slots).toHaveLength(shows.filter((w) => w.wiki_broadcast).length);
    const shortDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    for (const w of withSlot) expect(slots).toContain(`${shortDays[w.wiki_broadcast!.weekdays[0] - 1]} ${w.wiki_broadcast!.time}`);
    const late = withSlot.find((w) => Number(w.wiki_broadcast!.time.slice(0, 2)) >= 24);
    if (late) await expect(page.locator(`[data-wiki-id="${late.wiki_id}"] [data-testid="season-entry-slot"]`).textContent()).resolves.toMatch(/ 2\d:\d\d$/);
    await expect(first.getByTestId('season-entry-date').getAttribute('datetime')).resolves.toBe(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(shows[0].wiki_date * 1000),
    );

    await page.waitForLoadState('networkidle');
    await h.shot(`seasons-${width}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await h.shot(`seasons-${width}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
    // Nothing scrolls sideways.
    await expect(page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).resolves.toBeLessThanOrEqual(0);
  });

  it('goes to the previous season and back', async () => {
    const previous = shiftSeason(current, -1);
    const shows = await season(previous);
    await h.page.getByTestId('season-prev').click();
    await h.page.waitForURL(`**/seasons/${previous.year}/${previous.season}`);
    await expect.poll(() => h.page.getByTestId('season-title').textContent()).toBe(titleOf(previous));
    await expect.poll(cardIds).toEqual(shows.map((w) => w.wiki_id));
    await expect(h.page.getByTestId('season-current').isVisible()).resolves.toBe(true);
    await h.page.getByTestId('season-next').click();
    await expect.poll(() => h.page.getByTestId('season-title').textContent()).toBe(titleOf(current));
    await h.page.goBack();
    await expect.poll(() => h.page.getByTestId('season-title').textContent()).toBe(titleOf(previous));
  });

  it('filters by kind, and by the shows the user follows', async () => {
    const previous = shiftSeason(current, -1);
    const web = await season(previous, 'web');
    expect(web.length).toBeGreaterThan(1);
    await h.page.getByTestId('season-kinds').locator('[data-filter="web"]').click();
    await h.page.waitForURL(/\?type=web$/);
    await expect.poll(cardIds).toEqual(web.map((w) => w.wiki_id));
    await expect(h.page.getByTestId('season-count').textContent()).resolves.toBe(`${web.length} shows`);

    // Follow the second web show with its heart.
    const followed = web[1];
    const heart = h.page.locator(`[data-testid="fav-toggle"][data-fav-id="${followed.wiki_id}"]`);
    await expect(heart.getAttribute('aria-label')).resolves.toContain('Follow');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await h.page.getByTestId('season-shows-following').check({ force: true });
    await h.page.waitForURL(/\?type=web&following=1$/);
    await expect.poll(cardIds).toEqual([followed.wiki_id]);
    await h.shot(`seasons-filtered-${width}`);

    // The address is a bookmark: reloaded, it shows the same season, kind and Following.
    await h.page.reload();
    await h.page.locator('#main').waitFor();
    await expect.poll(cardIds).toEqual([followed.wiki_id]);
    await expect(h.page.getByTestId('season-title').textContent()).resolves.toBe(titleOf(previous));
    await expect(h.page.getByTestId('season-kinds').locator('[data-filter="web"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(h.page.getByTestId('season-shows-following').isChecked()).resolves.toBe(true);
    await expect(heart.getAttribute('aria-pressed')).resolves.toBe('true');

    // Following only, every kind: the followed show is still the one.
    await h.page.getByTestId('season-kinds').getByRole('button', { name: 'All kinds' }).click();
    await h.page.waitForURL(/\?following=1$/);
    await expect.poll(cardIds).toEqual([followed.wiki_id]);
  });

  it('shows the slots in the viewer’s own time when asked', async () => {
    const shows = await season(current);
    const page = await h.open('/seasons');
    // Every card drawn (the rest follow the first ones in steps) before the slots are read.
    await expect.poll(() => cards().count()).toBe(shows.length);
    const before = await page.getByTestId('season-entry-slot').allTextContents();
    await page.getByTestId('season-clock-local').check({ force: true });
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(page.getByText(`Times in your time zone (${zone})`, { exact: false }).isVisible()).resolves.toBe(true);
    const after = await page.getByTestId('season-entry-slot').allTextContents();
    expect(after).toHaveLength(before.length);
    // A plain 00:00–23:59 clock: no late-night 25:30 in the viewer's time.
    for (const slot of after) expect(Number(/(\d\d):\d\d$/.exec(slot)![1])).toBeLessThan(24);
    await h.shot(`seasons-local-${width}`);
    await page.getByTestId('season-clock-catalogue').check({ force: true });
  });
});
