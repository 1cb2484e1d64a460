// The player bar, driven as a listener would: play an album from its page, watch it play (the bar's
// title and position, the OS media session's state: an album in order plays decoded for gapless
// joints, a lone track through the <audio> element, docs/architecture.md), seek with the keyboard,
// skip over a broken file, work the queue, and find it all again after a reload.
import type { Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_SUB_ID, startHarness, type Harness } from './fixtures/browser';

// Demo albums (src-main/catalogue/demo): Sakura Letters plays cleanly; in 星河漫游 the harness breaks
// track 2 (BROKEN_SUB_ID), so the player must skip from track 1 to track 3.
const SAKURA = { id: 51000004, artist: 'Hanamori Yui', tracks: ['First Snow', '桜色の手紙', 'Platform 9 a.m.', 'さよならの向こう', 'Letters (Piano Version)'] };
const XINGHE = { id: 51000003, tracks: ['序曲：启程', '银河列车', '月光下的约定', '风之歌', '归途'] };

let h: Harness;
let page: Page;
beforeAll(async () => {
  h = await startHarness();
  page = h.page;
});
afterAll(() => h?.close());

interface PlayerState {
  paused: boolean;
  /** Seconds into the current track, as the seek bar has it. */
  time: number;
  title: string;
}

/** What the listener sees of the player: whether it plays (the OS media session's state), where, and what. */
const audio = (): Promise<PlayerState> =>
  page.evaluate(() => ({
    paused: navigator.mediaSession.playbackState !== 'playing',
    time: Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')!.value),
    title: document.querySelector('[data-testid="player-title"]')?.textContent ?? '',
  }));

const ALBUMS: Record<string, readonly string[]> = { 'sakura-letters': SAKURA.tracks, 'xinghe-manyou': XINGHE.tracks };

/** Waits until the player plays track `n` (1-based) of an album and its time has moved past `from`. */
async function waitPlayingTrack(slug: string, n: number, from = 0.2): Promise<void> {
  await page.waitForFunction(
    ([title, t]) => {
      const seek = document.querySelector<HTMLInputElement>('[data-testid="player-seek"]');
      const shown = document.querySelector('[data-testid="player-title"]')?.textContent ?? '';
      return navigator.mediaSession.playbackState === 'playing' && shown.includes(title as string) && !!seek && Number(seek.value) > (t as number);
    },
    [ALBUMS[slug][n - 1], from] as const,
    { timeout: 15_000 },
  );
}

const bar = () => page.getByTestId('player-bar');

/** Pauses with the bar's button (when playing) and waits for the player to stop. */
async function pause(): Promise<void> {
  const button = bar().getByRole('button', { name: 'Pause', exact: true });
  if ((await button.count()) > 0) await button.click();
  await page.waitForFunction(() => navigator.mediaSession.playbackState !== 'playing');
}
const barTitle = () => page.getByTestId('player-title');

async function playAlbum(id: number): Promise<void> {
  await h.open(`/music/${id}`);
  await page.getByTestId('play-all').click();
}

describe('player bar', () => {
  it('shows an idle bar with its controls named before anything plays', async () => {
    await h.open('/about');
    await expect(bar().textContent()).resolves.toContain('Nothing playing');
    for (const name of ['Shuffle', 'Previous track', 'Play', 'Next track', 'Repeat: off', 'Mute', 'Show queue']) {
      await expect(bar().getByRole('button', { name, exact: true }).count()).resolves.toBe(1);
    }
    await expect(bar().getByRole('slider', { name: 'Seek' }).isDisabled()).resolves.toBe(true);
  });

  it('plays an album: it reaches playing, time advances, the keyboard seeks, next plays the next track', async () => {
    await playAlbum(SAKURA.id);
    await waitPlayingTrack('sakura-letters', 1);
    const first = await audio();
    await expect(barTitle().textContent()).resolves.toContain(SAKURA.tracks[0]);
    await expect(barTitle().getAttribute('href')).resolves.toBe(`/music/${SAKURA.id}`);
    // The bar and the OS media controls name the song's artist, the album as the album, and the cover
    // in three sizes with its type.
    await expect(page.getByTestId('player-artist').textContent()).resolves.toBe(SAKURA.artist);
    const metadata = () =>
      page.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return {
          title: m?.title,
          artist: m?.artist,
          album: m?.album,
          artwork: m?.artwork.map((a) => `${a.src} ${a.sizes} ${a.type}`) ?? [],
          state: navigator.mediaSession.playbackState,
        };
      });
    await expect.poll(async () => (await metadata()).artwork[0]).toMatch(/ image\/jpeg$/);
    const session = await metadata();
    expect(session).toMatchObject({ title: SAKURA.tracks[0], artist: SAKURA.artist, album: 'Sakura Letters', state: 'playing' });
    expect(session.artwork).toEqual(
      [
        ['small', 96],
        ['square', 192],
        ['large', 480],
      ].map(([size, px]) => expect.stringMatching(new RegExp(`/covers/${SAKURA.id}/${size} ${px}x${px} image/jpeg$`))),
    );

    await page.waitForTimeout(800);
    const later = await audio();
    expect(later.time).toBeGreaterThan(first.time);

    // The seek bar is a slider that answers arrow keys (5 s a step) and says where it is.
    const seek = bar().getByRole('slider', { name: 'Seek' });
    await seek.focus();
    const before = (await audio()).time;
    await page.keyboard.press('ArrowRight');
    const after = (await audio()).time;
    expect(after).toBeGreaterThanOrEqual(before + 4);
    await expect(seek.getAttribute('aria-valuetext')).resolves.toMatch(/^0:0[5-9] of 0:0[89]$/);

    // Space on the page (not on a control) pauses and plays; K does too.
    await page.locator('h1').first().click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => navigator.mediaSession.playbackState === 'paused');
    await bar().getByRole('button', { name: 'Play', exact: true }).waitFor();
    await page.keyboard.press('k');
    await page.waitForFunction(() => navigator.mediaSession.playbackState === 'playing');

    await bar().getByRole('button', { name: 'Next track' }).click();
    await waitPlayingTrack('sakura-letters', 2);
    await expect(barTitle().textContent()).resolves.toContain(SAKURA.tracks[1]);
    // N and P work from the keyboard as well.
    await page.keyboard.press('n');
    await waitPlayingTrack('sakura-letters', 3);
    await page.keyboard.press('p');
    await waitPlayingTrack('sakura-letters', 2, 0);
  });

  it('skips a track that cannot be played, with a notice, and plays the one after', async () => {
    await playAlbum(XINGHE.id);
    await waitPlayingTrack('xinghe-manyou', 1);
    await expect(barTitle().textContent()).resolves.toContain(XINGHE.tracks[0]);

    await bar().getByRole('button', { name: 'Next track' }).click();
    // Track 2 (BROKEN_SUB_ID) is not audio: the bar says so and goes on to track 3.
    expect(BROKEN_SUB_ID).toBe(51000302);
    const notice = page.getByRole('status').filter({ hasText: XINGHE.tracks[1] });
    await notice.waitFor({ timeout: 15_000 });
    await expect(notice.textContent()).resolves.toMatch(/Couldn’t play “银河列车”: skipped to the next track/);
    await waitPlayingTrack('xinghe-manyou', 3);
    await h.shot('player-skipped');
    await expect(barTitle().textContent()).resolves.toContain(XINGHE.tracks[2]);
    const t1 = (await audio()).time;
    await page.waitForTimeout(600);
    expect((await audio()).time).toBeGreaterThan(t1);
  });

  it('shows the queue: jump, move, remove; shuffle and repeat are toggles', async () => {
    // Paused, so the current track cannot end (and move on) while the queue is checked.
    await pause();
    await bar().getByRole('button', { name: 'Show queue' }).click();
    const queue = page.getByTestId('player-queue');
    await queue.waitFor();
    const titles = () => queue.getByTestId('queue-item').locator('.title').allTextContents();
    const currentTitle = () => queue.locator('[aria-current="true"] .title').textContent();
    /** A row's own button (named by its title, artist · album and length), which jumps to its track. */
    const jump = (title: string) =>
      queue
        .getByTestId('queue-item')
        .filter({ has: page.getByText(title, { exact: true }) })
        .locator('[data-part="jump"]');
    const focusedTitle = () => page.evaluate(() => document.activeElement?.querySelector('.title')?.textContent);
    await expect(titles()).resolves.toEqual(XINGHE.tracks);
    await expect(currentTitle()).resolves.toBe(XINGHE.tracks[2]);

    // Reorder with the buttons: 风之歌 up above 月光下的约定, then 序曲 down one.
    await queue.getByRole('button', { name: `Move ${XINGHE.tracks[3]} up` }).click();
    await queue.getByRole('button', { name: `Move ${XINGHE.tracks[0]} down` }).click();
    await expect(titles()).resolves.toEqual([XINGHE.tracks[1], XINGHE.tracks[0], XINGHE.tracks[3], XINGHE.tracks[2], XINGHE.tracks[4]]);
    // The current track stays current wherever it moved.
    await expect(currentTitle()).resolves.toBe(XINGHE.tracks[2]);

    // Remove the broken track; Alt+↓ moves the focused track down.
    await queue.getByRole('button', { name: `Remove ${XINGHE.tracks[1]} from the queue` }).click();
    await jump(XINGHE.tracks[0]).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(titles()).resolves.toEqual([XINGHE.tracks[3], XINGHE.tracks[0], XINGHE.tracks[2], XINGHE.tracks[4]]);
    await expect(focusedTitle()).resolves.toBe(XINGHE.tracks[0]);

    // Click a track to jump to it.
    await jump(XINGHE.tracks[4]).click();
    await waitPlayingTrack('xinghe-manyou', 5);
    await expect(barTitle().textContent()).resolves.toContain(XINGHE.tracks[4]);
    await pause();

    const repeat = bar().getByTestId('player-repeat');
    await repeat.click();
    await expect(repeat.getAttribute('aria-label')).resolves.toBe('Repeat: all');
    const shuffle = bar().getByRole('button', { name: 'Shuffle' });
    await shuffle.click();
    await expect(shuffle.getAttribute('aria-pressed')).resolves.toBe('true');
    // Shuffling keeps the current track first and every track in the queue.
    const shuffled = await titles();
    expect(shuffled[0]).toBe(XINGHE.tracks[4]);
    expect(shuffled.slice().sort()).toEqual([XINGHE.tracks[0], XINGHE.tracks[2], XINGHE.tracks[3], XINGHE.tracks[4]].sort());
    await shuffle.click();
    await expect(titles()).resolves.toEqual([XINGHE.tracks[3], XINGHE.tracks[0], XINGHE.tracks[2], XINGHE.tracks[4]]);

    // Escape closes the queue and gives the keyboard back to its button.
    await jump(XINGHE.tracks[0]).focus();
    await page.keyboard.press('Escape');
    await expect(queue.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('player-queue-toggle');
  });

  it('restores the queue, current track, position, repeat and volume after a reload, paused', async () => {
    // Somewhere known: paused 5 s into the current track, volume down.
    await bar().getByRole('slider', { name: 'Volume' }).focus();
    await page.keyboard.press('PageDown'); // 80 % → 60 %
    // The store must have taken the new volume before the reload that should restore it.
    await page.waitForFunction(() => localStorage.getItem('moecat.player')?.includes('"volume":0.6') ?? false, undefined, { timeout: 5000 });
    const seek = bar().getByRole('slider', { name: 'Seek' });
    await seek.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight'); // 5 s
    const saved = await audio();
    expect(saved.time).toBeCloseTo(5, 0);
    const title = await barTitle().textContent();
    // What is saved names the server's files by path: a restart may bring the server back on another port.
    const savedUrls = await page.evaluate(() =>
      (JSON.parse(localStorage.getItem('moecat.player')!) as { queue: { url: string; cover: string }[] }).queue.flatMap((t) => [t.url, t.cover]),
    );
    expect(savedUrls.every((u) => u.startsWith('/files/demo/') || u.startsWith('/covers/'))).toBe(true);

    // The reload asks for nothing it then drops: no cover's type asked of a track that is not playing,
    // and no file fetched only to be cut short by the seek to the restored position.
    // Only the new page's requests count: the reload cuts short what the old page still had on its way
    // (a browser's reminders ask for the followed shows a few seconds after the start).
    const asked: string[] = [];
    const dropped: string[] = [];
    const ofNewPage = new Set<Request>();
    let reloaded = false;
    const onCommit = (frame: Frame) => void (frame === page.mainFrame() && (reloaded = true));
    const onRequest = (r: Request) => {
      if (!reloaded) return;
      ofNewPage.add(r);
      asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    };
    const onFailed = (r: Request) => void (ofNewPage.has(r) && dropped.push(`${r.method()} ${new URL(r.url()).pathname} ${r.failure()?.errorText ?? ''}`));
    page.on('framenavigated', onCommit);
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    await page.reload();
    await page.locator('#main').waitFor();
    await expect(barTitle().textContent()).resolves.toBe(title);
    await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')!.value) > 4);
    await page.waitForLoadState('networkidle');
    page.off('framenavigated', onCommit);
    page.off('request', onRequest);
    page.off('requestfailed', onFailed);
    expect(asked.filter((r) => r.startsWith('HEAD '))).toEqual([]);
    expect(dropped).toEqual([]);
    // The restored track's file is asked for when it plays, not on the load (below, Play resumes it at 5 s).
    expect(asked.filter((r) => r.includes('/files/'))).toEqual([]);
    const restored = await audio();
    expect(restored.paused).toBe(true);
    expect(restored.title).toBe(saved.title);
    expect(restored.time).toBeCloseTo(5, 0);
    await expect(bar().getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).resolves.toMatch(/^0:05 of /);
    await expect(bar().getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).resolves.toBe('60%');
    await expect(bar().getByTestId('player-repeat').getAttribute('aria-label')).resolves.toBe('Repeat: all');

    await bar().getByRole('button', { name: 'Show queue' }).click();
    const queue = page.getByTestId('player-queue');
    await expect(queue.getByTestId('queue-item').locator('.title').allTextContents()).resolves.toEqual([
      XINGHE.tracks[3],
      XINGHE.tracks[0],
      XINGHE.tracks[2],
      XINGHE.tracks[4],
    ]);
    await expect(queue.locator('[aria-current="true"] .title').textContent()).resolves.toBe(XINGHE.tracks[4]);
    await h.shot('player');

    // Play picks up where it was.
    await bar().getByRole('button', { name: 'Play', exact: true }).click();
    await waitPlayingTrack('xinghe-manyou', 5, 5);
  });

  it('fits an 800×600 window with the queue open', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
    await page.waitForTimeout(200);
    const box = (await bar().boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(800);
    expect(box.y + box.height).toBeLessThanOrEqual(600.5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await h.shot('player-800x600');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
