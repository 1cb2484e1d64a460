// What the player loads: this server's files as they are, a synced remote's audio through this server;
// an upload's ReplayGain object as the player keeps it.
import { describe, expect, it } from 'vitest';
import { playableUrl, replayGainOf } from '../../../../src-renderer/src/player/tracks';

const HERE = 'http://127.0.0.1:4321/music/12';

describe('playableUrl', () => {
  it('keeps a file of this server, absolute or relative', () => {
    expect(playableUrl('http://127.0.0.1:4321/files/demo/a/01.mp3', 7, HERE)).toBe('http://127.0.0.1:4321/files/demo/a/01.mp3');
    expect(playableUrl('/files/cache/abc.mp3', 7, HERE)).toBe('/files/cache/abc.mp3');
  });

  it('plays another origin’s file through /files/remote/<up_id>', () => {
    expect(playableUrl('https://moe.example.org/files/a.mp3', 100000007, HERE)).toBe('http://127.0.0.1:4321/files/remote/100000007');
    expect(playableUrl('http://127.0.0.1:9999/files/a.mp3', 8, HERE)).toBe('http://127.0.0.1:4321/files/remote/8');
  });
});

describe('replayGainOf', () => {
  it('keeps each tag of the upload, null where it is missing', () => {
    expect(replayGainOf({ track_gain: -7.1, track_peak: 0.98, album_gain: null, album_peak: 1.02 })).toEqual({
      trackGain: -7.1,
      trackPeak: 0.98,
      albumGain: null,
      albumPeak: 1.02,
    });
  });

  it('is undefined for a file without tags', () => {
    expect(replayGainOf(null)).toBeUndefined();
    expect(replayGainOf(undefined)).toBeUndefined();
  });
});
