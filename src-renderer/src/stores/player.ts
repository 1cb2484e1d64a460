// The player: what is queued and playing, as the views see it. Which track plays next is decided by
// player/queue.ts (pure), the <audio> element is driven by player/audio.ts, and what survives a restart
// by player/storage.ts; this store joins them. A track that cannot be played is skipped with a notice,
// so playback never stalls. A file the browser cannot decode plays as the server's transcoded stream
// when the server has ffmpeg (its status says so), else it is skipped saying it needs ffmpeg.
// Consecutive tracks of an album play gapless (player/gapless.ts), each at its ReplayGain as Settings
// asks (player/replaygain.ts): docs/architecture.md (Playback). From another computer the
// addresses carry the media pass (composables/media-url.ts).
// Over 300 lines: every action of the queue is the store's, around one state.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { transcodePath } from '../../../src-main/contract/audio-formats';
import { mediaUrl } from '../composables/media-url';
import { createAudioOutput } from '../player/audio';
import { joins } from '../player/gapless';
import * as Q from '../player/queue';
import { queueGain } from '../player/replaygain';
import { loadPlayer, MAX_QUEUE, portableUrl, savePlayer } from '../player/storage';
import type { PlayerTrack, QueuedTrack } from '../player/track';
import { timedNotice } from './notice';
import { useSettingsStore } from './settings';
import { useStatusStore } from './status';

export type { RepeatMode } from '../player/queue';
export type { PlayerTrack, QueuedTrack } from '../player/track';

/** What the bar tells the listener; the bar words it in the current language. */
export interface PlayerNotice {
  id: number;
  /**
   * skipped: could not play `title`, went on to the next; failed: could not play it, nothing follows;
   * needsFfmpeg: `title` plays only transcoded, and the server has no ffmpeg.
   */
  kind: 'skipped' | 'failed' | 'nothingPlayable' | 'blocked' | 'needsFfmpeg';
  title?: string;
}

/** previous() restarts the current track when it has played longer than this (seconds). */
const RESTART_AFTER = 3;
const NOTICE_MS = 8_000;

let nextQid = 1;
const queued = (t: PlayerTrack): QueuedTrack => ({ ...t, url: portableUrl(t.url), cover: portableUrl(t.cover), qid: nextQid++ });

export const usePlayerStore = defineStore('player', () => {
  const saved = loadPlayer();
  const restored = saved.queue.map(queued);
  const state = shallowRef<Q.QueueState>({
    tracks: restored,
    index: saved.index,
    unshuffled: saved.unshuffled?.map((i) => restored[i].qid) ?? null,
  });
  const repeat = ref<Q.RepeatMode>(saved.repeat);
  const volume = ref(saved.volume);
  const muted = ref(saved.muted);
  const position = ref(saved.position);
  const mediaDuration = ref(0);
  const paused = ref(true);
  /** Waiting for data while meant to be playing. */
  const buffering = ref(false);
  const { notice, show: showNotice, dismiss: dismissNotice } = timedNotice<PlayerNotice>(NOTICE_MS);

  const queue = computed(() => state.value.tracks);
  const index = computed(() => state.value.index);
  const current = computed(() => Q.current(state.value));
  const duration = computed(() => mediaDuration.value || current.value?.duration || 0);
  const shuffle = computed(() => Q.isShuffled(state.value));
  const hasNext = computed(() => Q.nextIndex(state.value, repeat.value) >= 0);
  const hasPrevious = computed(() => current.value !== null);

  let failuresInRow = 0;
  let lastSavedPosition = position.value;
  /** Told once per loaded track when it first really plays (Recently played records it). */
  const startListeners = new Set<(track: QueuedTrack) => void>();

  const announce = (kind: PlayerNotice['kind'], title?: string) => showNotice({ kind, title });

  function persist(): void {
    const { tracks, index: i, unshuffled } = state.value;
    const at = new Map(tracks.map((t, k) => [t.qid, k]));
    savePlayer({
      queue: tracks.map(({ qid: _qid, ...t }) => t),
      index: i,
      position: position.value,
      unshuffled: unshuffled?.map((qid) => at.get(qid)!) ?? null,
      repeat: repeat.value,
      volume: volume.value,
      muted: muted.value,
    });
    lastSavedPosition = position.value;
  }
  watch([state, repeat, volume, muted], persist);
  window.addEventListener('pagehide', persist);

  const audio = createAudioOutput(
    {
      started() {
        failuresInRow = 0;
        const track = current.value;
        if (track) for (const listener of startListeners) listener(track);
      },
      playing: () => (paused.value = false),
      paused() {
        paused.value = true;
        persist();
      },
      buffering: (waiting) => (buffering.value = waiting),
      duration: (seconds) => (mediaDuration.value = seconds),
      time(seconds) {
        position.value = seconds;
        if (Math.abs(seconds - lastSavedPosition) >= 2) persist();
      },
      volume(v, m) {
        volume.value = v;
        muted.value = m;
      },
      ended() {
        const i = Q.afterEnd(state.value, repeat.value);
        if (i === state.value.index) audio.restart();
        else if (i >= 0) load(i, true);
        else {
          // The end of the queue: stay on the last track, ready to play it again.
          audio.pause();
          audio.seek(0);
          position.value = 0;
        }
      },
      unplayable() {
        const track = current.value;
        if (!track) return;
        failuresInRow++;
        const next = Q.nextIndex(state.value, repeat.value);
        if (failuresInRow >= state.value.tracks.length || next < 0) {
          audio.pause();
          announce(failuresInRow >= state.value.tracks.length ? 'nothingPlayable' : 'failed', track.title);
          return;
        }
        announce('skipped', track.title);
        load(next, audio.wantsPlay);
      },
      blocked: () => announce('blocked'),
      advanced() {
        // The next track already plays, joined to the one that ended: the queue follows it.
        const i = Q.afterEnd(state.value, repeat.value);
        if (i < 0 || i === state.value.index) return;
        failuresInRow = 0;
        state.value = { ...state.value, index: i };
        position.value = 0;
        prepare();
      },
    },
    { volume: volume.value, muted: muted.value },
  );

  const status = useStatusStore();
  const settings = useSettingsStore();

  const gainAt = (i: number) => queueGain(state.value.tracks, i, settings.replayGain, settings.preamp);
  /** The track that follows the one at `i` with no gap, if any: its index, else -1. */
  function joinedAfter(i: number): number {
    const q = { ...state.value, index: i };
    const n = Q.afterEnd(q, repeat.value);
    return n >= 0 && joins(q.tracks[i], q.tracks[n]) ? n : -1;
  }

  /** Sets the current track's gain and prepares the track that joins it. */
  function prepare(): void {
    const i = state.value.index;
    if (i < 0) return audio.prepareNext(null);
    audio.setGain(gainAt(i));
    const n = joinedAfter(i);
    audio.prepareNext(n >= 0 ? { url: mediaUrl(state.value.tracks[n].url), gain: gainAt(n) } : null);
  }
  watch([state, repeat, () => settings.replayGain, () => settings.preamp], prepare);

  /** A track that plays only transcoded, on a server without ffmpeg: said, and skipped when meant to play. */
  function cannotPlayHere(track: QueuedTrack, autoplay: boolean): void {
    audio.clear();
    paused.value = true;
    announce('needsFfmpeg', track.title);
    failuresInRow++;
    const next = Q.nextIndex(state.value, repeat.value);
    if (autoplay && next >= 0 && failuresInRow < state.value.tracks.length) load(next, true);
  }

  /** Makes `i` current and loads its track. */
  function load(i: number, autoplay: boolean, startAt = 0): void {
    const track = state.value.tracks[i];
    if (!track) return;
    if (i !== state.value.index) state.value = { ...state.value, index: i };
    position.value = startAt;
    mediaDuration.value = 0;
    const upId = track.transcode;
    if (upId === undefined) {
      audio.load(mediaUrl(track.url), autoplay, startAt, undefined, { gain: gainAt(i), decoded: joinedAfter(i) >= 0 });
      return prepare();
    }
    if (!status.status && status.loadState.status !== 'error') {
      // Whether the server transcodes is in its status: ask once, then load (unless another track came meanwhile).
      void status.load().then(() => {
        if (current.value?.qid === track.qid) load(i, autoplay, startAt);
      });
      return;
    }
    if (status.status?.transcoding === false) return cannotPlayHere(track, autoplay);
    audio.load(mediaUrl(track.url), autoplay, startAt, (seconds) => mediaUrl(transcodePath(upId, seconds)), { gain: gainAt(i) });
    prepare();
  }

  // Restored paused at the saved position.
  if (current.value) load(index.value, false, saved.position);

  /** Replaces the queue with `tracks` and plays from `tracks[start]`. */
  function play(tracks: PlayerTrack[], start = 0): void {
    const next = Q.replaced(tracks.slice(0, MAX_QUEUE).map(queued), start, shuffle.value, Math.random);
    if (next.tracks.length === 0) return;
    failuresInRow = 0;
    state.value = next;
    load(next.index, true);
  }

  /**
   * Plays a list whose items may have no audio (null): those are left out, and playing starts at the
   * first playable item from `fromIndex` on.
   */
  function playAvailable(list: readonly (PlayerTrack | null)[], fromIndex = 0): void {
    const playable = list.map((t, i) => ({ t, i })).filter((x): x is { t: PlayerTrack; i: number } => x.t !== null);
    if (playable.length === 0) return;
    play(
      playable.map((x) => x.t),
      Math.max(
        0,
        playable.findIndex((x) => x.i >= fromIndex),
      ),
    );
  }

  const room = () => Math.max(0, MAX_QUEUE - state.value.tracks.length);

  /** Adds `tracks` at the end of the queue (at random places after the current track when shuffled). */
  function enqueue(tracks: PlayerTrack[]): void {
    const wasEmpty = state.value.tracks.length === 0;
    state.value = Q.appended(state.value, tracks.slice(0, room()).map(queued), Math.random);
    if (wasEmpty && current.value) load(0, false);
  }

  /** Puts `tracks` right after the current track, to play when it ends. */
  function playNext(tracks: PlayerTrack[]): void {
    const wasEmpty = state.value.tracks.length === 0;
    state.value = Q.playingNext(state.value, tracks.slice(0, room()).map(queued));
    if (wasEmpty && current.value) load(0, false);
  }

  function resume(): void {
    if (!current.value) return;
    failuresInRow = 0;
    if (current.value.transcode !== undefined && status.status?.transcoding === false) return cannotPlayHere(current.value, true);
    audio.play();
  }

  const pause = () => audio.pause();
  const toggle = () => (paused.value ? resume() : pause());
  const playing = () => audio.wantsPlay || !paused.value;

  function next(): void {
    const i = Q.nextIndex(state.value, repeat.value);
    if (i >= 0) load(i, playing());
  }

  function previous(): void {
    if (!current.value) return;
    const i = Q.previousIndex(state.value, repeat.value);
    if (position.value > RESTART_AFTER || i < 0) seek(0);
    else load(i, playing());
  }

  function seek(seconds: number): void {
    if (!current.value) return;
    const t = Math.min(Math.max(0, seconds), duration.value || Infinity);
    position.value = t;
    audio.seek(t);
    persist();
  }

  const seekBy = (delta: number) => seek(position.value + delta);

  /** Plays the queue entry at `i`. */
  function jumpTo(i: number): void {
    if (i < 0 || i >= state.value.tracks.length) return;
    failuresInRow = 0;
    load(i, true);
  }

  function remove(i: number): void {
    const { queue: next, currentGone } = Q.removed(state.value, i);
    if (next.tracks.length === 0 && state.value.tracks.length > 0) return clear();
    const autoplay = audio.wantsPlay;
    state.value = next;
    if (currentGone) load(next.index, autoplay);
  }

  /** Moves the entry at `from` to position `to`; the current track stays current. */
  const move = (from: number, to: number) => (state.value = Q.moved(state.value, from, to));

  function clear(): void {
    audio.clear();
    state.value = { tracks: [], index: -1, unshuffled: state.value.unshuffled ? [] : null };
    position.value = 0;
    mediaDuration.value = 0;
  }

  const toggleShuffle = () => (state.value = Q.shuffleToggled(state.value, Math.random));
  const cycleRepeat = () => (repeat.value = Q.nextRepeat(repeat.value));
  const setVolume = (v: number) => audio.setVolume(v);
  const toggleMute = () => audio.toggleMute();

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
    playAvailable,
    playNext,
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
