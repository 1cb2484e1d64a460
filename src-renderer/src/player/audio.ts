// What the player store plays through: the app's one <audio> element, or decoded buffers for tracks
// that join the next one gapless (player/decoded-output.ts, chosen by player/gapless.ts), both through
// one AudioContext (player/audio-graph.ts) where a GainNode applies ReplayGain (player/replaygain.ts).
// docs/architecture.md (Playback) says which plays how, and why.
//
// The element: the store decides what to play; this loads it, applies a restored position once the
// media knows its length, tells the store when a track really starts, ends or cannot be played, and
// watches for a track that never makes progress.
// Every load has a sequence number, so events and promises of a track already left are ignored.
// A transcoded stream (contract/audio-formats.ts) has no byte ranges: it is loaded from a start time,
// a seek loads it again from there, and the times reported count from that start. A track loaded
// paused (a restored queue) is asked for only when it plays: nothing is fetched (and then dropped by a
// seek to the restored position) on a page load, and a stream holds a process on the server.
import { createAudioGraph, GAIN_RAMP_SECONDS, type AudioGraph } from './audio-graph';
import type { AudioEvents } from './audio-events';
import { createDecodedOutput } from './decoded-output';

export type { AudioEvents } from './audio-events';

/** With no progress for this long while meant to be playing, a track counts as unplayable. */
export const STALL_MS = 10_000;

export interface LoadOptions {
  /** ReplayGain's linear gain for the track. */
  gain?: number;
  /** Play it decoded, so the next track can join it gapless (never for a stream). */
  decoded?: boolean;
}

export interface AudioOutput {
  readonly element: HTMLAudioElement;
  /**
   * Loads `url`, positioned at `startAt` seconds once the media allows; plays when `autoplay`. With
   * `streamFrom`, the track is a stream that starts where asked: `streamFrom(t)` is its URL from `t` seconds.
   */
  load(url: string, autoplay: boolean, startAt?: number, streamFrom?: (seconds: number) => string, options?: LoadOptions): void;
  play(): void;
  pause(): void;
  /** Plays the loaded track again from its start, as a new start (repeat one). */
  restart(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  /** Unloads: no source, nothing playing. */
  clear(): void;
  /** True from play() until pause(): what the listener asked for, whatever the element is doing. */
  readonly wantsPlay: boolean;
  /** The loaded track's ReplayGain (linear). */
  setGain(gain: number): void;
  /** A decoded track's successor, started where it ends (with its gain); null for none. */
  prepareNext(next: { url: string; gain: number } | null): void;
}

type ElementOutput = Omit<AudioOutput, 'prepareNext'>;

function createElementOutput(events: AudioEvents, initial: { volume: number; muted: boolean }, graph: AudioGraph): ElementOutput {
  // It lives in the document (hidden) so the page — and its tests — can find it.
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.hidden = true;
  audio.dataset.testid = 'player-audio';
  document.body.append(audio);
  audio.volume = initial.volume;
  audio.muted = initial.muted;

  // Once the context runs, the element plays through it, at its ReplayGain.
  let gain = 1;
  let gainNode: GainNode | null = null;
  graph.whenRunning((ctx) => {
    gainNode = ctx.createGain();
    gainNode.gain.value = gain;
    ctx.createMediaElementSource(audio).connect(gainNode).connect(ctx.destination);
  });

  let wantPlay = false;
  let hasSource = false;
  let loadSeq = 0;
  let failedSeq = -1;
  let startedSeq = -1;
  let pendingSeek = 0;
  /** A stream loaded from a start (see the header): its URL maker and the time its media starts at. */
  let stream: ((seconds: number) => string) | null = null;
  let offset = 0;
  /** A track loaded paused (one a page load restores): its source is set when it first plays, so nothing is fetched before. */
  let deferred = false;
  let source = '';
  let lastProgress = { at: Date.now(), time: -1 };
  const watchAgain = () => (lastProgress = { at: Date.now(), time: -1 });

  function fail(seq: number): void {
    if (seq !== loadSeq || failedSeq === seq || !hasSource) return;
    failedSeq = seq;
    events.unplayable();
  }

  function play(): void {
    if (!hasSource) return;
    graph.ensure();
    if (deferred) {
      deferred = false;
      audio.src = stream ? stream(offset) : source;
    }
    wantPlay = true;
    watchAgain();
    const seq = loadSeq;
    audio.play().catch((e: DOMException) => {
      if (seq !== loadSeq || e.name === 'AbortError') return; // a newer load interrupted this one
      if (e.name === 'NotAllowedError') {
        wantPlay = false;
        events.blocked();
        return;
      }
      fail(seq);
    });
  }

  audio.addEventListener('playing', () => {
    events.playing();
    events.buffering(false);
    if (startedSeq !== loadSeq) {
      startedSeq = loadSeq;
      events.started();
    }
  });
  audio.addEventListener('play', () => events.playing());
  audio.addEventListener('pause', () => {
    events.buffering(false);
    events.paused();
  });
  audio.addEventListener('waiting', () => events.buffering(wantPlay));
  audio.addEventListener('loadedmetadata', () => {
    if (Number.isFinite(audio.duration) && !stream) events.duration(audio.duration);
    if (pendingSeek > 0 && pendingSeek < audio.duration) audio.currentTime = pendingSeek;
    pendingSeek = 0;
  });
  audio.addEventListener('durationchange', () => {
    // A stream's media is only what is left of the track: its length is the track's, from the catalogue.
    if (Number.isFinite(audio.duration) && !stream) events.duration(audio.duration);
  });
  audio.addEventListener('timeupdate', () => {
    if (pendingSeek > 0) return; // the element reports 0 until the restored position is applied
    events.time(offset + audio.currentTime);
  });
  audio.addEventListener('volumechange', () => events.volume(audio.volume, audio.muted));
  audio.addEventListener('error', () => fail(loadSeq));
  audio.addEventListener('ended', () => events.ended());

  // No progress for STALL_MS while meant to be playing: the file never starts (or hangs).
  setInterval(() => {
    // A pause from outside (the OS, a media key without our handler) also stops the watch.
    if (!wantPlay || audio.paused || !hasSource) return;
    if (audio.currentTime !== lastProgress.time) lastProgress = { at: Date.now(), time: audio.currentTime };
    else if (Date.now() - lastProgress.at > STALL_MS) fail(loadSeq);
  }, 1000);

  return {
    element: audio,
    get wantsPlay() {
      return wantPlay;
    },
    load(url, autoplay, startAt = 0, streamFrom) {
      loadSeq++;
      hasSource = true;
      stream = streamFrom ?? null;
      offset = stream ? startAt : 0;
      pendingSeek = stream ? 0 : startAt;
      watchAgain();
      source = url;
      deferred = !autoplay;
      if (deferred) {
        audio.pause();
        audio.removeAttribute('src');
        audio.load();
      } else audio.src = stream ? stream(startAt) : url;
      if (autoplay) play();
      else wantPlay = false;
    },
    play,
    pause() {
      wantPlay = false;
      audio.pause();
    },
    restart() {
      if (stream) {
        offset = 0;
        deferred = false;
        audio.src = stream(0);
      } else if (deferred) pendingSeek = 0;
      else audio.currentTime = 0;
      startedSeq = -1;
      play();
    },
    seek(seconds) {
      watchAgain();
      if (stream) {
        // The same track from another start: no new load for the store (it has not changed tracks).
        offset = seconds;
        if (deferred) return;
        audio.src = stream(seconds);
        if (wantPlay) play();
      } else if (deferred || audio.readyState === 0) pendingSeek = seconds;
      else audio.currentTime = seconds;
    },
    setVolume(volume) {
      audio.volume = Math.min(1, Math.max(0, volume));
      if (audio.volume > 0 && audio.muted) audio.muted = false;
    },
    toggleMute() {
      audio.muted = !audio.muted;
    },
    setGain(g) {
      gain = g;
      // A short ramp, so a change while playing does not click.
      gainNode?.gain.setTargetAtTime(g, gainNode.context.currentTime, GAIN_RAMP_SECONDS);
    },
    clear() {
      wantPlay = false;
      hasSource = false;
      stream = null;
      offset = 0;
      deferred = false;
      loadSeq++;
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    },
  };
}

export function createAudioOutput(events: AudioEvents, initial: { volume: number; muted: boolean }): AudioOutput {
  const graph = createAudioGraph();
  let mode: 'element' | 'decoded' = 'element';
  /** Each engine's events reach the store only while it plays the loaded track. */
  const from = (m: typeof mode): AudioEvents =>
    Object.fromEntries(
      Object.entries(events).map(([name, handler]) => [name, (...args: unknown[]) => mode === m && (handler as (...a: unknown[]) => void)(...args)]),
    ) as unknown as AudioEvents;
  const elementEvents = from('element');
  const element = createElementOutput(
    {
      ...elementEvents,
      // The element holds the volume for both: the decoded output follows it.
      volume(v, m) {
        decoded.setVolume(v, m);
        events.volume(v, m);
      },
    },
    initial,
    graph,
  );
  const decoded = createDecodedOutput(graph, from('decoded'), initial);
  const active = () => (mode === 'element' ? element : decoded);

  return {
    element: element.element,
    get wantsPlay() {
      return active().wantsPlay;
    },
    load(url, autoplay, startAt = 0, streamFrom, options = {}) {
      const wanted = options.decoded && !streamFrom && graph.available ? 'decoded' : 'element';
      const gain = options.gain ?? 1;
      if (wanted !== mode) active().clear();
      mode = wanted;
      if (autoplay) graph.ensure();
      if (mode === 'decoded') decoded.load(url, autoplay, startAt, gain);
      else {
        element.setGain(gain);
        element.load(url, autoplay, startAt, streamFrom);
      }
    },
    play: () => active().play(),
    pause: () => active().pause(),
    restart: () => active().restart(),
    seek: (seconds) => active().seek(seconds),
    setVolume: (v) => element.setVolume(v),
    toggleMute: () => element.toggleMute(),
    clear() {
      element.clear();
      decoded.clear();
      mode = 'element';
    },
    setGain: (gain) => active().setGain(gain),
    prepareNext: (next) => decoded.prepareNext(mode === 'decoded' ? next : null),
  };
}
