// The app's one <audio> element and what it reports. The player store decides what to play; this
// loads it, applies a restored position once the media knows its length, tells the store when a track
// really starts, ends or cannot be played, and watches for a track that never makes progress.
// Every load has a sequence number, so events and promises of a track already left are ignored.
// A transcoded stream (contract/audio-formats.ts) has no byte ranges: it is loaded from a start time,
// a seek loads it again from there, and the times reported count from that start. A stream loaded
// paused (a restored queue) is asked for only when it plays: each one holds a process on the server.

/** With no progress for this long while meant to be playing, a track counts as unplayable. */
export const STALL_MS = 10_000;

export interface AudioEvents {
  /** The loaded track started really playing, first time since its load (or since restart()). */
  started(): void;
  playing(): void;
  paused(): void;
  /** Waiting for data while meant to be playing (true), or no longer (false). */
  buffering(waiting: boolean): void;
  duration(seconds: number): void;
  time(seconds: number): void;
  volume(volume: number, muted: boolean): void;
  ended(): void;
  /** The track cannot be played: an element error, a refused play(), or no progress for STALL_MS. */
  unplayable(): void;
  /** The browser wants a gesture before playing; the track itself is fine. */
  blocked(): void;
}

export interface AudioOutput {
  readonly element: HTMLAudioElement;
  /**
   * Loads `url`, positioned at `startAt` seconds once the media allows; plays when `autoplay`. With
   * `streamFrom`, the track is a stream that starts where asked: `streamFrom(t)` is its URL from `t` seconds.
   */
  load(url: string, autoplay: boolean, startAt?: number, streamFrom?: (seconds: number) => string): void;
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
}

export function createAudioOutput(events: AudioEvents, initial: { volume: number; muted: boolean }): AudioOutput {
  // It lives in the document (hidden) so the page — and its tests — can find it.
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.hidden = true;
  audio.dataset.testid = 'player-audio';
  document.body.append(audio);
  audio.volume = initial.volume;
  audio.muted = initial.muted;

  let wantPlay = false;
  let hasSource = false;
  let loadSeq = 0;
  let failedSeq = -1;
  let startedSeq = -1;
  let pendingSeek = 0;
  /** A stream loaded from a start (see the header): its URL maker and the time its media starts at. */
  let stream: ((seconds: number) => string) | null = null;
  let offset = 0;
  /** A stream loaded paused: its source is set when it first plays. */
  let deferred = false;
  let lastProgress = { at: Date.now(), time: -1 };
  const watchAgain = () => (lastProgress = { at: Date.now(), time: -1 });

  function fail(seq: number): void {
    if (seq !== loadSeq || failedSeq === seq || !hasSource) return;
    failedSeq = seq;
    events.unplayable();
  }

  function play(): void {
    if (!hasSource) return;
    if (stream && deferred) {
      deferred = false;
      audio.src = stream(offset);
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
      deferred = !!stream && !autoplay;
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
      } else audio.currentTime = 0;
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
      } else if (audio.readyState === 0) pendingSeek = seconds;
      else audio.currentTime = seconds;
    },
    setVolume(volume) {
      audio.volume = Math.min(1, Math.max(0, volume));
      if (audio.volume > 0 && audio.muted) audio.muted = false;
    },
    toggleMute() {
      audio.muted = !audio.muted;
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
