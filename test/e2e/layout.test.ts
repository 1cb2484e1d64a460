// Every main screen at 360, 720 and 1280 px wide, in the light and the dark theme, with a song playing, and what opens
// on them (the queue, the lyrics, the ⋯ and Add to playlist menus, the New playlist dialog): nothing scrolls sideways,
// the navigation and the search box fit (its placeholder whole), song titles show whole, the player's play/pause, next and queue buttons are on
// screen, and what opens lies whole in the window. Each screen is visited once per width and shot in both themes:
// test-results/screens/<screen>-<width>-<theme>.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';
import { closeOverlay, OVERLAYS, prepareScreens, SCREENS, settle } from './fixtures/screens';

const WIDTHS = [360, 720, 1280];
const THEMES = ['light', 'dark'] as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ viewport: { width: 1280, height: 800 } });
  await prepareScreens(h.page, h.open);
});
afterAll(() => h?.close());

/** The element's box lies within the window's width. */
async function withinWidth(selector: string, width: number): Promise<void> {
  const box = await h.page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.x, selector).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${selector} at ${width}px`).toBeLessThanOrEqual(width + 0.5);
}

/** What every screen keeps true at this width, whatever its theme. */
async function expectFits(name: string, width: number): Promise<void> {
  const overflow = await h.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect.soft(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  for (const part of [
    'nav a[href="/about"]',
    '[data-testid="search-input"]',
    '[data-testid="player-toggle"]',
    '[data-testid="player-next"]',
    '[data-testid="player-queue-toggle"]',
  ]) {
    await withinWidth(part, width);
  }
  // An empty search box shows its whole placeholder.
  const placeholderFits = await h.page.getByTestId('search-input').evaluate((el: HTMLInputElement) => {
    if (el.value) return true;
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return context.measureText(el.placeholder).width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  expect.soft(placeholderFits, `the search placeholder is cut on ${name} at ${width}px`).toBe(true);
  // Song titles in track lists and search results show whole (the demo's fit in the two lines they may wrap to).
  const cut = await h.page
    .locator('#main [data-testid="track-title"], #main .sub-row .title')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent));
  expect.soft(cut, `song titles cut on ${name} at ${width}px`).toEqual([]);
  const search = await h.page.getByTestId('search-input').boundingBox();
  expect.soft(search!.width, 'the search box is wide enough to type in').toBeGreaterThanOrEqual(Math.min(160, width / 2));
}

describe.each(WIDTHS)('at %i px', (width) => {
  const height = width < 720 ? 740 : 800;

  it('every main screen fits, in the light and the dark theme', async () => {
    await h.page.setViewportSize({ width, height });
    for (const screen of SCREENS) {
      await h.page.emulateMedia({ colorScheme: 'light' });
      await h.open(screen.path);
      await settle(h.page, screen);
      await expectFits(screen.name, width);
      for (const theme of THEMES) {
        await h.page.emulateMedia({ colorScheme: theme });
        await h.shot(`${screen.name}-${width}-${theme}`);
      }
    }
  });

  it('the queue, the lyrics, the menus and the dialog open whole in the window, in the light and the dark theme', async () => {
    await h.page.setViewportSize({ width, height });
    await h.page.emulateMedia({ colorScheme: 'light' });
    let at = '';
    for (const overlay of OVERLAYS) {
      if (overlay.path !== at) {
        await h.open((at = overlay.path));
        await h.page.waitForLoadState('networkidle');
      }
      const opened = await overlay.open(h.page);
      await expectFits(overlay.name, width);
      const box = (await opened.boundingBox())!;
      expect.soft(box.x, `${overlay.name}'s left at ${width}px`).toBeGreaterThanOrEqual(0);
      expect.soft(box.y, `${overlay.name}'s top at ${width}px`).toBeGreaterThanOrEqual(0);
      expect.soft(box.x + box.width, `${overlay.name}'s right at ${width}px`).toBeLessThanOrEqual(width + 0.5);
      expect.soft(box.y + box.height, `${overlay.name}'s bottom at ${width}px`).toBeLessThanOrEqual(height + 0.5);
      for (const theme of THEMES) {
        await h.page.emulateMedia({ colorScheme: theme });
        await h.shot(`${overlay.name}-${width}-${theme}`);
      }
      await h.page.emulateMedia({ colorScheme: 'light' });
      await closeOverlay(h.page, opened);
    }
  });
});
