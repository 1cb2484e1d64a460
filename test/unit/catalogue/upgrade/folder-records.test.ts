// An upgrade keeps an imported folder's file records: the first re-import after a merge into a new
// shipped build reads no file again and touches no album — also when the new build gives the folder's
// source id to a bundled source (the folder gets a new id, its records and its files' addresses follow).
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../../src-main/catalogue/build/builder';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { importFolder, type FolderImportResult } from '../../../../src-main/catalogue/import/folder-import';
import { ensureWorkingCatalogue } from '../../../../src-main/catalogue/upgrade/working-copy';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { FIXTURE_BANGUMI_NEXT } from '../../../fixtures/bangumi-fixture';
import { runSynthesiser } from '../../../fixtures/demo-audio';
import { writeSongs, type TestSong } from '../../../fixtures/mp3-folder';

const T0 = 1_700_000_000;
const NOW = 1_750_000_000_000;

const SONGS: TestSong[] = [
  { file: 'Aoi Band/Blue/01 Dawn.mp3', title: 'Dawn', album: 'Blue Horizon', albumArtist: 'Aoi Band', artist: 'Aoi Band', track: '1', mtime: T0 },
  { file: 'Aoi Band/Blue/02 Noon.mp3', title: 'Noon', album: 'Blue Horizon', albumArtist: 'Aoi Band', artist: 'Aoi Band', track: '2', mtime: T0 },
  { file: 'Loose/a song.mp3', mtime: T0 },
];

let root: string;
let shippedV2: string;
/** A working copy of the v1 build with the folder imported (made once, copied per test). */
let template: string;
let music: string;
let dataDir: string;

/** Imports the folder into `file` (songs added + changed are the files read). */
async function reimport(file: string): Promise<FolderImportResult> {
  const writer = openCatalogueWriter(file);
  try {
    return await importFolder({ writer, folder: music, dataDir, now: () => NOW, readers: { threads: 0 } });
  } finally {
    writer.close();
  }
}

const rowsOf = (file: string, sql: string, ...args: unknown[]) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Record<string, unknown>[];
  } finally {
    db.close();
  }
};
const folderSource = (file: string) => rowsOf(file, "SELECT source_id, state FROM source WHERE kind = 'folder'")[0] as { source_id: number; state: string };
const albumsOf = (file: string, sourceId: number) =>
  rowsOf(file, 'SELECT wiki_id, source_key, wiki_title, wiki_modified FROM wiki WHERE source_id = ? ORDER BY wiki_id', sourceId);
const songsOf = (file: string, sourceId: number) =>
  rowsOf(
    file,
    `SELECT s.sub_id, s.sub_title, s.sub_modified, u.up_uri FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN upload u ON u.up_obj_id = s.sub_id
     WHERE w.source_id = ? ORDER BY s.sub_id`,
    sourceId,
  );
const recordsOf = (file: string, sourceId: number) =>
  rowsOf(file, 'SELECT path, album, size, mtime, lrc, folder_cover, cover, record FROM folder_file WHERE source_id = ? ORDER BY path', sourceId);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'moecat-upgrade-records-'));
  music = join(root, 'music');
  dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeSongs(music, SONGS);
  await buildCatalogue({ outDir: join(root, 'v2'), bangumi: FIXTURE_BANGUMI_NEXT, synthesise: runSynthesiser() });
  shippedV2 = join(root, 'v2', CATALOGUE_FILE);
  template = join(root, 'template', CATALOGUE_FILE);
  expect((await ensureWorkingCatalogue(join(fixtureCatalogueDir(), CATALOGUE_FILE), template)).action).toBe('installed');
  const first = await reimport(template);
  expect(first).toMatchObject({ songs: { added: 3, total: 3 }, albums: { added: 2, total: 2 } });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

let working: string;
beforeEach(() => {
  working = join(mkdtempSync(join(root, 'case-')), CATALOGUE_FILE);
  copyFileSync(template, working);
});

describe('upgrading a working catalogue with an imported folder', () => {
  it('carries the file records and their state, so the first re-import reads nothing and leaves every album as it was', async () => {
    const { source_id: sourceId, state } = folderSource(working);
    const albums = albumsOf(working, sourceId);
    const songs = songsOf(working, sourceId);
    const records = recordsOf(working, sourceId);
    expect(records).toHaveLength(3);

    expect((await ensureWorkingCatalogue(shippedV2, working)).action).toBe('merged');
    expect(folderSource(working)).toEqual({ source_id: sourceId, state });
    expect(recordsOf(working, sourceId)).toEqual(records);

    const again = await reimport(working);
    expect(again).toMatchObject({
      songs: { added: 0, changed: 0, removed: 0, total: 3 },
      albums: { added: 0, changed: 0, removed: 0, total: 2 },
      problems: [],
    });
    expect(albumsOf(working, sourceId)).toEqual(albums);
    expect(songsOf(working, sourceId)).toEqual(songs);

    // The records are trusted, not ignored: a changed file is read again, alone.
    utimesSync(join(music, 'Loose/a song.mp3'), T0 + 60, T0 + 60);
    try {
      expect(await reimport(working)).toMatchObject({ songs: { added: 0, changed: 1, removed: 0 }, albums: { added: 0, changed: 1 } });
    } finally {
      utimesSync(join(music, 'Loose/a song.mp3'), T0, T0);
    }
  });

  it('moves the records and the files’ addresses to the folder’s new source id when the new build uses the old one', async () => {
    const { source_id: oldId, state } = folderSource(working);
    const albums = albumsOf(working, oldId);
    const songs = songsOf(working, oldId);
    const records = recordsOf(working, oldId);
    // A new build with one more bundled source, holding the folder's id.
    const shipped = join(root, `v2-taken-${oldId}`, CATALOGUE_FILE);
    mkdirSync(join(root, `v2-taken-${oldId}`), { recursive: true });
    copyFileSync(shippedV2, shipped);
    const db = new Database(shipped);
    expect(db.prepare('SELECT 1 FROM source WHERE source_id = ?').get(oldId)).toBeUndefined();
    db.prepare("INSERT INTO source (source_id, kind, locator, name) VALUES (?, 'bundled', 'extra-data', 'Extra')").run(oldId);
    db.close();

    expect((await ensureWorkingCatalogue(shipped, working)).action).toBe('merged');
    const { source_id: newId, state: newState } = folderSource(working);
    expect(newId).not.toBe(oldId);
    expect(newState).toBe(state);
    expect(recordsOf(working, newId)).toEqual(records);
    expect(rowsOf(working, 'SELECT count(*) AS n FROM folder_file WHERE source_id = ?', oldId)).toEqual([{ n: 0 }]);
    const moved = songs.map((s) => ({ ...s, up_uri: String(s.up_uri).replace(`/folder/${oldId}/`, `/folder/${newId}/`) }));
    expect(moved.every((s) => s.up_uri.startsWith(`/folder/${newId}/`))).toBe(true);
    expect(songsOf(working, newId)).toEqual(moved);

    const again = await reimport(working);
    expect(again).toMatchObject({ sourceId: newId, songs: { added: 0, changed: 0, removed: 0, total: 3 }, albums: { added: 0, changed: 0, removed: 0 } });
    expect(albumsOf(working, newId)).toEqual(albums);
    expect(songsOf(working, newId)).toEqual(moved);
  });
});
