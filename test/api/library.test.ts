// Settings → Library over HTTP: POST /app/library/import.json starts an import job whose progress the
// UI polls, GET /app/library.json lists the imported folders; imported albums answer in the catalogue
// API, their files are served from the folder under /files/folder/… (ranges, validators, no way out
// by '..' or a symlink), and their embedded covers under /covers/….
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import { fixtureCatalogueDir } from '../fixtures/app';
import { coverImage, writeSongs } from '../fixtures/mp3-folder';

const TOKEN = 'd'.repeat(32);
let work: string;
let music: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
let apiKey: string;
let host: string;

interface Job {
  id: string;
  status: string;
  label: string;
  progress: { phase: string; done: number; total: number };
  problems: string[];
  result: { sourceId: number; albums: Record<string, number>; songs: Record<string, number>; problems: number } | null;
  error: string | null;
}

const headers = (extra: Record<string, string> = {}) => ({ host, 'x-moecat-ui': TOKEN, ...extra });
const get = (url: string, extra: Record<string, string> = {}) => app.inject({ url, headers: headers(extra) });
const postImport = (body: unknown, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/app/library/import.json',
    headers: headers({ 'content-type': 'application/json', ...extra }),
    payload: JSON.stringify(body),
  });
const api = (path: string, query: Record<string, string>) => get(`${path}?${new URLSearchParams({ ...query, api_key: apiKey })}`);

/** Starts an import through the API and waits for the job to end; returns the job as the UI last sees it. */
async function importThroughApi(folder = music): Promise<Job> {
  const res = await postImport({ folder });
  expect(res.statusCode).toBe(200);
  const started = res.json().response.job as Job;
  expect(started).toMatchObject({ status: 'running', label: folder });
  await app.jobs.idle();
  return (await get(`/app/jobs/${started.id}.json`)).json().response.job as Job;
}

/** A GET over a socket, with the request target sent exactly as written. */
function raw(target: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const port = (app.server.address() as AddressInfo).port;
    const req = http.request({ host: '127.0.0.1', port, path: target, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let job: Job;
let cover: { mime: string; data: Buffer };
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-library-'));
  music = join(work, 'music');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  apiKey = userDb.defaultKey().key;
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: file,
    dataDir: join(work, 'data'),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  cover = await coverImage('jpeg', [40, 90, 220], 256);
  const album = { album: 'Qwertz Library Album', albumArtist: 'Import Band', artist: 'Import Band', date: '2021-06-15', genre: 'Chiptune', cover };
  writeSongs(music, [
    { file: 'Album One/01 First Light.mp3', title: 'First Light', track: '1', ...album, seconds: 3 },
    { file: 'Album One/02 Second Wind.mp3', title: 'Second Wind', track: '2', ...album, seconds: 3 },
    { file: 'Plain/untagged.mp3' },
  ]);
  writeFileSync(join(music, 'corrupt.mp3'), 'definitely not an mp3 '.repeat(100));
  // Things that lie inside the folder but must not be served from it.
  writeFileSync(join(music, 'Album One', 'notes.txt'), 'private notes');
  mkdirSync(join(music, '.private'));
  writeFileSync(join(music, '.private', 'hidden.mp3'), 'HIDDEN-CONTENT');
  writeFileSync(join(work, 'outside.mp3'), 'SECRET-OUTSIDE');
  symlinkSync(join(work, 'outside.mp3'), join(music, 'Album One', 'escape.mp3'));
  symlinkSync('/etc/passwd', join(music, 'passwd.mp3'));
  symlinkSync(work, join(music, 'up'));
  job = await importThroughApi();
});

afterAll(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

const sourceId = () => job.result!.sourceId;
async function importedAlbum() {
  const found = (await api('/search/wiki.json', { keyword: 'qwertz library' })).json().response;
  expect(found.information.count).toBe(1);
  return (await api('/music/detail.json', { wiki_id: String(found.wikis[0].wiki_id) })).json().response as {
    wiki: { wiki_id: number; wiki_title: string; wiki_modified_user: number; wiki_cover: Record<string, string>; wiki_tags: unknown };
    subs: {
      sub_id: number;
      sub_title: string;
      sub_upload: { up_uid: number; up_url: string; up_data: { bitrate: number; length: number; filesize: number } }[];
    }[];
  };
}

describe('POST /app/library/import.json', () => {
  it('runs the import as a job that ends done, with its counts, its progress at the end and the unreadable file listed', () => {
    expect(job).toMatchObject({ status: 'done', error: null, progress: { phase: 'write', done: 2, total: 2 } });
    expect(job.result).toMatchObject({ albums: { added: 2, changed: 0, removed: 0, total: 2 }, songs: { added: 3, total: 3 }, problems: 3 });
    expect(job.problems.find((p) => p.startsWith('corrupt.mp3:'))).toMatch(/no MP3 audio/);
    // The links that leave the folder are listed too: they would not play.
    expect(
      job.problems
        .filter((p) => /outside the folder/.test(p))
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['Album One/escape.mp3', 'passwd.mp3']);
  });

  it('makes the albums answer in the catalogue API: search, detail with songs, uploads with true facts', async () => {
    const { wiki, subs } = await importedAlbum();
    expect(wiki.wiki_title).toBe('Qwertz Library Album');
    expect(subs.map((s) => s.sub_title)).toEqual(['First Light', 'Second Wind']);
    const bytes = readFileSync(join(music, 'Album One', '01 First Light.mp3'));
    expect(subs[0].sub_upload[0].up_data).toMatchObject({ bitrate: 128, length: 3, filesize: bytes.length });
    expect(new URL(subs[0].sub_upload[0].up_url).pathname).toBe(`/files/folder/${sourceId()}/Album%20One/01%20First%20Light.mp3`);
    const songs = (await api('/search/sub.json', { keyword: 'second wind' })).json().response;
    expect(songs.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual([subs[1].sub_id]);
  });

  it('marks what the user imported as the local user’s: wiki_modified_user and up_uid are 1', async () => {
    const { wiki, subs } = await importedAlbum();
    expect(wiki.wiki_modified_user).toBe(1);
    expect(subs.flatMap((s) => s.sub_upload.map((u) => u.up_uid))).toEqual([1, 1]);
  });

  it.each([
    ['no folder', {}, 400, /"folder" is required/],
    ['a relative path', { folder: 'music' }, 400, /absolute path/],
    ['a folder that does not exist', { folder: '/nowhere/at/all' }, 400, /does not exist/],
    ['a file', { folder: '/etc/passwd' }, 400, /is not a folder/],
    ['a number', { folder: 42 }, 400, /must be a string/],
  ])('answers %s with a clear 400 and starts nothing', async (_what, body, status, message) => {
    const before = app.jobs.list().length;
    const res = await postImport(body);
    expect(res.statusCode).toBe(status);
    const info = res.json().response.information;
    expect(info).toMatchObject({ has_error: true, error: status });
    expect(info.msg.join(' ')).toMatch(message);
    expect(app.jobs.list()).toHaveLength(before);
  });

  it('answers 409 while another job runs, and is the UI’s own (401 without its token, 405 for GET)', async () => {
    let release!: () => void;
    const blocker = app.jobs.start('sync', 'elsewhere', () => new Promise((resolve) => (release = () => resolve(null))));
    try {
      const res = await postImport({ folder: music });
      expect(res.statusCode).toBe(409);
      expect(res.json().response.information.msg.join(' ')).toMatch(/Another job is running/);
    } finally {
      release();
      await app.jobs.idle();
    }
    expect(app.jobs.get(blocker.id)?.status).toBe('done');
    expect((await postImport({ folder: music }, { 'x-moecat-ui': 'e'.repeat(32) })).statusCode).toBe(401);
    const wrong = await get('/app/library/import.json');
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
  });
});

describe('GET /app/library.json', () => {
  it('lists the imported folder with its counts and last import, and the latest import job', async () => {
    const res = await get('/app/library.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json().response;
    expect(body.writable).toBe(true);
    expect(body.folders).toEqual([
      {
        source_id: sourceId(),
        path: music,
        name: 'music',
        albums: 2,
        songs: 3,
        added_at: expect.any(Number),
        updated_at: expect.any(Number),
        // This server was not asked to watch its folders (library-watch.test.ts covers a watching one).
        watch_state: 'unwatched',
        watch_since: 0,
        watch_reason: '',
        watch_reason_code: '',
      },
    ]);
    expect(body.folders[0].updated_at).toBeGreaterThan(0);
    expect(body.job).toMatchObject({ kind: 'import', label: music });
  });

  it('is the UI’s own', async () => {
    expect((await get('/app/library.json', { 'x-moecat-ui': 'e'.repeat(32) })).statusCode).toBe(401);
  });
});

describe('GET /files/folder/…', () => {
  const songUrl = async () => new URL((await importedAlbum()).subs[0].sub_upload[0].up_url).pathname;
  const songBytes = () => readFileSync(join(music, 'Album One', '01 First Light.mp3'));

  it('serves a song from where it lies, with validators, and 304 when unchanged', async () => {
    const res = await get(await songUrl());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(songBytes())).toBe(true);
    expect((await get(await songUrl(), { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it.each([
    ['bytes=0-99', 0, 100],
    ['bytes=1000-2999', 1000, 3000],
    ['bytes=-100', -100, undefined],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const bytes = songBytes();
    const res = await get(await songUrl(), { range });
    const first = start < 0 ? bytes.length + start : start;
    const expected = bytes.subarray(first, end);
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${first}-${first + expected.length - 1}/${bytes.length}`);
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('answers a range past the end with 416', async () => {
    expect((await get(await songUrl(), { range: 'bytes=99999999-' })).statusCode).toBe(416);
  });

  const refused = () => [
    `/files/folder/${sourceId()}/../../catalogue.db`,
    `/files/folder/${sourceId()}/%2e%2e/outside.mp3`,
    `/files/folder/${sourceId()}/..%2foutside.mp3`,
    `/files/folder/${sourceId()}/Album%20One/..%2f..%2foutside.mp3`,
    `/files/folder/${sourceId()}/%252e%252e/outside.mp3`,
    `/files/folder/${sourceId()}/..%5coutside.mp3`,
    `/files/folder/${sourceId()}//etc/passwd`,
    `/files/folder/${sourceId()}/%2fetc%2fpasswd`,
    `/files/folder/${sourceId()}/Album%20One/escape.mp3`, // a symlink to a file outside
    `/files/folder/${sourceId()}/passwd.mp3`, // a symlink to /etc/passwd
    `/files/folder/${sourceId()}/up/outside.mp3`, // through a symlinked folder
    `/files/folder/${sourceId()}/Album%20One/notes.txt`, // not audio
    `/files/folder/${sourceId()}/.private/hidden.mp3`, // hidden
    `/files/folder/${sourceId() + 1000}/Album%20One/01%20First%20Light.mp3`, // no such source
    '/files/folder/1/demo/x.mp3', // the bundled source is no folder
  ];
  const leaks = (body: Buffer) => ['SECRET-OUTSIDE', 'root:', 'SQLite format 3', 'private notes', 'HIDDEN-CONTENT'].some((s) => body.includes(s));

  it('refuses every way out of the folder, and what is not its audio, over a socket', async () => {
    for (const target of refused()) {
      const res = await raw(target);
      expect([400, 403, 404], target).toContain(res.status);
      expect(leaks(res.body), target).toBe(false);
      expect(res.type, target).not.toBe('audio/mpeg');
    }
  });

  it('refuses the same through inject, answering in the envelope', async () => {
    for (const target of refused()) {
      const res = await get(target);
      expect([400, 403, 404], target).toContain(res.statusCode);
      expect(leaks(res.rawPayload), target).toBe(false);
    }
    expect((await get(`/files/folder/${sourceId()}/Album%20One/escape.mp3`)).json().response.information).toMatchObject({ has_error: true, error: 404 });
  });
});

describe('GET /covers/:id/:size of an imported album', () => {
  it.each([
    ['small', 96],
    ['medium', 144],
    ['square', 192],
    ['large', 256],
  ] as const)('serves the embedded picture as a %s JPEG', async (size, px) => {
    const { wiki } = await importedAlbum();
    const res = await get(new URL(wiki.wiki_cover[size]).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', px, px]);
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(150); // the blue picture, not a generated cover
    expect((await get(new URL(wiki.wiki_cover[size]).pathname, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('draws the generated cover for an imported album without a picture', async () => {
    const found = (await api('/search/wiki.json', { keyword: 'plain' })).json().response;
    const plain = found.wikis.find((w: { wiki_title: string }) => w.wiki_title === 'Plain');
    const res = await get(`/covers/${plain.wiki_id}/small`);
    expect(res.headers['moecat-cover']).toBe('generated');
  });
});

describe('re-import through the API', () => {
  it('keeps the ids, shows a retagged title at once, and counts what changed', async () => {
    const before = await importedAlbum();
    writeSongs(music, [
      {
        file: 'Album One/02 Second Wind.mp3',
        title: 'Second Wind (Live)',
        track: '2',
        album: 'Qwertz Library Album',
        albumArtist: 'Import Band',
        cover,
        seconds: 3,
        mtime: 1_800_000_000,
      },
    ]);
    const again = await importThroughApi();
    expect(again.result).toMatchObject({ albums: { added: 0, changed: 1, removed: 0, total: 2 }, songs: { added: 0, changed: 1, removed: 0, total: 3 } });
    const after = await importedAlbum();
    expect(after.wiki.wiki_id).toBe(before.wiki.wiki_id);
    expect(after.subs.map((s) => [s.sub_id, s.sub_title])).toEqual([
      [before.subs[0].sub_id, 'First Light'],
      [before.subs[1].sub_id, 'Second Wind (Live)'],
    ]);
    const listed = (await get('/app/library.json')).json().response.folders;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ albums: 2, songs: 3 });
  });
});

describe('POST /app/library/import.json on a fixed catalogue file', () => {
  it('refuses to start, saying why', async () => {
    const fixed = await buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR), uiToken: TOKEN, dataDir: join(work, 'data') });
    try {
      const res = await fixed.inject({
        method: 'POST',
        url: '/app/library/import.json',
        headers: { host: '127.0.0.1', 'x-moecat-ui': TOKEN, 'content-type': 'application/json' },
        payload: { folder: music },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().response.information.msg.join(' ')).toMatch(/fixed catalogue file/);
      expect((await fixed.inject({ url: '/app/library.json', headers: { host: '127.0.0.1', 'x-moecat-ui': TOKEN } })).json().response.writable).toBe(false);
    } finally {
      await fixed.close();
    }
  });
});
