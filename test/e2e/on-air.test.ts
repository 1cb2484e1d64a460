// The on-air week in Chromium against a real server on the bundled catalogue (real clock): today's
// column, counts that agree with /on-air.json, covers, times, the local-clock switch, tabs on a narrow
// window and dark mode. Screenshots: week, week-narrow, week-dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnAirDto } from '../../src-main/contract/objects';
import { startHarness, type Harness } from './fixtures/browser';

/** Today's weekday (1 Monday … 7 Sunday) in Tokyo (UTC+9, no DST), whose broadcast days start at 05:00. */
function tokyoBroadcastWeekday(now = Date.now()): number {
  const shifted = new Date(now + (9 - 5) * 3600_000);
  return ((shifted.getUTCDay() + 6) % 7) + 1;
}

interface Week {
  days: Record<number, OnAirDto[]>;
  counts: Record<number, number>;
}

let h: Harness;
let week: Week;

beforeAll(async () => {
  h = await startHarness();
  const res = await fetch(new URL(`/on-air.json?api_key=${h.server.apiKey}`, h.server.url));
  const { response } = (await res.json()) as { response: Record<string, unknown> & { information: Record<string, number> } };
  week = { days: {}, counts: {} };
  for (let d = 1; d <= 7; d++) {
    week.days[d] = response[`onair_${d}`] as OnAirDto[];
    week.counts[d] = response.information[`onair_${d}_count`];
  }
});
afterAll(() => h?.close());

const dayColumn = (weekday: number) => h.page.locator(`[data-testid="onair-day"][data-weekday="${weekday}"]`);

describe('on-air week', () => {
  it('opens on today, marked, with every day counted as /on-air.json counts it', async () => {
    const before = tokyoBroadcastWeekday();
    await h.open('/');
    await h.page.getByTestId('onair-week').waitFor();
    const today = h.page.locator('[data-testid="onair-day"][data-today="true"]');
    await expect(today.count()).resolves.toBe(1);
    // Across 05:00 Tokyo time while the test runs, either day is right.
    expect([before, tokyoBroadcastWeekday()]).toContain(Number(await today.getAttribute('data-weekday')));
    await expect(today.getAttribute('aria-current')).resolves.toBe('date');
    await expect(today.getByText('Today', { exact: true }).isVisible()).resolves.toBe(true);
    const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const heading = today.getByRole('heading', { level: 2 });
    await expect(heading.isVisible()).resolves.toBe(true);
    await expect(heading.textContent()).resolves.toContain(names[Number(await today.getAttribute('data-weekday')) - 1]);

    expect(await h.page.locator('[data-testid="onair-day"]').count()).toBe(7);
    const total = Object.values(week.counts).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    for (let d = 1; d <= 7; d++) {
      await expect(dayColumn(d).getByTestId('onair-day-count').textContent()).resolves.toBe(String(week.counts[d]));
      // A day's first cards come in the first frame, the rest right after.
      await expect.poll(() => dayColumn(d).getByTestId('onair-entry').count()).toBe(week.counts[d]);
    }
    await expect(h.page.getByTestId('onair-total').textContent()).resolves.toBe(`${total} shows`);
  });

  it('shows each day’s entries in broadcast order with their Tokyo times, covers and links', async () => {
    const weekday = Number(await h.page.locator('[data-testid="onair-day"][data-today="true"]').getAttribute('data-weekday'));
    const day = [1, 2, 3, 4, 5, 6, 7].map((d) => ((d + weekday - 2) % 7) + 1).find((d) => week.counts[d] > 0)!;
    const entries = dayColumn(day).getByTestId('onair-entry');
    await expect
      .poll(() => entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-wiki-id'))))
      .toEqual(week.days[day].map((e) => String(e.oa_obj_id)));
    await expect(dayColumn(day).getByTestId('onair-time').allTextContents()).resolves.toEqual(week.days[day].map((e) => e.oa_time));
    const first = entries.first();
    await expect(first.getAttribute('href')).resolves.toBe(`/anime/${week.days[day][0].oa_obj_id}`);
    await expect(first.textContent()).resolves.toContain(week.days[day][0].obj.wiki_title);
    // The cover is a real image that loaded (lazily, since it is in view).
    const img = first.locator('img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await expect(img.getAttribute('src')).resolves.toBe(week.days[day][0].obj.wiki_cover.medium);
    // Late-night shows keep the listing convention (past 24:00) somewhere in the week.
    const lateNight = Object.values(week.days)
      .flat()
      .find((e) => e.oa_time >= '24:00');
    if (lateNight) await expect(dayColumn(lateNight.oa_week).getByText(lateNight.oa_time).first().isVisible()).resolves.toBe(true);
    await h.shot('week');
  });

  it('shows translated titles in the UI language when an entry has one', async () => {
    const withLatin = Object.values(week.days)
      .flat()
      .find((e) => e.obj.wiki_aliases.some((a) => /^[\x20-\x7e]+$/.test(a) && /[a-z]/i.test(a) && a !== e.obj.wiki_title));
    if (!withLatin) return;
    const card = h.page.locator(`[data-testid="onair-entry"][data-wiki-id="${withLatin.oa_obj_id}"]`).first();
    const shown = await card.getByTestId('onair-translated').textContent();
    expect(withLatin.obj.wiki_aliases).toContain(shown);
  });

  it('moves shows to the viewer’s clock and back', async () => {
    const offset = await h.page.evaluate(() => new Date().getTimezoneOffset()); // UTC − local, in minutes
    const entry =
      Object.values(week.days)
        .flat()
        .find((e) => e.oa_time >= '24:00') ??
      week.days[tokyoBroadcastWeekday()][0] ??
      Object.values(week.days).flat()[0];
    const [hh, mm] = entry.oa_time.split(':').map(Number);
    const localMinutes = hh * 60 + mm - 9 * 60 - offset;
    const weekday = ((((entry.oa_week - 1 + Math.floor(localMinutes / 1440)) % 7) + 7) % 7) + 1;
    const minutes = ((localMinutes % 1440) + 1440) % 1440;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

    await h.page.getByText('My time').click();
    const card = dayColumn(weekday).locator(`[data-testid="onair-entry"][data-wiki-id="${entry.oa_obj_id}"]`).first();
    await card.waitFor();
    await expect(card.getByTestId('onair-time').textContent()).resolves.toBe(time);
    // A day that gains a show is drawn again in steps: wait for every card before reading them all.
    const total = Object.values(week.counts).reduce((a, b) => a + b, 0);
    await expect.poll(() => h.page.getByTestId('onair-time').count()).toBe(total);
    const times = await h.page.getByTestId('onair-time').allTextContents();
    expect(times.every((t) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t))).toBe(true);
    expect(times).toHaveLength(total);

    await h.page.getByText('Japan time').click();
    await expect(dayColumn(entry.oa_week).locator(`[data-wiki-id="${entry.oa_obj_id}"] [data-testid="onair-time"]`).first().textContent()).resolves.toBe(
      entry.oa_time,
    );
  });

  it('shows day tabs on a narrow window, opening on today, and switches days by click and arrow keys', async () => {
    await h.page.setViewportSize({ width: 800, height: 600 });
    const tabs = h.page.getByRole('tab');
    await tabs.first().waitFor();
    await expect(tabs.count()).resolves.toBe(7);
    await expect(h.page.getByTestId('onair-week').count()).resolves.toBe(0);
    const selected = h.page.locator('[role="tab"][aria-selected="true"]');
    const today = Number(await selected.getAttribute('data-weekday'));
    expect([tokyoBroadcastWeekday(), tokyoBroadcastWeekday(Date.now() - 60_000)]).toContain(today);
    await expect.poll(() => h.page.getByRole('tabpanel').getByTestId('onair-entry').count()).toBe(week.counts[today]);
    await h.shot('week-narrow');

    const other = (today % 7) + 1;
    await h.page.locator(`[role="tab"][data-weekday="${other}"]`).click();
    await expect(selected.getAttribute('data-weekday')).resolves.toBe(String(other));
    const panel = h.page.getByRole('tabpanel');
    await expect(panel.locator('[data-testid="onair-day"]').getAttribute('data-weekday')).resolves.toBe(String(other));
    await expect.poll(() => panel.getByTestId('onair-entry').count()).toBe(week.counts[other]);
    await expect(panel.getByTestId('onair-time').allTextContents()).resolves.toEqual(week.days[other].map((e) => e.oa_time));

    // Roving tabindex: the selected tab is the one Tab stop; → selects and focuses the next day.
    await expect(h.page.locator('[role="tab"][tabindex="0"]').getAttribute('data-weekday')).resolves.toBe(String(other));
    await h.page.keyboard.press('ArrowRight');
    const next = (other % 7) + 1;
    await expect(selected.getAttribute('data-weekday')).resolves.toBe(String(next));
    await expect(h.page.evaluate(() => document.activeElement?.getAttribute('data-weekday'))).resolves.toBe(String(next));
  });

  it('says so when the schedule cannot be loaded, and retries', async () => {
    await h.page.setViewportSize({ width: 1280, height: 800 });
    await h.page.route('**/on-air.json*', (route) => route.abort());
    await h.open('/');
    const alert = h.page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('The schedule could not be loaded.');
    await h.page.unroute('**/on-air.json*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await h.page.locator('[data-testid="onair-day"][data-today="true"]').waitFor();
    await expect.poll(() => h.page.getByTestId('onair-entry').count()).toBe(Object.values(week.counts).reduce((a, b) => a + b, 0));
  });

  it('follows a dark system theme', async () => {
    await h.page.emulateMedia({ colorScheme: 'dark' });
    await h.open('/');
    await h.page.getByTestId('onair-week').waitFor();
    const theme = await h.page.evaluate(() => document.documentElement.dataset.theme);
    expect(theme).toBe('system');
    // The page and a day column are painted with the dark tokens (the light ones are near white).
    const brightness = (css: string) =>
      css
        .match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0);
    const page = await h.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const column = await h.page
      .locator('[data-testid="onair-day"]')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(brightness(page)).toBeLessThan(150);
    expect(brightness(column)).toBeLessThan(150);
    await h.shot('week-dark');
  });
});
