// ffmpeg, when there is one, for the imported files the browser cannot decode (contract/audio-formats.ts):
// the one on the PATH, or the one MOECAT_FFMPEG names (`none`: no transcoding, as if there were none),
// run with an argument array (no shell) from a chosen start time, its output streamed as FLAC
// (lossless sources) or Opus in Ogg (lossy ones). At most MOECAT_TRANSCODE_LIMIT (4) run at once: each
// holds a process and a core, and the player needs one at a time (a seek starts a new one while the
// old one's connection closes). docs/sources.md, "Audio formats".
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Readable } from 'node:stream';

/** Concurrent transcodes when not told otherwise. */
export const TRANSCODE_LIMIT = 4;

/** The absolute path of an executable `name` on `path` (a PATH value), or null. */
export function findOnPath(name: string, path: string | undefined = process.env.PATH): string | null {
  const exe = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, exe);
    try {
      if (statSync(candidate).isFile()) {
        accessSync(candidate, constants.X_OK);
        return candidate;
      }
    } catch {
      // not here
    }
  }
  return null;
}

/** The ffmpeg Moecat uses, or null: MOECAT_FFMPEG when set (`none` or empty for none), else the PATH's. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.MOECAT_FFMPEG;
  if (chosen === undefined) return findOnPath('ffmpeg', env.PATH);
  return chosen === '' || chosen === 'none' ? null : chosen;
}

/** A transcoder as the environment configures it (ffmpegPath(), MOECAT_TRANSCODE_LIMIT). */
export function transcoderFromEnv(env: NodeJS.ProcessEnv = process.env): Transcoder {
  const limit = Number(env.MOECAT_TRANSCODE_LIMIT);
  return new Transcoder(ffmpegPath(env), Number.isSafeInteger(limit) && limit > 0 ? limit : TRANSCODE_LIMIT);
}

/** What ffmpeg writes: FLAC, Opus in Ogg, or MP3 (for players that ask for it, through the OpenSubsonic face). */
export type TranscodeCodec = 'flac' | 'opus' | 'mp3';

const OUTPUTS: Record<TranscodeCodec, { mime: string; args: (kbps: number) => string[]; kbps: number }> = {
  flac: { mime: 'audio/flac', args: () => ['-c:a', 'flac', '-f', 'flac'], kbps: 0 },
  opus: { mime: 'audio/ogg', args: (kbps) => ['-c:a', 'libopus', '-b:a', `${kbps}k`, '-f', 'ogg'], kbps: 160 },
  mp3: { mime: 'audio/mpeg', args: (kbps) => ['-c:a', 'libmp3lame', '-b:a', `${kbps}k`, '-f', 'mp3'], kbps: 192 },
};

export interface TranscodeOutput {
  /** The Content-Type of `stream`. */
  mime: string;
  stream: Readable;
  /** Ends the process (the listener went away); harmless once it has ended. */
  stop(): void;
}

export class Transcoder {
  #running = 0;

  /** `ffmpeg`: its path, or null when there is none (files that need it are then not playable here). */
  constructor(
    readonly ffmpeg: string | null,
    readonly limit = TRANSCODE_LIMIT,
  ) {}

  get available(): boolean {
    return this.ffmpeg !== null;
  }

  /** Transcodes running now. */
  get running(): number {
    return this.#running;
  }

  /**
   * Starts ffmpeg on the file at `path` from `start` seconds (`seekable`: its demuxer seeks; else the
   * audio before is decoded and dropped), writing `codec`; undefined when every slot is taken. Rejects
   * when ffmpeg cannot be started.
   */
  async start(
    path: string,
    from: { start: number; codec: TranscodeCodec; seekable: boolean; /** kbps of a lossy output; its default when absent. */ kbps?: number },
  ): Promise<TranscodeOutput | undefined> {
    if (!this.ffmpeg) throw new Error('no ffmpeg');
    if (this.#running >= this.limit) return undefined;
    const chosen = OUTPUTS[from.codec];
    const output = chosen.args(from.kbps ?? chosen.kbps);
    // Before the input ffmpeg seeks in the file; after it, it decodes up to the start (for the demuxers that cannot seek).
    const start = from.start > 0 ? ['-ss', String(from.start)] : [];
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...(from.seekable ? start : []),
      ...['-i', path],
      ...(from.seekable ? [] : start),
      ...['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'],
      ...output,
      'pipe:1',
    ];
    this.#running++;
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(this.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    } catch (err) {
      this.#running--;
      throw err;
    }
    let released = false;
    const release = () => {
      if (!released) this.#running--;
      released = true;
    };
    // The slot is free once the output has been read to its end or the listener is gone: the process ends then.
    child.once('close', release);
    child.stdout.once('end', release);
    child.stderr.resume(); // its complaints are not the listener's; never let the pipe fill
    try {
      await once(child, 'spawn');
    } catch (err) {
      release();
      throw err;
    }
    child.on('error', () => {}); // a kill of an exited process, say: the stream just ends
    const stop = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      release();
    };
    return { mime: chosen.mime, stream: child.stdout, stop };
  }
}
