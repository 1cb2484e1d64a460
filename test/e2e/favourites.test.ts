// Favourites and Recently played in the real UI: favourite an album and songs with their hearts, find
// them still favourited after Moecat restarts on the same data folder, list them on the Favourites page,
// play all favourite songs, and find what was played under Recently played after another restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { startHarness, type Harness } from './fixtures/browser';

const album = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, subId: (track: number) => DEMO_WIKI_ID_BASE + spec.n * 100 + track };
};
const SAKURA = album('sakura-letters'); // 51000004, five songs with audio

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const main = () => h.page.locator('#main');
/** The heart named for `title` in the page's main area. */
const heart = (title: string) => main().getByRole('button', { name: `Favourite “${title}”`, exact: true });
/** Waits until the heart shows `pressed` and its request is done. */
async function expectHeart(title: string, pressed: boolean): Promise<void> {
  await expect.poll(() => heart(title).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe(String(pressed));
  await expect.poll(() => heart(title).getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
}

/** Restarts the server on the same data folder and reloads the page (which gets the new UI token). */
async function restartAndReload(): Promise<void> {
  await h.restart();
  await h.page.reload();
  await main().waitFor();
}

const audioSrc = () => h.page.evaluate(() => decodeURI(document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')!.currentSrc));

describe('favourites', () => {
  it('tells how to add favourites while there are none', async () => {
    await h.open('/favourites');
    const empty = h.page.getByTestId('fav-empty');
    await empty.waitFor();
    await expect(empty.textContent()).resolves.toContain('Press the heart');
    await h.page.getByTestId('fav-tab-songs').click();
    await expect(h.page.getByTestId('fav-empty').textContent()).resolves.toContain('No favourite songs or episodes yet.');
    await expect(main().getByTestId('fav-play-all').count()).resolves.toBe(0);
  });

  it('favourites an album and songs with their hearts, on the album page and a song page', async () => {
    await h.open(`/music/${SAKURA.id}`);
    await h.page.getByTestId('entry-title').waitFor();
    await expectHeart(SAKURA.title, false);
    await heart(SAKURA.title).click();
    await expectHeart(SAKURA.title, true);

    // A song in the track list, then another on its own page.
    await expectHeart(SAKURA.tracks[1], false);
    await heart(SAKURA.tracks[1]).click();
    await expectHeart(SAKURA.tracks[1], true);
    await h.shot('entry-hearts');

    await h.open(`/sub/song/${SAKURA.subId(4)}`);
    await h.page.getByTestId('sub-title').waitFor();
    // The song's own heart (its album's track list below has one for it too, which follows).
    await h.page
      .getByTestId('sub-card')
      .getByRole('button', { name: `Favourite “${SAKURA.tracks[3]}”`, exact: true })
      .click();
    await expect
      .poll(() =>
        h.page
          .getByTestId('entry-subs')
          .getByRole('button', { name: `Favourite “${SAKURA.tracks[3]}”`, exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
  });

  it('keeps them across a restart on the same data folder', async () => {
    await h.open(`/music/${SAKURA.id}`);
    await h.page.getByTestId('entry-title').waitFor();
    await restartAndReload();
    await h.page.getByTestId('entry-title').waitFor();
    // The hearts now come from the server's answers.
    await expectHeart(SAKURA.title, true);
    await expectHeart(SAKURA.tracks[1], true);
    await expectHeart(SAKURA.tracks[3], true);
    await expectHeart(SAKURA.tracks[0], false);
    await expectHeart(SAKURA.tracks[2], false);
  });

  it('lists them on the Favourites page, reached from the nav bar', async () => {
    await h.page.getByRole('navigation').getByRole('link', { name: 'Favourites' }).click();
    await h.page.waitForURL((url) => url.pathname === '/favourites');
    await main().getByTestId('browse-result').first().waitFor();
    await expect(main().getByTestId('browse-result-title').allTextContents()).resolves.toEqual([SAKURA.title]);
    await expect(main().getByTestId('fav-count').textContent()).resolves.toBe('1 item');
    const cover = main().getByTestId('browse-result').locator('img');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectHeart(SAKURA.title, true);
    await h.shot('favourites-entries');

    await h.page.getByTestId('fav-tab-songs').click();
    await h.page.waitForURL((url) => url.searchParams.get('tab') === 'songs');
    const titles = main().getByTestId('fav-songs').getByTestId('fav-sub-title');
    await titles.first().waitFor();
    // Newest favourite first.
    await expect(titles.allTextContents()).resolves.toEqual([SAKURA.tracks[3], SAKURA.tracks[1]]);
    await expect(main().getByTestId('fav-songs').textContent()).resolves.toContain(SAKURA.title);
    await expectHeart(SAKURA.tracks[3], true);
    await h.shot('favourites');
  });

  it('plays all favourite songs from the first one', async () => {
    await main().getByTestId('fav-play-all').click();
    await expect.poll(() => h.page.getByTestId('player-title').textContent(), { timeout: 15_000 }).toContain(SAKURA.tracks[3]);
    await h.page.waitForFunction(
      () => {
        const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
        return !!a && decodeURI(a.currentSrc).endsWith('/files/demo/sakura-letters/04.mp3') && !a.paused && a.currentTime > 0.2;
      },
      undefined,
      { timeout: 15_000 },
    );
    await h.page.getByTestId('player-bar').getByRole('button', { name: 'Show queue' }).click();
    const queue = h.page.getByTestId('player-queue');
    await expect(queue.getByTestId('queue-item').locator('.title').allTextContents()).resolves.toEqual([SAKURA.tracks[3], SAKURA.tracks[1]]);
    await h.page.keyboard.press('Escape');
  });

  it('shows what was played under Recently played after a restart, and clears it', async () => {
    // The song started playing: Recently played already has it.
    await h.page.getByTestId('fav-tab-recent').click();
    await h.page.waitForURL((url) => url.searchParams.get('tab') === 'recent');
    await expect.poll(() => main().getByTestId('history-list').getByTestId('fav-sub-title').allTextContents(), { timeout: 15_000 }).toEqual([SAKURA.tracks[3]]);
    await h.page.getByTestId('player-bar').getByRole('button', { name: 'Pause', exact: true }).click();
    await h.page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')!.paused);
    expect(await audioSrc()).toMatch(/04\.mp3$/);

    await restartAndReload();
    const rows = main().getByTestId('history-list').getByTestId('fav-sub-row');
    await rows.first().waitFor();
    await expect(rows.getByTestId('fav-sub-title').allTextContents()).resolves.toEqual([SAKURA.tracks[3]]);
    await expect(rows.first().getByTestId('fav-sub-played').textContent()).resolves.toMatch(/^Played /);
    await expect(rows.first().textContent()).resolves.toContain(SAKURA.title);
    await h.shot('favourites-recent');

    await main().getByRole('button', { name: 'Clear recently played' }).click();
    await main().getByTestId('history-empty').waitFor();
    await h.page.reload();
    await expect(main().getByTestId('history-empty').textContent()).resolves.toContain('Nothing played yet.');
  });

  it('turns a heart back and says why when the server refuses the change', async () => {
    await h.page.route('**/fav/add.json', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          response: { information: { parameters: {}, request: '/fav/add.json', msg: ['The user database is read-only.'], has_error: true, error: 500 } },
        }),
      }),
    );
    try {
      await h.open(`/music/${SAKURA.id}`);
      await h.page.getByTestId('entry-title').waitFor();
      await heart(SAKURA.tracks[0]).click();
      const notice = h.page.getByTestId('app-notice');
      await expect
        .poll(() => notice.textContent(), { timeout: 15_000 })
        .toContain(`Couldn’t add “${SAKURA.tracks[0]}” to your favourites: The user database is read-only.`);
      await expectHeart(SAKURA.tracks[0], false);
      await h.shot('favourite-failed');
      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await expect(notice.textContent()).resolves.toBe('');
    } finally {
      await h.page.unroute('**/fav/add.json');
    }
  });

  it('unfavourites from the Favourites page: the heart empties at once, the song is gone on the next visit', async () => {
    await h.open('/favourites?tab=songs');
    await main().getByTestId('fav-songs').waitFor();
    await heart(SAKURA.tracks[1]).click();
    await expectHeart(SAKURA.tracks[1], false);
    await h.page.reload();
    await main().getByTestId('fav-songs').waitFor();
    await expect(main().getByTestId('fav-songs').getByTestId('fav-sub-title').allTextContents()).resolves.toEqual([SAKURA.tracks[3]]);
  });
});
