// Settings → Library in Chromium against a real server: import a generated folder of tagged MP3s,
// watch its progress bar finish with the counts and the unreadable file listed, find the album in
// search, open it (its embedded cover shows) and play a song from the folder with its lyrics from a
// sidecar .lrc following along; re-import and bad input; the folder kept in step (a song copied in shows
// up by itself, an unplugged folder is unavailable with its albums kept).
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverImage, writeSongs, type TestSong } from '../fixtures/mp3-folder';
import { startHarness, type Harness } from './fixtures/browser';

const ALBUM = 'Kirameki Folder Album';
const COVER_PX = 320;

let h: Harness;
let page: Page;
let work: string;
let music: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-e2e-library-'));
  music = join(work, 'Music Library');
  const cover = await coverImage('jpeg', [230, 40, 170], COVER_PX);
  const titles = ['Morning Star', 'Glitter Road', 'Paper Moon', 'Falling Lights', 'Last Train Home', 'Shining Day'];
  const songs: TestSong[] = titles.map((title, i) => ({
    file: `Kirameki/${String(i + 1).padStart(2, '0')} ${title}.mp3`,
    title,
    track: `${i + 1}/${titles.length}`,
    album: ALBUM,
    albumArtist: 'Kirameki Unit',
    artist: 'Kirameki Unit',
    date: '2024-03-20',
    genre: 'Idol',
    cover,
    seconds: 4,
  }));
  songs.push({ file: 'Singles/b-side.mp3', title: 'Lonely B-side', album: 'Lonely Single', artist: 'Solo', track: '1' });
  writeSongs(music, songs);
  writeFileSync(join(music, 'Singles', 'damaged.mp3'), 'this file lost its frames '.repeat(40));
  // Morning Star's lyrics, in a sidecar file beside it.
  writeFileSync(
    join(music, 'Kirameki', '01 Morning Star.lrc'),
    '[ar:Kirameki Unit]\n[00:00.00]Morning star\n[00:01.50]shine on\n[00:03.00]till the night is gone\n',
  );
  h = await startHarness();
  page = h.page;
});
afterAll(async () => {
  await h?.close();
  rmSync(work, { recursive: true, force: true });
});

const section = () => page.getByTestId('settings-library');
const jobBox = () => section().getByTestId('library-job');

async function importFromSettings(folder: string): Promise<void> {
  await section().getByLabel('Folder', { exact: true }).fill(folder);
  await section().getByRole('button', { name: 'Import', exact: true }).click();
}

describe('Settings → Library', () => {
  it('asks for a folder, and says clearly when the folder does not exist', async () => {
    await h.open('/settings');
    await section().getByRole('button', { name: 'Import', exact: true }).click();
    await section().getByText('Type the full path of the folder to import.').waitFor();
    await importFromSettings(join(work, 'no such folder'));
    const alert = section().getByTestId('library-start-error');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(`The folder ${join(work, 'no such folder')} does not exist.`);
    await section().getByText('No folders imported yet.').waitFor();
  });

  it('imports a folder with a progress bar that ends with the counts, the unreadable file listed, and the folder in the list', async () => {
    await h.open('/settings');
    await importFromSettings(music);
    await jobBox().waitFor();
    await expect(jobBox().getByRole('progressbar').getAttribute('aria-label')).resolves.toBe(`Progress of ${music}`);
    await jobBox().locator('[data-testid="job-progress"][data-status="done"]').waitFor({ timeout: 60_000 });
    await expect(jobBox().getByTestId('library-summary').textContent()).resolves.toContain(
      'Albums: 2 added, 0 updated, 0 removed. Songs: 7 added, 0 updated, 0 removed.',
    );
    const problems = jobBox().getByTestId('library-problems');
    await expect(problems.textContent()).resolves.toMatch(/1 file or folder could not be read.*Singles\/damaged\.mp3: no MP3 audio/s);
    const row = section().locator(`[data-testid="library-folder"][data-path="${music}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Music Library.*2 albums · 7 songs · imported /s);
    await section().evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64)); // below the top bar
    await h.shot('settings-library');
  });

  it('lists the imported albums in Browse under their letter and genre tag', async () => {
    await h.open('/browse/music?initial=k&tag=Idol');
    const titles = page.getByTestId('browse-result-title');
    await titles.first().waitFor();
    await expect(titles.allTextContents()).resolves.toEqual([ALBUM]);
    // Marked as yours: a Folder badge naming the folder.
    const badge = page.getByTestId('browse-result').getByTestId('source-badge');
    await expect(badge.textContent()).resolves.toMatch(/^Folder/);
    await expect(badge.getAttribute('title')).resolves.toMatch(/\(folder\)$/);
    // With Source = Folders, the tag chips are the folder's tags, counted in the folder.
    await h.open('/browse/music?source=folder');
    const chips = page.getByTestId('browse-tag');
    await chips.first().waitFor();
    const chipTexts = (await chips.allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    expect(chipTexts.some((c) => c.startsWith('Idol'))).toBe(true);
    expect(chipTexts.some((c) => c.startsWith('Vocal'))).toBe(false); // a bundled album's tag
  });

  it('finds the imported album in search, shows its embedded cover, and plays a song from the folder', async () => {
    await h.open('/');
    await page.keyboard.press('/');
    await page.keyboard.type('kirameki folder', { delay: 30 });
    const result = page
      .getByTestId('search-entries')
      .getByRole('link', { name: new RegExp(ALBUM) })
      .first();
    await result.waitFor();
    // The folder's album and its songs carry the Folder badge; bundled results carry none.
    await expect(result.getByTestId('source-badge').textContent()).resolves.toMatch(/^Folder/);
    await expect.poll(() => page.getByTestId('search-subs').getByTestId('source-badge').count()).toBeGreaterThan(0);
    await result.click();
    await page.waitForURL((url) => /^\/music\/\d{9,}$/.test(url.pathname));
    await expect(page.getByTestId('entry-title').textContent()).resolves.toBe(ALBUM);
    // What the tags said, under translated labels.
    await expect(page.locator('dl.meta').first().textContent()).resolves.toMatch(
      /Artist\s*Kirameki Unit.*Year\s*2024.*Genre\s*Idol.*Folder\s*\/.*Music Library\/Kirameki/s,
    );
    // The entry page shows the large size: the embedded picture (320 px), not a generated SVG.
    await page.waitForFunction(
      (px) => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="entry-cover"] img');
        return !!img && img.complete && img.naturalWidth === px;
      },
      COVER_PX,
      { timeout: 15_000 },
    );
    await expect(page.locator('[data-testid="entry-cover"] img').getAttribute('src')).resolves.toMatch(/\/covers\/\d+\/large$/);
    await h.shot('library-album');

    // The song's own file from the folder plays (an album in order plays decoded, for gapless joints:
    // the player fetches the file rather than the <audio> element).
    const requested: string[] = [];
    const onRequest = (r: { url(): string }) => void requested.push(decodeURI(r.url()));
    page.on('request', onRequest);
    await page.getByTestId('play-all').click();
    await page.waitForFunction(
      () => navigator.mediaSession.playbackState === 'playing' && Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')!.value) > 0.3,
      undefined,
      { timeout: 20_000 },
    );
    page.off('request', onRequest);
    expect(requested.some((u) => u.includes('/files/folder/') && u.endsWith('/Kirameki/01 Morning Star.mp3'))).toBe(true);
    await expect(page.getByTestId('player-title').textContent()).resolves.toContain('Morning Star');
    // Its lyrics came from the .lrc beside it, and follow the song.
    await page.getByTestId('player-lyrics-toggle').click();
    await expect.poll(() => page.getByTestId('lyrics-lines').locator('li').allTextContents()).toEqual(['Morning star', 'shine on', 'till the night is gone']);
    await expect.poll(() => page.locator('[data-testid="lyrics-lines"] li[data-active="true"]').textContent(), { timeout: 10_000 }).toBe('shine on');
    await page.getByTestId('player-lyrics-toggle').click();
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause', exact: true }).click();
  });

  it('re-imports a folder from its row: nothing new, nothing doubled', async () => {
    await h.open('/settings');
    const row = section().locator(`[data-testid="library-folder"][data-path="${music}"]`);
    await row.getByRole('button', { name: 'Re-import Music Library' }).click();
    await jobBox().locator('[data-testid="job-progress"][data-status="done"]').waitFor({ timeout: 60_000 });
    await expect(jobBox().getByTestId('library-summary').textContent()).resolves.toContain(
      'Albums: 0 added, 0 updated, 0 removed. Songs: 0 added, 0 updated, 0 removed.',
    );
    await expect(row.textContent()).resolves.toMatch(/2 albums · 7 songs/);
    await expect(section().getByTestId('library-folder').count()).resolves.toBe(1);
  });

  it('keeps the folder in step: a song copied in shows up by itself, and an unplugged folder is unavailable with its albums kept', async () => {
    await h.open('/settings');
    const row = section().locator(`[data-testid="library-folder"][data-path="${music}"]`);
    const watch = row.getByTestId('library-folder-watch');
    await expect.poll(() => watch.getAttribute('data-state'), { timeout: 20_000 }).toBe('watching');
    await expect(watch.textContent()).resolves.toBe('Kept in step');
    writeSongs(music, [{ file: 'Singles/encore.mp3', title: 'Encore Copied In', album: 'Lonely Single', artist: 'Solo', track: '2' }]);
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/2 albums · 8 songs/);
    await h.open(`/search?q=${encodeURIComponent('Encore Copied In')}`);
    await page.getByText('Encore Copied In').first().waitFor({ timeout: 20_000 });

    renameSync(music, `${music} (unplugged)`);
    await h.open('/settings');
    await expect.poll(() => watch.getAttribute('data-state'), { timeout: 20_000 }).toBe('unavailable');
    await expect(watch.textContent()).resolves.toMatch(/^Unavailable since .*: the folder is not there \(is its disk plugged in\?\)\. Its albums are kept/);
    await expect(row.textContent()).resolves.toMatch(/2 albums · 8 songs/);
    await row.scrollIntoViewIfNeeded();
    await h.shot('settings-library-unavailable');
    renameSync(`${music} (unplugged)`, music);
  });
});
