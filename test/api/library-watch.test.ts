// Imported folders kept in step while the server runs (server/library-watch.ts): checked at start,
// then watched — a file added, changed, renamed or removed reaches the catalogue in a batch, reading
// only what changed; a folder whose disk is gone or not mounted is marked unavailable and keeps its
// albums (and the favourites made of them) until it is back. A real server listening on loopback, real
// files, the real watcher.
import { copyFileSync, mkdirSync, renameSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { importFolder } from '../../src-main/catalogue/import/folder-import';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { openCatalogueWriter } from '../../src-main/catalogue/write/catalogue-writer';
import type { JobState, LibraryFolder } from '../../src-main/contract/app';
import { buildApp } from '../../src-main/server/app';
import { fixtureCatalogueDir } from '../fixtures/app';
import { writeSongs, type TestSong } from '../fixtures/mp3-folder';
import { tempDir } from '../fixtures/temp-dir';

const TOKEN = 'w'.repeat(32);
const WAIT = { timeout: 15_000, interval: 100 };

let work: string;
let music: string;
let file: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
/** The listening server's host:port (the host check wants it). */
let host: string;

const album = (name: string, n: number): TestSong[] =>
  Array.from({ length: n }, (_, i) => ({
    file: `${name}/${i + 1}.mp3`,
    title: `${name} ${i + 1}`,
    album: name,
    artist: 'Kaze',
    track: String(i + 1),
    seconds: 1,
  }));

async function start(): Promise<void> {
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: file,
    dataDir: work,
    watchLibrary: { quietMs: 300, maxWaitMs: 2_000, retryMs: 400 },
  });
  host = new URL(await app.listen({ host: '127.0.0.1', port: 0 })).host;
}

/** Imports the folder before the server runs (as an earlier run of Moecat did). */
async function importBefore(): Promise<void> {
  const writer = openCatalogueWriter(file);
  try {
    await importFolder({ writer, folder: music, dataDir: work });
  } finally {
    writer.close();
  }
}

const titles = () =>
  (
    sqlOf(catalogue)
      .prepare(
        "SELECT s.sub_title FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id WHERE src.kind = 'folder'",
      )
      .pluck()
      .all() as string[]
  ).sort();
const subIdOf = (title: string) => sqlOf(catalogue).prepare('SELECT sub_id FROM sub WHERE sub_title = ?').pluck().get(title) as number | undefined;
const folders = async () =>
  (await app.inject({ url: '/app/library.json', headers: { host, 'x-moecat-ui': TOKEN } })).json().response.folders as LibraryFolder[];
const importJobs = () => app.jobs.list().filter((j: JobState) => j.kind === 'import');

beforeEach(() => {
  work = tempDir('moecat-watch-');
  music = join(work, 'music');
  file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  writeSongs(music, [...album('Dawn', 2), ...album('Dusk', 2)]);
});

afterEach(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

describe('an imported folder kept in step', () => {
  it('is checked at start: what changed while Moecat was not running is read, and the folder is then watched', async () => {
    await importBefore();
    writeSongs(music, album('Noon', 1));
    rmSync(join(music, 'Dusk/2.mp3'));
    await start();
    await vi.waitFor(() => expect(titles()).toEqual(['Dawn 1', 'Dawn 2', 'Dusk 1', 'Noon 1']), WAIT);
    await vi.waitFor(async () => expect((await folders())[0]).toMatchObject({ path: music, watch_state: 'watching', watch_reason: '' }), WAIT);
  });

  it('reflects a file added, changed, renamed and removed while it runs, in batches, reading only what changed', async () => {
    await importBefore();
    await start();
    await vi.waitFor(async () => expect((await folders())[0].watch_state).toBe('watching'), WAIT);
    const before = importJobs().length;
    const dawn1 = subIdOf('Dawn 1');

    // Ten files at once are one batch.
    writeSongs(music, album('Rain', 10));
    await vi.waitFor(() => expect(titles()).toContain('Rain 10'), WAIT);
    await app.jobs.idle();
    expect(importJobs().length - before).toBeLessThanOrEqual(2);
    const batch = importJobs()[0];
    expect(batch.result).toMatchObject({ songs: { added: 10, changed: 0, removed: 0 } });

    // Retagged in place: the same song (id) with its new title.
    writeSongs(music, [{ ...album('Dawn', 1)[0], title: 'Dawn One' }]);
    utimesSync(join(music, 'Dawn/1.mp3'), new Date(), new Date(Date.now() + 5_000));
    await vi.waitFor(() => expect(titles()).toContain('Dawn One'), WAIT);
    expect(subIdOf('Dawn One')).toBe(dawn1);

    // Renamed: the old song goes, the new one comes; removed: gone.
    renameSync(join(music, 'Dusk/2.mp3'), join(music, 'Dusk/02 - moved.mp3'));
    rmSync(join(music, 'Rain'), { recursive: true });
    await vi.waitFor(() => expect(titles()).toEqual(['Dawn 2', 'Dawn One', 'Dusk 1', 'Dusk 2']), WAIT);
    await app.jobs.idle();
    const last = importJobs()[0];
    expect(last.status).toBe('done');
    // Unchanged files were not read again: nothing changed but what was touched.
    expect(last.result).toMatchObject({ songs: { changed: 0 } });
  });

  it('marks a folder whose disk is gone unavailable, keeps its albums and favourites, and picks it up when it is back', async () => {
    await importBefore();
    await start();
    await vi.waitFor(async () => expect((await folders())[0].watch_state).toBe('watching'), WAIT);
    const fav = userDb.addFav('sub', subIdOf('Dawn 1')!, 1);
    const away = join(work, 'unplugged');
    renameSync(music, away); // the disk is unplugged
    await vi.waitFor(
      async () => expect((await folders())[0]).toMatchObject({ watch_state: 'unavailable', watch_reason: expect.stringMatching(/not there/) }),
      WAIT,
    );
    expect(titles()).toEqual(['Dawn 1', 'Dawn 2', 'Dusk 1', 'Dusk 2']);

    // An empty mount point (the disk not mounted) is unavailable too: importing it by hand is refused, nothing removed.
    mkdirSync(music);
    const res = await app.inject({
      method: 'POST',
      url: '/app/library/import.json',
      headers: { host, 'x-moecat-ui': TOKEN, 'content-type': 'application/json' },
      payload: { folder: music },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/empty .*albums are kept/);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a few looks for it
    expect(titles()).toEqual(['Dawn 1', 'Dawn 2', 'Dusk 1', 'Dusk 2']);
    expect((await folders())[0].watch_state).toBe('unavailable');

    // Back, with a song added meanwhile: checked, watched, the favourite still its song.
    rmSync(music, { recursive: true });
    writeSongs(away, album('Noon', 1));
    renameSync(away, music);
    await vi.waitFor(() => expect(titles()).toEqual(['Dawn 1', 'Dawn 2', 'Dusk 1', 'Dusk 2', 'Noon 1']), WAIT);
    await vi.waitFor(async () => expect((await folders())[0].watch_state).toBe('watching'), WAIT);
    expect(subIdOf('Dawn 1')).toBe(fav?.fav_obj_id);
  });

  it('waits for another job to end before importing a batch', async () => {
    await importBefore();
    await start();
    await vi.waitFor(async () => expect((await folders())[0].watch_state).toBe('watching'), WAIT);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.jobs.start('sync', 'elsewhere', () => gate);
    writeSongs(music, album('Noon', 1));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(titles()).not.toContain('Noon 1');
    release();
    await vi.waitFor(() => expect(titles()).toContain('Noon 1'), WAIT);
  });

  it('follows a folder imported while it runs, and forgets a removed one', async () => {
    await start();
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { host, 'x-moecat-ui': TOKEN, 'content-type': 'application/json' }, payload });
    expect((await post('/app/library/import.json', { folder: music })).statusCode).toBe(200);
    await app.jobs.idle();
    await vi.waitFor(async () => expect((await folders())[0].watch_state).toBe('watching'), WAIT);
    writeSongs(music, album('Noon', 1));
    await vi.waitFor(() => expect(titles()).toContain('Noon 1'), WAIT);
    await app.jobs.idle();
    const sourceId = (await folders())[0].source_id;
    expect((await post('/app/sources/remove.json', { source_id: sourceId })).statusCode).toBe(200);
    await app.jobs.idle();
    writeSongs(music, album('Late', 1));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await folders()).toEqual([]);
    expect(titles()).toEqual([]);
  });
});
