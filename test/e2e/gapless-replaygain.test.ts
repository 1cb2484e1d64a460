// Gapless playback and ReplayGain, measured on what the page's audio graph renders. Two albums are made
// with Debian's ffmpeg and imported as a folder: "Continuous Tone", one continuous sine cut into two FLAC
// tracks on a sample boundary, and "Levelled", the same cut tagged with ReplayGain (track -3 dB, album
// -10 dB, peaks 0.5). A recorder is put between the page's AudioContext and its speakers (an init script
// of this test installs an AudioWorklet, in a browser context of the test's own), so the samples are
// counted, not the clock:
// - the album played in the UI renders its tone with no silence at the joint longer than 5 ms, and
//   exactly as long as the two tracks together (within 5 ms: nothing inserted, nothing dropped);
// - each ReplayGain mode changes the level as player/replaygain.ts computes it, through the decoded
//   album and through the <audio> element (a song alone), and the preamp never pushes a peak past 1.
// Screenshot: settings-playback.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { importFolder } from '../../src-main/catalogue/import/folder-import';
import { ensureWorkingCatalogue } from '../../src-main/catalogue/upgrade/working-copy';
import { openCatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import { startHarness, type Harness } from './fixtures/browser';

const RATE = 48_000;
/** Samples in each track: 3 s. */
const TRACK_SAMPLES = 3 * RATE;
const AMPLITUDE = 0.5;
const FIVE_MS = 0.005;

const music = mkdtempSync(join(tmpdir(), 'moecat-e2e-gapless-'));
const albums = new Map<string, number>();
const songs = new Map<string, number>();

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'pipe' });

/** One 6 s sine at 440 Hz cut into two FLAC tracks of `album`, with `tags` on both. */
function writeAlbum(album: string, tags: Record<string, string> = {}): void {
  const dir = join(music, album);
  mkdirSync(dir, { recursive: true });
  const tone = ['-f', 'lavfi', '-i', `aevalsrc=${AMPLITUDE}*sin(2*PI*440*t):s=${RATE}:d=6`];
  const meta = (track: number) =>
    Object.entries({ title: `${album} ${track}`, artist: 'Sine Ensemble', album, track: `${track}/2`, ...tags }).flatMap(([k, v]) => [
      '-metadata',
      `${k}=${v}`,
    ]);
  ffmpeg([...tone, '-af', `atrim=end_sample=${TRACK_SAMPLES}`, '-c:a', 'flac', '-sample_fmt', 's16', ...meta(1), join(dir, '01.flac')]);
  ffmpeg([...tone, '-af', `atrim=start_sample=${TRACK_SAMPLES},asetpts=N/SR/TB`, '-c:a', 'flac', '-sample_fmt', 's16', ...meta(2), join(dir, '02.flac')]);
}

async function importAlbums({ dataDir, shippedCatalogue }: { dataDir: string; shippedCatalogue: string }): Promise<void> {
  const working = join(dataDir, CATALOGUE_FILE);
  await ensureWorkingCatalogue(shippedCatalogue, working);
  const writer = openCatalogueWriter(working);
  try {
    await importFolder({ writer, folder: music, dataDir });
    const wikis = writer.db.prepare("SELECT wiki_id, wiki_title FROM wiki WHERE source_key LIKE 'album:%'").all() as { wiki_id: number; wiki_title: string }[];
    for (const w of wikis) albums.set(w.wiki_title, w.wiki_id);
    const rows = writer.db.prepare("SELECT up_obj_id, up_uri FROM upload WHERE up_uri LIKE '/folder/%'").all() as { up_obj_id: number; up_uri: string }[];
    for (const r of rows) songs.set(decodeURIComponent(r.up_uri).split('/').slice(-2).join('/'), r.up_obj_id);
  } finally {
    writer.close();
  }
}

/** The recorder: copies what reaches the speakers (channels mixed to one) to the page, 128 samples a block. */
const RECORDER = `
class TapRecorder extends AudioWorkletProcessor {
  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    this.port.postMessage(ch ? ch.slice() : new Float32Array(128));
    return true;
  }
}
registerProcessor('tap-recorder', TapRecorder);
`;

/**
 * Runs in the page before the app: every AudioContext's destination becomes a GainNode feeding both the
 * real speakers and the recorder. The context is held suspended until the recorder is in place, so the
 * first sample played is recorded too. The recorder's module is a blob: URL, which the UI's
 * Content-Security-Policy forbids: this test's browser context bypasses it.
 */
function tapAudio(recorderSource: string): void {
  const w = window as unknown as { tap: { rate: number; blocks: Float32Array[] } };
  w.tap = { rate: 0, blocks: [] };
  const destination = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'destination')!.get!;
  const taps = new WeakMap<BaseAudioContext, GainNode>();
  const Base = window.AudioContext;
  class Tapped extends Base {
    ready: Promise<void>;
    constructor(options?: AudioContextOptions) {
      super(options);
      void Base.prototype.suspend.call(this);
      const speakers = destination.call(this) as AudioDestinationNode;
      const tap = new GainNode(this);
      tap.connect(speakers);
      taps.set(this, tap);
      w.tap.rate = this.sampleRate;
      const module = URL.createObjectURL(new Blob([recorderSource], { type: 'text/javascript' }));
      this.ready = this.audioWorklet.addModule(module).then(() => {
        const recorder = new AudioWorkletNode(this, 'tap-recorder', { channelCount: 1, channelCountMode: 'explicit', numberOfOutputs: 1 });
        recorder.port.onmessage = (e: MessageEvent<Float32Array>) => w.tap.blocks.push(e.data);
        tap.connect(recorder).connect(speakers);
      });
    }
    override resume(): Promise<void> {
      return this.ready.then(() => Base.prototype.resume.call(this));
    }
  }
  window.AudioContext = Tapped;
  Object.defineProperty(BaseAudioContext.prototype, 'destination', {
    get(this: BaseAudioContext) {
      return taps.get(this) ?? destination.call(this);
    },
  });
}

/** What the recorder holds, as one array of samples, and the rate. */
async function recorded(page: Page): Promise<{ rate: number; samples: Float32Array }> {
  const { rate, data } = await page.evaluate(() => {
    const w = window as unknown as { tap: { rate: number; blocks: Float32Array[] } };
    const all = new Float32Array(w.tap.blocks.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of w.tap.blocks) {
      all.set(b, at);
      at += b.length;
    }
    return { rate: w.tap.rate, data: Array.from(all) };
  });
  return { rate, samples: Float32Array.from(data) };
}

const clearRecording = (page: Page) => page.evaluate(() => ((window as unknown as { tap: { blocks: Float32Array[] } }).tap.blocks = []));

/** Below this a sample counts as silence: a sine of AMPLITUDE × the player's volume is this low only for a sample at a zero crossing. */
const SILENT = 0.01;

/** The first and last sounding samples, and the longest run of silence between them. */
function toneSpan(samples: Float32Array): { first: number; last: number; longestSilence: number } {
  let first = -1;
  let last = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]) < SILENT) continue;
    if (first < 0) first = i;
    last = i;
  }
  let longestSilence = 0;
  let run = 0;
  for (let i = first; i <= last; i++) {
    run = Math.abs(samples[i]) < SILENT ? run + 1 : 0;
    longestSilence = Math.max(longestSilence, run);
  }
  return { first, last, longestSilence };
}

const bar = (page: Page) => page.getByTestId('player-bar');
const position = async (page: Page) => Number(await page.getByTestId('player-seek').inputValue());

/** The level of what played over the last 0.4 s: its peak. */
async function level(page: Page): Promise<number> {
  const { rate, samples } = await recorded(page);
  const tail = samples.subarray(Math.max(0, samples.length - Math.round(0.4 * rate)));
  return tail.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
}

let h: Harness;
let context: BrowserContext;
let page: Page;

/** Opens a path of the UI in the test's own browser context and waits for the app to mount. */
async function open(path: string): Promise<Page> {
  await page.goto(new URL(path, h.server.url).toString());
  await page.locator('#main').waitFor();
  return page;
}

beforeAll(async () => {
  writeAlbum('Continuous Tone');
  writeAlbum('Levelled', {
    REPLAYGAIN_TRACK_GAIN: '-3.00 dB',
    REPLAYGAIN_TRACK_PEAK: '0.500000',
    REPLAYGAIN_ALBUM_GAIN: '-10.00 dB',
    REPLAYGAIN_ALBUM_PEAK: '0.500000',
  });
  h = await startHarness({ beforeStart: importAlbums });
  context = await h.browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  await context.addInitScript(tapAudio, RECORDER);
  page = await context.newPage();
  // Signs in through the one-time link, as the harness's own page does.
  await page.goto(h.server.loginUrl());
  await page.locator('#main').waitFor();
});
afterAll(async () => {
  await context?.close();
  await h?.close();
  rmSync(music, { recursive: true, force: true });
});

describe('gapless playback', () => {
  it('plays two tracks cut from one tone as one tone: no silence at the joint, nothing inserted or dropped', async () => {
    await open(`/music/${albums.get('Continuous Tone')}`);
    await page.getByTestId('play-all').click();
    await expect.poll(() => page.getByTestId('player-title').textContent(), { timeout: 20_000 }).toContain('Continuous Tone 2');
    // The queue ends after track 2: the bar offers Play again.
    await bar(page).getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(300); // the recorder's last blocks
    const { rate, samples } = await recorded(page);
    const span = toneSpan(samples);
    expect(span.first).toBeGreaterThanOrEqual(0);
    // Inserted silence at the joint: at most 5 ms worth of samples (a zero crossing alone is a sample or two).
    expect(span.longestSilence).toBeLessThanOrEqual(Math.round(FIVE_MS * rate));
    // The tone lasts as long as both tracks, within 5 ms: a gap or an overlap at the joint would change it.
    const expected = (2 * TRACK_SAMPLES * rate) / RATE;
    expect(Math.abs(span.last - span.first + 1 - expected)).toBeLessThanOrEqual(Math.round(FIVE_MS * rate));
  });
});

describe('ReplayGain', () => {
  async function choose(mode: 'Off' | 'Track' | 'Album', preampEnd?: 'Home' | 'End'): Promise<void> {
    await open('/settings');
    const card = page.getByTestId('settings-playback');
    await card.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
    const preamp = card.getByTestId('settings-preamp');
    if (preampEnd) {
      await preamp.focus();
      await page.keyboard.press(preampEnd);
    }
  }

  /** Plays the album Levelled (in order) or its first song alone, and answers its level once it plays steadily. */
  async function playLevelled(how: 'album' | 'song'): Promise<number> {
    await open(how === 'album' ? `/music/${albums.get('Levelled')}` : `/sub/song/${songs.get('Levelled/01.flac')}`);
    await page.getByTestId(how === 'album' ? 'play-all' : 'play-sub').click();
    await expect.poll(() => position(page), { timeout: 20_000 }).toBeGreaterThan(1);
    await clearRecording(page);
    // 0.4 s of new samples, however late the recorder's blocks arrive.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { tap: { rate: number; blocks: Float32Array[] } }).tap.blocks.length * 128), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(0.4 * 48_000);
    const peak = await level(page);
    await bar(page).getByRole('button', { name: 'Pause', exact: true }).click();
    return peak;
  }

  it('levels by the track, the album played in order, or not at all, and the preamp stops at the peak', async () => {
    await choose('Off');
    const offAlbum = await playLevelled('album');
    const offSong = await playLevelled('song');
    // The player's volume (80 %) is all that lowers the tone.
    expect(offAlbum).toBeCloseTo(AMPLITUDE * 0.8, 2);
    expect(offSong).toBeCloseTo(AMPLITUDE * 0.8, 2);

    await choose('Track');
    expect((await playLevelled('album')) / offAlbum).toBeCloseTo(10 ** (-3 / 20), 2);
    expect((await playLevelled('song')) / offSong).toBeCloseTo(10 ** (-3 / 20), 2);

    await choose('Album');
    expect((await playLevelled('album')) / offAlbum).toBeCloseTo(10 ** (-10 / 20), 2);
    // A song alone is not its album played in order: its track gain.
    expect((await playLevelled('song')) / offSong).toBeCloseTo(10 ** (-3 / 20), 2);

    // +12 dB on -3 dB would be ×2.82; the peak of 0.5 allows ×2 at most.
    await choose('Track', 'End');
    await expect(page.getByTestId('settings-preamp').getAttribute('aria-valuetext')).resolves.toBe('+12 dB');
    await h.shot('settings-playback', page);
    expect((await playLevelled('album')) / offAlbum).toBeCloseTo(2, 2);
  });
});
