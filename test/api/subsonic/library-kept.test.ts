// What the OpenSubsonic face keeps follows the catalogue: the artist lists (kept rows and kept answers),
// the whole-library pages of an empty search and the random lists (kept counts per block of ids) show
// a folder's songs once it is imported, and none of them once the folder is removed. Every answer is
// checked against the spec (spec.ts).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../../src-main/catalogue/user/user-db';
import { buildApp } from '../../../src-main/server/app';
import { fixtureCatalogueDir } from '../../fixtures/app';
import { writeSongs } from '../../fixtures/mp3-folder';
import { call } from './spec';

const TOKEN = 'a7'.repeat(16);
const HOST = '127.0.0.1:7777';
const ARTIST = 'Pangolin Parade';
const GUEST = 'Ｗｏｍｂａｔ Ｗｉｒｅ';
let work: string;
let music: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
let auth: Record<string, string>;

const get = async (endpoint: string, params: Record<string, string> = {}, format: 'json' | 'xml' = 'json') =>
  (await call(app, endpoint, format, params, { auth })).response;
const ui = async (url: string, body: unknown) => {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { host: HOST, 'x-moecat-ui': TOKEN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode).toBe(200);
  await app.jobs.idle();
};
const artistNames = async (endpoint: 'getArtists' | 'getIndexes', format: 'json' | 'xml' = 'json') => {
  const r = await get(endpoint, {}, format);
  const index = (endpoint === 'getArtists' ? r.artists : r.indexes).index ?? [];
  return index.flatMap((i: { artist: { name: string }[] }) => i.artist.map((a) => a.name));
};
/** Every song or album of an empty search, page after page of `size`, as a client syncs. */
const everything = async (kind: 'song' | 'album', size: number) => {
  const ids: string[] = [];
  for (let offset = 0; ; offset += size) {
    const r = await get('search3', {
      query: '',
      songCount: kind === 'song' ? String(size) : '0',
      songOffset: String(offset),
      albumCount: kind === 'album' ? String(size) : '0',
      albumOffset: String(offset),
      artistCount: '0',
    });
    const page = (r.searchResult3[kind] ?? []) as { id: string }[];
    ids.push(...page.map((x) => x.id));
    if (page.length < size) return ids;
  }
};
const numeric = (ids: string[]) => ids.map((id) => Number(id.replace(/^al-/, '')));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-subsonic-kept-'));
  music = join(work, 'music');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  auth = { apiKey: userDb.defaultKey().key };
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: file,
    dataDir: join(work, 'data'),
  });
  const album = { album: 'Burrow Songs', albumArtist: ARTIST, date: '2021-03-03', genre: 'Folk' };
  writeSongs(music, [
    { file: 'Burrow/01 Dig.mp3', title: 'Dig', track: '1', artist: ARTIST, ...album, seconds: 2 },
    { file: 'Burrow/02 Tunnel.mp3', title: 'Tunnel', track: '2', artist: `${ARTIST} feat. ${GUEST}`, ...album, seconds: 2 },
  ]);
});
afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the kept lists through an import and a removal', () => {
  let before: { artists: string[]; songs: string[]; albums: string[] };

  it('pages the whole library by id, every song and album once, whatever the page size', async () => {
    const songs = await everything('song', 7);
    expect(songs.length).toBeGreaterThan(10);
    expect(numeric(songs)).toEqual([...numeric(songs)].sort((a, b) => a - b));
    expect(new Set(songs).size).toBe(songs.length);
    expect(await everything('song', 500)).toEqual(songs);
    const albums = await everything('album', 3);
    expect(numeric(albums)).toEqual([...numeric(albums)].sort((a, b) => a - b));
    expect(await everything('album', 500)).toEqual(albums);
    // Past the end: an empty page, not an error.
    expect((await get('search3', { query: '', songOffset: '1000000', albumOffset: '1000000', artistOffset: '1000000' })).searchResult3).toEqual({
      artist: [],
      album: [],
      song: [],
    });
    before = { artists: await artistNames('getArtists'), songs, albums };
    expect(before.artists).not.toContain(ARTIST);
    // The XML list is kept apart from the JSON one, and says the same.
    expect(await artistNames('getArtists', 'xml')).toEqual(before.artists);
  });

  it('random lists pick each album or song at most once, songs with audio only', async () => {
    const albums = (await get('getAlbumList2', { type: 'random', size: '500' })).albumList2.album as { id: string }[];
    expect(albums.map((a) => a.id).sort()).toEqual([...before.albums].sort());
    const songs = (await get('getRandomSongs', { size: '500' })).randomSongs.song as { id: string; size?: number; type: string }[];
    expect(new Set(songs.map((s) => s.id)).size).toBe(songs.length);
    expect(songs.length).toBeGreaterThan(0);
    // A radio episode answers no file facts (a podcast's are the spec's PodcastEpisode's).
    for (const s of songs.filter((song) => song.type !== 'podcast')) expect(s.size).toBeGreaterThan(0);
    const filtered = (await get('getRandomSongs', { size: '500', fromYear: '2023', toYear: '2023' })).randomSongs.song as { year: number }[];
    for (const s of filtered) expect(s.year).toBe(2023);
  });

  it('after an import, the folder’s artists, songs and album show in every kept list', async () => {
    await ui('/app/library/import.json', { folder: music });
    const artists = await artistNames('getArtists');
    expect(artists).toEqual(expect.arrayContaining([...before.artists, ARTIST, GUEST]));
    expect(await artistNames('getIndexes')).toEqual(artists);
    expect(await artistNames('getArtists', 'xml')).toEqual(artists);
    const listed = (await get('getArtists')).artists.index.flatMap((i: { artist: { name: string; albumCount: number }[] }) => i.artist);
    expect(listed.find((a: { name: string }) => a.name === ARTIST).albumCount).toBe(1);
    const guest = await get('getArtist', { id: `ar-${Buffer.from('wombat wire').toString('base64url')}` });
    expect(guest.artist.album.map((a: { name: string }) => a.name)).toEqual(['Burrow Songs']);
    expect((await get('search3', { query: 'wombat' })).searchResult3.artist.map((a: { name: string }) => a.name)).toEqual([GUEST]);
    // The folded query (spaces and case folded away) somewhere in the folded name.
    expect((await get('search3', { query: 'OLIN para' })).searchResult3.artist.map((a: { name: string }) => a.name)).toEqual([ARTIST]);
    expect((await get('search3', { query: 'parade wombat' })).searchResult3.artist ?? []).toEqual([]);
    const songs = await everything('song', 7);
    expect(songs.slice(0, before.songs.length)).toEqual(before.songs);
    expect(songs.length).toBe(before.songs.length + 2);
    expect((await everything('album', 3)).length).toBe(before.albums.length + 1);
    const random = (await get('getRandomSongs', { size: '500' })).randomSongs.song as { title: string }[];
    expect(random.map((s) => s.title)).toEqual(expect.arrayContaining(['Dig', 'Tunnel']));
    // In the folder's music folder: its songs alone.
    const folderId = String(catalogue.queries.sources.list().find((s) => s.kind !== 'bundled')!.source_id);
    const inFolder = (await get('getRandomSongs', { size: '500', musicFolderId: folderId })).randomSongs.song as { title: string }[];
    expect(inFolder.map((s) => s.title).sort()).toEqual(['Dig', 'Tunnel']);
    const albums = (await get('getAlbumList2', { type: 'random', size: '500' })).albumList2.album as { name: string }[];
    expect(albums.length).toBe(before.albums.length + 1);
  });

  it('after the folder is removed, none of it is listed', async () => {
    const source = catalogue.queries.sources.list().find((s) => s.kind !== 'bundled')!;
    await ui('/app/sources/remove.json', { source_id: source.source_id });
    expect(await artistNames('getArtists')).toEqual(before.artists);
    expect(await artistNames('getIndexes', 'xml')).toEqual(before.artists);
    const gone = await call(app, 'getArtist', 'json', { id: `ar-${Buffer.from(ARTIST).toString('base64url')}` }, { auth });
    expect(gone.response.error.code).toBe(70);
    expect(await everything('song', 7)).toEqual(before.songs);
    expect(await everything('album', 3)).toEqual(before.albums);
    const albums = (await get('getAlbumList2', { type: 'random', size: '500' })).albumList2.album as { id: string }[];
    expect(albums.map((a) => a.id).sort()).toEqual([...before.albums].sort());
  });
});
