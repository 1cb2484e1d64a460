// The OpenSubsonic face over a listener's own folder: after an import its artist, album and music folder
// show (the kept artists follow the catalogue), its songs stream from the folder with byte ranges and its
// cover is the embedded picture; startScan re-imports the folder, and a song added to it shows after.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../../src-main/catalogue/user/user-db';
import { buildApp } from '../../../src-main/server/app';
import { fixtureCatalogueDir } from '../../fixtures/app';
import { coverImage, writeSongs } from '../../fixtures/mp3-folder';
import { encodeTone, FORMAT_FIXTURES } from '../../fixtures/audio-formats';
import { call } from './spec';

const TOKEN = 'e5'.repeat(16);
const PASSWORD = 'my own library';
const AUTH = { u: 'moecat', p: PASSWORD };
const HOST = '127.0.0.1:7777';
let work: string;
let music: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-subsonic-library-'));
  music = join(work, 'music');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  userDb.subsonic.set(PASSWORD);
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: file,
    dataDir: join(work, 'data'),
  });
  const cover = await coverImage('jpeg', [200, 40, 90], 256);
  const album = { album: 'Zyxwv Home Album', albumArtist: 'Quokka Quartet', artist: 'Quokka Quartet', date: '2020-02-02', genre: 'Folk', cover };
  writeSongs(music, [
    { file: 'Home/01 Morning.mp3', title: 'Morning', track: '1', ...album, seconds: 3 },
    { file: 'Home/02 Noon.mp3', title: 'Noon', track: '2', ...album, seconds: 3 },
  ]);
  // A FLAC tagged with ReplayGain and a sort title.
  encodeTone(
    join(music, 'Gain/1.flac'),
    { ...FORMAT_FIXTURES.find((f) => f.type === 'flac')!, picture: false },
    {
      album: 'Gain Album',
      artist: 'Gain Trio',
      title: 'The Level',
      track: '1',
      REPLAYGAIN_TRACK_GAIN: '-4.50 dB',
      REPLAYGAIN_TRACK_PEAK: '0.9',
      REPLAYGAIN_ALBUM_GAIN: '-5.00 dB',
      TITLESORT: 'Level, The',
    },
  );
  // The artists are read once before the import, so the import must be seen through the kept list.
  expect((await call(app, 'search3', 'json', { query: 'quokka' }, { auth: AUTH })).response.searchResult3.artist ?? []).toEqual([]);
  const res = await app.inject({
    method: 'POST',
    url: '/app/library/import.json',
    headers: { host: HOST, 'x-moecat-ui': TOKEN, 'content-type': 'application/json' },
    payload: JSON.stringify({ folder: music }),
  });
  expect(res.statusCode).toBe(200);
  await app.jobs.idle();
});
afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

const albumOf = async () => {
  const artist = (await call(app, 'search3', 'json', { query: 'quokka' }, { auth: AUTH })).response.searchResult3.artist[0];
  const albums = (await call(app, 'getArtist', 'json', { id: artist.id }, { auth: AUTH })).response.artist.album;
  return (await call(app, 'getAlbum', 'json', { id: albums[0].id }, { auth: AUTH })).response.album;
};

describe('an imported folder through the face', () => {
  it('is a music folder, with its artist and album', async () => {
    const folders = (await call(app, 'getMusicFolders', 'xml', {}, { auth: AUTH })).response.musicFolders.musicFolder;
    expect(folders.map((f: { name: string }) => f.name)).toContain('music');
    const album = await albumOf();
    expect(album).toMatchObject({ name: 'Zyxwv Home Album', artist: 'Quokka Quartet', songCount: 2, year: 2020 });
    expect(album.song.map((s: { title: string }) => s.title)).toEqual(['Morning', 'Noon']);
    expect(album.song[0]).not.toHaveProperty('path');
  });

  it('streams a song from the folder with a byte range, and sends its embedded cover', async () => {
    const album = await albumOf();
    const key = userDb.defaultKey().key;
    const ranged = await app.inject({ url: `/rest/stream?c=t&v=1.16.1&apiKey=${key}&id=${album.song[1].id}`, headers: { host: HOST, range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.toString('latin1', 0, 3)).toBe('ID3');
    const cover = await app.inject({ url: `/rest/getCoverArt?c=t&v=1.16.1&apiKey=${key}&id=${album.id}&size=500`, headers: { host: HOST } });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(cover.headers['moecat-cover']).toBeUndefined();
  });

  it('answers a song’s ReplayGain tags and sort title, and an empty replayGain for an untagged one', async () => {
    const found = (await call(app, 'search3', 'json', { query: 'the level' }, { auth: AUTH })).response.searchResult3.song;
    const song = (await call(app, 'getSong', 'xml', { id: found[0].id }, { auth: AUTH })).response.song;
    expect(song).toMatchObject({ title: 'The Level', sortName: 'Level, The', replayGain: { trackGain: -4.5, trackPeak: 0.9, albumGain: -5 } });
    expect(song.replayGain).not.toHaveProperty('albumPeak');
    const plain = (await albumOf()).song[0];
    expect(plain.replayGain).toEqual({});
  });

  it('streams a FLAC transcoded when the player asks for MP3 or a lower bitrate, from timeOffset; as it is for raw or without ffmpeg', async () => {
    const found = (await call(app, 'search3', 'json', { query: 'the level' }, { auth: AUTH })).response.searchResult3.song;
    const key = userDb.defaultKey().key;
    const stream = (query: string) => app.inject({ url: `/rest/stream?c=t&v=1.16.1&apiKey=${key}&id=${found[0].id}&${query}`, headers: { host: HOST } });
    const asMp3 = await stream('format=mp3');
    expect(asMp3.statusCode).toBe(200);
    expect(asMp3.headers['content-type']).toBe('audio/mpeg');
    const mp3Meta = await parseBuffer(asMp3.rawPayload, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(mp3Meta.format.codec).toMatch(/MPEG 1 Layer 3/);
    expect(mp3Meta.format.duration).toBeGreaterThan(2.5);
    const capped = await stream('maxBitRate=64');
    expect(capped.headers['content-type']).toBe('audio/mpeg');
    expect((await parseBuffer(capped.rawPayload, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(64_000);
    const later = await stream('format=opus&timeOffset=2');
    expect(later.headers['content-type']).toBe('audio/ogg');
    const laterMeta = await parseBuffer(later.rawPayload, { mimeType: 'audio/ogg' }, { duration: true });
    expect(laterMeta.format.codec).toBe('Opus');
    expect(laterMeta.format.duration).toBeLessThan(1.5);
    const raw = await stream('format=raw&maxBitRate=64');
    expect(raw.headers['content-type']).toBe('audio/flac');
    expect(raw.rawPayload.toString('latin1', 0, 4)).toBe('fLaC');
    process.env.MOECAT_FFMPEG = 'none';
    try {
      const without = await stream('format=mp3');
      expect(without.headers['content-type']).toBe('audio/flac');
    } finally {
      delete process.env.MOECAT_FFMPEG;
    }
  });

  it('startScan re-imports the folder: a song added since shows', async () => {
    writeSongs(music, [
      { file: 'Home/03 Night.mp3', title: 'Night', track: '3', album: 'Zyxwv Home Album', albumArtist: 'Quokka Quartet', artist: 'Quokka Quartet', seconds: 3 },
    ]);
    const started = (await call(app, 'startScan', 'xml', {}, { auth: AUTH })).response.scanStatus;
    expect(started.scanning).toBe(true);
    await app.jobs.idle();
    expect((await call(app, 'getScanStatus', 'json', {}, { auth: AUTH })).response.scanStatus.scanning).toBe(false);
    expect((await albumOf()).song.map((s: { title: string }) => s.title)).toEqual(['Morning', 'Noon', 'Night']);
  });
});
