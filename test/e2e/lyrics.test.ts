// Lyrics in Chromium against a real server: Sakura Letters' first song (bundled demo) has synced
// lyrics; the panel marks the line being sung as the song really plays (the player's position) and
// follows it, a click on a line plays from there, and a song without lyrics says how to add them; the
// song page with its lyrics and its album's tracks; the Now playing view, and at 360 px its one transport.
// Screenshots: lyrics, lyrics-narrow-dark, song-page, now-playing, now-playing-narrow-light, now-playing-narrow-dark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LYRICS, DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID } from './fixtures/screens';

const LINES = DEMO_LYRICS['sakura-letters'][1].lines;
const SAKURA_TRACKS = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!.tracks;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Where the player is in the song: its seek bar (the element's time, or a decoded album track's). */
const audioTime = () => h.page.evaluate(() => Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')!.value));
const activeText = () => h.page.locator('[data-testid="lyrics-lines"] li[data-active="true"]').textContent();

describe('lyrics', () => {
  it('follow the song as it plays, and a line plays from its time', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('play-all').click();
    await page.getByTestId('player-lyrics-toggle').click();
    const lines = page.getByTestId('lyrics-lines').locator('li');
    await expect.poll(() => lines.count()).toBe(LINES.length);
    // English lyrics are not marked Japanese: they take the page's language.
    expect(await page.getByTestId('lyrics-lines').getAttribute('lang')).toBeNull();
    await expect.poll(activeText, { timeout: 10_000 }).toBe(LINES[0].text);
    // The second line comes at 2 s of the real audio.
    await expect.poll(activeText, { timeout: 10_000 }).toBe(LINES[1].text);
    expect(await audioTime()).toBeGreaterThanOrEqual(LINES[1].time_ms / 1000);
    await h.shot('lyrics');
    // A click on the last line plays from its time.
    await lines
      .nth(LINES.length - 1)
      .getByRole('button')
      .click();
    await expect.poll(audioTime).toBeGreaterThanOrEqual(LINES.at(-1)!.time_ms / 1000);
    await expect.poll(activeText).toBe(LINES.at(-1)!.text);
  });

  it('says how to add lyrics to a song that has none, without a failed request or a console error', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    const failed: string[] = [];
    const onResponse = (r: { status(): number; url(): string }) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && failed.push(m.text()));
    page.on('response', onResponse);
    page.on('console', onConsole);
    await page.getByRole('button', { name: 'Play “Platform 9 a.m.”' }).click();
    await expect.poll(() => page.getByTestId('player-bar').textContent()).toContain('Platform 9 a.m.');
    await page.getByTestId('player-lyrics-toggle').click();
    await expect.poll(() => page.getByTestId('player-lyrics').textContent()).toContain('.lrc');
    await expect(page.getByTestId('lyrics-none').count()).resolves.toBe(1);
    page.off('response', onResponse);
    page.off('console', onConsole);
    expect(failed).toEqual([]);
  });

  it('fits a 360 px window in the dark theme', async () => {
    const narrow = await startHarness({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    try {
      const page = await narrow.open(`/music/${SAKURA_ID}`);
      await page.getByTestId('play-all').click();
      await page.getByTestId('player-lyrics-toggle').click();
      await page.getByTestId('lyrics-lines').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const toggle = await page.getByTestId('player-lyrics-toggle').boundingBox();
      expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(360);
      await narrow.shot('lyrics-narrow-dark');
    } finally {
      await narrow.close();
    }
  });
});

describe('the song page', () => {
  it('shows the song’s lyrics and its album’s other tracks, which play from there', async () => {
    const page = await h.open(`/sub/song/${DEMO_WIKI_ID_BASE + (SAKURA_ID - DEMO_WIKI_ID_BASE) * 100 + 1}`);
    await expect(page.getByTestId('sub-title').textContent()).resolves.toBe(SAKURA_TRACKS[0]);
    const lyrics = page.getByTestId('sub-lyrics');
    await expect.poll(() => lyrics.locator('p').allTextContents()).toEqual(LINES.map((l) => l.text));
    const rows = page.getByTestId('entry-sub');
    await expect.poll(() => rows.count()).toBe(SAKURA_TRACKS.length);
    await expect(page.getByRole('heading', { name: /On the same album/ }).count()).resolves.toBe(1);
    await rows
      .nth(2)
      .getByRole('button', { name: `Play “${SAKURA_TRACKS[2]}”` })
      .click();
    await expect.poll(() => page.getByTestId('player-title').textContent()).toBe(SAKURA_TRACKS[2]);
    await expect.poll(() => rows.nth(2).getAttribute('class')).toMatch(/playing/);
    await h.shot('song-page');
  });
});

describe('now playing', () => {
  it('shows the song large, its artist and album, its lyrics following, and what plays next', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('play-all').click();
    await page.getByTestId('player-now-playing').click();
    await expect.poll(() => page.getByTestId('now-title').textContent()).toBe(SAKURA_TRACKS[0]);
    const view = page.getByTestId('now-playing');
    await expect(view.getByRole('link', { name: 'Hanamori Yui' }).count()).resolves.toBe(1);
    await expect(view.getByRole('link', { name: 'Sakura Letters' }).count()).resolves.toBe(1);
    await expect.poll(() => view.getByTestId('up-next').locator('.next-title').allTextContents()).toEqual(SAKURA_TRACKS.slice(1));
    // What plays next, with covers; its own transport and scrubber.
    await expect(view.getByTestId('up-next-cover').count()).resolves.toBe(SAKURA_TRACKS.length - 1);
    const controls = view.getByTestId('now-controls');
    await expect(controls.getByRole('slider', { name: 'Seek' }).isVisible()).resolves.toBe(true);
    await controls.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
    await controls.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
    await expect.poll(activeText, { timeout: 10_000 }).toBe(LINES[1].text);
    await h.shot('now-playing');
    // Up next jumps.
    await view.getByTestId('up-next').getByRole('button').nth(2).click();
    await expect.poll(() => page.getByTestId('now-title').textContent()).toBe(SAKURA_TRACKS[3]);
  });

  it('at 360 px shows one transport, its own: the player bar keeps the song and its panels’ buttons', async () => {
    const narrow = await startHarness({ viewport: { width: 360, height: 740 } });
    try {
      const page = await narrow.open(`/music/${SAKURA_ID}`);
      /** Where the shown controls named `testid` are: in Now playing's controls or in the player bar. */
      const shown = (testid: string) =>
        page.evaluate(
          (id) =>
            Array.from(document.querySelectorAll(`[data-testid="${id}"]`))
              .filter((el) => el.checkVisibility())
              .map((el) => (el.closest('[data-testid="now-controls"]') ? 'page' : el.closest('[data-testid="player-bar"]') ? 'bar' : 'elsewhere')),
          testid,
        );
      await page.getByTestId('play-all').click();
      await page.getByTestId('player-title').waitFor();
      await expect.poll(() => shown('player-toggle')).toEqual(['bar']);
      await page.getByTestId('player-now-playing').click();
      await page.getByTestId('now-controls').waitFor();
      await expect.poll(() => shown('player-toggle')).toEqual(['page']);
      expect(await shown('player-next')).toEqual(['page']);
      expect(await shown('player-seek')).toEqual(['page']);
      expect(await shown('player-repeat')).toEqual(['page']);
      // The bar still names the song and opens the queue and the lyrics, inside the window.
      const bar = page.getByTestId('player-bar');
      expect(await bar.getByTestId('player-title').isVisible()).toBe(true);
      for (const toggle of ['player-queue-toggle', 'player-lyrics-toggle']) {
        const box = await bar.getByTestId(toggle).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Play and pause from the page's own transport.
      await page.getByTestId('now-controls').getByRole('button', { name: 'Pause', exact: true }).click();
      await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await narrow.shot(`now-playing-narrow-${theme}`);
      }
      // Elsewhere the bar has its transport again.
      await page.getByTestId('now-playing').getByRole('link', { name: 'Sakura Letters' }).click();
      await page.getByTestId('entry-subs').waitFor();
      await expect.poll(() => shown('player-toggle')).toEqual(['bar']);
    } finally {
      await narrow.close();
    }
  });
});
