// Every main screen at 360, 720 and 1280 px wide, in the light and the dark theme, with a song playing:
// nothing scrolls sideways, the navigation and the search box fit (its placeholder whole), the player's play/pause, next and
// queue buttons are on screen. Screenshots of each go to test-results/screens/<screen>-<width>-<theme>.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID, SCREENS, settle } from './fixtures/screens';

const WIDTHS = [360, 720, 1280];
const THEMES = ['light', 'dark'] as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ viewport: { width: 1280, height: 800 } });
  // A song in the player, so its bar shows a track as it does in use.
  await h.open(`/music/${SAKURA_ID}`);
  await h.page.getByTestId('play-all').click();
  await h.page.getByTestId('player-title').waitFor();
  await h.page.getByTestId('player-toggle').click();
});
afterAll(() => h?.close());

/** The element's box lies within the window's width. */
async function withinWidth(selector: string, width: number): Promise<void> {
  const box = await h.page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.x, selector).toBeGreaterThanOrEqual(0);
  expect.soft(box!.x + box!.width, `${selector} at ${width}px`).toBeLessThanOrEqual(width + 0.5);
}

describe.each(WIDTHS)('at %i px', (width) => {
  it.each(THEMES)('every main screen fits, in the %s theme', async (theme) => {
    await h.page.setViewportSize({ width, height: width < 720 ? 740 : 800 });
    await h.page.emulateMedia({ colorScheme: theme });
    for (const screen of SCREENS) {
      await h.open(screen.path);
      await settle(h.page, screen);
      await h.shot(`${screen.name}-${width}-${theme}`);
      const overflow = await h.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${screen.name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
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
      expect.soft(placeholderFits, `the search placeholder is cut on ${screen.name} at ${width}px`).toBe(true);
      const search = await h.page.getByTestId('search-input').boundingBox();
      expect.soft(search!.width, 'the search box is wide enough to type in').toBeGreaterThanOrEqual(Math.min(160, width / 2));
    }
  });
});
