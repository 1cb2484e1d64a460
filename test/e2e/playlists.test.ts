// Playlists in Chromium against a real server: an album's "Add to playlist" makes a new one, a song's
// adds to it, the playlist page reorders and removes, plays, exports an .m3u8 that imports back; the
// queue saves as a playlist; and after a restart of Moecat the playlists are still there.
// Screenshots: playlists, playlist, playlist-narrow-dark.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { answerPrompt, startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID } from './fixtures/screens';

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const INORI = DEMO_SPEC.find((a) => a.slug === 'inori-starlight-serenade')!;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const items = () => h.page.getByTestId('playlist-items').getByTestId('playlist-item');
const itemTitles = () => items().getByTestId('track-title').allTextContents();

describe('playlists', () => {
  it('made from an album, grown from a song, reordered and trimmed on its page', async () => {
    let page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('add-to-playlist').click();
    await page.getByTestId('playlist-menu-new').click();
    // The app's own dialog asks for the name; Escape would leave everything as it was.
    await expect.poll(() => page.getByTestId('app-dialog').getByRole('heading').textContent()).toBe('New playlist');
    await answerPrompt(page, 'Spring letters');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Added to' }).first().textContent()).toContain('Spring letters');

    page = await h.open(`/sub/song/${DEMO_WIKI_ID_BASE + INORI.n * 100 + 1}`);
    await page.getByTestId('add-to-playlist').click();
    await page.getByTestId('playlist-menu').getByRole('menuitem', { name: 'Spring letters' }).click();

    page = await h.open('/playlists');
    await page.getByTestId('playlist-link').filter({ hasText: 'Spring letters' }).click();
    await page.getByTestId('playlist-items').waitFor();
    expect(await itemTitles()).toEqual([...SAKURA.tracks, INORI.tracks[0]]);
    await page.getByRole('button', { name: `Move “${INORI.tracks[0]}” up` }).click();
    await expect.poll(itemTitles).toEqual([...SAKURA.tracks.slice(0, 4), INORI.tracks[0], SAKURA.tracks[4]]);
    await page.getByRole('button', { name: `Remove “${SAKURA.tracks[1]}” from the playlist` }).click();
    await expect.poll(itemTitles).toEqual([SAKURA.tracks[0], SAKURA.tracks[2], SAKURA.tracks[3], INORI.tracks[0], SAKURA.tracks[4]]);
    // Each row as an album's track list shows it: its album's cover, its artist (a link to their page), its length, ⋯ and ▶.
    expect(await items().getByTestId('track-cover').count()).toBe(5);
    expect(await items().getByTestId('track-artist').allTextContents()).toEqual([SAKURA.artist, SAKURA.artist, SAKURA.artist, INORI.artist, SAKURA.artist]);
    const artistLink = items().nth(3).getByTestId('track-artist').getByRole('link', { name: INORI.artist });
    expect(await artistLink.getAttribute('href')).toBe(`/artist/${encodeURIComponent(INORI.artist)}`);
    expect(await items().getByTestId('track-menu').count()).toBe(5);
    expect(await items().locator('.time').allTextContents()).not.toContain('');
    expect(await items().locator('.playing').count()).toBe(0);
    await h.shot('playlist');
    await page.getByTestId('playlist-play').click();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain(SAKURA.tracks[0]);
    // The row playing is marked, for the eye and for screen readers, and the mark follows the player.
    await expect
      .poll(() => page.locator('[data-testid="playlist-item"].playing').getByTestId('track-title').textContent())
      .toBe(`${SAKURA.tracks[0]} (now playing)`);
    await page.getByRole('button', { name: `Play “${INORI.tracks[0]}”` }).click();
    await expect
      .poll(() => page.locator('[data-testid="playlist-item"].playing').getByTestId('track-title').textContent())
      .toBe(`${INORI.tracks[0]} (now playing)`);
    expect(await page.locator('[data-testid="playlist-item"].playing').count()).toBe(1);
    await h.shot('playlist-playing');
  });

  it('exports an .m3u8 that imports back as the same songs', async () => {
    const page = h.page;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('playlist-export').click()]);
    expect(download.suggestedFilename()).toBe('Spring letters.m3u8');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split('\n')[0]).toBe('#EXTM3U');
    expect(text).toContain('/files/demo/sakura-letters/01.mp3');
    const file = join(tmpdir(), 'Imported letters.m3u8');
    writeFileSync(file, text);
    const list = await h.open('/playlists');
    await list.getByTestId('playlist-import').setInputFiles(file);
    await expect.poll(() => list.getByTestId('playlists-status').textContent()).toContain('5 songs found, 0 not in your imported folders');
    await h.shot('playlists');
  });

  it('saves the queue as a playlist', async () => {
    const page = await h.open(`/music/${DEMO_WIKI_ID_BASE + INORI.n}`);
    await page.getByTestId('play-all').click();
    await page.getByTestId('player-queue-toggle').click();
    await page.getByTestId('queue-save').click();
    await answerPrompt(page, 'From the queue');
    const list = await h.open('/playlists');
    await expect.poll(() => list.getByTestId('playlist-link').filter({ hasText: 'From the queue' }).textContent()).toContain(`${INORI.tracks.length} songs`);
  });

  it('are still there after Moecat restarts', async () => {
    await h.restart();
    const page = await h.open('/playlists');
    const names = () => page.getByTestId('playlist-link').locator('.name').allTextContents();
    await expect.poll(async () => (await names()).sort()).toEqual(['From the queue', 'Imported letters', 'Spring letters']);
  });

  it('asks before deleting, and Undo puts the playlist back; an import under a taken name gets a number', async () => {
    const names = () => h.page.getByTestId('playlist-link').locator('.name').allTextContents();
    let page = await h.open('/playlists');
    await page.getByTestId('playlist-link').filter({ hasText: 'From the queue' }).click();
    await page.getByTestId('playlist-items').waitFor();
    const songs = await itemTitles();
    // Cancel leaves it; the app's dialog, not the browser's, asks.
    await page.getByTestId('playlist-delete').click();
    await expect.poll(() => page.getByTestId('app-dialog').textContent()).toContain('From the queue');
    await page.getByTestId('app-dialog-cancel').click();
    await page.getByTestId('app-dialog').waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/playlists\/\d+$/);
    await page.getByTestId('playlist-delete').click();
    await page.getByTestId('app-dialog-confirm').click();
    await page.waitForURL(/\/playlists$/);
    await expect.poll(() => page.getByTestId('app-notice-message').textContent()).toBe('Deleted “From the queue”.');
    await expect.poll(names).not.toContain('From the queue');
    await page.getByTestId('app-notice-undo').click();
    await expect.poll(() => page.getByTestId('app-notice-message').textContent()).toBe('Undone.');
    page = await h.open('/playlists');
    await expect.poll(names).toContain('From the queue');
    await page.getByTestId('playlist-link').filter({ hasText: 'From the queue' }).click();
    await page.getByTestId('playlist-items').waitFor();
    expect(await itemTitles()).toEqual(songs);

    // Importing "Imported letters" again replaces nothing: the new one is "Imported letters (2)", and Undo removes it.
    page = await h.open('/playlists');
    const file = join(tmpdir(), 'Imported letters.m3u8');
    await page.getByTestId('playlist-import').setInputFiles(file);
    await expect
      .poll(() => page.getByTestId('app-notice-message').textContent())
      .toBe('Imported as “Imported letters (2)”: a playlist named “Imported letters” already exists.');
    await expect.poll(names).toContain('Imported letters (2)');
    await page.getByTestId('app-notice-undo').click();
    await expect.poll(names).not.toContain('Imported letters (2)');
    expect(await names()).toContain('Imported letters');
  });

  it('fits a 360 px window in the dark theme', async () => {
    const narrow = await startHarness({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    try {
      let page = await narrow.open(`/music/${SAKURA_ID}`);
      await page.getByTestId('add-to-playlist').click();
      await page.getByTestId('playlist-menu-new').click();
      await answerPrompt(page, 'Narrow');
      page = await narrow.open('/playlists');
      await page.getByTestId('playlist-link').first().click();
      await page.getByTestId('playlist-items').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await narrow.shot('playlist-narrow-dark');
    } finally {
      await narrow.close();
    }
  });
});
