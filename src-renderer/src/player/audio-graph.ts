// The player's one AudioContext, made on the first play (browsers start audio only after a gesture,
// and play() is called from one). Both ways a track plays go through it to the speakers: the <audio>
// element (player/audio.ts) through a MediaElementAudioSourceNode, decoded buffers
// (player/decoded-output.ts) as AudioBufferSourceNodes; each through a GainNode carrying its
// ReplayGain (player/replaygain.ts). docs/architecture.md (Playback).

/** Time constant of a ReplayGain change while playing: a short ramp, so it does not click. */
export const GAIN_RAMP_SECONDS = 0.02;

/** How long a new context may take to be allowed to run before playing counts as blocked. */
const RUN_WAIT_MS = 3000;

export interface AudioGraph {
  /** Whether the browser has Web Audio at all: without it every track plays through the element. */
  readonly available: boolean;
  /** The context, made (and asked to run) if there is none: call from play(). Null where Web Audio is missing. */
  ensure(): AudioContext | null;
  /** The context once it is running; rejects when the browser keeps it suspended (no gesture yet). */
  running(): Promise<AudioContext>;
  /** Calls `then` once, with the context, the first time it runs (at once when it already does). */
  whenRunning(then: (ctx: AudioContext) => void): void;
}

export function createAudioGraph(): AudioGraph {
  let ctx: AudioContext | null = null;
  const waiting: ((ctx: AudioContext) => void)[] = [];

  function flush(): void {
    if (ctx?.state !== 'running') return;
    for (const then of waiting.splice(0)) then(ctx);
  }

  function ensure(): AudioContext | null {
    if (typeof AudioContext === 'undefined') return null; // the element still plays, without ReplayGain
    if (!ctx) {
      // 'playback': a music player wants steady output over low latency.
      ctx = new AudioContext({ latencyHint: 'playback' });
      ctx.addEventListener('statechange', flush);
    }
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    flush();
    return ctx;
  }

  return {
    available: typeof AudioContext !== 'undefined',
    ensure,
    whenRunning(then) {
      waiting.push(then);
      flush();
    },
    running() {
      const c = ensure();
      if (!c) return Promise.reject(new Error('no Web Audio'));
      if (c.state === 'running') return Promise.resolve(c);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('suspended')), RUN_WAIT_MS);
        void c.resume().then(
          () => {
            clearTimeout(timer);
            if (c.state === 'running') resolve(c);
            else reject(new Error(c.state));
          },
          (e: unknown) => {
            clearTimeout(timer);
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
    },
  };
}
