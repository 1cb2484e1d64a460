// axe-core over every main screen, in the light and the dark theme, wide and 360 px narrow, with a song in the player, and
// over what opens on them (the queue, the lyrics, the ⋯ and Add to playlist menus, the New playlist dialog): the
// WCAG 2.x A and AA rules (colour contrast and target size among them) must find nothing. A violation fails the test
// with the rule, the elements and what axe says to fix (also written to test-results/screens/axe-<screen>-<width>-<theme>.txt).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS_DIR, startHarness, type Harness } from './fixtures/browser';
import { closeOverlay, OVERLAYS, prepareScreens, SCREENS, settle } from './fixtures/screens';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ viewport: { width: 1280, height: 800 } });
});
afterAll(() => h?.close());

/** One line per element of each violation: enough to find and fix it. */
function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
}

async function axe(page: Page): Promise<AxeResults> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern; the page is unchanged.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
}

/** Runs axe over the page as it is, with the whole page in view, and expects nothing found. */
async function expectNoViolations(name: string, width: number, theme: string, page: Page = h.page): Promise<void> {
  // The whole page in view, as a full-page audit: the sticky header and player bar then cover nothing,
  // where a scrolled window would leave some row half under them (axe counts that against its size).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.min(height, 6000) });
  const found = describeViolations((await axe(page)).violations);
  writeFileSync(join(SCREENS_DIR, `axe-${name}-${width}-${theme}.txt`), found.join('\n'));
  expect(found).toEqual([]);
}

describe.each(['light', 'dark'] as const)('with nothing playing, in the %s theme', (theme) => {
  it('the idle player bar and About have no WCAG A or AA violation', async () => {
    await h.page.setViewportSize({ width: 1280, height: 800 });
    await h.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await h.open('/about');
    await h.page.getByTestId('app-version').waitFor();
    await expectNoViolations('idle-about', 1280, theme);
  });
});

describe.each(['light', 'dark'] as const)('a browser not signed in, in the %s theme', (theme) => {
  it.each([1280, 360])('the sign-in page at %i px has no WCAG A or AA violation', async (width) => {
    const context = await h.browser.newContext({ viewport: { width, height: 800 }, colorScheme: theme });
    const page = await context.newPage();
    await page.goto(h.server.url);
    await page.getByTestId('sign-in').waitFor();
    await expectNoViolations('sign-in', width, theme, page);
    await page.screenshot({ path: join(SCREENS_DIR, `sign-in-${width}-${theme}.png`) });
    await context.close();
  });
});

const PASSES = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
] as const;

describe.each(PASSES)('with a song in the player, in the $theme theme at $width px', ({ theme, width }) => {
  beforeAll(async () => {
    if (await h.page.getByTestId('player-title').count()) return;
    await prepareScreens(h.page, h.open);
  });

  it.each(SCREENS.map((s) => [s.name, s] as const))('%s has no WCAG A or AA violation', async (_name, screen) => {
    await h.page.setViewportSize({ width, height: width < 720 ? 740 : 800 });
    await h.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await h.open(screen.path);
    await settle(h.page, screen);
    await expectNoViolations(screen.name, width, theme);
  });

  it('the queue, the lyrics, the menus and the dialog have no WCAG A or AA violation', async () => {
    await h.page.setViewportSize({ width, height: width < 720 ? 740 : 800 });
    await h.page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    let at = '';
    for (const overlay of OVERLAYS) {
      if (overlay.path !== at) {
        await h.open((at = overlay.path));
        await h.page.waitForLoadState('networkidle');
      }
      // At the window's own height: what opens is placed for the window it opens in.
      await h.page.setViewportSize({ width, height: width < 720 ? 740 : 800 });
      const opened = await overlay.open(h.page);
      const found = describeViolations((await axe(h.page)).violations);
      writeFileSync(join(SCREENS_DIR, `axe-${overlay.name}-${width}-${theme}.txt`), found.join('\n'));
      expect.soft(found, overlay.name).toEqual([]);
      await closeOverlay(h.page, opened);
    }
  });
});
