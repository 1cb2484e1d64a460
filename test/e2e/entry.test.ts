// Entry pages in the real UI: an album with its cover, songs in order and tags; the Bangumi link; a
// radio's episodes; the not-found state; a sub-entry page; and the portal's /listen target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { startHarness, type Harness } from './fixtures/browser';

const album = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, subId: (track: number) => DEMO_WIKI_ID_BASE + spec.n * 100 + track };
};
const SAKURA = album('sakura-letters'); // 51000004, no Bangumi id
const INORI = album('inori-starlight-serenade'); // 51000001, Bangumi id 116412
const RADIO = album('radio-moecat-houkago');
const NO_AUDIO = album('yumemiru-kikai');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const subTitles = () => h.page.getByTestId('entry-subs').locator('[data-testid="entry-sub"] a').allTextContents();

describe('entry page', () => {
  it('shows an album: cover, title, translated titles, meta, tags and its songs in order', async () => {
    await h.open(`/music/${SAKURA.id}`);
    const title = h.page.getByTestId('entry-title');
    await title.waitFor();
    await expect(title.textContent()).resolves.toBe(SAKURA.title);

    const cover = h.page.getByTestId('entry-cover').locator('img');
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await cover.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(190);

    const text = (await h.page.locator('#main').textContent())!;
    for (const alias of SAKURA.aliases) expect(text).toContain(alias.title);
    expect(text).toContain(SAKURA.artist);
    expect(text).toContain(SAKURA.catalog);

    expect(await subTitles()).toEqual(SAKURA.tracks);
    // Track numbers as people write them, and the count in words.
    const labels = await h.page.getByTestId('entry-sub').locator('.label').allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(SAKURA.tracks.map((_, i) => `${i + 1}`));
    await expect(h.page.locator('#entry-subs-heading').textContent()).resolves.toContain(`${SAKURA.tracks.length} tracks`);
    // Every song has audio: a play button each, with its length.
    await expect(
      h.page
        .locator('#main')
        .getByRole('button', { name: /^Play “/ })
        .count(),
    ).resolves.toBe(SAKURA.tracks.length);
    await expect(h.page.getByTestId('play-all').isVisible()).resolves.toBe(true);

    const tags = h.page.getByTestId('entry-tags').locator('a');
    await expect(tags.allTextContents()).resolves.toEqual(SAKURA.tags.map((t) => expect.stringContaining(t)));
    await expect(tags.first().getAttribute('href')).resolves.toBe(`/browse/music?tag=${SAKURA.tags[0]}`);
    // No Bangumi id, no link.
    await expect(h.page.getByTestId('bangumi-link').count()).resolves.toBe(0);
    await h.shot('album');
  });

  it('links an album with a Bangumi id to bgm.tv in a new, unrelated window', async () => {
    await h.open(`/music/${INORI.id}`);
    const link = h.page.getByTestId('bangumi-link');
    await link.waitFor();
    await expect(link.getAttribute('href')).resolves.toBe(`https://bgm.tv/subject/${INORI.bgmId}`);
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    expect((await link.getAttribute('rel'))!.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
  });

  it('opens a tag on the browse screen of its section', async () => {
    await h.open(`/music/${SAKURA.id}`);
    await h.page
      .getByTestId('entry-tags')
      .getByRole('link', { name: new RegExp(SAKURA.tags[1]) })
      .click();
    await h.page.waitForURL((url) => url.pathname === '/browse/music' && url.searchParams.get('tag') === SAKURA.tags[1]);
  });

  it("lists a radio's episodes with play buttons, and an album without audio without them", async () => {
    await h.open(`/radio/${RADIO.id}`);
    await h.page.getByTestId('entry-subs').waitFor();
    expect(await subTitles()).toEqual(RADIO.tracks);
    await expect(
      h.page
        .locator('#main')
        .getByRole('button', { name: /^Play “/ })
        .count(),
    ).resolves.toBe(RADIO.tracks.length);

    await h.open(`/music/${NO_AUDIO.id}`);
    await h.page.getByTestId('entry-subs').waitFor();
    expect(await subTitles()).toEqual(NO_AUDIO.tracks);
    await expect(h.page.locator('#main').getByRole('button', { name: /^Play/ }).count()).resolves.toBe(0);
    await expect(h.page.getByText('The catalogue has no audio for this entry.').isVisible()).resolves.toBe(true);
  });

  it('says so when the id names nothing, or an entry of another section', async () => {
    for (const path of ['/music/999999999', `/anime/${SAKURA.id}`]) {
      await h.open(path);
      await h.page.getByTestId('not-found').waitFor();
      await expect(h.page.getByTestId('not-found').textContent()).resolves.toContain('There is no such entry');
    }
  });

  it('shows a song with its album, and leads back to the album', async () => {
    await h.open(`/sub/song/${SAKURA.subId(2)}`);
    await expect(h.page.getByTestId('sub-title').textContent()).resolves.toBe(SAKURA.tracks[1]);
    await expect(h.page.getByTestId('play-sub').isVisible()).resolves.toBe(true);
    await h.page.getByTestId('sub-entry-link').click();
    await h.page.waitForURL((url) => url.pathname === `/music/${SAKURA.id}`);
  });

  it('hands the album to the player: play all from the first song, play one from that song', async () => {
    await h.open(`/music/${SAKURA.id}`);
    await h.page.getByTestId('play-all').click();
    await expect.poll(() => h.page.getByTestId('player-title').textContent()).toMatch(SAKURA.tracks[0]);
    await h.page
      .locator('#main')
      .getByRole('button', { name: `Play “${SAKURA.tracks[2]}”` })
      .click();
    await expect.poll(() => h.page.getByTestId('player-title').textContent()).toMatch(SAKURA.tracks[2]);
    // The page marks the song that plays.
    await expect.poll(() => h.page.getByTestId('entry-sub').locator('.title', { hasText: 'now playing' }).textContent()).toContain(SAKURA.tracks[2]);
  });

  it('plays /listen?music=<id> and ends on the album page', async () => {
    await h.open(`/listen?music=${INORI.id}`);
    await h.page.waitForURL((url) => url.pathname === `/music/${INORI.id}` && url.search === '');
    await expect(h.page.getByTestId('entry-title').textContent()).resolves.toBe(INORI.title);
    await expect.poll(() => h.page.getByTestId('player-title').textContent()).toMatch(INORI.tracks[0]);
  });
});
