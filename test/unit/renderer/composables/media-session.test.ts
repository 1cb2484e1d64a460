// What the OS media overlay is told: the song's artist as the artist (not the album), the album as the
// album, and the cover in three sizes with their pixel sizes and type.
import { describe, expect, it } from 'vitest';
import { artworkOf, mediaMetadataOf } from '../../../../src-renderer/src/composables/media-session';
import type { PlayerTrack } from '../../../../src-renderer/src/player/track';

const BASE = 'http://127.0.0.1:4567/music/51000004';
const track: PlayerTrack = {
  subId: 51000401,
  title: 'First Snow',
  wikiId: 51000004,
  wikiTitle: 'Sakura Letters',
  wikiType: 'music',
  artist: 'Hanamori Yui',
  cover: '/covers/51000004/square',
  url: '/files/demo/sakura-letters/01.mp3',
  duration: 200,
};

describe('mediaMetadataOf', () => {
  it('names the artist as the artist and the album as the album', () => {
    expect(mediaMetadataOf(track, BASE)).toMatchObject({ title: 'First Snow', artist: 'Hanamori Yui', album: 'Sakura Letters' });
  });

  it('leaves the artist empty rather than repeating the album when none is known', () => {
    expect(mediaMetadataOf({ ...track, artist: '' }, BASE).artist).toBe('');
  });
});

describe('artworkOf', () => {
  it('offers this server’s cover at 96, 192 and 480 px, with its type once known', () => {
    expect(artworkOf(track.cover, BASE, 'image/jpeg')).toEqual([
      { src: 'http://127.0.0.1:4567/covers/51000004/small', sizes: '96x96', type: 'image/jpeg' },
      { src: 'http://127.0.0.1:4567/covers/51000004/square', sizes: '192x192', type: 'image/jpeg' },
      { src: 'http://127.0.0.1:4567/covers/51000004/large', sizes: '480x480', type: 'image/jpeg' },
    ]);
    expect(artworkOf(track.cover, BASE).map((a) => a.type)).toEqual([undefined, undefined, undefined]);
  });

  it('passes another address through as it is, and nothing for no cover', () => {
    expect(artworkOf('https://example.org/c.png', BASE)).toEqual([{ src: 'https://example.org/c.png' }]);
    expect(artworkOf('', BASE)).toEqual([]);
  });
});
