// What a saved queue reads back as: a track's album order and ReplayGain tags kept, each checked; a
// queue saved before they were kept (or with broken values) still loads, without them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPlayer, savePlayer, DEFAULTS } from '../../../../src-renderer/src/player/storage';
import type { PlayerTrack } from '../../../../src-renderer/src/player/track';

const ORIGIN = 'http://127.0.0.1:4000';
const storage = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  vi.stubGlobal('location', { href: `${ORIGIN}/`, origin: ORIGIN });
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) });
});

const base = { subId: 1, title: 'One', wikiId: 9, wikiTitle: 'Album', wikiType: 'music', artist: '', cover: '', url: '/files/a/01.flac', duration: 180 };

describe('saved tracks', () => {
  it('keep their album order and ReplayGain tags', () => {
    const track: PlayerTrack = { ...base, order: '2', replayGain: { trackGain: -6.5, trackPeak: 0.9, albumGain: null, albumPeak: 0.95 } };
    savePlayer({ ...DEFAULTS, queue: [track], index: 0 });
    expect(loadPlayer().queue).toEqual([track]);
  });

  it('of an older build (no order, no tags) load as they were', () => {
    storage.set('moecat.player', JSON.stringify({ queue: [base], index: 0 }));
    const [t] = loadPlayer().queue;
    expect(t).toEqual(base);
    expect('replayGain' in t || 'order' in t).toBe(false);
  });

  it('drop broken tags and orders, keeping the track', () => {
    storage.set(
      'moecat.player',
      JSON.stringify({
        queue: [
          { ...base, order: 3, replayGain: { trackGain: 'loud', trackPeak: null } },
          { ...base, replayGain: 'x' },
        ],
      }),
    );
    const q = loadPlayer().queue;
    expect(q).toEqual([base, base]);
    storage.set('moecat.player', JSON.stringify({ queue: [{ ...base, replayGain: { trackGain: 'loud', albumPeak: 0.5 } }] }));
    expect(loadPlayer().queue[0].replayGain).toEqual({ trackGain: null, trackPeak: null, albumGain: null, albumPeak: 0.5 });
  });
});
