// The player: the app's one <audio> element, the queue (always in play order), shuffle and repeat,
// volume, and the notices it shows when a track cannot be played. A track that fails — an `error`
// from the element, a refused play(), or no progress for a while — is skipped so playback never stalls.
// Over 300 lines because the element's events, the queue and skipping are one state machine.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { loadPlayer, MAX_QUEUE, portableUrl, savePlayer, type RepeatMode } from './player-storage';
import type { PlayerTrack, QueuedTrack } from './player-track';

export type { RepeatMode } from './player-storage';
export type { PlayerTrack, QueuedTrack } from './player-track';

/** What the bar tells the listener; the bar words it in the current language. */
export interface PlayerNotice {
  id: number;
  /** skipped: could not play `title`, went on to the next; failed: could not play it, nothing follows. */
  kind: 'skipped' | 'failed' | 'nothingPlayable' | 'blocked';
  title?: string;
}

/** With no progress for this long while meant to be playing, a track counts as unplayable. */
const STALL_MS = 10_000;
/** previous() restarts the current track when it has played longer than this (seconds). */
const RESTART_AFTER = 3;
const NOTICE_MS = 8_000;

let nextQid = 1;
const queued = (t: PlayerTrack): QueuedTrack => ({ ...t, url: portableUrl(t.url), cover: portableUrl(t.cover), qid: nextQid++ });

function shuffled<T>(items: T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const usePlayerStore = defineStore('player', () => {
  const saved = loadPlayer();
  const queue = shallowRef<QueuedTrack[]>(saved.queue.map(queued));
  const index = ref(saved.index);
  /** While shuffled, the queue's order before shuffling (qids), restored when shuffle goes off. */
  const unshuffled = shallowRef<number[] | null>(saved.unshuffled?.map((i) => queue.value[i].qid) ?? null);
  const repeat = ref<RepeatMode>(saved.repeat);
  const volume = ref(saved.volume);
  const muted = ref(saved.muted);
  const position = ref(saved.position);
  const mediaDuration = ref(0);
  const paused = ref(true);
  /** Waiting for data while meant to be playing. */
  const buffering = ref(false);
  const notice = ref<PlayerNotice | null>(null);

  const current = computed<QueuedTrack | null>(() => queue.value[index.value] ?? null);
  const duration = computed(() => mediaDuration.value || current.value?.duration || 0);
  const shuffle = computed(() => unshuffled.value !== null);
  // Repeat (all or one) lets the buttons wrap around the queue; the end of a track only wraps with 'all'.
  const hasNext = computed(() => index.value >= 0 && (index.value < queue.value.length - 1 || repeat.value !== 'off'));
  const hasPrevious = computed(() => current.value !== null);

  // The one media element. It lives in the document (hidden) so the page — and its tests — can find it.
  const audio = document.createElement('audio');
  audio.preload = 'metadata';
  audio.hidden = true;
  audio.dataset.testid = 'player-audio';
  document.body.append(audio);
  audio.volume = volume.value;
  audio.muted = muted.value;

  /** True from play() until pause(): what the listener asked for, whatever the element is doing. */
  let wantPlay = false;
  /** Counts loads, so events and promises of a track already left are ignored. */
  let loadSeq = 0;
  let failedSeq = -1;
  let failuresInRow = 0;
  let pendingSeek = 0;
  let lastProgress = { at: Date.now(), time: -1 };
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  let noticeCount = 0;
  let lastSavedPosition = position.value;
  /** Told once per loaded track when it first really plays (Recently played records it). */
  const startListeners = new Set<(track: QueuedTrack) => void>();
  let startedSeq = -1;

  function announce(kind: PlayerNotice['kind'], title?: string): void {
    notice.value = { id: ++noticeCount, kind, title };
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => (notice.value = null), NOTICE_MS);
  }

  // --- persistence -------------------------------------------------------------------------------
  function persist(): void {
    const pos = new Map(queue.value.map((t, i) => [t.qid, i]));
    savePlayer({
      queue: queue.value.map(({ qid: _qid, ...t }) => t),
      index: index.value,
      position: position.value,
      unshuffled: unshuffled.value?.map((qid) => pos.get(qid)!) ?? null,
      repeat: repeat.value,
      volume: volume.value,
      muted: muted.value,
    });
    lastSavedPosition = position.value;
  }
  watch([queue, index, unshuffled, repeat, volume, muted], persist);
  window.addEventListener('pagehide', persist);

  // --- loading and playing -----------------------------------------------------------------------
  function load(i: number, autoplay: boolean, startAt = 0): void {
    const track = queue.value[i];
    if (!track) return;
    loadSeq++;
    index.value = i;
    position.value = startAt;
    mediaDuration.value = 0;
    pendingSeek = startAt;
    lastProgress = { at: Date.now(), time: -1 };
    audio.src = track.url;
    if (autoplay) start();
    else wantPlay = false;
  }

  function start(): void {
    if (!current.value) return;
    wantPlay = true;
    lastProgress = { at: Date.now(), time: -1 };
    const seq = loadSeq;
    audio.play().catch((e: DOMException) => {
      if (seq !== loadSeq || e.name === 'AbortError') return; // a newer load interrupted this one
      if (e.name === 'NotAllowedError') {
        // The browser wants a gesture first: stay paused and say so; the track itself is fine.
        wantPlay = false;
        announce('blocked');
        return;
      }
      unplayable(seq);
    });
  }

  /** The track loaded as `seq` cannot be played: say so and go on to the next one. */
  function unplayable(seq: number): void {
    if (seq !== loadSeq || failedSeq === seq || !current.value) return;
    failedSeq = seq;
    failuresInRow++;
    const title = current.value.title;
    const resume = wantPlay;
    const next = neighbour(1, repeat.value !== 'off');
    if (failuresInRow >= queue.value.length || next < 0) {
      wantPlay = false;
      audio.pause();
      announce(failuresInRow >= queue.value.length ? 'nothingPlayable' : 'failed', title);
      return;
    }
    announce('skipped', title);
    load(next, resume);
  }

  /** The queue index `step` away from the current one, wrapping around when `wrap`; -1 past an end. */
  function neighbour(step: 1 | -1, wrap: boolean): number {
    const n = queue.value.length;
    if (n === 0) return -1;
    const i = index.value + step;
    if (i >= 0 && i < n) return i;
    return wrap ? (i + n) % n : -1;
  }

  audio.addEventListener('playing', () => {
    paused.value = false;
    buffering.value = false;
    failuresInRow = 0;
    if (startedSeq !== loadSeq && current.value) {
      startedSeq = loadSeq;
      for (const listener of startListeners) listener(current.value);
    }
  });
  audio.addEventListener('play', () => (paused.value = false));
  audio.addEventListener('pause', () => {
    paused.value = true;
    buffering.value = false;
    persist();
  });
  audio.addEventListener('waiting', () => (buffering.value = wantPlay));
  audio.addEventListener('loadedmetadata', () => {
    if (Number.isFinite(audio.duration)) mediaDuration.value = audio.duration;
    if (pendingSeek > 0 && pendingSeek < audio.duration) audio.currentTime = pendingSeek;
    pendingSeek = 0;
  });
  audio.addEventListener('durationchange', () => {
    if (Number.isFinite(audio.duration)) mediaDuration.value = audio.duration;
  });
  audio.addEventListener('timeupdate', () => {
    if (pendingSeek > 0) return; // the element reports 0 until the restored position is applied
    position.value = audio.currentTime;
    if (Math.abs(position.value - lastSavedPosition) >= 2) persist();
  });
  audio.addEventListener('volumechange', () => {
    volume.value = audio.volume;
    muted.value = audio.muted;
  });
  audio.addEventListener('error', () => unplayable(loadSeq));
  audio.addEventListener('ended', () => {
    if (repeat.value === 'one') {
      audio.currentTime = 0;
      startedSeq = -1; // the repeat is a new start of the track
      start();
      return;
    }
    const next = neighbour(1, repeat.value === 'all');
    if (next >= 0) load(next, true);
    else {
      // The end of the queue: stay on the last track, ready to play it again.
      wantPlay = false;
      position.value = 0;
      audio.currentTime = 0;
    }
  });

  // No progress for STALL_MS while meant to be playing: the file never starts (or hangs), so skip it.
  setInterval(() => {
    // A pause from outside (the OS, a media key without our handler) also stops the watch.
    if (!wantPlay || audio.paused || !current.value) return;
    if (audio.currentTime !== lastProgress.time) lastProgress = { at: Date.now(), time: audio.currentTime };
    else if (Date.now() - lastProgress.at > STALL_MS) unplayable(loadSeq);
  }, 1000);

  // Restored paused at the saved position.
  if (current.value) load(index.value, false, saved.position);

  // --- public actions ----------------------------------------------------------------------------
  /** Replaces the queue with `tracks` and plays from `tracks[start]`. */
  function play(tracks: PlayerTrack[], start = 0): void {
    const items = tracks.slice(0, MAX_QUEUE).map(queued);
    if (items.length === 0) return;
    const first = Math.min(Math.max(0, Math.trunc(start) || 0), items.length - 1);
    failuresInRow = 0;
    if (shuffle.value) {
      unshuffled.value = items.map((t) => t.qid);
      queue.value = [items[first], ...shuffled(items.filter((_, i) => i !== first))];
      load(0, true);
    } else {
      queue.value = items;
      load(first, true);
    }
  }

  /** Adds `tracks` at the end of the queue (at random places after the current track when shuffled). */
  function enqueue(tracks: PlayerTrack[]): void {
    const items = tracks.slice(0, Math.max(0, MAX_QUEUE - queue.value.length)).map(queued);
    if (items.length === 0) return;
    const wasEmpty = queue.value.length === 0;
    if (shuffle.value) {
      const next = queue.value.slice();
      for (const item of items) next.splice(index.value + 1 + Math.floor(Math.random() * (next.length - index.value)), 0, item);
      queue.value = next;
      unshuffled.value = [...unshuffled.value!, ...items.map((t) => t.qid)];
    } else {
      queue.value = [...queue.value, ...items];
    }
    if (wasEmpty) load(0, false);
  }

  function resume(): void {
    if (!current.value) return;
    failuresInRow = 0;
    start();
  }

  function pause(): void {
    wantPlay = false;
    audio.pause();
  }

  const toggle = () => (paused.value ? resume() : pause());

  function next(): void {
    const i = neighbour(1, repeat.value !== 'off');
    if (i >= 0) load(i, wantPlay || !paused.value);
  }

  function previous(): void {
    if (!current.value) return;
    const i = neighbour(-1, repeat.value !== 'off');
    if (position.value > RESTART_AFTER || i < 0) seek(0);
    else load(i, wantPlay || !paused.value);
  }

  function seek(seconds: number): void {
    if (!current.value) return;
    const end = duration.value || Infinity;
    const t = Math.min(Math.max(0, seconds), end);
    position.value = t;
    lastProgress = { at: Date.now(), time: -1 };
    if (audio.readyState === 0) pendingSeek = t;
    else audio.currentTime = t;
    persist();
  }

  const seekBy = (delta: number) => seek(position.value + delta);

  /** Plays the queue entry at `i`. */
  function jumpTo(i: number): void {
    if (i < 0 || i >= queue.value.length) return;
    failuresInRow = 0;
    load(i, true);
  }

  function remove(i: number): void {
    const gone = queue.value[i];
    if (!gone) return;
    queue.value = queue.value.filter((_, k) => k !== i);
    if (unshuffled.value) unshuffled.value = unshuffled.value.filter((qid) => qid !== gone.qid);
    if (i < index.value) index.value--;
    else if (i === index.value) {
      if (queue.value.length === 0) return clear();
      // The current track went: the one after it (or the new last) takes its place.
      load(Math.min(i, queue.value.length - 1), wantPlay);
    }
  }

  /** Moves the entry at `from` to position `to`; the current track stays current. */
  function move(from: number, to: number): void {
    const n = queue.value.length;
    if (from === to || from < 0 || to < 0 || from >= n || to >= n) return;
    const playingQid = current.value?.qid;
    const next = queue.value.slice();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    queue.value = next;
    index.value = next.findIndex((t) => t.qid === playingQid);
  }

  function clear(): void {
    wantPlay = false;
    loadSeq++;
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
    queue.value = [];
    unshuffled.value = unshuffled.value ? [] : null;
    index.value = -1;
    position.value = 0;
    mediaDuration.value = 0;
  }

  function toggleShuffle(): void {
    const playingQid = current.value?.qid;
    if (unshuffled.value) {
      const byQid = new Map(queue.value.map((t) => [t.qid, t]));
      queue.value = unshuffled.value.map((qid) => byQid.get(qid)!).filter(Boolean);
      unshuffled.value = null;
    } else {
      unshuffled.value = queue.value.map((t) => t.qid);
      // The current track stays first; the rest are shuffled after it.
      const rest = queue.value.filter((t) => t.qid !== playingQid);
      queue.value = current.value ? [current.value, ...shuffled(rest)] : shuffled(rest);
    }
    index.value = queue.value.findIndex((t) => t.qid === playingQid);
  }

  function cycleRepeat(): void {
    repeat.value = repeat.value === 'off' ? 'all' : repeat.value === 'all' ? 'one' : 'off';
  }

  function setVolume(v: number): void {
    audio.volume = Math.min(1, Math.max(0, v));
    if (audio.volume > 0 && audio.muted) audio.muted = false;
  }

  function toggleMute(): void {
    audio.muted = !audio.muted;
  }

  const dismissNotice = () => (notice.value = null);

  /** Calls `listener` each time a track starts playing (not on resume); answers the unsubscribe. */
  function onTrackStart(listener: (track: QueuedTrack) => void): () => void {
    startListeners.add(listener);
    return () => startListeners.delete(listener);
  }

  return {
    queue,
    index,
    current,
    position,
    duration,
    paused,
    buffering,
    shuffle,
    repeat,
    volume,
    muted,
    notice,
    hasNext,
    hasPrevious,
    play,
    enqueue,
    resume,
    pause,
    toggle,
    next,
    previous,
    seek,
    seekBy,
    jumpTo,
    remove,
    move,
    clear,
    toggleShuffle,
    cycleRepeat,
    setVolume,
    toggleMute,
    dismissNotice,
    onTrackStart,
  };
});
