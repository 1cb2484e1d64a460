// Play next in Chromium: with one album playing, another album's "Play next" puts its songs right after
// the current one, and a song page's "Play next" and "Add to queue" put that song next or last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { answerPrompt, startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID } from './fixtures/screens';

const INORI = DEMO_SPEC.find((a) => a.slug === 'inori-starlight-serenade')!;
const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The queue's titles, read from its panel. */
async function queueTitles(): Promise<string[]> {
  const page = h.page;
  if (!(await page.getByTestId('player-queue').count())) await page.getByTestId('player-queue-toggle').click();
  const titles = await page.getByTestId('player-queue').locator('[data-part="jump"] .title').allTextContents();
  await page.getByTestId('player-queue-toggle').click();
  return titles.map((t) => t.trim());
}

describe('play next', () => {
  it('puts an album right after the current song, and a song next or last', async () => {
    let page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('play-all').click();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(SAKURA.tracks[0]);
    // Paused, so the first song is still the current one however long the next pages take (it lasts 8 s).
    const toggle = page.getByTestId('player-bar').getByTestId('player-toggle');
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Pause');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Play');
    page = await h.open(`/music/${DEMO_WIKI_ID_BASE + INORI.n}`);
    await page.getByTestId('play-next').click();
    await expect.poll(queueTitles).toEqual([SAKURA.tracks[0], ...INORI.tracks, ...SAKURA.tracks.slice(1)]);

    page = await h.open(`/sub/song/${DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 5}`);
    await page.getByTestId('play-next').click();
    await page.getByTestId('queue-sub').click();
    const titles = await queueTitles();
    expect(titles[1]).toBe(SAKURA.tracks[4]);
    expect(titles.at(-1)).toBe(SAKURA.tracks[4]);
    expect(titles).toHaveLength(SAKURA.tracks.length + INORI.tracks.length + 2);
  });
});

describe('a song’s menu in a track list and in search results', () => {
  it('plays next, queues, and adds to a playlist', async () => {
    let page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('play-all').click();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(SAKURA.tracks[0]);
    await page.getByRole('button', { name: `More for “${SAKURA.tracks[4]}”` }).click();
    await page.getByTestId('track-play-next').click();
    expect((await queueTitles())[1]).toBe(SAKURA.tracks[4]);

    page = await h.open('/search?q=starlight');
    const more = page.getByTestId('search-subs').getByRole('button', { name: `More for “${INORI.tracks[0]}”` });
    await more.click();
    await page.getByTestId('track-queue').click();
    expect((await queueTitles()).at(-1)).toBe(INORI.tracks[0]);
    // Keyboard: arrows move in the menu, Escape closes it and gives the focus back.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Play next');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add to queue');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('track-menu');
    await more.click();
    await page.getByRole('menuitem', { name: 'New playlist…' }).click();
    await answerPrompt(page, 'From search');
    const list = await h.open('/playlists');
    await expect.poll(() => list.getByTestId('playlist-link').filter({ hasText: 'From search' }).textContent()).toContain('1 song');
  });
});
