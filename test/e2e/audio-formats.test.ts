// Every audio format in Chromium against a real server: a folder of real files in each format
// (fixtures/audio-formats.ts) imported before the server starts; each song's page names its format, plays it and the
// <audio>'s time advances — the formats Chromium decodes from their own /files/folder/… address, the
// others as the server's transcoded stream (ffmpeg), where a seek starts the stream again from there.
// Without ffmpeg the song's page says it is not playable here and the player says why. An album of two
// discs lists its tracks under "Disc 1" and "Disc 2".
// Screenshots: song-needs-ffmpeg, album-two-discs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { importFolder } from '../../src-main/catalogue/import/folder-import';
import { ensureWorkingCatalogue } from '../../src-main/catalogue/upgrade/working-copy';
import { openCatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { AUDIO_FORMATS, needsTranscode } from '../../src-main/contract/audio-formats';
import { encodeTone, FORMAT_FIXTURES, writeFormatFile, writeLongAiff } from '../fixtures/audio-formats';
import { startHarness, type Harness } from './fixtures/browser';

const music = mkdtempSync(join(tmpdir(), 'moecat-e2e-formats-'));
/** Song ids by file name, and album ids by title, read from the import. */
const songs = new Map<string, number>();
const albums = new Map<string, number>();

/** Writes every format (and a minute-long AIFF to seek in) and imports them into the harness's working catalogue. */
async function importFormats({ dataDir, shippedCatalogue }: { dataDir: string; shippedCatalogue: string }): Promise<void> {
  const working = join(dataDir, CATALOGUE_FILE);
  await ensureWorkingCatalogue(shippedCatalogue, working);
  const writer = openCatalogueWriter(working);
  try {
    await importFolder({ writer, folder: music, dataDir });
    const rows = writer.db.prepare("SELECT up_obj_id, up_uri FROM upload WHERE up_uri LIKE '/folder/%'").all() as { up_obj_id: number; up_uri: string }[];
    for (const r of rows) songs.set(r.up_uri.slice(r.up_uri.lastIndexOf('/') + 1), r.up_obj_id);
    const wikis = writer.db.prepare("SELECT wiki_id, wiki_title FROM wiki WHERE source_key LIKE 'album:%'").all() as { wiki_id: number; wiki_title: string }[];
    for (const w of wikis) albums.set(w.wiki_title, w.wiki_id);
  } finally {
    writer.close();
  }
}

beforeAll(() => {
  for (const f of FORMAT_FIXTURES) writeFormatFile(join(music, f.file), f);
  writeLongAiff(join(music, 'long.aiff'), 60);
  const flac = { ...FORMAT_FIXTURES.find((f) => f.type === 'flac')!, picture: false };
  for (const [disc, track] of [
    [2, 1],
    [1, 2],
    [1, 1],
  ]) {
    encodeTone(join(music, `Two Discs/${disc}-${track}.flac`), flac, {
      album: 'Two Discs',
      title: `Side ${disc}.${track}`,
      disc: `${disc}/2`,
      track: String(track),
    });
  }
});
afterAll(() => rmSync(music, { recursive: true, force: true }));

interface AudioState {
  paused: boolean;
  time: number;
  src: string;
}
const audioState = (page: Page) =>
  page.evaluate((): AudioState => {
    const a = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]')!;
    return { paused: a.paused, time: a.currentTime, src: decodeURI(a.currentSrc) };
  });

async function playSong(h: Harness, file: string): Promise<Page> {
  const page = await h.open(`/sub/song/${songs.get(file)}`);
  await page.getByTestId('play-sub').click();
  return page;
}

describe('each format plays', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ beforeStart: importFormats });
  });
  afterAll(() => h?.close());

  it.each(FORMAT_FIXTURES)('plays $file ($type), its time advancing', async (f) => {
    const page = await playSong(h, f.file);
    await expect(page.getByTestId('sub-format').textContent()).resolves.toBe(AUDIO_FORMATS[f.type].label);
    // Its own file, or the transcoded stream of its upload (whose id is the song's).
    const expected = needsTranscode(f.type) ? `/files/transcoded/${songs.get(f.file)}` : `/files/folder/`;
    await expect.poll(async () => (await audioState(page)).src, { timeout: 20_000 }).toContain(expected);
    if (!needsTranscode(f.type)) expect((await audioState(page)).src.endsWith(`/${f.file}`)).toBe(true);
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect((await audioState(page)).paused).toBe(false);
    await expect(page.getByTestId('player-notice').textContent()).resolves.toBe('');
  });

  it('lists an album of two discs under "Disc 1" and "Disc 2", in disc then track order', async () => {
    const page = await h.open(`/music/${albums.get('Two Discs')}`);
    // The tracks come after the page's frame: wait for them, then read them all.
    await expect.poll(() => page.getByTestId('entry-disc').allTextContents()).toEqual(['Disc 1', 'Disc 2']);
    const rows = page.getByTestId('entry-sub');
    await expect(rows.locator('.title').allTextContents()).resolves.toEqual(['Side 1.1', 'Side 1.2', 'Side 2.1']);
    await expect(rows.locator('.label').allTextContents()).resolves.toEqual(['1', '2', '1']);
    await h.shot('album-two-discs');
  });

  it('seeks in a transcoded song by streaming it again from there', async () => {
    const page = await playSong(h, 'long.aiff');
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    await page.getByTestId('player-seek').focus();
    await page.keyboard.press('PageUp'); // 30 s on
    await expect.poll(async () => (await audioState(page)).src, { timeout: 20_000 }).toMatch(/\/files\/transcoded\/\d+\?start=\d+/);
    const seek = page.getByTestId('player-seek');
    await expect.poll(async () => Number(await seek.inputValue()), { timeout: 20_000 }).toBeGreaterThan(30.2);
    expect((await audioState(page)).paused).toBe(false);
  });
});

describe('without ffmpeg', () => {
  let h: Harness;
  beforeAll(async () => {
    process.env.MOECAT_FFMPEG = 'none';
    h = await startHarness({ beforeStart: importFormats });
  });
  afterAll(async () => {
    delete process.env.MOECAT_FFMPEG;
    await h?.close();
  });

  it('says on the page of a song that needs it that it is not playable here, and the player says why', async () => {
    const page = await playSong(h, 'tone-alac.m4a');
    await expect(page.getByTestId('needs-ffmpeg').textContent()).resolves.toMatch(/Not playable here: needs ffmpeg.*Apple Lossless/);
    await expect.poll(() => page.getByTestId('player-notice').textContent()).toMatch(/is not playable here: it needs ffmpeg/);
    expect((await audioState(page)).paused).toBe(true);
    await h.shot('song-needs-ffmpeg');
  });

  it('still plays what Chromium decodes', async () => {
    const page = await playSong(h, 'tone.flac');
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    await expect(page.getByTestId('needs-ffmpeg').count()).resolves.toBe(0);
  });
});
