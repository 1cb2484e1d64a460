// The app at 360 px with only a keyboard: Tab reaches the sections and Enter opens one (the keyboard then
// starts at the new page's heading), `/` reaches the search box and typing there keeps the focus and the
// typed text while the results follow, the arrow keys move into the results and Enter opens one, Tab
// reaches Play all and Enter plays; a song result's focus ring goes round its row, not through its second line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID } from './fixtures/screens';

/** Waits that depend on the server and the two shared cores: generous, and never a measure of speed. */
const PATIENT = { timeout: 20_000 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ viewport: { width: 360, height: 740 } });
});
afterAll(() => h?.close());

/** Presses Tab until the focused element matches `test`, at most `limit` times. */
async function tabTo(test: (el: { tag: string; text: string; href: string | null; testid: string | null }) => boolean, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await h.page.keyboard.press('Tab');
    const el = await h.page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        tag: a?.tagName ?? '',
        text: (a?.textContent ?? '').trim(),
        href: a?.getAttribute('href') ?? null,
        testid: a?.getAttribute('data-testid') ?? null,
      };
    });
    if (test(el)) return;
  }
  throw new Error('Tab never reached the element');
}

describe('at 360 px, with only a keyboard', () => {
  it('reaches the search box before the sections drawn below it, and opens a section with Tab and Enter', async () => {
    await h.open('/');
    const order: string[] = [];
    await tabTo((el) => {
      order.push(el.testid === 'search-input' ? 'search' : (el.href ?? ''));
      return el.href === '/browse/music';
    });
    expect(order.indexOf('search')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('search')).toBeLessThan(order.lastIndexOf('/')); // On air, the first section (the app's name links there too)
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((url) => url.pathname.startsWith('/browse'));
    await h.page.getByTestId('browse-result').first().waitFor();
    // The keyboard starts on the new page's heading, not on <body>.
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('starts the keyboard at the heading of a page opened from a list', async () => {
    await h.open('/search?q=sakura%20letters');
    await h.page.getByTestId('search-entries').getByRole('link').first().click();
    await h.page.waitForURL((url) => url.pathname === `/music/${SAKURA_ID}`);
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('entry-title');
  });

  it('leaves the search box alone while typing: the focus and the typed text stay as the results follow', async () => {
    const focused = () => h.page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    const box = h.page.getByTestId('search-input');
    // An album opened from a search: the box may still hold that search.
    await h.open('/search?q=sakura%20letters');
    await h.page.getByTestId('search-entries').getByRole('link').first().click();
    await expect.poll(focused, PATIENT).toBe('entry-title');
    // `/` focuses the box and selects what it holds, so the typing replaces it.
    await h.page.keyboard.press('/');
    await expect.poll(focused, PATIENT).toBe('search-input');
    await expect.poll(() => box.evaluate((el: HTMLInputElement) => (el.selectionEnd ?? 0) - (el.selectionStart ?? 0) === el.value.length), PATIENT).toBe(true);
    await h.page.keyboard.type('inori');
    // The search screen shows the query's results, none of its lists still loading.
    await expect.poll(() => new URL(h.page.url()).searchParams.get('q'), PATIENT).toBe('inori');
    await expect.poll(() => h.page.locator('#main h1').first().textContent(), PATIENT).toContain('“inori”');
    await h.page.getByTestId('search-entries').locator('li').first().waitFor(PATIENT);
    await expect.poll(() => h.page.locator('#main [aria-busy="true"]').count(), PATIENT).toBe(0);
    expect(await focused()).toBe('search-input');
    expect(await box.inputValue()).toBe('inori');
  });

  it('searches with /, moves into the results with ↓, opens one with Enter, and plays it with Tab and Enter', async () => {
    await h.open('/about');
    await h.page.keyboard.press('/');
    await h.page.keyboard.type('sakura letters');
    await h.page.getByTestId('search-subs').locator('li').first().waitFor();
    // The rows of a half-typed word stay until the whole word's come.
    await expect.poll(() => h.page.locator('#main [aria-busy="true"]').count(), PATIENT).toBe(0);
    await h.page.keyboard.press('ArrowDown');
    const focused = () => h.page.evaluate(() => document.activeElement?.closest('a')?.getAttribute('href') ?? null);
    await expect.poll(focused).toBe(`/music/${SAKURA_ID}`);
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((url) => url.pathname === `/music/${SAKURA_ID}`);
    await tabTo((el) => el.testid === 'play-all');
    await h.page.keyboard.press('Enter');
    await h.page.getByTestId('player-title').waitFor();
    await h.page.keyboard.press('Escape');
  });

  it('opens the top result, marked in the list, with Enter in the search box', async () => {
    await h.open('/about');
    await h.page.keyboard.press('/');
    await h.page.keyboard.type('sakura letters');
    const top = h.page.locator('[data-testid="search-entries"][data-enter-opens] > li').first();
    await top.waitFor();
    const path = await top.getByRole('link').first().getAttribute('href');
    expect(path).toBe(`/music/${SAKURA_ID}`);
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((url) => url.pathname === path);
  });

  it('opens the top result when Enter comes before the last keys’ results, once they are in', async () => {
    await h.open('/about');
    // Every answer of the search takes a while: Enter is pressed while the last keys' are on their way.
    await h.page.route(/\/search\/(wiki|sub)\.json/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue().catch(() => undefined);
    });
    try {
      await h.page.keyboard.press('/');
      await h.page.keyboard.type('sakura letters');
      await h.page.keyboard.press('Enter');
      expect(new URL(h.page.url()).pathname).not.toBe(`/music/${SAKURA_ID}`);
      await h.page.waitForURL((url) => url.pathname === `/music/${SAKURA_ID}`);
    } finally {
      await h.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it("rings a focused song result's whole row", async () => {
    await h.open('/search?q=sakura%20letters&sub=song');
    const firstSong = h.page.getByTestId('search-subs').locator('li .title').first();
    await firstSong.waitFor();
    await h.page.getByTestId('search-input').focus();
    await tabTo((el) => el.tag === 'A' && el.text.startsWith('First Snow'));
    const styles = await firstSong.evaluate((a) => ({ link: getComputedStyle(a).outlineStyle, row: getComputedStyle(a.closest('li')!).outlineStyle }));
    expect(styles).toEqual({ link: 'none', row: 'solid' });
  });
});

describe('at 360 px, a track list gives its titles the width', () => {
  it('holds Play and the favourite in each row’s ⋯ menu, and a tap on a row plays it', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    const rows = page.getByTestId('entry-sub');
    await rows.first().waitFor();
    // No heart or play button on the rows: they are in the menu.
    await expect(rows.getByTestId('fav-toggle').count()).resolves.toBe(0);
    const third = rows.nth(2);
    const title = (await third.getByTestId('track-title').textContent())!.trim();
    await third.getByTestId('track-menu').click();
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual(expect.arrayContaining(['Play', 'Add to favourites']));
    await page.getByTestId('track-fav').click();
    await third.getByTestId('track-menu').click();
    await expect(page.getByTestId('track-fav').textContent()).resolves.toContain('Remove from favourites');
    await page.getByTestId('track-play').click();
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(title);
    // A tap on another row (not on its title's link) plays that one.
    const fifth = rows.nth(4);
    const fifthTitle = (await fifth.getByTestId('track-title').textContent())!.trim();
    await fifth.locator('.time').click();
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(fifthTitle);
  });

  it('does the same on the favourite songs: Play and Remove in the ⋯ menu, and a tap on a row plays it', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    const rows = page.getByTestId('entry-sub');
    await rows.first().waitFor();
    const titles: string[] = [];
    for (const i of [0, 1]) {
      titles.push((await rows.nth(i).getByTestId('track-title').textContent())!.trim());
      await rows.nth(i).getByTestId('track-menu').click();
      if ((await page.getByTestId('track-fav').textContent())!.includes('Add')) await page.getByTestId('track-fav').click();
      else await page.keyboard.press('Escape');
    }
    await h.open('/favourites?tab=songs');
    const favs = page.getByTestId('fav-sub-row');
    await expect.poll(() => favs.count(), PATIENT).toBeGreaterThanOrEqual(2);
    await expect(favs.getByTestId('fav-toggle').count()).resolves.toBe(0);
    const row = favs.filter({ hasText: titles[0] });
    await row.getByTestId('track-menu').click();
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual(expect.arrayContaining(['Play', 'Remove from favourites']));
    await page.keyboard.press('Escape');
    const other = favs.filter({ hasText: titles[1] });
    await other.locator('.time').click();
    await expect.poll(() => page.getByTestId('player-title').textContent(), PATIENT).toBe(titles[1]);
    await h.shot('favourites-songs-narrow');
  });
});
