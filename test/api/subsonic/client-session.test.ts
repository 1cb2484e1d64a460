// A real OpenSubsonic client library (subsonic-api) against a listening Moecat: the session a player
// opens with — ping, folders, artists, an album, a search, a song streamed from a byte range, a cover,
// a star and an unstar, a playlist, a scrobble — and then the favourite, the playlist and the play as
// Moecat's own API shows them to its UI. Another client signs in with an API key and posts its forms.
import type { AddressInfo } from 'node:net';
import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { fixtureApp } from '../../fixtures/app';

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const TOKEN = 'b2'.repeat(16);
const PASSWORD = 'a players password'; // ASCII: the library's md5 reads UTF-16 code units, not UTF-8

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let base: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
  ctx.userDb.subsonic.set(PASSWORD);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** What Moecat's own UI asks its API for (its token in X-Moecat-UI). */
async function ownApi(path: string) {
  const res = await fetch(`${base}${path}`, { headers: { 'x-moecat-ui': TOKEN } });
  return ((await res.json()) as { response: Record<string, any> }).response;
}

/** Fetch, with a Range header on the stream's requests. */
const rangedFetch: typeof fetch = (input, init) =>
  fetch(input, String(input).includes('/rest/stream.view') ? { ...init, headers: { ...init?.headers, range: 'bytes=0-99' } } : init);

describe('a subsonic-api session', () => {
  it('browses, plays, stars, makes a playlist and scrobbles; Moecat shows the same', async () => {
    const api = new SubsonicAPI({ url: base, auth: { username: 'moecat', password: PASSWORD }, fetch: rangedFetch });
    expect((await api.ping()).status).toBe('ok');
    expect((await api.getOpenSubsonicExtensions()).openSubsonicExtensions.map((e) => e.name)).toContain('apiKeyAuthentication');
    const folders = (await api.getMusicFolders()).musicFolders.musicFolder ?? [];
    expect(folders.length).toBeGreaterThan(0);
    const artists = (await api.getArtists({ musicFolderId: String(folders[0].id) })).artists.index!.flatMap((i) => i.artist ?? []);
    const hanamori = artists.find((a) => a.name === 'Hanamori Yui')!;
    const albums = (await api.getArtist({ id: hanamori.id })).artist.album ?? [];
    const sakura = albums.find((a) => a.name === SAKURA.title)!;
    const album = (await api.getAlbum({ id: sakura.id })).album;
    expect(album.song?.map((s) => s.title)).toEqual(SAKURA.tracks);
    const found = (await api.search3({ query: 'platform 9' })).searchResult3;
    const song = found.song![0];
    expect(song.title).toBe('Platform 9 a.m.');

    const streamed = await api.stream({ id: song.id });
    expect(streamed.status).toBe(206);
    expect((await streamed.arrayBuffer()).byteLength).toBe(100);
    const cover = await api.getCoverArt({ id: album.coverArt!, size: 150 });
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    await api.star({ id: song.id });
    await api.star({ albumId: album.id });
    await api.unstar({ albumId: album.id });
    expect((await api.getStarred2({})).starred2.song?.map((s) => s.id)).toEqual([song.id]);
    const playlist = (await api.createPlaylist({ name: 'For the bus', songId: [album.song![0].id, song.id] })).playlist;
    await api.scrobble({ id: song.id });

    const favs = await ownApi('/user/favs/sub.json');
    expect(favs.favs.map((f: { fav_obj_id: number }) => String(f.fav_obj_id))).toEqual([song.id]);
    expect((await ownApi('/user/favs/wiki.json')).favs).toEqual([]);
    const playlists = await ownApi('/app/playlists.json');
    expect(playlists.playlists).toMatchObject([{ playlist_id: Number(playlist.id), name: 'For the bus', item_count: 2 }]);
    const plays = await ownApi('/app/history.json');
    expect(plays.plays.map((p: { sub_id: number }) => String(p.sub_id))).toEqual([song.id]);
    expect(Number(song.id)).toBe(DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 3);
  });

  it('signs in with an API key and posts its forms', async () => {
    const api = new SubsonicAPI({ url: base, auth: { apiKey: ctx.userDb.defaultKey().key }, post: true });
    expect((await api.ping()).status).toBe('ok');
    expect((await api.search3({ query: 'sakura' })).searchResult3.album?.[0]?.name).toBe(SAKURA.title);
    const refused = await api.star({ id: String(DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 1) });
    expect(refused.status).toBe('failed');
  });

  it('is refused with a wrong password', async () => {
    const api = new SubsonicAPI({ url: base, auth: { username: 'moecat', password: 'not it' } });
    expect(await api.ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
  });
});
