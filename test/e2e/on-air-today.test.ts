// On air's cards for today, in Chromium against a real server on the bundled catalogue, at 1280 and
// 360 px, light and dark. The server's clock and the page's are set to the same moment: two hours and
// five minutes before a show's broadcast, whose Bangumi details (episodes dated weekly, the eighth on
// that day) are in the user data as a posters run keeps them. Its card says "Ep 8 in 2 h", today's next
// show is marked, and once the page's clock runs on into the broadcast the card says "Ep 8 airing now".
// Titles lead with the English one and wrap to two lines, whole in the card's title; the day headers
// carry their date and stay in view while the week scrolls.
// Screenshots: onair-today-<width>-<theme>, onair-today-1280-scrolled, onair-today-<width>-airing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openUserDb } from '../../src-main/catalogue/user/user-db';
import type { OnAirDto } from '../../src-main/contract/objects';
import { wallTime } from '../../src-main/contract/time';
import { startHarness, type Harness } from './fixtures/browser';

const MIN = 60_000;
const WEEK_MS = 7 * 86_400_000;
const dayIn = (ms: number) => {
  const w = wallTime(ms, 'Asia/Tokyo');
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

describe.each([1280, 360])('On air’s cards for today at %i px', (width) => {
  let h: Harness;
  let clock = Date.now();
  let dataDir = '';
  /** The show whose broadcast the clock is set before, as /on-air lists it then. */
  let show: OnAirDto;
  /** Today's entries at that moment, in the API's order. */
  let today: OnAirDto[];
  let at: number;

  const onAir = async () => {
    const res = await fetch(new URL(`/on-air.json?api_key=${h.server.apiKey}`, h.server.url));
    const { response } = (await res.json()) as { response: Record<string, OnAirDto[]> };
    return response;
  };
  const card = (entry: OnAirDto) =>
    h.page.locator(`[data-testid="onair-day"][data-today="true"] [data-testid="onair-entry"][data-wiki-id="${entry.oa_obj_id}"]`);

  beforeAll(async () => {
    h = await startHarness({ viewport: { width, height: width < 720 ? 740 : 800 }, now: () => clock, beforeStart: (dirs) => void (dataDir = dirs.dataDir) });
    // A show on air now with a Bangumi id and a daytime slot, which has aired for over a week.
    const week = await onAir();
    const candidates = [1, 2, 3, 4, 5, 6, 7]
      .flatMap((d) => week[`onair_${d}`])
      .filter(
        (e) => e.obj.wiki_bgm_id !== null && e.oa_time >= '08:00' && e.oa_time <= '22:00' && e.oa_next_at > 0 && e.oa_date_begin * 1000 < clock - WEEK_MS,
      );
    expect(candidates.length).toBeGreaterThan(0);
    const chosen = candidates[0];
    at = chosen.oa_next_at * 1000;
    // Bangumi's episodes of it, one a week, the eighth on the day of that broadcast.
    const userDb = openUserDb(join(dataDir, 'user.db'));
    try {
      const episodes = Array.from({ length: 12 }, (_, i) => ({
        sort: i + 1,
        ep: i + 1,
        airdate: dayIn(at + (i - 7) * WEEK_MS),
        name: `第${i + 1}話`,
        nameCn: '',
      }));
      userDb.showDetails.record(chosen.obj.wiki_bgm_id!, { summary: '', episodeCount: 12, episodes });
    } finally {
      userDb.close();
    }
    // Two hours and five minutes before it, on the server and in the page.
    clock = at - 125 * MIN;
    await h.context.clock.install({ time: clock });
    const then = await onAir();
    today = then[`onair_${chosen.oa_week}`];
    show = today.find((e) => e.oa_obj_id === chosen.oa_obj_id)!;
    expect(show.oa_next_episodes.map((e) => e.sort)).toEqual([8]);
  });
  afterAll(() => h?.close());

  it('counts down to today’s show naming its episode, and marks the next show to begin', async () => {
    const page = await h.open('/');
    if (width < 800) await page.getByRole('tab', { selected: true }).waitFor();
    await card(show).waitFor();
    const todayColumn = page.locator('[data-testid="onair-day"][data-today="true"]');
    await expect(todayColumn.getAttribute('data-weekday')).resolves.toBe(String(show.oa_week));
    const timing = card(show).getByTestId('onair-timing');
    await expect(timing.textContent()).resolves.toBe('Ep 8 in 2 h');
    await expect(timing.getAttribute('data-state')).resolves.toBe('coming');

    // The next show: the first of today's still to begin (its next broadcast is today's).
    const endOfDay = clock + 24 * 60 * MIN;
    const coming = today.filter((e) => e.oa_next_at * 1000 > clock && e.oa_next_at * 1000 < endOfDay);
    const soonest = Math.min(...coming.map((e) => e.oa_next_at));
    const next = coming.find((e) => e.oa_next_at === soonest)!;
    await expect
      .poll(() => page.locator('[data-testid="onair-entry"][data-next="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-wiki-id'))))
      .toEqual([String(next.oa_obj_id)]);
    await expect(card(next).getByTestId('onair-next').textContent()).resolves.toBe('Next');
    // Only today's cards are timed.
    await expect(page.locator('[data-testid="onair-day"][data-today="false"] [data-testid="onair-timing"]').count()).resolves.toBe(0);
    await h.shot(`onair-today-${width}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await h.shot(`onair-today-${width}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('dates the day headers in the UI’s language', async () => {
    const w = wallTime(at, 'Asia/Tokyo');
    const day = Date.UTC(w.year, w.month - 1, w.day);
    const short = new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day);
    const long = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day);
    const heading = h.page.locator('[data-testid="onair-day"][data-today="true"] h2');
    await expect(heading.textContent()).resolves.toContain(long);
    // The week's columns show it short; the tab panel of a narrow window, in full.
    await expect(heading.getByTestId('onair-day-name').textContent()).resolves.toBe(width >= 800 ? short : long);
    await expect(heading.getByTestId('onair-day-name').isVisible()).resolves.toBe(true);
  });

  it('leads with the English title, wraps titles to two lines and keeps the whole in the card’s title', async () => {
    const page = h.page;
    const cards = page.locator('[data-testid="onair-day"][data-today="true"] [data-testid="onair-entry"]');
    await expect.poll(() => cards.count()).toBe(today.length);
    const shown = await cards.evaluateAll((els) =>
      els.map((el) => {
        const lead = el.querySelector<HTMLElement>('.text > [lang]')!;
        const style = getComputedStyle(lead);
        return {
          id: Number(el.getAttribute('data-wiki-id')),
          title: el.getAttribute('title') ?? '',
          lead: lead.textContent ?? '',
          lang: lead.lang,
          clamp: style.getPropertyValue('-webkit-line-clamp'),
          lines: Math.round(lead.getBoundingClientRect().height / parseFloat(style.lineHeight)),
        };
      }),
    );
    expect(shown.length).toBe(today.length);
    for (const s of shown) {
      const entry = today.find((e) => e.oa_obj_id === s.id)!;
      // The whole of the original title is in the card's title attribute; an English one leads it.
      expect(s.title.split('\n')).toContain(entry.obj.wiki_title);
      if (s.lang === 'en') expect(entry.obj.wiki_aliases).toContain(s.lead);
      else expect(s.lead).toBe(entry.obj.wiki_title);
      expect(s.clamp).toBe('2');
      expect(s.lines).toBeLessThanOrEqual(2);
    }
    expect(shown.some((s) => s.lang === 'en')).toBe(true);
    // In the week's narrow columns, long titles take their second line rather than stopping at one.
    if (width >= 800) expect(shown.some((s) => s.lines === 2)).toBe(true);
  });

  it.runIf(width >= 800)('keeps the day headers in view below the top bar while the week scrolls', async () => {
    const page = h.page;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barBottom = await page
      .locator('header')
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
    const headings = page.locator('[data-testid="onair-day"] h2');
    const boxes = await headings.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { top: r.top, visible: !!top && el.contains(top) };
      }),
    );
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    for (const b of boxes) {
      expect(Math.abs(b.top - barBottom)).toBeLessThanOrEqual(2);
      expect(b.visible).toBe(true);
    }
    await h.shot('onair-today-1280-scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('says the show is airing, naming the episode, once the page’s clock runs into it', async () => {
    await h.context.clock.runFor(130 * MIN);
    const timing = card(show).getByTestId('onair-timing');
    await expect.poll(() => timing.textContent()).toBe('Ep 8 airing now');
    await expect(timing.getAttribute('data-state')).resolves.toBe('airing');
    await card(show).scrollIntoViewIfNeeded();
    await h.shot(`onair-today-${width}-airing`);
  });
});
