// The play queue's pure rules: what plays next under each repeat mode, replacing, appending and
// "play next", removing the current or another track, moving, and shuffle on and off.
import { describe, expect, it } from 'vitest';
import * as Q from '../../../../src-renderer/src/player/queue';
import type { QueuedTrack } from '../../../../src-renderer/src/player/track';

const track = (qid: number): QueuedTrack => ({
  qid,
  subId: qid,
  title: `T${qid}`,
  wikiId: 1,
  wikiTitle: 'Album',
  wikiType: 'music',
  artist: 'Artist',
  cover: '',
  url: `/files/${qid}.mp3`,
  duration: 60,
});
const tracks = (...qids: number[]) => qids.map(track);
const qids = (q: Q.QueueState) => q.tracks.map((t) => t.qid);
const at = (qs: number[], index: number, unshuffled: number[] | null = null): Q.QueueState => ({ tracks: tracks(...qs), index, unshuffled });

/** A seeded source of numbers in [0, 1), so shuffles are repeatable. */
function seeded(seed: number): Q.Random {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('what plays next', () => {
  it('steps through the queue and stops at the ends with repeat off', () => {
    expect(Q.nextIndex(at([1, 2, 3], 1), 'off')).toBe(2);
    expect(Q.nextIndex(at([1, 2, 3], 2), 'off')).toBe(-1);
    expect(Q.previousIndex(at([1, 2, 3], 0), 'off')).toBe(-1);
    expect(Q.nextIndex(Q.EMPTY_QUEUE, 'all')).toBe(-1);
  });

  it('wraps around with repeat all or one when the listener presses next or previous', () => {
    expect(Q.nextIndex(at([1, 2, 3], 2), 'all')).toBe(0);
    expect(Q.nextIndex(at([1, 2, 3], 2), 'one')).toBe(0);
    expect(Q.previousIndex(at([1, 2, 3], 0), 'all')).toBe(2);
  });

  it('after a track ends: itself again with repeat one, the first again with repeat all, nothing with off', () => {
    expect(Q.afterEnd(at([1, 2, 3], 1), 'one')).toBe(1);
    expect(Q.afterEnd(at([1, 2, 3], 2), 'all')).toBe(0);
    expect(Q.afterEnd(at([1, 2, 3], 2), 'off')).toBe(-1);
    expect(Q.afterEnd(at([1, 2, 3], 0), 'off')).toBe(1);
  });

  it('cycles repeat off → all → one → off', () => {
    expect([Q.nextRepeat('off'), Q.nextRepeat('all'), Q.nextRepeat('one')]).toEqual(['all', 'one', 'off']);
  });
});

describe('replacing and adding', () => {
  it('replaces the queue starting at the asked track, clamped into range', () => {
    expect(Q.replaced(tracks(1, 2, 3), 1, false, Math.random)).toEqual({ tracks: tracks(1, 2, 3), index: 1, unshuffled: null });
    expect(Q.replaced(tracks(1, 2, 3), 9, false, Math.random).index).toBe(2);
    expect(Q.replaced(tracks(1, 2, 3), Number.NaN, false, Math.random).index).toBe(0);
    expect(Q.replaced([], 0, false, Math.random)).toBe(Q.EMPTY_QUEUE);
  });

  it('shuffled, the asked track plays first and every track is there once', () => {
    const q = Q.replaced(tracks(1, 2, 3, 4, 5), 3, true, seeded(7));
    expect(q.index).toBe(0);
    expect(qids(q)[0]).toBe(4);
    expect([...qids(q)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(q.unshuffled).toEqual([1, 2, 3, 4, 5]);
  });

  it('appends at the end, and an empty queue starts at the first added', () => {
    expect(qids(Q.appended(at([1, 2], 0), tracks(3, 4), Math.random))).toEqual([1, 2, 3, 4]);
    expect(Q.appended(Q.EMPTY_QUEUE, tracks(3), Math.random).index).toBe(0);
  });

  it('appends shuffled tracks after the current one, never before it, and remembers them for unshuffling', () => {
    for (let seed = 1; seed < 30; seed++) {
      const q = Q.appended(at([1, 2, 3], 1, [1, 2, 3]), tracks(8, 9), seeded(seed));
      expect(q.tracks.slice(0, 2).map((t) => t.qid)).toEqual([1, 2]);
      expect([...qids(q)].sort()).toEqual([1, 2, 3, 8, 9]);
      expect(q.unshuffled).toEqual([1, 2, 3, 8, 9]);
    }
  });

  it('"play next" puts tracks right after the current one, in order, also in the order before shuffling', () => {
    expect(qids(Q.playingNext(at([1, 2, 3], 0), tracks(8, 9)))).toEqual([1, 8, 9, 2, 3]);
    const shuffled = Q.playingNext(at([3, 1, 2], 0, [1, 2, 3]), tracks(8));
    expect(qids(shuffled)).toEqual([3, 8, 1, 2]);
    expect(shuffled.unshuffled).toEqual([1, 2, 3, 8]);
    expect(qids(Q.playingNext(Q.EMPTY_QUEUE, tracks(8)))).toEqual([8]);
  });
});

describe('removing and moving', () => {
  it('removing a track before the current one keeps the same track current', () => {
    const { queue, currentGone } = Q.removed(at([1, 2, 3], 2), 0);
    expect(qids(queue)).toEqual([2, 3]);
    expect(Q.current(queue)?.qid).toBe(3);
    expect(currentGone).toBe(false);
  });

  it('removing the current track makes the next (or the new last) current and says so', () => {
    expect(Q.current(Q.removed(at([1, 2, 3], 1), 1).queue)?.qid).toBe(3);
    const last = Q.removed(at([1, 2, 3], 2), 2);
    expect(Q.current(last.queue)?.qid).toBe(2);
    expect(last.currentGone).toBe(true);
    expect(Q.removed(at([1], 0), 0).queue.index).toBe(-1);
  });

  it('removing also forgets the track in the order before shuffling; an index out of range changes nothing', () => {
    expect(Q.removed(at([2, 1, 3], 0, [1, 2, 3]), 1).queue.unshuffled).toEqual([2, 3]);
    const q = at([1, 2], 0);
    expect(Q.removed(q, 5).queue).toBe(q);
  });

  it('moving keeps the current track current', () => {
    const q = Q.moved(at([1, 2, 3, 4], 1), 1, 3);
    expect(qids(q)).toEqual([1, 3, 4, 2]);
    expect(Q.current(q)?.qid).toBe(2);
    const other = Q.moved(at([1, 2, 3, 4], 1), 3, 0);
    expect(qids(other)).toEqual([4, 1, 2, 3]);
    expect(Q.current(other)?.qid).toBe(2);
    expect(Q.moved(at([1, 2], 0), 0, 5)).toEqual(at([1, 2], 0));
  });
});

describe('shuffle', () => {
  it('on: the current track first, the others after it in some order; off: the old order back with the same track current', () => {
    const start = at([1, 2, 3, 4, 5], 2);
    const on = Q.shuffleToggled(start, seeded(3));
    expect(Q.isShuffled(on)).toBe(true);
    expect(qids(on)[0]).toBe(3);
    expect(on.index).toBe(0);
    expect([...qids(on)].sort()).toEqual([1, 2, 3, 4, 5]);
    const off = Q.shuffleToggled({ ...on, index: 3 }, seeded(3));
    expect(Q.isShuffled(off)).toBe(false);
    expect(qids(off)).toEqual([1, 2, 3, 4, 5]);
    expect(Q.current(off)?.qid).toBe(qids(on)[3]);
  });

  it('shuffles with every order possible (Fisher–Yates), not a fixed rotation', () => {
    const seen = new Set<string>();
    const random = seeded(11);
    for (let n = 0; n < 300; n++) seen.add(Q.shuffledCopy([1, 2, 3], random).join());
    expect(seen.size).toBe(6);
  });
});
