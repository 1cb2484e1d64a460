/// <reference lib="dom" />
// The gapless joint for `npm run bench:ui` (tools/bench-ui.ts): one continuous 440 Hz tone cut into two
// FLAC tracks of one album (Debian's ffmpeg), imported with `moecat import`, played with Play all in
// Chromium; what the page's AudioContext sends to the speakers is recorded (an AudioWorklet put between
// it and its destination by a script installed before the app's, in a browser context that lets it load
// from a blob:), and the samples are counted: the longest silence between the tone's first and last
// sample, and how far the tone's length is from the two tracks' together (a gap or an overlap at the
// joint). Both are judged against 5 ms (docs/architecture.md, Playback). test/e2e/gapless-replaygain.test.ts
// asserts the same in the suite.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';

const RATE = 48_000;
const TRACK_SAMPLES = 3 * RATE;
/** Below this a sample is silence: the tone (0.5 × the player's 80 % volume) is this low only at a zero crossing. */
const SILENT = 0.01;

export interface GaplessServer {
  url: string;
  loginUrl(): Promise<string>;
  close(): Promise<void>;
}

const RECORDER = `
class BenchRecorder extends AudioWorkletProcessor {
  process(inputs) {
    const ch = inputs[0] && inputs[0][0];
    this.port.postMessage(ch ? ch.slice() : new Float32Array(128));
    return true;
  }
}
registerProcessor('bench-recorder', BenchRecorder);
`;

/** In the page, before the app: every AudioContext's destination feeds the recorder too, which is in place before the context runs. */
function recordAudio(source: string): void {
  const w = window as unknown as { recorded: { rate: number; blocks: Float32Array[] } };
  w.recorded = { rate: 0, blocks: [] };
  const destination = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'destination')!.get!;
  const taps = new WeakMap<BaseAudioContext, GainNode>();
  const Base = window.AudioContext;
  class Recorded extends Base {
    ready: Promise<void>;
    constructor(options?: AudioContextOptions) {
      super(options);
      void Base.prototype.suspend.call(this);
      const speakers = destination.call(this) as AudioDestinationNode;
      const tap = new GainNode(this);
      tap.connect(speakers);
      taps.set(this, tap);
      w.recorded.rate = this.sampleRate;
      this.ready = this.audioWorklet.addModule(URL.createObjectURL(new Blob([source], { type: 'text/javascript' }))).then(() => {
        const node = new AudioWorkletNode(this, 'bench-recorder', { channelCount: 1, channelCountMode: 'explicit' });
        node.port.onmessage = (e: MessageEvent<Float32Array>) => w.recorded.blocks.push(e.data);
        tap.connect(node).connect(speakers);
      });
    }
    override resume(): Promise<void> {
      return this.ready.then(() => Base.prototype.resume.call(this));
    }
  }
  window.AudioContext = Recorded;
  Object.defineProperty(BaseAudioContext.prototype, 'destination', {
    get(this: BaseAudioContext) {
      return taps.get(this) ?? destination.call(this);
    },
  });
}

/** Makes and imports the album into `dataDir`, starts the server with `serve`, and measures the joint. */
export async function gaplessJoint(
  browser: Browser,
  serve: (dataDir: string) => Promise<GaplessServer>,
): Promise<{ silenceMs: number; lengthErrorMs: number }> {
  const work = mkdtempSync(join(tmpdir(), 'moecat-bench-gapless-'));
  const album = join(work, 'music', 'Continuous Tone');
  mkdirSync(album, { recursive: true });
  const tone = ['-f', 'lavfi', '-i', `aevalsrc=0.5*sin(2*PI*440*t):s=${RATE}:d=6`];
  const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'pipe' });
  const tags = (n: number) => ['-metadata', `title=Tone ${n}`, '-metadata', 'album=Continuous Tone', '-metadata', 'artist=Sine', '-metadata', `track=${n}/2`];
  ffmpeg([...tone, '-af', `atrim=end_sample=${TRACK_SAMPLES}`, '-c:a', 'flac', ...tags(1), join(album, '01.flac')]);
  ffmpeg([...tone, '-af', `atrim=start_sample=${TRACK_SAMPLES},asetpts=N/SR/TB`, '-c:a', 'flac', ...tags(2), join(album, '02.flac')]);
  const dataDir = join(work, 'data');
  execFileSync(process.execPath, [resolve('out/main/cli.js'), 'import', join(work, 'music'), '--data-dir', dataDir], { stdio: 'pipe' });
  const server = await serve(dataDir);
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(recordAudio, RECORDER);
    const page = await context.newPage();
    await page.goto(await server.loginUrl());
    await page.locator('#main').waitFor();
    await page.goto(new URL('/search?q=Continuous%20Tone', server.url).toString());
    await page
      .getByTestId('search-entries')
      .getByRole('link', { name: /Continuous Tone/ })
      .first()
      .click();
    await page.getByTestId('play-all').click();
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause', exact: true }).waitFor({ timeout: 30_000 });
    // The queue ends after track 2: the bar offers Play again.
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(300);
    const { rate, samples } = await page.evaluate(() => {
      const w = window as unknown as { recorded: { rate: number; blocks: Float32Array[] } };
      return { rate: w.recorded.rate, samples: w.recorded.blocks.flatMap((b) => Array.from(b)) };
    });
    let first = -1;
    let last = -1;
    samples.forEach((x, i) => {
      if (Math.abs(x) < SILENT) return;
      if (first < 0) first = i;
      last = i;
    });
    let longest = 0;
    for (let i = first, run = 0; i <= last && first >= 0; i++) {
      run = Math.abs(samples[i]) < SILENT ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    const expected = (2 * TRACK_SAMPLES * rate) / RATE;
    return { silenceMs: (1000 * longest) / rate, lengthErrorMs: first < 0 ? Infinity : (1000 * Math.abs(last - first + 1 - expected)) / rate };
  } finally {
    await context.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
