// ReplayGain's gain for a track: off, track and album (album only while the queue plays that album in
// order, else the track's), the preamp, the peak limit (gain × peak ≤ 1) and missing tags.
import { describe, expect, it } from 'vitest';
import { playsAlbumInOrder, queueGain, replayGainFactor, type ReplayGainTags } from '../../../../src-renderer/src/player/replaygain';

const db = (x: number) => 10 ** (x / 20);
const TAGS: ReplayGainTags = { trackGain: -6, trackPeak: 0.5, albumGain: -9, albumPeak: 0.8 };

describe('replayGainFactor', () => {
  it('is 1 when off, whatever the tags and preamp', () => {
    expect(replayGainFactor(TAGS, 'off', 6, true)).toBe(1);
  });

  it('applies the track gain in track mode, even while the album plays in order', () => {
    expect(replayGainFactor(TAGS, 'track', 0, false)).toBeCloseTo(db(-6), 10);
    expect(replayGainFactor(TAGS, 'track', 0, true)).toBeCloseTo(db(-6), 10);
  });

  it('applies the album gain in album mode only while the queue plays the album in order', () => {
    expect(replayGainFactor(TAGS, 'album', 0, true)).toBeCloseTo(db(-9), 10);
    expect(replayGainFactor(TAGS, 'album', 0, false)).toBeCloseTo(db(-6), 10);
  });

  it('falls back to the track gain in album mode when the album gain is missing', () => {
    expect(replayGainFactor({ ...TAGS, albumGain: null }, 'album', 0, true)).toBeCloseTo(db(-6), 10);
  });

  it('adds the preamp, within -6…+12 dB', () => {
    expect(replayGainFactor({ ...TAGS, trackPeak: null }, 'track', 3, false)).toBeCloseTo(db(-3), 10);
    expect(replayGainFactor({ ...TAGS, trackPeak: null, albumPeak: null }, 'track', 30, false)).toBeCloseTo(db(6), 10);
    expect(replayGainFactor({ ...TAGS, trackPeak: null, albumPeak: null }, 'track', -30, false)).toBeCloseTo(db(-12), 10);
  });

  it('never lets gain × peak pass 1: the gain drops to 1/peak', () => {
    // -6 + 12 = +6 dB (×1.995) on a peak of 0.8 would clip: 1/0.8.
    expect(replayGainFactor({ ...TAGS, trackPeak: 0.8 }, 'track', 12, false)).toBeCloseTo(1 / 0.8, 10);
    // Under the limit it is left alone: -6 + 6 = 0 dB on a peak of 0.5.
    expect(replayGainFactor(TAGS, 'track', 6, false)).toBeCloseTo(1, 10);
    // Album mode limits by the album peak: -9 + 12 = +3 dB (×1.41) on 0.8 → 1.25.
    expect(replayGainFactor(TAGS, 'album', 12, true)).toBeCloseTo(1.25, 10);
    const g = replayGainFactor({ trackGain: 10, trackPeak: 0.9, albumGain: null, albumPeak: null }, 'track', 0, false);
    expect(g * 0.9).toBeLessThanOrEqual(1 + 1e-12);
  });

  it('limits by the other peak when the mode’s own peak is missing', () => {
    expect(replayGainFactor({ ...TAGS, trackGain: 6, trackPeak: null }, 'track', 0, false)).toBeCloseTo(1 / 0.8, 10);
    expect(replayGainFactor({ ...TAGS, albumGain: 9, albumPeak: null }, 'album', 0, true)).toBeCloseTo(1 / 0.5, 10);
  });

  it('is 1 for a track without tags or gains (the preamp is for tagged tracks only)', () => {
    expect(replayGainFactor(undefined, 'track', 6, false)).toBe(1);
    expect(replayGainFactor(null, 'album', 6, true)).toBe(1);
    expect(replayGainFactor({ trackGain: null, trackPeak: 0.9, albumGain: null, albumPeak: null }, 'track', 6, false)).toBe(1);
  });

  it('uses the album gain in track mode when only the album gain is tagged', () => {
    expect(replayGainFactor({ trackGain: null, trackPeak: null, albumGain: -4, albumPeak: null }, 'track', 0, false)).toBeCloseTo(db(-4), 10);
  });
});

const t = (wikiId: number, order?: string, replayGain?: ReplayGainTags) => ({
  wikiId,
  ...(order === undefined ? {} : { order }),
  ...(replayGain ? { replayGain } : {}),
});

describe('playsAlbumInOrder', () => {
  it('holds for tracks of one album next to each other in album order, discs and all', () => {
    const q = [t(1, '1'), t(1, '2'), t(1, '10')];
    expect([0, 1, 2].map((i) => playsAlbumInOrder(q, i))).toEqual([true, true, true]);
    expect(playsAlbumInOrder([t(5, '9'), t(1, '1.2'), t(1, '2.1')], 1)).toBe(true);
  });

  it('fails for a lone song, an album out of order (shuffled), or an unknown order', () => {
    expect(playsAlbumInOrder([t(1, '1')], 0)).toBe(false);
    expect(playsAlbumInOrder([t(1, '1'), t(2, '2'), t(1, '3')], 0)).toBe(false);
    expect(playsAlbumInOrder([t(1, '3'), t(1, '1'), t(1, '2')], 1)).toBe(false);
    expect(playsAlbumInOrder([t(1, '1'), t(1)], 0)).toBe(false);
    expect(playsAlbumInOrder([t(1, '1'), t(1, '2')], 5)).toBe(false);
  });
});

describe('queueGain', () => {
  it('takes the album gain for an album queued in order, the track gain for the same song alone', () => {
    const album = [t(1, '1', TAGS), t(1, '2', TAGS)];
    expect(queueGain(album, 1, 'album', 0)).toBeCloseTo(db(-9), 10);
    expect(queueGain([t(2, '4'), t(1, '2', TAGS)], 1, 'album', 0)).toBeCloseTo(db(-6), 10);
    expect(queueGain(album, 1, 'track', 0)).toBeCloseTo(db(-6), 10);
    expect(queueGain(album, 7, 'album', 0)).toBe(1);
  });
});
