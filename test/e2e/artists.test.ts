// Artists in Chromium: an artist's name on an album page and in the player bar leads to their page,
// which lists their albums and songs and plays them all; search finds songs by the artist's name.
// Screenshot: artist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC } from '../../src-main/catalogue/build/demo/demo-content';
import { startHarness, type Harness } from './fixtures/browser';
import { SAKURA_ID } from './fixtures/screens';

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const RADIO = DEMO_SPEC.find((a) => a.slug === 'radio-moecat-houkago')!;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('artists', () => {
  it('an album’s artist leads to their page, which plays all their songs', async () => {
    const page = await h.open(`/music/${SAKURA_ID}`);
    await page.getByTestId('artist-link').filter({ hasText: SAKURA.artist }).first().click();
    await expect.poll(() => page.getByTestId('artist-name').textContent()).toBe(SAKURA.artist);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/artist/${SAKURA.artist}`);
    await expect(page.getByTestId('browse-result').count()).resolves.toBeGreaterThanOrEqual(2); // the album and the radio she co-hosts
    await expect(page.getByTestId('entry-subs').getByText(SAKURA.tracks[0], { exact: true }).count()).resolves.toBe(1);
    // The radio she co-hosts plays from her page too: each episode has its ▶ and its length.
    const episode = page.getByTestId('entry-subs').locator('li').filter({ hasText: RADIO.tracks[0] });
    await expect(episode.getByRole('button', { name: new RegExp(`Play.*${RADIO.tracks[0]}`) }).count()).resolves.toBe(1);
    await h.shot('artist');
    await page.getByTestId('artist-play').click();
    await expect.poll(() => page.getByTestId('player-artist').textContent()).toBe(SAKURA.artist);
    // Play all queues every song and episode listed (her album's and the radio's).
    await page.getByTestId('player-queue-toggle').click();
    const queued = await page.getByTestId('player-queue').locator('[data-part="jump"] .title').allTextContents();
    expect(queued).toEqual(expect.arrayContaining([...SAKURA.tracks, ...RADIO.tracks]));
    await page.getByTestId('player-queue-toggle').click();
    // The player bar's artist is a link too.
    await page.getByTestId('player-artist').getByRole('link').click();
    await expect.poll(() => page.getByTestId('artist-name').textContent()).toBe(SAKURA.artist);
  });

  it('search finds songs by the artist’s name', async () => {
    const page = await h.open('/search?q=hanamori');
    await expect.poll(() => page.getByTestId('search-subs').textContent()).toContain(SAKURA.tracks[0]);
  });
});
