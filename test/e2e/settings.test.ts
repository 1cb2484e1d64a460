// Settings and About, driven in Chromium against a real server: language and theme apply at once and
// survive a reload; API keys are created, shown, copied and revoked for real; About credits its data.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, startHarness, type Harness } from './fixtures/browser';

let h: Harness;
let page: Page;
beforeAll(async () => {
  h = await startHarness();
  page = h.page;
  await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(h.server.url).origin });
});
afterAll(() => h?.close());

const nav = () => page.getByRole('navigation').first();
const rootBackground = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
/** What the catalogue API says to a key: 200 while active, 401 once revoked. */
const statusWithKey = async (key: string) => (await fetch(new URL(`/wikis.json?wiki_type=music&api_key=${key}`, h.server.url))).status;

describe('settings', () => {
  it('switches the language at once, and keeps it after a reload', async () => {
    await h.open('/settings');
    await expect(nav().getByRole('link', { name: 'Settings' }).count()).resolves.toBe(1);
    await page.getByRole('radio', { name: '日本語' }).check();
    await nav().getByRole('link', { name: '設定' }).waitFor();
    await expect(nav().getByRole('link', { name: '放送中' }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('設定');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ja');

    await page.reload();
    await nav().getByRole('link', { name: '設定' }).waitFor();
    await expect(page.getByRole('radio', { name: '日本語' }).isChecked()).resolves.toBe(true);
    // The player bar speaks the language too (it is drawn after the page's first frame).
    await page.getByTestId('player-bar').getByRole('button', { name: '再生', exact: true }).waitFor();

    await page.getByRole('radio', { name: 'English' }).check();
    await nav().getByRole('link', { name: 'Settings' }).waitFor();
  });

  it('switches to the dark theme at once, and keeps it after a reload', async () => {
    const light = await rootBackground();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForSelector('html[data-theme="dark"]');
    const dark = await rootBackground();
    expect(dark).not.toBe(light);
    expect(dark).toBe('rgb(19, 19, 23)');
    await page.reload();
    await page.waitForSelector('html[data-theme="dark"]');
    await expect(page.getByRole('radio', { name: 'Dark' }).isChecked()).resolves.toBe(true);
    await expect(rootBackground()).resolves.toBe(dark);
    await h.shot('settings-dark');
    await page.getByRole('radio', { name: 'Light' }).check();
    await page.waitForSelector('html[data-theme="light"]');
    await expect(rootBackground()).resolves.toBe(light);
  });

  it('lists the key the server printed for tools, which cannot be revoked while it runs', async () => {
    const own = page.locator(`[data-testid="api-key-row"][data-key="${h.server.apiKey}"]`);
    await own.waitFor();
    await expect(own.getByTestId('api-key-state').textContent()).resolves.toMatch(/Printed for tools at start/);
    await expect(own.getByRole('button', { name: /^Revoke key/ }).isDisabled()).resolves.toBe(true);
    // Masked until shown.
    await expect(own.getByTestId('api-key-value').textContent()).resolves.not.toBe(h.server.apiKey);
    await own.getByRole('button', { name: /^Show key/ }).click();
    await expect(own.getByTestId('api-key-value').textContent()).resolves.toBe(h.server.apiKey);
    await own.getByRole('button', { name: /^Hide key/ }).click();
    await expect(own.getByTestId('api-key-value').textContent()).resolves.not.toBe(h.server.apiKey);
  });

  it('asks for a name, creates a key and shows its secret once, then revokes it after a confirmation', async () => {
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Give the key a name').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('E2E player');
    await page.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByTestId('api-key-created');
    await created.waitFor();
    const key = (await created.getByTestId('created-key').textContent())!;
    const secret = (await created.getByTestId('created-secret').textContent())!;
    expect(key).toMatch(/^[0-9a-f]{41}$/);
    expect(secret).toMatch(/^[0-9a-f]{32}$/);
    expect(await statusWithKey(key)).toBe(200);

    const row = page.locator(`[data-testid="api-key-row"][data-key="${key}"]`);
    await expect(row.getByTestId('api-key-name').textContent()).resolves.toBe('E2E player');
    await expect(row.getAttribute('data-state')).resolves.toBe('active');
    await expect(row.getByTestId('api-key-state').textContent()).resolves.toMatch(/Active/);

    // Copy puts the whole key on the clipboard.
    await row.getByRole('button', { name: 'Copy key E2E player' }).click();
    await row.getByText('Copied.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await h.shot('settings');

    // Done forgets the secret: it is not on the page any more.
    await created.getByRole('button', { name: 'Done' }).click();
    await expect(page.content()).resolves.not.toContain(secret);

    // Revoke asks first; Cancel keeps the key.
    await row.getByRole('button', { name: 'Revoke key E2E player' }).click();
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.getAttribute('data-state')).resolves.toBe('active');
    // With the row at the window's bottom edge, the confirmation opens above the player bar, not under it.
    await row.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight + 40));
    await row.getByRole('button', { name: 'Revoke key E2E player' }).focus();
    await page.keyboard.press('Enter');
    const confirmBox = await row.getByTestId('api-key-confirm').boundingBox();
    const playerBar = await page.getByTestId('player-bar').boundingBox();
    expect(confirmBox!.y + confirmBox!.height).toBeLessThanOrEqual(playerBar!.y);
    await row.getByRole('button', { name: 'Revoke key', exact: true }).click();
    await page.locator(`[data-testid="api-key-row"][data-key="${key}"][data-state="revoked"]`).waitFor();
    await expect(row.getByTestId('api-key-state').textContent()).resolves.toMatch(/Revoked/);
    await page.getByRole('status').filter({ hasText: 'Key “E2E player” revoked.' }).waitFor();
    // The keyboard stays in the row whose button went away.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Show key E2E player');
    expect(await statusWithKey(key)).toBe(401);

    // The server agrees after a reload.
    await page.reload();
    await page.locator(`[data-testid="api-key-row"][data-key="${key}"][data-state="revoked"]`).waitFor();
  });

  it('chooses the schedule clock', async () => {
    const local = page.getByRole('radio', { name: /^My local time/ });
    await local.check();
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('moecat.settings')!).clock)).resolves.toBe('local');
    await page.getByRole('radio', { name: /^Catalogue time/ }).check();
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('moecat.settings')!).clock)).resolves.toBe('catalogue');
  });
});

describe('layout', () => {
  it('fits an 800×600 window in Japanese, without sideways scrolling', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    await h.open('/settings');
    await page.getByRole('radio', { name: '日本語' }).check();
    await page.getByTestId('api-key-row').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(overflow()).resolves.toBe(0);
    await h.shot('settings-800x600-ja');
    await h.open('/about');
    await page.getByTestId('entry-count').waitFor();
    await expect(overflow()).resolves.toBe(0);
    await h.shot('about-800x600-ja');
    await h.open('/settings');
    await page.getByRole('radio', { name: 'English' }).check();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('draws every card as wide as the page at 360 px, and the calendar card on a row of its own with its address whole', async () => {
    /** The cards' widths, the calendar card's and the page's, and how much of the address is hidden. */
    const measure = () =>
      page.evaluate(() => {
        const cards = Array.from(document.querySelectorAll<HTMLElement>('#main .settings > .card, #main .prefs .card'));
        const calendar = document.querySelector<HTMLElement>('[data-testid="settings-calendar"]')!;
        const feed = document.querySelector<HTMLTextAreaElement>('[data-testid="calendar-feed"]')!;
        return {
          count: cards.length,
          widths: [...new Set(cards.map((c) => Math.round(c.getBoundingClientRect().width)))],
          calendar: Math.round(calendar.getBoundingClientRect().width),
          widest: Math.max(...cards.map((c) => Math.round(c.getBoundingClientRect().width))),
          feedHidden: feed.scrollHeight - feed.clientHeight + (feed.scrollWidth - feed.clientWidth),
          feed: feed.value,
        };
      });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await h.open('/settings');
      await page.getByTestId('api-key-row').first().waitFor();
      await expect.poll(async () => (await measure()).feed).toMatch(/\/calendar\/following\.ics\?token=/);
      const m = await measure();
      expect(m.count).toBeGreaterThan(10);
      // The calendar card is as wide as the cards below the preferences: never alone in a narrow column.
      expect(m.calendar).toBe(m.widest);
      expect(m.feedHidden).toBe(0);
      if (width === 360) expect(m.widths).toHaveLength(1);
      await page.screenshot({ path: join(SCREENS_DIR, `settings-${width}-full.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('about', () => {
  it('says what Moecat is, credits bangumi-data, lists the shortcuts and the version', async () => {
    await h.open('/about');
    await page.getByTestId('entry-count').waitFor();
    const credit = page.getByTestId('credit');
    await expect(credit.textContent()).resolves.toMatch(/Anime data: bangumi-data, CC BY 4\.0/);
    await expect(credit.getByRole('link', { name: 'bangumi-data' }).getAttribute('href')).resolves.toBe('https://github.com/bangumi-data/bangumi-data');
    await expect(credit.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).resolves.toBe('https://creativecommons.org/licenses/by/4.0/');
    await expect(page.getByTestId('shortcuts').textContent()).resolves.toMatch(/Space.*Play or pause/);
    await expect(page.getByTestId('app-version').textContent()).resolves.toMatch(/^Version \d+\.\d+\.\d+/);
    await h.shot('about');
  });

  it('shows the catalogue summary in the chosen language', async () => {
    await h.open('/settings');
    await page.getByRole('radio', { name: '简体中文' }).check();
    await h.open('/about');
    await page.getByTestId('entry-count').waitFor();
    await expect(page.getByTestId('catalogue-size').textContent()).resolves.toMatch(/个条目 · .* 首歌曲和剧集/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('关于 Moecat');
  });
});
