// Album lists, random songs, songs of a genre and search2/search3 through the OpenSubsonic face, in JSON
// and XML, each answer validated against the spec: the list types in their orders, Moecat's own search
// (folding, ranking), an empty query paging the whole library, and bad input answered with the spec's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { fixtureApp } from '../../fixtures/app';
import { call, FORMATS } from './spec';

const albumId = (slug: string) => `al-${DEMO_WIKI_ID_BASE + DEMO_SPEC.find((a) => a.slug === slug)!.n}`;
const MUSIC_ALBUMS = DEMO_SPEC.length;
const SONGS = DEMO_SPEC.reduce((n, a) => n + a.tracks.length, 0);

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await fixtureApp();
  auth = { apiKey: ctx.userDb.defaultKey().key };
});
afterAll(() => ctx.close());

type Album = { id: string; name: string; year: number; title?: string };

describe.each(FORMATS)('lists and search (%s)', (format) => {
  const get = (endpoint: string, params: Record<string, string> = {}) => call(ctx.app, endpoint, format, params, { auth });
  const list2 = async (params: Record<string, string>) => ((await get('getAlbumList2', params)).response.albumList2.album ?? []) as Album[];

  it('getAlbumList2 newest: newest first, every music and radio album and nothing else', async () => {
    const albums = await list2({ type: 'newest', size: '500' });
    expect(albums).toHaveLength(MUSIC_ALBUMS);
    expect(albums[0].id).toBe(albumId('blue-horizon-indie'));
  });

  it('getAlbumList2 pages with size and offset', async () => {
    const all = await list2({ type: 'alphabeticalByName', size: '500' });
    expect((await list2({ type: 'alphabeticalByName', size: '2', offset: '1' })).map((a) => a.id)).toEqual(all.slice(1, 3).map((a) => a.id));
    expect(await list2({ type: 'newest', offset: '100000000' })).toEqual([]);
  });

  it('getAlbumList2 byYear keeps the years, in the order asked', async () => {
    const up = await list2({ type: 'byYear', fromYear: '2021', toYear: '2023' });
    expect(up.map((a) => a.year)).toEqual([...up.map((a) => a.year)].sort());
    expect(up.every((a) => a.year >= 2021 && a.year <= 2023)).toBe(true);
    const down = await list2({ type: 'byYear', fromYear: '2023', toYear: '2021' });
    expect(down.map((a) => a.id)).toEqual([...up].reverse().map((a) => a.id));
  });

  it('getAlbumList2 byGenre keeps the tag', async () => {
    const albums = await list2({ type: 'byGenre', genre: 'Piano' });
    expect(albums.map((a) => a.id)).toContain(albumId('sakura-letters'));
    expect(albums.length).toBeLessThan(MUSIC_ALBUMS);
  });

  it('getAlbumList2 random, alphabeticalByArtist; starred, recent and frequent are empty for a key; highest always', async () => {
    expect(await list2({ type: 'random', size: '3' })).toHaveLength(3);
    expect(await list2({ type: 'alphabeticalByArtist', size: '500' })).toHaveLength(MUSIC_ALBUMS);
    for (const type of ['starred', 'recent', 'frequent', 'highest']) expect(await list2({ type })).toEqual([]);
  });

  it('getAlbumList answers the folder-shaped albums', async () => {
    const { response } = await get('getAlbumList', { type: 'newest', size: '2' });
    expect(response.albumList.album).toHaveLength(2);
    expect(response.albumList.album[0]).toMatchObject({ isDir: true, title: 'Blue Horizon' });
  });

  it('getRandomSongs and getSongsByGenre', async () => {
    expect((await get('getRandomSongs', { size: '4' })).response.randomSongs.song).toHaveLength(4);
    const songs = (await get('getSongsByGenre', { genre: 'Piano', count: '50' })).response.songsByGenre.song;
    expect(songs.every((s: { genre: string }) => typeof s.genre === 'string')).toBe(true);
    expect(songs.map((s: { albumId: string }) => s.albumId)).toContain(albumId('sakura-letters'));
  });

  it('search3 finds by Moecat’s folding: a title in another script, an artist', async () => {
    const { response } = await get('search3', { query: 'touhou' });
    expect(response.searchResult3.album.map((a: Album) => a.id)).toEqual([albumId('touhou-genyatan')]);
    const byArtist = await get('search3', { query: 'hanamori' });
    expect(byArtist.response.searchResult3.artist.map((a: { name: string }) => a.name)).toEqual(['Hanamori Yui']);
    expect(byArtist.response.searchResult3.song.length).toBeGreaterThan(0);
  });

  it('search3 with an empty query pages the whole library, as clients sync', async () => {
    const first = await get('search3', { query: '', songCount: '10', albumCount: '500', artistCount: '500' });
    expect(first.response.searchResult3.album).toHaveLength(MUSIC_ALBUMS);
    const ids = new Set<string>();
    for (let offset = 0; offset < SONGS + 10; offset += 10) {
      const page = await get('search3', { query: '""', songCount: '10', songOffset: String(offset), albumCount: '0', artistCount: '0' });
      for (const s of page.response.searchResult3.song ?? []) ids.add(s.id);
    }
    expect(ids.size).toBe(SONGS);
  });

  it('search2 answers the older shapes', async () => {
    const { response } = await get('search2', { query: 'sakura' });
    expect(response.searchResult2.album[0]).toMatchObject({ id: albumId('sakura-letters'), isDir: true });
  });

  it.each([
    ['getAlbumList2', {}, 10],
    ['getAlbumList2', { type: 'loudest' }, 0],
    ['getAlbumList2', { type: 'byYear', fromYear: '2020' }, 10],
    ['getAlbumList2', { type: 'byGenre' }, 10],
    ['getAlbumList2', { type: 'newest', size: '501' }, 0],
    ['getAlbumList2', { type: 'newest', size: 'ten' }, 0],
    ['getAlbumList2', { type: 'newest', offset: '-1' }, 0],
    ['getRandomSongs', { size: '1e3' }, 0],
    ['search3', { query: 'x', songCount: '99999' }, 0],
    ['getSongsByGenre', {}, 10],
  ])('%s with %o answers error %i', async (endpoint, params, code) => {
    expect((await get(endpoint, params as Record<string, string>)).response).toMatchObject({ status: 'failed', error: { code } });
  });
});
