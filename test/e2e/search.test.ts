// Search in the real UI: the top bar's box focused by `/` and Ctrl+K, results as you type for a Latin
// and a CJK word with the words marked, type filters in the URL, the empty state, and a result opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { startHarness, type Harness } from './fixtures/browser';

const album = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n };
};
const SAKURA = album('sakura-letters');
const GENYATAN = album('touhou-genyatan'); // 東方幻夜譚 ～ Phantasmal Night Tales

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const input = () => h.page.getByTestId('search-input');
const entryTitles = () => h.page.getByTestId('search-entries').locator('li .title').allTextContents();
const pathAndQuery = () => {
  const url = new URL(h.page.url());
  return decodeURIComponent(url.pathname + url.search);
};

describe('search', () => {
  it('focuses the search box with / and Ctrl+K, but leaves / to other fields', async () => {
    await h.open('/');
    await h.page.locator('body').click();
    await h.page.keyboard.press('/');
    await expect.poll(() => input().evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(input().inputValue()).resolves.toBe('');

    await input().evaluate((el) => (el as HTMLInputElement).blur());
    await h.page.keyboard.press('Control+k');
    await expect.poll(() => input().evaluate((el) => el === document.activeElement)).toBe(true);

    // In another text field `/` is just a character (a field such as Settings' key name).
    await h.page.evaluate(() => {
      const other = document.createElement('input');
      other.id = 'other-field';
      document.getElementById('main')!.append(other);
      other.focus();
    });
    await h.page.keyboard.type('a/b');
    await expect(h.page.locator('#other-field').inputValue()).resolves.toBe('a/b');
    await expect(input().evaluate((el) => el === document.activeElement)).resolves.toBe(false);
  });

  it('shows results as a Latin word is typed, with the URL following and the word marked', async () => {
    await h.open('/');
    await h.page.keyboard.press('/');
    await h.page.keyboard.type('sakura', { delay: 40 });
    // No Enter: the results come from typing alone.
    await h.page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'sakura');
    // The rows of "sakur" stay until those of "sakura" come: the word marked says which are shown.
    const marks = async () => (await h.page.getByTestId('search-entries').locator('mark').allTextContents()).map((m) => m.toLowerCase());
    await expect.poll(marks).toContain('sakura');
    await expect.poll(entryTitles).toContain(SAKURA.title);
    await expect.poll(() => h.page.getByTestId('search-subs').locator('li').count()).toBeGreaterThan(0);
  });

  it('shows results for a CJK word, and a click on one opens its page', async () => {
    await input().fill('');
    await input().focus();
    await h.page.keyboard.type('東方', { delay: 60 });
    await h.page.waitForURL((url) => url.searchParams.get('q') === '東方');
    await expect.poll(() => h.page.getByTestId('search-entries').locator('mark').first().textContent()).toBe('東方');
    await expect.poll(entryTitles).toContain(GENYATAN.title);
    await h.shot('search');

    await h.page.getByTestId('search-entries').getByText(GENYATAN.title).click();
    await h.page.waitForURL((url) => url.pathname === `/music/${GENYATAN.id}`);
    await expect(h.page.getByTestId('entry-title').textContent()).resolves.toBe(GENYATAN.title);
    // The box keeps what was searched; back returns to the results.
    await h.page.goBack();
    await h.page.waitForURL((url) => url.pathname === '/search');
    await expect.poll(entryTitles).toContain(GENYATAN.title);
  });

  it('returns to the same place down the results with Back', async () => {
    await h.open('/search?q=sakura');
    const rows = h.page.getByTestId('search-entries').locator('li a.row');
    // Past the first eight rows, which are all a list draws while keys come.
    await expect.poll(() => rows.count()).toBeGreaterThan(12);
    const row = rows.nth(12);
    await row.scrollIntoViewIfNeeded();
    const at = await h.page.evaluate(() => window.scrollY);
    expect(at).toBeGreaterThan(200);
    await row.click();
    await h.page.waitForURL((url) => url.pathname !== '/search');
    await h.page.goBack();
    await h.page.waitForURL((url) => url.pathname === '/search');
    // Near where it was: rows below the window are not laid out (content-visibility), so the page's
    // height as the router scrolls is its rows' estimated heights, off by a few pixels each.
    await expect.poll(() => h.page.evaluate((was) => Math.abs(window.scrollY - was), at)).toBeLessThan(80);
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    await h.open('/search?q=sakura');
    await expect.poll(entryTitles).toContain(SAKURA.title);
    await input().focus();
    await h.page.keyboard.press('ArrowDown');
    const first = await h.page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(first).toContain(SAKURA.title);
    await h.page.keyboard.press('ArrowUp');
    await expect.poll(() => input().evaluate((el) => el === document.activeElement)).toBe(true);
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((url) => url.pathname === `/music/${SAKURA.id}`);
  });

  it('filters by type with chips that the URL remembers', async () => {
    await h.open('/search?q=blue');
    await expect.poll(entryTitles).toContain('Blue Horizon');
    await h.page.getByRole('group', { name: 'Show entries of type' }).getByRole('button', { name: 'Anime' }).click();
    await h.page.waitForURL((url) => url.searchParams.get('type') === 'anime');
    await expect.poll(async () => (await entryTitles()).includes('Blue Horizon')).toBe(false);
    await h.page.getByRole('group', { name: 'Show sub-entries of type' }).getByRole('button', { name: 'Episodes' }).click();
    await h.page.waitForURL((url) => url.searchParams.get('sub') === 'ep');
    expect(pathAndQuery()).toBe('/search?q=blue&type=anime&sub=ep');
    // Reloading the address shows the same filtered search.
    await h.open(pathAndQuery());
    await expect.poll(() => h.page.getByRole('button', { name: 'Anime', pressed: true }).count()).toBe(1);
  });

  it('shows what a keyword with a typing slip finds respelled, and says so', async () => {
    await h.open('/search?q=sakrua%20letters');
    const note = h.page.getByTestId('search-respelled');
    await note.waitFor();
    await expect(note.textContent()).resolves.toBe('Nothing matched “sakrua letters”: showing results for “sakura letters”.');
    await expect.poll(entryTitles).toContain(SAKURA.title);
    // The marks follow the keyword the results are for.
    await expect(h.page.locator('[data-testid="search-entries"] mark').first().textContent()).resolves.toMatch(/sakura/i);
    await h.open('/search?q=sakura');
    await expect.poll(entryTitles).toContain(SAKURA.title);
    await expect(note.count()).resolves.toBe(0);
  });

  it('suggests what to try when nothing matches', async () => {
    await h.open('/search?q=sakura%20zzqxv');
    const empty = h.page.getByTestId('search-empty');
    await empty.waitFor();
    await expect(empty.textContent()).resolves.toMatch(/romanised title/);
    // One empty state, not one per column as well.
    await expect(h.page.getByText('No songs or episodes match', { exact: false }).isVisible()).resolves.toBe(false);
    await expect(h.page.locator('#search-subs-heading').isVisible()).resolves.toBe(false);
    // "Fewer words" offers each word on its own.
    await empty.getByRole('link', { name: 'sakura', exact: true }).click();
    await h.page.waitForURL((url) => url.searchParams.get('q') === 'sakura');
    await expect.poll(entryTitles).toContain(SAKURA.title);
    await expect(input().inputValue()).resolves.toBe('sakura');
  });

  it('searches on every keystroke without a pause, and fast typing loses nothing to the echo of its own navigation', async () => {
    await h.open('/');
    await input().click();
    await h.page.keyboard.type('phantasmal night', { delay: 15 });
    await h.page.waitForURL((url) => url.searchParams.get('q') === 'phantasmal night');
    await expect(input().inputValue()).resolves.toBe('phantasmal night');
    await expect.poll(entryTitles).toContain(GENYATAN.title);
    // Back walks to the page before the search; the box follows the address.
    await h.page.goBack();
    await h.page.waitForURL((url) => url.pathname === '/');
    await h.open('/search?q=sakura');
    await expect.poll(() => input().inputValue()).toBe('sakura');
  });

  it("lists an album's songs in track order, and plays all the songs found", async () => {
    await h.open('/search?q=sakura%20letters&sub=song');
    const songs = h.page.getByTestId('search-subs').locator('li .title');
    await expect.poll(() => songs.allTextContents()).toEqual(SAKURA.tracks);
    await expect(h.page.getByTestId('source-badge').count()).resolves.toBe(0); // bundled: no badge
    await h.page.getByTestId('search-play-all').click();
    await h.page.getByTestId('player-title').waitFor();
    await expect(h.page.getByTestId('player-title').textContent()).resolves.toContain(SAKURA.tracks[0]);
    const queued = await h.page.evaluate(() => JSON.parse(localStorage.getItem('moecat.player') ?? '{}').queue?.map((t: { title: string }) => t.title));
    expect(queued).toEqual(SAKURA.tracks);
    await h.page.getByTestId('player-toggle').click();
  });

  it('follows an input method at 360 px: nothing is searched mid-composition, and 东 then 方 reads 东方', async () => {
    await h.page.setViewportSize({ width: 360, height: 740 });
    try {
      await h.open('/');
      await input().click();
      const cdp = await h.page.context().newCDPSession(h.page);
      const before: string[] = [];
      const during: string[] = [];
      let committed = '';
      const caret: (number | null)[] = [];
      for (const [reading, char] of [
        ['dong', '东'],
        ['fang', '方'],
      ]) {
        // Pinyin letters composing, then the candidate committed, as an IME does.
        await cdp.send('Input.imeSetComposition', { text: reading[0], selectionStart: 1, selectionEnd: 1 });
        before.push(pathAndQuery());
        for (let i = 2; i <= reading.length; i += 1)
          await cdp.send('Input.imeSetComposition', { text: reading.slice(0, i), selectionStart: i, selectionEnd: i });
        await h.page.waitForTimeout(400); // longer than the search's pause: nothing may happen
        during.push(pathAndQuery());
        await cdp.send('Input.insertText', { text: char });
        committed += char;
        // The committed text is searched at once; the next composition starts from there.
        await h.page.waitForURL((url) => url.searchParams.get('q') === committed);
        caret.push(await input().evaluate((el) => (el as HTMLInputElement).selectionStart));
      }
      await h.page.waitForURL((url) => url.searchParams.get('q') === '东方');
      await expect(input().inputValue()).resolves.toBe('东方');
      expect(during).toEqual(before); // no search while composing
      expect(caret).toEqual([1, 2]); // the caret stays after what was typed

      // Typed character by character (no IME), the same.
      await h.open('/');
      await input().click();
      await h.page.keyboard.type('东', { delay: 50 });
      await h.page.waitForURL((url) => url.searchParams.get('q') === '东');
      await h.page.keyboard.type('方');
      await h.page.waitForURL((url) => url.searchParams.get('q') === '东方');
      await expect(input().inputValue()).resolves.toBe('东方');
    } finally {
      await h.page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
