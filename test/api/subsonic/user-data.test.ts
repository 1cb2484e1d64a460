// The user's own data through the OpenSubsonic face, with the Subsonic password: stars are Moecat's
// favourites, scrobbles its Recently played, playlists its playlists — the same rows Moecat's own API
// answers. Bad input (unknown ids, bad indexes, long names) changes nothing. JSON and XML, validated.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { callAsUser } from '../../fixtures/api';
import { fixtureApp } from '../../fixtures/app';
import { FIXTURE_NOW } from '../../fixtures/bangumi-fixture';
import { call, FORMATS, type Format } from './spec';

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return {
    wikiId: DEMO_WIKI_ID_BASE + spec.n,
    id: `al-${DEMO_WIKI_ID_BASE + spec.n}`,
    trackIds: spec.tracks.map((_, i) => String(DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1)),
  };
};
const SAKURA = demo('sakura-letters');
const TOKEN = 'a1'.repeat(16);
const PASSWORD = 'listen-to-moecat';
const AUTH = { u: 'moecat', p: PASSWORD };

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
  ctx.userDb.subsonic.set(PASSWORD);
});
afterAll(() => ctx.close());
beforeEach(() =>
  ctx.userDb.db.exec(
    "DELETE FROM fav; DELETE FROM play_history; DELETE FROM playlist_item; DELETE FROM playlist; DELETE FROM setting WHERE key = 'subsonic_play_queue'",
  ),
);

const app = (path: string) => callAsUser(ctx.app, path, 'json', TOKEN);

describe.each(FORMATS)('the user’s data (%s)', (format: Format) => {
  const send = (endpoint: string, params: Record<string, string | string[]> = {}) => call(ctx.app, endpoint, format, params, { auth: AUTH });

  it('star makes songs and albums favourites, shown by getStarred2, getStarred and Moecat’s own favourites', async () => {
    expect((await send('star', { id: [SAKURA.trackIds[0], SAKURA.trackIds[1]], albumId: SAKURA.id })).response.status).toBe('ok');
    const starred2 = (await send('getStarred2')).response.starred2;
    expect(starred2.song.map((s: { id: string }) => s.id).sort()).toEqual([SAKURA.trackIds[0], SAKURA.trackIds[1]]);
    expect(starred2.album).toMatchObject([{ id: SAKURA.id, starred: new Date(FIXTURE_NOW).toISOString().replace(/\.\d+Z$/, '.000Z') }]);
    expect((await send('getStarred')).response.starred.album[0]).toMatchObject({ id: SAKURA.id, isDir: true });
    expect((await send('getAlbumList2', { type: 'starred' })).response.albumList2.album[0].id).toBe(SAKURA.id);
    const favs = await app('/user/favs/sub');
    expect(favs.response.favs.map((f: { fav_obj_id: number }) => String(f.fav_obj_id)).sort()).toEqual([SAKURA.trackIds[0], SAKURA.trackIds[1]]);
    expect((await send('getSong', { id: SAKURA.trackIds[0] })).response.song.starred).toEqual(expect.any(String));
  });

  it('unstar removes them; starring twice or unstarring what is not starred is no error', async () => {
    await send('star', { id: SAKURA.trackIds[0] });
    expect((await send('star', { id: SAKURA.trackIds[0] })).response.status).toBe('ok');
    await send('unstar', { id: SAKURA.trackIds[0], albumId: SAKURA.id });
    expect(ctx.userDb.listFavs('sub', 10, 0).count).toBe(0);
  });

  it('a star and its removal show at once in answers given before them, whichever process writes them', async () => {
    const starredOf = async () => {
      const album = (await send('getAlbum', { id: SAKURA.id })).response.album;
      const song = album.song.find((s: { id: string }) => s.id === SAKURA.trackIds[0]);
      const searched = (await send('search3', { query: '', songCount: '500', albumCount: '500' })).response.searchResult3;
      const found = searched.song.find((s: { id: string }) => s.id === SAKURA.trackIds[0]);
      return [album.starred !== undefined, song.starred !== undefined, found.starred !== undefined];
    };
    expect(await starredOf()).toEqual([false, false, false]);
    await send('star', { id: SAKURA.trackIds[0], albumId: SAKURA.id });
    expect(await starredOf()).toEqual([true, true, true]);
    await send('unstar', { id: SAKURA.trackIds[0], albumId: SAKURA.id });
    expect(await starredOf()).toEqual([false, false, false]);
    // Moecat's own favourites, and a write the server did not make (another connection to the user database).
    await callAsUser(ctx.app, '/fav/add', 'json', TOKEN, { method: 'POST', form: { fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[0] } });
    ctx.userDb.db.prepare("INSERT INTO fav (fav_obj_type, fav_obj_id, fav_type, fav_date) VALUES ('wiki', ?, 1, 1)").run(SAKURA.wikiId);
    expect(await starredOf()).toEqual([true, true, true]);
    // An API key's answer shows no stars, whatever the password's sign-in sees.
    const withKey = await call(ctx.app, 'getAlbum', format, { id: SAKURA.id }, { auth: { apiKey: ctx.userDb.defaultKey().key } });
    expect(withKey.response.album.starred).toBeUndefined();
  });

  it.each([
    ['an unknown song among known ones', { id: [SAKURA.trackIds[0], '999999999'] }, 70],
    ['an unknown album', { albumId: 'al-999999999' }, 70],
    ['an artist', { artistId: 'ar-SGFuYW1vcmkgWXVp' }, 0],
    ['nothing', {}, 10],
  ])('star with %s answers error %i and stars nothing', async (_what, params, code) => {
    expect((await send('star', params)).response.error.code).toBe(code);
    expect(ctx.userDb.listFavs('sub', 10, 0).count + ctx.userDb.listFavs('wiki', 10, 0).count).toBe(0);
  });

  it('scrobble records plays in Recently played, at the time given; a now-playing note records nothing', async () => {
    await send('scrobble', { id: SAKURA.trackIds[2], time: '1700000000000' });
    await send('scrobble', { id: SAKURA.trackIds[3], submission: 'false' });
    const plays = await app('/app/history');
    expect(plays.response.plays).toMatchObject([{ sub_id: Number(SAKURA.trackIds[2]), wiki_id: SAKURA.wikiId, played_at: 1700000000 }]);
    expect((await send('getAlbumList2', { type: 'recent' })).response.albumList2.album[0].id).toBe(SAKURA.id);
    expect((await send('scrobble', { id: '999999999' })).response.error.code).toBe(70);
    expect((await send('scrobble', { id: SAKURA.trackIds[2], time: 'soon' })).response.error.code).toBe(0);
    expect(ctx.userDb.listPlays(10, 0).count).toBe(1);
  });

  it('getTopSongs ranks the artist’s songs by the user’s own plays, for the password only', async () => {
    const artist = (await send('getSong', { id: SAKURA.trackIds[2] })).response.song.artist as string;
    expect((await send('getTopSongs', { artist })).response.topSongs.song ?? []).toEqual([]);
    await send('scrobble', { id: SAKURA.trackIds[2], time: '1700000000000' });
    await send('scrobble', { id: SAKURA.trackIds[1], time: '1700000100000' });
    const top = (await send('getTopSongs', { artist })).response.topSongs.song as { id: string }[];
    expect(top.map((s) => s.id)).toEqual([SAKURA.trackIds[1], SAKURA.trackIds[2]]);
    const withKey = await call(ctx.app, 'getTopSongs', format, { artist }, { auth: { apiKey: ctx.userDb.defaultKey().key } });
    expect(withKey.response.topSongs.song ?? []).toEqual([]);
  });

  it('makes, fills, renames and deletes a playlist, which Moecat’s own playlists show', async () => {
    const made = (await send('createPlaylist', { name: 'Night walk', songId: [SAKURA.trackIds[0], SAKURA.trackIds[1]] })).response.playlist;
    expect(made).toMatchObject({ name: 'Night walk', songCount: 2, owner: 'moecat', public: false });
    expect(made.entry.map((s: { id: string }) => s.id)).toEqual([SAKURA.trackIds[0], SAKURA.trackIds[1]]);
    await send('updatePlaylist', { playlistId: made.id, name: 'Night walk 2', songIdToAdd: SAKURA.trackIds[4], songIndexToRemove: '0' });
    const got = (await send('getPlaylist', { id: made.id })).response.playlist;
    expect(got.entry.map((s: { id: string }) => s.id)).toEqual([SAKURA.trackIds[1], SAKURA.trackIds[4]]);
    expect((await send('getPlaylists')).response.playlists.playlist).toMatchObject([{ id: made.id, name: 'Night walk 2', songCount: 2 }]);
    const own = await app(`/app/playlists/${made.id}`);
    expect(own.response.playlist.name).toBe('Night walk 2');
    expect(own.response.items.map((i: { sub_id: number }) => String(i.sub_id))).toEqual([SAKURA.trackIds[1], SAKURA.trackIds[4]]);
    const replaced = (await send('createPlaylist', { playlistId: made.id, songId: SAKURA.trackIds[3] })).response.playlist;
    expect(replaced.entry.map((s: { id: string }) => s.id)).toEqual([SAKURA.trackIds[3]]);
    expect((await send('deletePlaylist', { id: made.id })).response.status).toBe('ok');
    expect(ctx.userDb.playlists.list()).toEqual([]);
  });

  it('saves a play queue for the next player; an empty one forgets it; unknown songs change nothing', async () => {
    const empty = (await send('getPlayQueue')).response.playQueue;
    expect(empty).toMatchObject({ username: 'moecat', changed: '1970-01-01T00:00:00.000Z' });
    expect(empty.entry ?? []).toEqual([]);
    await send('savePlayQueue', { id: [SAKURA.trackIds[1], SAKURA.trackIds[2]], current: SAKURA.trackIds[2], position: '4500' });
    const saved = (await send('getPlayQueue')).response.playQueue;
    expect(saved).toMatchObject({ current: SAKURA.trackIds[2], position: 4500, changedBy: 'moecat-test', changed: new Date(FIXTURE_NOW).toISOString() });
    expect(saved.entry.map((s: { id: string }) => s.id)).toEqual([SAKURA.trackIds[1], SAKURA.trackIds[2]]);
    expect((await send('savePlayQueue', { id: ['999999999'] })).response.error.code).toBe(70);
    expect((await send('savePlayQueue', { id: SAKURA.trackIds[1], current: SAKURA.trackIds[3] })).response.error.code).toBe(0);
    expect((await send('getPlayQueue')).response.playQueue.entry).toHaveLength(2);
    await send('savePlayQueue');
    expect((await send('getPlayQueue')).response.playQueue.entry ?? []).toEqual([]);
  });

  it.each([
    ['createPlaylist', { name: 'x', songId: '999999999' }, 70],
    ['createPlaylist', { name: 'x'.repeat(101) }, 0],
    ['createPlaylist', {}, 10],
    ['getPlaylist', { id: '424242' }, 70],
    ['deletePlaylist', { id: 'one' }, 70],
    ['updatePlaylist', { playlistId: 'PL', songIndexToRemove: '7' }, 0],
    ['updatePlaylist', { playlistId: 'PL', songIdToAdd: '999999999' }, 70],
  ])('%s with %o answers error %i and changes nothing', async (endpoint, params, code) => {
    const existing = ctx.userDb.playlists.create('Kept', [Number(SAKURA.trackIds[0])]);
    const sent = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === 'PL' ? String(existing.playlist_id) : v]));
    expect((await send(endpoint, sent)).response.error.code).toBe(code);
    expect(ctx.userDb.playlists.list()).toMatchObject([{ name: 'Kept', item_count: 1 }]);
  });
});
