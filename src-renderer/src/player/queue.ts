// The play queue as plain data and pure functions, no Vue or DOM: the tracks in play order, which one
// is current, the order before shuffling, and what plays next, after the end, or instead of a track
// that goes. The player store keeps a QueueState and replaces it with what these functions answer.
import type { QueuedTrack } from './track';

export type RepeatMode = 'off' | 'all' | 'one';

export interface QueueState {
  /** In play order (shuffled, when shuffle is on). */
  tracks: readonly QueuedTrack[];
  /** The current track's position in `tracks`; -1 when the queue is empty. */
  index: number;
  /** While shuffled: the order before shuffling (qids), restored when shuffle goes off; else null. */
  unshuffled: readonly number[] | null;
}

/** A source of numbers in [0, 1): Math.random, or a seeded one in tests. */
export type Random = () => number;

export const EMPTY_QUEUE: QueueState = { tracks: [], index: -1, unshuffled: null };

export const current = (q: QueueState): QueuedTrack | null => q.tracks[q.index] ?? null;
export const isShuffled = (q: QueueState) => q.unshuffled !== null;

/** A copy in random order (Fisher–Yates). */
export function shuffledCopy<T>(items: readonly T[], random: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The position `step` away from the current one, wrapping around when `wrap`; -1 past an end. */
export function neighbour(q: QueueState, step: 1 | -1, wrap: boolean): number {
  const n = q.tracks.length;
  if (n === 0) return -1;
  const i = q.index + step;
  if (i >= 0 && i < n) return i;
  return wrap ? (i + n) % n : -1;
}

/** What the next button plays: repeat (all or one) lets it wrap around the queue. */
export const nextIndex = (q: QueueState, repeat: RepeatMode) => neighbour(q, 1, repeat !== 'off');
export const previousIndex = (q: QueueState, repeat: RepeatMode) => neighbour(q, -1, repeat !== 'off');
/** What plays when the current track ends: itself again (repeat one), the next (wrapping with repeat all), or nothing (-1). */
export const afterEnd = (q: QueueState, repeat: RepeatMode) => (repeat === 'one' ? q.index : neighbour(q, 1, repeat === 'all'));

/** A new queue of `items`, current at `start`; shuffled, `start` goes first and the rest after it in random order. */
export function replaced(items: readonly QueuedTrack[], start: number, shuffle: boolean, random: Random): QueueState {
  if (items.length === 0) return EMPTY_QUEUE;
  const first = Math.min(Math.max(0, Math.trunc(start) || 0), items.length - 1);
  if (!shuffle) return { tracks: items.slice(), index: first, unshuffled: null };
  return {
    tracks: [
      items[first],
      ...shuffledCopy(
        items.filter((_, i) => i !== first),
        random,
      ),
    ],
    index: 0,
    unshuffled: items.map((t) => t.qid),
  };
}

/** `items` added at the end (shuffled: each at a random place after the current track); an empty queue starts at the first. */
export function appended(q: QueueState, items: readonly QueuedTrack[], random: Random): QueueState {
  if (items.length === 0) return q;
  const index = q.tracks.length === 0 ? 0 : q.index;
  if (!q.unshuffled) return { tracks: [...q.tracks, ...items], index, unshuffled: null };
  const tracks = q.tracks.slice();
  for (const item of items) tracks.splice(q.index + 1 + Math.floor(random() * (tracks.length - q.index)), 0, item);
  return { tracks, index, unshuffled: [...q.unshuffled, ...items.map((t) => t.qid)] };
}

/** `items` right after the current track, in their order (and there too in the order before shuffling). */
export function playingNext(q: QueueState, items: readonly QueuedTrack[]): QueueState {
  if (items.length === 0) return q;
  if (q.tracks.length === 0) return { tracks: items.slice(), index: 0, unshuffled: q.unshuffled ? items.map((t) => t.qid) : null };
  const tracks = q.tracks.slice();
  tracks.splice(q.index + 1, 0, ...items);
  let unshuffled = q.unshuffled;
  if (unshuffled) {
    const at = unshuffled.indexOf(q.tracks[q.index].qid);
    unshuffled = [...unshuffled.slice(0, at + 1), ...items.map((t) => t.qid), ...unshuffled.slice(at + 1)];
  }
  return { tracks, index: q.index, unshuffled };
}

/**
 * Without the track at `i`. When it was the current one, the one after it (or the new last) takes its
 * place, and `currentGone` says the player must load it.
 */
export function removed(q: QueueState, i: number): { queue: QueueState; currentGone: boolean } {
  const gone = q.tracks[i];
  if (!gone) return { queue: q, currentGone: false };
  const tracks = q.tracks.filter((_, k) => k !== i);
  const unshuffled = q.unshuffled && q.unshuffled.filter((qid) => qid !== gone.qid);
  if (tracks.length === 0) return { queue: { tracks, index: -1, unshuffled: unshuffled && [] }, currentGone: i === q.index };
  if (i < q.index) return { queue: { tracks, index: q.index - 1, unshuffled }, currentGone: false };
  if (i > q.index) return { queue: { tracks, index: q.index, unshuffled }, currentGone: false };
  return { queue: { tracks, index: Math.min(i, tracks.length - 1), unshuffled }, currentGone: true };
}

/** The track at `from` moved to `to`; the current track stays current. */
export function moved(q: QueueState, from: number, to: number): QueueState {
  const n = q.tracks.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return q;
  const playing = current(q)?.qid;
  const tracks = q.tracks.slice();
  const [item] = tracks.splice(from, 1);
  tracks.splice(to, 0, item);
  return { tracks, index: tracks.findIndex((t) => t.qid === playing), unshuffled: q.unshuffled };
}

/** Shuffle on (the current track first, the rest in random order) or off (the order before shuffling back). */
export function shuffleToggled(q: QueueState, random: Random): QueueState {
  const playing = current(q);
  if (q.unshuffled) {
    const byQid = new Map(q.tracks.map((t) => [t.qid, t]));
    const tracks = q.unshuffled.map((qid) => byQid.get(qid)).filter((t): t is QueuedTrack => t !== undefined);
    return { tracks, index: tracks.findIndex((t) => t.qid === playing?.qid), unshuffled: null };
  }
  const rest = shuffledCopy(
    q.tracks.filter((t) => t.qid !== playing?.qid),
    random,
  );
  const tracks = playing ? [playing, ...rest] : rest;
  return { tracks, index: tracks.findIndex((t) => t.qid === playing?.qid), unshuffled: q.tracks.map((t) => t.qid) };
}

export const nextRepeat = (repeat: RepeatMode): RepeatMode => (repeat === 'off' ? 'all' : repeat === 'all' ? 'one' : 'off');
