// Browsing through the OpenSubsonic face, in JSON and XML, each answer validated against the spec:
// artists (from the albums' and songs' meta), an artist's albums, an album's songs in order, a song,
// genres (tags), the folder-shaped directories, artist info, top and similar songs; unknown ids are 70.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { fixtureApp } from '../../fixtures/app';
import { call, FORMATS } from './spec';

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: `al-${DEMO_WIKI_ID_BASE + spec.n}`, trackIds: spec.tracks.map((_, i) => String(DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1)) };
};
const SAKURA = demo('sakura-letters');
const RADIO = demo('radio-moecat-houkago');
const artistId = (name: string) => `ar-${Buffer.from(name).toString('base64url')}`;

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await fixtureApp();
  auth = { apiKey: ctx.userDb.defaultKey().key };
});
afterAll(() => ctx.close());

describe.each(FORMATS)('browsing (%s)', (format) => {
  const get = (endpoint: string, params: Record<string, string> = {}) => call(ctx.app, endpoint, format, params, { auth });

  it('getArtists groups every artist under an initial, with their album counts; anime stays out', async () => {
    const { response } = await get('getArtists');
    const artists = response.artists.index.flatMap((i: { artist: unknown[] }) => i.artist);
    expect(response.artists.index.map((i: { name: string }) => i.name)).toContain('H');
    expect(artists).toContainEqual({ id: artistId('Hanamori Yui'), name: 'Hanamori Yui', albumCount: 2, coverArt: artistId('Hanamori Yui') });
    expect(artists.length).toBeLessThan(20);
  });

  it('getIndexes lists the same artists with the library’s last change, none when unchanged since ifModifiedSince', async () => {
    const { response } = await get('getIndexes');
    expect(response.indexes.lastModified).toBeGreaterThan(0);
    expect(response.indexes.index.flatMap((i: { artist: { name: string }[] }) => i.artist.map((a) => a.name))).toContain('Hanamori Yui');
    const since = response.indexes.lastModified;
    expect((await get('getIndexes', { ifModifiedSince: String(since) })).response.indexes.index ?? []).toEqual([]);
    expect((await get('getIndexes', { ifModifiedSince: String(since - 1) })).response.indexes.index.length).toBeGreaterThan(0);
  });

  it("getArtist gives the artist's albums, the radio show they host included", async () => {
    const { response } = await get('getArtist', { id: artistId('hanamori yui') });
    expect(response.artist.album.map((a: { id: string }) => a.id).sort()).toEqual([SAKURA.id, RADIO.id].sort());
  });

  it('getAlbum gives the album and its songs in order, with the file facts a player needs', async () => {
    const { response } = await get('getAlbum', { id: SAKURA.id });
    expect(response.album).toMatchObject({ id: SAKURA.id, name: 'Sakura Letters', artist: 'Hanamori Yui', songCount: 5, year: 2023, genre: 'Vocal' });
    expect(response.album.song.map((s: { id: string }) => s.id)).toEqual(SAKURA.trackIds);
    expect(response.album.song[0]).toMatchObject({
      id: SAKURA.trackIds[0],
      parent: SAKURA.id,
      isDir: false,
      title: 'First Snow',
      track: 1,
      albumId: SAKURA.id,
      coverArt: SAKURA.id,
      suffix: 'mp3',
      contentType: 'audio/mpeg',
      duration: expect.any(Number),
      size: expect.any(Number),
    });
    expect(response.album.song[0]).not.toHaveProperty('path');
    expect(response.album.duration).toBe(response.album.song.reduce((sum: number, s: { duration: number }) => sum + s.duration, 0));
  });

  it('getSong gives one song', async () => {
    const { response } = await get('getSong', { id: SAKURA.trackIds[2] });
    expect(response.song).toMatchObject({ title: 'Platform 9 a.m.', album: 'Sakura Letters', artist: 'Hanamori Yui' });
  });

  it('getGenres counts albums and songs per tag, years left out', async () => {
    const { response } = await get('getGenres');
    const vocal = response.genres.genre.find((g: { value: string }) => g.value === 'Vocal');
    expect(vocal).toEqual({ value: 'Vocal', albumCount: expect.any(Number), songCount: expect.any(Number) });
    expect(response.genres.genre.some((g: { value: string }) => /^\d{4}$/.test(g.value))).toBe(false);
  });

  it('getMusicDirectory opens an artist as albums and an album as songs', async () => {
    const artist = await get('getMusicDirectory', { id: artistId('Hanamori Yui') });
    expect(artist.response.directory.child.every((c: { isDir: boolean }) => c.isDir)).toBe(true);
    const album = await get('getMusicDirectory', { id: SAKURA.id });
    expect(album.response.directory).toMatchObject({ id: SAKURA.id, name: 'Sakura Letters', parent: artistId('Hanamori Yui') });
    expect(album.response.directory.child).toHaveLength(5);
  });

  it('getArtistInfo2 invents no biography; getSimilarSongs2 plays songs of albums sharing tags; getTopSongs has no plays to rank', async () => {
    expect((await get('getArtistInfo2', { id: artistId('Hanamori Yui') })).response.artistInfo2).toEqual({});
    const similar = await get('getSimilarSongs2', { id: artistId('Hanamori Yui'), count: '3' });
    expect(similar.response.similarSongs2.song.length).toBeLessThanOrEqual(3);
    expect(similar.response.similarSongs2.song.every((s: { artist?: string }) => s.artist !== 'Hanamori Yui')).toBe(true);
    expect((await get('getTopSongs', { artist: 'Hanamori Yui' })).response.topSongs.song ?? []).toEqual([]);
  });

  it.each([
    ['getAlbum', { id: 'al-999999999' }, 70],
    ['getAlbum', { id: '51000401' }, 70],
    ['getAlbum', {}, 10],
    ['getSong', { id: 'nope' }, 70],
    ['getSong', { id: '999999999' }, 70],
    ['getArtist', { id: artistId('Nobody At All') }, 70],
    ['getArtist', { id: 'ar-***' }, 70],
    ['getMusicDirectory', { id: 'x' }, 70],
    ['getArtists', { musicFolderId: 'one' }, 0],
    ['getArtistInfo2', { id: artistId('Nobody At All') }, 70],
    ['getSimilarSongs2', { id: 'al-1' }, 70],
    ['getTopSongs', {}, 10],
    ['getTopSongs', { artist: 'Hanamori Yui', count: '-1' }, 0],
    ['getLyricsBySongId', { id: '999999999' }, 70],
  ])('%s with %o answers error %i', async (endpoint, params, code) => {
    expect((await get(endpoint, params as Record<string, string>)).response).toMatchObject({ status: 'failed', error: { code } });
  });
});
