// Gapless playback: a track held decoded in an AudioBuffer, played as an AudioBufferSourceNode, with
// the track after it decoded ahead and started on the exact sample the current one ends on
// (player/gapless.ts says which tracks play this way and computes the times). Only the current track
// and the next are held decoded. Each has a GainNode of its own, so a ReplayGain change falls on the
// joint too. The element's volume is mirrored on one shared GainNode. docs/architecture.md (Playback).
import { GAIN_RAMP_SECONDS, type AudioGraph } from './audio-graph';
import type { AudioEvents } from './audio-events';
import { endTime, positionAt } from './gapless';

/** A source starts this far ahead of now, so its start time (and its end, where the next starts) is known exactly. */
const LEAD_SECONDS = 0.05;
/** How often the position is reported while playing (ms). */
const TICK_MS = 250;

interface Started {
  source: AudioBufferSourceNode;
  /** Context time of the source's first sample, and where in the track it starts. */
  when: number;
  offset: number;
}

interface Next {
  url: string;
  gain: number;
  buffer: AudioBuffer | null;
  node: GainNode | null;
  started: Started | null;
}

export interface DecodedOutput {
  load(url: string, autoplay: boolean, startAt: number, gain: number): void;
  play(): void;
  pause(): void;
  restart(): void;
  seek(seconds: number): void;
  setGain(gain: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** The track to start where the current one ends (its URL and gain), or none. */
  prepareNext(next: { url: string; gain: number } | null): void;
  clear(): void;
  readonly wantsPlay: boolean;
}

export function createDecodedOutput(graph: AudioGraph, events: AudioEvents, initial: { volume: number; muted: boolean }): DecodedOutput {
  let volume = initial.muted ? 0 : initial.volume;
  let volumeNode: GainNode | null = null;
  let seq = 0;
  let startedSeq = -1;
  let url = '';
  let gain = 1;
  let node: GainNode | null = null;
  let buffer: AudioBuffer | null = null;
  let position = 0;
  let wantPlay = false;
  let playing: Started | null = null;
  let next: Next | null = null;
  const decoded = new Map<string, Promise<AudioBuffer>>();

  function output(ctx: BaseAudioContext): GainNode {
    if (!volumeNode) {
      volumeNode = ctx.createGain();
      volumeNode.gain.value = volume;
      volumeNode.connect(ctx.destination);
    }
    return volumeNode;
  }

  function gainNode(ctx: BaseAudioContext, value: number): GainNode {
    const g = ctx.createGain();
    g.gain.value = value;
    g.connect(output(ctx));
    return g;
  }

  /** The file decoded, fetched once for as long as it is the current or the next track. */
  function decode(ctx: BaseAudioContext, u: string): Promise<AudioBuffer> {
    for (const k of decoded.keys()) if (k !== u && k !== url && k !== next?.url) decoded.delete(k);
    let p = decoded.get(u);
    if (!p) {
      p = fetch(u)
        .then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.arrayBuffer();
        })
        .then((bytes) => ctx.decodeAudioData(bytes));
      decoded.set(u, p);
      p.catch(() => decoded.delete(u));
    }
    return p;
  }

  function stop(s: Started | null): void {
    if (!s) return;
    s.source.onended = null;
    try {
      s.source.stop();
    } catch {
      // never started
    }
    s.source.disconnect();
  }

  function cancelNext(): void {
    if (!next) return;
    stop(next.started);
    next.started = null;
  }

  const now = () => (playing && buffer ? positionAt(playing.source.context.currentTime, playing.when, playing.offset, buffer.duration) : position);

  function begin(ctx: BaseAudioContext, buf: AudioBuffer, target: GainNode, when: number, offset: number): Started {
    const source = ctx.createBufferSource();
    source.buffer = buf;
    source.connect(target);
    source.start(when, offset);
    const started = { source, when, offset };
    source.onended = () => ended(started);
    return started;
  }

  /** The current source played to its end: the next takes over on the same sample, or the track ended. */
  function ended(s: Started): void {
    if (playing !== s) return;
    s.source.disconnect();
    node?.disconnect();
    const n = next;
    if (n?.started && n.buffer && n.node) {
      seq++;
      startedSeq = seq;
      url = n.url;
      gain = n.gain;
      node = n.node;
      buffer = n.buffer;
      playing = n.started;
      position = 0;
      next = null;
      events.duration(buffer.duration);
      events.advanced();
      events.time(now());
      events.started();
      return;
    }
    playing = null;
    position = buffer?.duration ?? 0;
    cancelNext();
    events.ended();
  }

  /** Decodes the next track (while the current one plays) and starts it where the current one ends. */
  function scheduleNext(): void {
    const n = next;
    const s = playing;
    if (!n || !s || n.started || !buffer) return;
    const ctx = s.source.context;
    const current = buffer;
    void decode(ctx, n.url).then(
      (buf) => {
        if (next !== n || playing !== s || n.started) return;
        n.buffer = buf;
        const at = endTime(s.when, s.offset, current.duration);
        if (at <= ctx.currentTime + LEAD_SECONDS / 2) return; // too late for this joint: the track ends, then the next loads
        n.node ??= gainNode(ctx, n.gain);
        n.started = begin(ctx, buf, n.node, at, 0);
      },
      () => undefined, // the next track fails when it is loaded as the current one
    );
  }

  async function start(): Promise<void> {
    const mySeq = seq;
    events.buffering(true);
    let ctx: AudioContext;
    try {
      ctx = await graph.running();
    } catch {
      if (mySeq !== seq) return;
      wantPlay = false;
      events.buffering(false);
      events.blocked();
      return;
    }
    let buf: AudioBuffer;
    try {
      buf = await decode(ctx, url);
    } catch {
      if (mySeq !== seq) return;
      events.buffering(false);
      events.unplayable();
      return;
    }
    if (mySeq !== seq || !wantPlay || playing) return;
    buffer = buf;
    events.duration(buf.duration);
    if (position >= buf.duration) position = 0;
    node ??= gainNode(ctx, gain);
    playing = begin(ctx, buf, node, ctx.currentTime + LEAD_SECONDS, position);
    events.buffering(false);
    events.playing();
    if (startedSeq !== seq) {
      startedSeq = seq;
      events.started();
    }
    scheduleNext();
  }

  function halt(): void {
    if (playing) position = now();
    stop(playing);
    playing = null;
    cancelNext();
  }

  setInterval(() => {
    if (playing) events.time(now());
  }, TICK_MS);

  return {
    get wantsPlay() {
      return wantPlay;
    },
    load(u, autoplay, startAt, g) {
      halt();
      node?.disconnect();
      node = null;
      seq++;
      url = u;
      gain = g;
      buffer = null;
      position = startAt;
      // The player prepares the next track again after each load; a prepared one's decoding is reused.
      next?.node?.disconnect();
      next = null;
      wantPlay = autoplay;
      if (autoplay) void start();
    },
    play() {
      if (!url || playing) return;
      wantPlay = true;
      void start();
    },
    pause() {
      const was = wantPlay || playing !== null;
      wantPlay = false;
      halt();
      if (was) events.paused();
      events.buffering(false);
    },
    restart() {
      startedSeq = -1;
      halt();
      position = 0;
      wantPlay = true;
      void start();
    },
    seek(seconds) {
      const resume = playing !== null;
      halt();
      position = Math.max(0, seconds);
      events.time(position);
      if (resume) void start();
    },
    setGain(g) {
      gain = g;
      node?.gain.setTargetAtTime(g, node.context.currentTime, GAIN_RAMP_SECONDS);
    },
    setVolume(v, muted) {
      volume = muted ? 0 : v;
      if (volumeNode) volumeNode.gain.value = volume;
    },
    prepareNext(n) {
      if (n && next?.url === n.url) {
        next.gain = n.gain;
        next.node?.gain.setTargetAtTime(n.gain, next.node.context.currentTime, GAIN_RAMP_SECONDS);
        return;
      }
      cancelNext();
      next?.node?.disconnect();
      next = n ? { url: n.url, gain: n.gain, buffer: null, node: null, started: null } : null;
      scheduleNext();
    },
    clear() {
      const was = wantPlay || playing !== null;
      seq++;
      wantPlay = false;
      halt();
      if (was) events.paused();
      node?.disconnect();
      node = null;
      next?.node?.disconnect();
      next = null;
      url = '';
      buffer = null;
      position = 0;
      decoded.clear();
    },
  };
}
