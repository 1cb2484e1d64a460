// Folder import over a generated folder of tagged MP3s: albums, songs and uploads from the files
// (true sizes, md5, bitrate, length), embedded covers in four sizes, incremental re-import that keeps
// ids, and bad input (missing folder, corrupt files, a failing batch) that leaves nothing partial.
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  realpathSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type CatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { COVERS_DIR, coverFilePath } from '../../../../src-main/catalogue/write/cover-files';
import { FolderImportError, importFolder, type FolderImportOptions } from '../../../../src-main/catalogue/import/folder-import';
import { openFileReaders, readHere } from '../../../../src-main/catalogue/import/file-readers';
import { IMPORT_ID_BASE } from '../../../../src-main/catalogue/db/schema';
import { localMidnight } from '../../../../src-main/contract/time';
import { titleKey } from '../../../../src-main/catalogue/search/title-key';
import { COVER_SIZES } from '../../../../src-main/contract/covers';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { coverImage, writeSongs, type TestSong } from '../../../fixtures/mp3-folder';

const T0 = 1_700_000_000; // file mtimes of the first import
const NOW = 1_750_000_000_000; // the import's clock (ms)

let work: string;
let music: string;
let dataDir: string;
let reader: Catalogue;
let writer: CatalogueWriter;
let red: { mime: string; data: Buffer };
let green: { mime: string; data: Buffer };

/** The generated folder: a tagged album with a PNG cover, a compilation over two discs with a JPEG cover, an untagged folder, and junk. */
function library(): TestSong[] {
  const blue = { album: 'Blue Horizon Sessions', albumArtist: 'Aoi Band', artist: 'Aoi Band', date: '2019-04-01', genre: 'J-Pop', cover: red };
  return [
    { file: 'Aoi Band/Blue Horizon/01 Dawn.mp3', title: 'Dawn', track: '1/3', ...blue, mtime: T0 },
    { file: 'Aoi Band/Blue Horizon/02 Noon.mp3', title: 'Noon', track: '2/3', ...blue, mtime: T0 + 60 },
    { file: 'Aoi Band/Blue Horizon/03 Dusk.mp3', title: 'Dusk', track: '3/3', ...blue, cover: undefined, id3: 3, mtime: T0 + 120 },
    {
      file: 'Summer/x.mp3',
      title: '夏の始まり',
      artist: 'Hana',
      album: '夏の歌',
      albumArtist: 'Summer Friends',
      track: '1',
      disc: '1/2',
      date: '2020',
      genre: 'Anime',
      cover: green,
      id3: 3,
      mtime: T0,
    },
    {
      file: 'Summer/y.mp3',
      title: '夏の終わり',
      artist: 'Kaze',
      album: '夏の歌',
      albumArtist: 'Summer Friends',
      track: '1',
      disc: '2/2',
      date: '2020',
      genre: 'Anime',
      cover: green,
      id3: 3,
      mtime: T0,
    },
    { file: 'Loose/b song.mp3', title: 'Second Loose', mtime: T0 },
    { file: 'Loose/a song.mp3', mtime: T0 },
    { file: '.hidden/secret.mp3', title: 'Secret', album: 'Hidden', mtime: T0 },
  ];
}

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-import-'));
  music = join(work, 'music');
  dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  reader = openCatalogue(file);
  writer = openCatalogueWriter(file);
  red ??= await coverImage('png', [220, 30, 60], 300);
  green ??= await coverImage('jpeg', [30, 200, 90], 120);
  writeSongs(music, library());
  writeFileSync(join(music, 'broken.mp3'), 'this is not audio '.repeat(200));
  writeFileSync(join(music, 'Loose', 'empty.mp3'), '');
  writeFileSync(join(music, 'notes.txt'), 'not music');
});

afterEach(() => {
  writer.close();
  reader.close();
  rmSync(work, { recursive: true, force: true });
});

const run = (extra: Partial<FolderImportOptions> = {}) => importFolder({ writer, folder: music, dataDir, now: () => NOW, ...extra });

interface WikiRow {
  wiki_id: number;
  wiki_title: string;
  wiki_type: string;
  wiki_title_encode: string;
  wiki_date: number;
  wiki_modified: number;
  wiki_meta: string;
  wiki_tags: string;
  cover_file: string | null;
  source_key: string;
}
const albums = () =>
  sqlOf(reader)
    .prepare(
      `SELECT wiki_id, wiki_title, wiki_type, wiki_title_encode, wiki_date, wiki_modified, wiki_meta, wiki_tags, cover_file, source_key
    FROM wiki WHERE source_id = (SELECT source_id FROM source WHERE kind = 'folder') ORDER BY wiki_title`,
    )
    .all() as WikiRow[];
const album = (title: string) => albums().find((a) => a.wiki_title === title)!;
const songs = (wikiId: number) =>
  sqlOf(reader)
    .prepare(
      `SELECT s.sub_id, s.source_key, s.sub_order, s.sub_title, s.sub_title_encode, s.sub_date, s.sub_meta,
      u.up_uri, u.up_md5, u.up_filesize, u.up_bitrate, u.up_length, u.up_date
    FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki = ? ORDER BY s.sub_order`,
    )
    .all(wikiId) as {
    sub_id: number;
    source_key: string;
    sub_order: string;
    sub_title: string;
    sub_title_encode: string;
    sub_date: number;
    sub_meta: string;
    up_uri: string;
    up_md5: string;
    up_filesize: number;
    up_bitrate: number;
    up_length: number;
    up_date: number;
  }[];
const meta = (row: WikiRow) => Object.fromEntries((JSON.parse(row.wiki_meta) as { key: string; value: string }[]).map((m) => [m.key, m.value]));
const ftsHas = (table: 'wiki_fts' | 'sub_fts', id: number) => sqlOf(reader).prepare(`SELECT count(*) FROM ${table} WHERE rowid = ?`).pluck().get(id) as number;
const md5 = (path: string) => createHash('md5').update(readFileSync(path)).digest('hex');

describe('importFolder() — first import', () => {
  it('groups the files into albums by album tag (else folder), with ids from the import range', async () => {
    const result = await run();
    expect(result.albums).toEqual({ added: 3, changed: 0, removed: 0, total: 3 });
    expect(result.songs).toEqual({ added: 7, changed: 0, removed: 0, total: 7 });
    expect(albums().map((a) => a.wiki_title)).toEqual(['Blue Horizon Sessions', 'Loose', '夏の歌']);
    for (const a of albums()) {
      expect(a.wiki_type).toBe('music');
      expect(a.wiki_id).toBeGreaterThanOrEqual(IMPORT_ID_BASE);
      expect(a.wiki_title_encode).toBe(titleKey(a.wiki_title));
      expect(ftsHas('wiki_fts', a.wiki_id)).toBe(1);
    }
    const source = writer.findSource('folder', music)!;
    expect(source).toMatchObject({ name: 'music', entries: 3, subs: 7, updatedAt: NOW / 1000 });
  });

  it('has the planner’s statistics checked after each batch it commits and once at the end', async () => {
    let checks = 0;
    const counting: CatalogueWriter = {
      ...writer,
      keepStatistics() {
        checks++;
        return writer.keepStatistics();
      },
    };
    const result = await run({ writer: counting, batchAlbums: 1 });
    expect(checks).toBe(result.albums.added + 1);
  });

  it('says what its commits changed: the music, its records of the files and its source (the server keeps the anime’s answers)', async () => {
    const before = reader.sectionStamps();
    await run();
    const after = reader.sectionStamps();
    // The planner's statistics too, when the tables grew enough for them to be taken again.
    const moved = [...after.keys()].filter((name) => after.get(name) !== before.get(name) && name !== 'statistics').sort();
    expect(moved).toEqual(['files', 'music', 'sources']);
  });

  it('lists corrupt and empty files as problems and imports the rest; hidden folders and other files are left alone', async () => {
    const problems: string[] = [];
    const result = await run({ problem: (p) => problems.push(p) });
    expect(result.problems).toEqual(problems);
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.startsWith('broken.mp3:'))).toMatch(/no MP3 audio/);
    expect(problems.find((p) => p.startsWith('Loose/empty.mp3:'))).toMatch(/empty/);
    expect(albums().some((a) => a.wiki_title === 'Hidden')).toBe(false);
  });

  it('stores what the files say: titles, track order, dates, meta, genre tags', async () => {
    await run();
    const blue = album('Blue Horizon Sessions');
    expect(blue.wiki_date).toBe(localMidnight(2019, 4, 1, 'Asia/Tokyo'));
    expect(blue.wiki_modified).toBe(NOW / 1000);
    // The album artist is the songs' artist here, so it is said once.
    expect(meta(blue)).toEqual({ artist: 'Aoi Band', year: '2019', genre: 'J-Pop', folder: join(music, 'Aoi Band', 'Blue Horizon') });
    expect(JSON.parse(blue.wiki_tags)).toEqual(['J-Pop']);
    const blueSongs = songs(blue.wiki_id);
    expect(blueSongs.map((s) => [s.sub_order, s.sub_title])).toEqual([
      ['1', 'Dawn'],
      ['2', 'Noon'],
      ['3', 'Dusk'],
    ]);
    expect(blueSongs.map((s) => s.sub_date)).toEqual([T0, T0 + 60, T0 + 120]);
    expect(JSON.parse(blueSongs[0].sub_meta)).toEqual([{ key: 'artist', value: 'Aoi Band' }]);

    // Two discs: disc-track order; several artists under one album artist.
    const summer = album('夏の歌');
    expect(summer.wiki_date).toBe(localMidnight(2020, 1, 1, 'Asia/Tokyo'));
    expect(meta(summer)).toEqual({ artist: 'Hana, Kaze', album_artist: 'Summer Friends', year: '2020', genre: 'Anime', folder: join(music, 'Summer') });
    expect(songs(summer.wiki_id).map((s) => [s.sub_order, s.sub_title])).toEqual([
      ['1-01', '夏の始まり'],
      ['2-01', '夏の終わり'],
    ]);
    expect(songs(summer.wiki_id).map((s) => s.sub_title_encode)).toEqual([titleKey('夏の始まり'), titleKey('夏の終わり')]);

    // No tags at all: the folder's name, titles from file names, numbered by file name, dated by mtime.
    const loose = album('Loose');
    expect(loose.wiki_date).toBe(localMidnight(2023, 11, 15, 'Asia/Tokyo')); // T0 is 2023-11-14 22:13 UTC = 11-15 in Tokyo
    expect(songs(loose.wiki_id).map((s) => [s.sub_order, s.sub_title])).toEqual([
      ['1', 'a song'],
      ['2', 'Second Loose'],
    ]);
    for (const s of [...blueSongs, ...songs(loose.wiki_id)]) expect(ftsHas('sub_fts', s.sub_id)).toBe(1);
  });

  it('gives every song an upload with facts read from its file', async () => {
    const { sourceId } = await run();
    const blueSongs = songs(album('Blue Horizon Sessions').wiki_id);
    const path = join(music, 'Aoi Band', 'Blue Horizon', '01 Dawn.mp3');
    expect(blueSongs[0]).toMatchObject({
      source_key: 'Aoi Band/Blue Horizon/01 Dawn.mp3',
      up_uri: `/folder/${sourceId}/Aoi Band/Blue Horizon/01 Dawn.mp3`,
      up_md5: md5(path),
      up_filesize: statSync(path).size,
      up_bitrate: 128,
      up_length: 2,
      up_date: T0,
    });
    // Files differ in their tags, so sizes and md5s differ too: nothing is copied from one to another.
    expect(new Set(blueSongs.map((s) => s.up_md5)).size).toBe(3);
    expect(blueSongs.map((s) => s.up_filesize)).toEqual(
      ['01 Dawn', '02 Noon', '03 Dusk'].map((f) => statSync(join(music, 'Aoi Band', 'Blue Horizon', `${f}.mp3`)).size),
    );
  });

  it('saves embedded covers in four sizes, one folder per distinct picture; an album without one has none', async () => {
    await run();
    const blue = album('Blue Horizon Sessions');
    const summer = album('夏の歌');
    expect(blue.cover_file).toBe(createHash('sha1').update(red.data).digest('hex'));
    expect(summer.cover_file).toBe(createHash('sha1').update(green.data).digest('hex'));
    expect(album('Loose').cover_file).toBeNull();
    for (const size of ['small', 'medium', 'square'] as const) {
      const m = await sharp(coverFilePath(dataDir, blue.cover_file!, size)!).metadata();
      expect([m.format, m.width, m.height]).toEqual(['jpeg', COVER_SIZES[size], COVER_SIZES[size]]);
    }
    const large = await sharp(coverFilePath(dataDir, blue.cover_file!, 'large')!).metadata();
    expect([large.format, large.width]).toEqual(['jpeg', 300]);
    // The picture is red: the saved image is too.
    const { dominant } = await sharp(coverFilePath(dataDir, blue.cover_file!, 'small')!).stats();
    expect(dominant.r).toBeGreaterThan(150);
  });

  it('reports progress through scan, read and write, ending with every album written', async () => {
    const seen: { phase: string; done: number; total: number }[] = [];
    await run({ progress: (p) => seen.push(p) });
    expect([...new Set(seen.map((p) => p.phase))]).toEqual(['scan', 'read', 'write']);
    expect(seen.filter((p) => p.phase === 'read').at(-1)).toMatchObject({ total: 9 });
    expect(seen.at(-1)).toEqual({ phase: 'write', done: 3, total: 3 });
  });

  it('skips a link to a file outside the folder, saying so', async () => {
    const outside = join(work, 'outside.mp3');
    copyFileSync(join(music, 'Loose', 'a song.mp3'), outside);
    symlinkSync(outside, join(music, 'Loose', 'link.mp3'));
    const result = await run();
    expect(result.problems.find((p) => p.startsWith('Loose/link.mp3:'))).toMatch(/outside the folder/);
    expect(songs(album('Loose').wiki_id)).toHaveLength(2);
  });

  it('reads an MP3 only where its real path lies inside the folder, checked again as it is read', async () => {
    const outside = join(work, 'outside');
    const purple = await coverImage('png', [120, 20, 160], 80);
    const [secret] = writeSongs(outside, [{ file: 'secret.mp3', title: 'Secret Outside', album: 'Outside', cover: purple, mtime: T0 }]);
    writeSongs(outside, [
      { file: 'a/b/deep.mp3', title: 'Deep Outside', album: 'Outside', mtime: T0 },
      { file: 'a/sibling.mp3', title: 'Sibling Outside', album: 'Outside', mtime: T0 },
    ]);
    const links = join(music, 'Links');
    mkdirSync(links);
    symlinkSync(join(music, 'Loose', '.chain.mp3'), join(links, 'chain.mp3')); // a chain: inside, then out
    symlinkSync(secret, join(music, 'Loose', '.chain.mp3'));
    symlinkSync('../../outside/secret.mp3', join(links, 'relative.mp3'));
    symlinkSync(join(outside, 'a', 'b'), join(links, 'deep')); // a linked folder out (never entered) …
    symlinkSync('deep/../sibling.mp3', join(links, 'dotdot.mp3')); // … and `..` after it: outside, though it reads as inside
    symlinkSync(join(outside, 'a'), join(links, 'folder.mp3')); // a link to a folder outside, named like a song
    symlinkSync('../Aoi Band/Blue Horizon/01 Dawn.mp3', join(links, 'inside.mp3')); // inside to inside: fine
    // A song turned into a link out between the scan and its reading.
    const swapped = join(music, 'Loose', 'a song.mp3');
    const result = await run({
      progress: (p) => {
        if (p.phase === 'read' && p.current === 'Loose/a song.mp3') {
          unlinkSync(swapped);
          symlinkSync(secret, swapped);
        }
      },
    });
    const titles = sqlOf(reader)
      .prepare(
        "SELECT sub_title FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id WHERE src.kind = 'folder'",
      )
      .pluck()
      .all() as string[];
    expect(titles.filter((t) => /Outside/.test(t))).toEqual([]);
    expect(titles.filter((t) => t === 'Dawn')).toHaveLength(2); // the link inside is a song of its own
    for (const rel of ['Links/chain.mp3', 'Links/relative.mp3', 'Links/dotdot.mp3', 'Loose/a song.mp3']) {
      expect(
        result.problems.find((p) => p.startsWith(`${rel}:`)),
        rel,
      ).toMatch(/outside the folder/);
    }
    // The outside song's picture was never read.
    expect(existsSync(join(dataDir, COVERS_DIR, createHash('sha1').update(purple.data).digest('hex')))).toBe(false);
  });
});

/** Everything an import wrote that a reader shows: albums, songs with uploads, search rows. */
const written = () => ({
  albums: albums().map(({ wiki_modified: _m, ...a }) => a),
  songs: albums().flatMap((a) => songs(a.wiki_id)),
  search: sqlOf(reader).prepare('SELECT rowid, title, other FROM sub_fts WHERE rowid >= ? ORDER BY rowid').all(IMPORT_ID_BASE),
  covers: albums().map((a) => a.cover_file),
});
/** written() without the ids (never reused, so two imports of one folder differ in them). */
const strip = (w: ReturnType<typeof written>) =>
  JSON.parse(
    JSON.stringify(w)
      .replace(/"(wiki_id|sub_id|rowid)":\d+/g, '"$1":0')
      .replace(/\/folder\/\d+\//g, '/folder/N/'),
  ) as unknown;

describe('importFolder() — albums written while the files are read', () => {
  // One album's files in two folders the walk reaches far apart ("A Spread" first, "Zz Late" last).
  const spread = { album: 'Spread', albumArtist: 'Wide Band', artist: 'Wide Band', date: '2021' };
  beforeEach(() =>
    writeSongs(music, [
      { file: 'A Spread/01 First.mp3', title: 'First', track: '1', ...spread, mtime: T0 },
      { file: 'Zz Late/02 Second.mp3', title: 'Second', track: '2', ...spread, mtime: T0 },
    ]),
  );
  /** Runs with a batch of one album, so an album is written as soon as a folder of its files is read; answers the phase each write came in. */
  const runEarly = async (extra: Partial<FolderImportOptions> = {}) => {
    let phase = '';
    const phases: string[] = [];
    const watching: CatalogueWriter = {
      ...writer,
      upsertEntries(sourceId, entries) {
        phases.push(...entries.map((e) => `${phase}:${e.title}`));
        return writer.upsertEntries(sourceId, entries);
      },
    };
    const result = await run({ writer: watching, batchAlbums: 1, progress: (p) => (phase = p.phase), ...extra });
    return { result, phases };
  };

  it('writes what writing after the walk writes, an album whose files lie in folders read apart whole', async () => {
    const after = await run();
    const afterWalk = written();
    writer.removeSource(writer.findSource('folder', music)!.sourceId);
    const { result, phases } = await runEarly();
    expect(phases.filter((p) => p.startsWith('read:')).length).toBeGreaterThan(0);
    expect(phases).toContain('read:Spread');
    expect(result.albums).toEqual(after.albums);
    expect(result.songs).toEqual(after.songs);
    expect(strip(written())).toEqual(strip(afterWalk));
    expect(songs(album('Spread').wiki_id).map((s) => s.sub_title)).toEqual(['First', 'Second']);
  });

  it('writes an album again after the walk when a file it was written with is gone or has moved to another album', async () => {
    await runEarly();
    const id = album('Spread').wiki_id;
    // The first folder changes (so Spread is written while the walk goes on), the last one loses its file.
    writeSongs(music, [{ file: 'A Spread/01 First.mp3', title: 'First (2024)', track: '1', ...spread, mtime: T0 + 50 }]);
    unlinkSync(join(music, 'Zz Late', '02 Second.mp3'));
    const gone = await runEarly();
    expect(gone.phases).toContain('read:Spread');
    expect(gone.result.albums).toMatchObject({ added: 0, changed: 1, removed: 0 });
    expect(songs(id).map((s) => s.sub_title)).toEqual(['First (2024)']);

    // Back, under another album tag: Spread is written while its old second song still counts, then again.
    writeSongs(music, [
      { file: 'A Spread/01 First.mp3', title: 'First', track: '1', ...spread, mtime: T0 + 100 },
      { file: 'Zz Late/02 Second.mp3', title: 'Second', track: '2', ...spread, mtime: T0 + 100 },
    ]);
    await runEarly();
    expect(songs(id).map((s) => s.sub_title)).toEqual(['First', 'Second']);
    writeSongs(music, [
      { file: 'A Spread/01 First.mp3', title: 'First', track: '1', ...spread, mtime: T0 + 200 },
      { file: 'Zz Late/02 Second.mp3', title: 'Second', track: '1', ...spread, album: 'Solo', mtime: T0 + 200 },
    ]);
    const moved = await runEarly();
    expect(moved.result.albums).toMatchObject({ added: 1, changed: 1, removed: 0 });
    expect(songs(id).map((s) => s.sub_title)).toEqual(['First']);
    expect(songs(album('Solo').wiki_id).map((s) => s.sub_title)).toEqual(['Second']);
  });
});

describe('importFolder() — files read by worker threads', () => {
  let workerDir: string;
  let workerFile: string;
  beforeAll(async () => {
    // The worker as the app builds it: one bundle of import-reader.ts, its packages left to node_modules
    // (so it lies inside the project, where they are found).
    mkdirSync(fileURLToPath(new URL('../../../../test-results', import.meta.url)), { recursive: true });
    workerDir = mkdtempSync(fileURLToPath(new URL('../../../../test-results/import-reader-', import.meta.url)));
    workerFile = join(workerDir, 'import-reader.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('../../../../src-main/catalogue/import/import-reader.ts', import.meta.url))],
      outfile: workerFile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
  });
  afterAll(() => rmSync(workerDir, { recursive: true, force: true }));

  it('writes exactly what reading in this thread writes, problems included', async () => {
    const here = await run({ readers: { threads: 0 } });
    const inThisThread = written();
    writer.removeSource(writer.findSource('folder', music)!.sourceId);
    const byWorkers = await run({ readers: { workerFile, threads: 2 } });
    expect(byWorkers.problems.toSorted()).toEqual(here.problems.toSorted());
    expect(byWorkers.songs).toEqual(here.songs);
    // Ids differ (never reused); the rest is the same.
    expect(strip(written())).toEqual(strip(inThisThread));
    expect(written().songs.length).toBe(7);
  });

  it('copies the WAL into the catalogue file from a worker; an import through workers leaves the writer’s own copies as they were', async () => {
    writer.db.pragma('wal_autocheckpoint = 0');
    await run({ readers: { threads: 0 } }); // rows in the WAL, none copied
    const file = writer.db.name;
    const before = statSync(file).mtimeMs;
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    const readers = openFileReaders({ workerFile, threads: 1 });
    try {
      expect(await readers.checkpoint(file)).toBe(true);
    } finally {
      await readers.close();
    }
    expect(statSync(file).mtimeMs).toBeGreaterThan(before);
    expect(await readers.checkpoint(file)).toBe(false); // closed

    writer.db.pragma('wal_autocheckpoint = 777');
    writer.removeSource(writer.findSource('folder', music)!.sourceId);
    const result = await run({ readers: { workerFile, threads: 1 }, batchAlbums: 1 });
    expect(result.songs.total).toBe(7);
    expect(writer.db.pragma('wal_autocheckpoint', { simple: true })).toBe(777);
  });

  it('keeps a smaller page cache while a first import reads its files by workers, and the writer’s own after', async () => {
    writeSongs(
      music,
      Array.from({ length: 25 }, (_, i) => ({ file: `Many/${String(i).padStart(2, '0')}.mp3`, title: `Many ${i}`, album: 'Many', seconds: 1, mtime: T0 })),
    );
    writer.db.pragma('cache_size = -12345');
    const during: unknown[] = [];
    const watching: CatalogueWriter = {
      ...writer,
      upsertEntries(sourceId, entries) {
        during.push(writer.db.pragma('cache_size', { simple: true }));
        return writer.upsertEntries(sourceId, entries);
      },
    };
    await run({ writer: watching, readers: { workerFile, threads: 1 } });
    expect(new Set(during)).toEqual(new Set([-8000]));
    expect(writer.db.pragma('cache_size', { simple: true })).toBe(-12345);
  });

  it('answers each file from a worker, as this thread would', async () => {
    const rel = 'Aoi Band/Blue Horizon/01 Dawn.mp3';
    const job = { root: music, realRoot: realpathSync(music), dataDir, rel, path: join(music, rel), sidecar: null, folderCover: null };
    const readers = openFileReaders({ workerFile, threads: 1 });
    try {
      const [answer, broken] = await Promise.all([readers.read(job), readers.read({ ...job, rel: 'broken.mp3', path: join(music, 'broken.mp3') })]);
      expect(answer).toEqual(await readHere(job));
      expect(answer).toMatchObject({ facts: { album: expect.any(String), cover: expect.any(String) }, problems: [] });
      expect(JSON.parse((answer as { record: string }).record)).toMatchObject({ title: 'Dawn', titleDerived: { key: titleKey('Dawn') } });
      expect(broken).toMatchObject({ error: expect.stringMatching(/no MP3 audio/) });
      expect(readers.counts()).toEqual({ workers: 2, here: 0 });
    } finally {
      await readers.close();
    }
  });

  it('checks where a file is read that it still lies inside the folder', async () => {
    const rel = 'Loose/a song.mp3';
    const job = { root: music, realRoot: realpathSync(music), dataDir, rel, path: join(music, rel), sidecar: null, folderCover: null };
    // Swapped for a link out after it was found.
    const outside = join(work, 'outside.mp3');
    copyFileSync(join(music, rel), outside);
    unlinkSync(join(music, rel));
    symlinkSync(outside, join(music, rel));
    const readers = openFileReaders({ workerFile, threads: 1 });
    try {
      await expect(readers.read(job)).resolves.toEqual({ error: expect.stringMatching(/link to a file outside the folder/), problems: [] });
    } finally {
      await readers.close();
    }
  });

  it('reports the files a worker held when it ends while reading, and finishes the import', async () => {
    const crashing = join(workerDir, 'crashing.mjs');
    writeFileSync(
      crashing,
      "import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ ready: true }); parentPort.once('message', () => process.exit(1));",
    );
    const result = await run({ readers: { workerFile: crashing, threads: 1 } });
    const stopped = result.problems.filter((p) => /stopped the thread that read it/.test(p));
    expect(stopped.length).toBeGreaterThan(0);
    // The files it held are not read again here (they may be what ended it); the others join.
    const stoppedSongs = stopped.filter((p) => !/^(broken|Loose\/empty)\.mp3:/.test(p));
    expect(result.songs.total).toBe(7 - stoppedSongs.length);
  });

  /** Imports with the real reader, which also runs `onNoon` (a statement) when it is given 02 Noon.mp3; the problems of threads stopped. */
  const importWithNoon = async (name: string, onNoon: string) => {
    const workerFile = join(workerDir, `${name}.mjs`);
    writeFileSync(
      workerFile,
      "import { parentPort } from 'node:worker_threads';\n" +
        "await import('./import-reader.mjs');\n" +
        'const kept = [];\n' +
        `parentPort.on('message', (m) => { if (m.job?.rel.endsWith('02 Noon.mp3')) { ${onNoon} } });\n`,
    );
    const result = await run({ readers: { workerFile, threads: 1 } });
    return { result, stopped: result.problems.filter((p) => /stopped the thread that read it/.test(p)) };
  };
  const NOON_STOPPED = [expect.stringMatching(/^Aoi Band\/Blue Horizon\/02 Noon\.mp3: reading it stopped the thread/)];

  it('reads each file a worker held again alone when it ended, so that only the file that ends a worker is reported', async () => {
    // The real reader, ended by one file: the worker holds the others too when that file ends it.
    const { result, stopped } = await importWithNoon('fatal-noon', 'process.exit(1);');
    expect(stopped).toEqual(NOON_STOPPED);
    expect(result.songs.total).toBe(6);
    expect(songs(album('Blue Horizon Sessions').wiki_id).map((s) => s.sub_title)).toEqual(['Dawn', 'Dusk']);
  });

  it('bounds a reader’s heap: a file whose reading keeps more ends its worker and is reported, the others join', async () => {
    // The real reader, keeping 120 MB alive while it reads one file: past the bound, the worker ends.
    // Unbounded, the file would be read and imported (the allocation succeeds and the reading goes on).
    const { result, stopped } = await importWithNoon('hungry-noon', 'for (let i = 0; i < 120; i++) kept.push(new Array(2 ** 17).fill(i));');
    expect(stopped).toEqual(NOON_STOPPED);
    expect(result.songs.total).toBe(6);
  });

  it('stops at once when cancelled while a worker holds files', async () => {
    const hanging = join(workerDir, 'hanging.mjs');
    writeFileSync(hanging, "import { parentPort } from 'node:worker_threads'; parentPort.postMessage({ ready: true }); parentPort.on('message', () => {});");
    const abort = new AbortController();
    const reading = run({
      readers: { workerFile: hanging, threads: 1 },
      signal: abort.signal,
      progress: (p) => {
        if (p.phase === 'read' && p.done === 2) abort.abort();
      },
    });
    await expect(reading).rejects.toThrow(/cancelled/);
    expect(albums()).toHaveLength(0);
  });

  it('reads in this thread when the worker stops, and finishes the import', async () => {
    const dying = join(workerDir, 'dying.mjs');
    writeFileSync(dying, "import { parentPort } from 'node:worker_threads'; parentPort.once('message', () => process.exit(1));");
    const result = await run({ readers: { workerFile: dying, threads: 1 } });
    expect(result.songs).toEqual({ added: 7, changed: 0, removed: 0, total: 7 });
    expect(albums().map((a) => a.wiki_title)).toEqual(['Blue Horizon Sessions', 'Loose', '夏の歌']);
  });
});

describe('importFolder() — re-import', () => {
  it('changes nothing when nothing changed: same ids, same modified times, no rows rewritten', async () => {
    await run();
    const before = albums();
    const subsBefore = before.map((a) => songs(a.wiki_id));
    const again = await run({ now: () => NOW + 3_600_000 });
    expect(again.albums).toEqual({ added: 0, changed: 0, removed: 0, total: 3 });
    expect(again.songs).toEqual({ added: 0, changed: 0, removed: 0, total: 7 });
    expect(albums()).toEqual(before);
    expect(albums().map((a) => songs(a.wiki_id))).toEqual(subsBefore);
  });

  it('follows added, changed and deleted files: ids kept, titles updated, removed songs and albums gone, nothing doubled', async () => {
    const first = await run();
    const blue = album('Blue Horizon Sessions');
    const summer = album('夏の歌');
    const loose = album('Loose');
    const blueSongs = songs(blue.wiki_id);
    const summerSubs = songs(summer.wiki_id).map((s) => s.sub_id);
    const greenFolder = join(dataDir, COVERS_DIR, summer.cover_file!);
    expect(existsSync(greenFolder)).toBe(true);

    const T1 = T0 + 86_400;
    const base = { album: 'Blue Horizon Sessions', albumArtist: 'Aoi Band', artist: 'Aoi Band', date: '2019-04-01', genre: 'J-Pop', cover: red };
    writeSongs(music, [
      { file: 'Aoi Band/Blue Horizon/02 Noon.mp3', title: 'Noon (Remix)', track: '2/4', ...base, mtime: T1 }, // retagged
      { file: 'Aoi Band/Blue Horizon/04 Night.mp3', title: 'Night', track: '4/4', ...base, mtime: T1 }, // added
      { file: 'broken.mp3', title: 'Mended', album: 'Mended Album', mtime: T1 }, // was corrupt, now a song
    ]);
    unlinkSync(join(music, 'Summer', 'x.mp3'));
    unlinkSync(join(music, 'Summer', 'y.mp3'));
    unlinkSync(join(music, 'Loose', 'b song.mp3'));

    const again = await run({ now: () => NOW + 3_600_000 });
    expect(again.sourceId).toBe(first.sourceId);
    expect(again.albums).toEqual({ added: 1, changed: 2, removed: 1, total: 3 });
    expect(again.songs).toEqual({ added: 2, changed: 1, removed: 3, total: 6 });

    // Same album, same ids for the songs that stayed; the retagged title is new.
    const blueNow = album('Blue Horizon Sessions');
    expect(blueNow.wiki_id).toBe(blue.wiki_id);
    expect(blueNow.wiki_modified).toBe(NOW / 1000 + 3600);
    const now = songs(blue.wiki_id);
    expect(now.map((s) => [s.sub_order, s.sub_title])).toEqual([
      ['1', 'Dawn'],
      ['2', 'Noon (Remix)'],
      ['3', 'Dusk'],
      ['4', 'Night'],
    ]);
    expect(now.slice(0, 3).map((s) => s.sub_id)).toEqual(blueSongs.map((s) => s.sub_id));
    expect(now[3].sub_id).toBeGreaterThan(Math.max(...blueSongs.map((s) => s.sub_id)));
    expect(now[1].up_md5).toBe(md5(join(music, 'Aoi Band', 'Blue Horizon', '02 Noon.mp3')));

    // The album whose files all went is gone with its songs, search rows and cover files.
    expect(albums().some((a) => a.wiki_id === summer.wiki_id)).toBe(false);
    expect(sqlOf(reader).prepare('SELECT count(*) FROM sub WHERE sub_parent_wiki = ?').pluck().get(summer.wiki_id)).toBe(0);
    expect(summerSubs.map((id) => ftsHas('sub_fts', id))).toEqual([0, 0]);
    expect(ftsHas('wiki_fts', summer.wiki_id)).toBe(0);
    expect(existsSync(greenFolder)).toBe(false);

    // The untagged folder lost a song but kept its id; the mended file made a new album.
    expect(album('Loose').wiki_id).toBe(loose.wiki_id);
    expect(songs(loose.wiki_id).map((s) => s.sub_title)).toEqual(['a song']);
    expect(album('Mended Album').wiki_id).toBeGreaterThan(Math.max(blue.wiki_id, summer.wiki_id, loose.wiki_id));
    expect(again.problems).toEqual(['Loose/empty.mp3: the file is empty.']);

    // Nothing doubled: one row per album key and per file.
    expect(sqlOf(reader).prepare('SELECT count(*) FROM wiki WHERE source_id = ?').pluck().get(first.sourceId)).toBe(3);
    expect(writer.getSource(first.sourceId)).toMatchObject({ entries: 3, subs: 6 });
    await run({ now: () => NOW + 7_200_000 });
    expect(writer.getSource(first.sourceId)).toMatchObject({ entries: 3, subs: 6 });
  });

  it('moves a song to another album when its album tag changes, keeping the old album for the rest', async () => {
    await run();
    const blue = album('Blue Horizon Sessions');
    writeSongs(music, [{ file: 'Aoi Band/Blue Horizon/03 Dusk.mp3', title: 'Dusk', album: 'Dusk Single', albumArtist: 'Aoi Band', mtime: T0 + 999 }]);
    const again = await run();
    expect(again.albums).toMatchObject({ added: 1, changed: 1, removed: 0 });
    expect(songs(blue.wiki_id).map((s) => s.sub_title)).toEqual(['Dawn', 'Noon']);
    expect(songs(album('Dusk Single').wiki_id).map((s) => s.source_key)).toEqual(['Aoi Band/Blue Horizon/03 Dusk.mp3']);
  });
});

describe('importFolder() — only the paths a watcher names', () => {
  const T1 = T0 + 86_400;
  const blue = { album: 'Blue Horizon Sessions', albumArtist: 'Aoi Band', artist: 'Aoi Band', date: '2019-04-01', genre: 'J-Pop' };
  const summer = { artist: 'Hana', album: '夏の歌', albumArtist: 'Summer Friends', track: '1', disc: '1/2', date: '2020', genre: 'Anime', id3: 3 } as const;

  it('scans and reads only the sub-folders and files named; the records of the others are kept as they are', async () => {
    await run();
    const before = albums();
    const summerBefore = songs(album('夏の歌').wiki_id);
    writeSongs(music, [
      { file: 'Aoi Band/Blue Horizon/02 Noon.mp3', title: 'Noon (Remix)', track: '2/3', ...blue, cover: red, mtime: T1 },
      { file: 'Summer/x.mp3', title: '夏の始まり (retagged)', ...summer, cover: green, mtime: T1 },
    ]);
    const read: string[] = [];
    const result = await run({
      only: ['Aoi Band/Blue Horizon/'],
      now: () => NOW + 3_600_000,
      progress: (p) => p.phase === 'read' && p.current && read.push(p.current),
    });
    expect(read.every((rel) => rel.startsWith('Aoi Band/Blue Horizon/'))).toBe(true);
    expect(read).toHaveLength(3);
    expect(result.albums).toEqual({ added: 0, changed: 1, removed: 0, total: 3 });
    expect(result.songs).toEqual({ added: 0, changed: 1, removed: 0, total: 7 });
    expect(songs(album('Blue Horizon Sessions').wiki_id).map((s) => s.sub_title)).toEqual(['Dawn', 'Noon (Remix)', 'Dusk']);
    // Summer was changed too, but not named: untouched, and still to be read by the next whole run.
    expect(album('夏の歌')).toEqual(before.find((a) => a.wiki_title === '夏の歌'));
    expect(songs(album('夏の歌').wiki_id)).toEqual(summerBefore);
    expect(album('Loose')).toEqual(before.find((a) => a.wiki_title === 'Loose'));

    const whole = await run({ now: () => NOW + 7_200_000 });
    expect(whole.songs).toEqual({ added: 0, changed: 1, removed: 0, total: 7 });
    expect(songs(album('夏の歌').wiki_id).map((s) => s.sub_title)).toContain('夏の始まり (retagged)');
  });

  it('removes what is gone from a named file or folder, and reads a song again when its named sidecar changed', async () => {
    await run();
    const blueBefore = album('Blue Horizon Sessions');
    unlinkSync(join(music, 'Loose', 'b song.mp3'));
    rmSync(join(music, 'Summer'), { recursive: true });
    const gone = await run({ only: ['Loose/b song.mp3', 'Summer'], now: () => NOW + 3_600_000 });
    expect(gone.albums).toEqual({ added: 0, changed: 1, removed: 1, total: 2 });
    expect(gone.songs).toEqual({ added: 0, changed: 0, removed: 3, total: 4 });
    expect(albums().map((a) => a.wiki_title)).toEqual(['Blue Horizon Sessions', 'Loose']);
    expect(songs(album('Loose').wiki_id).map((s) => s.source_key)).toEqual(['Loose/a song.mp3']);
    expect(album('Blue Horizon Sessions')).toEqual(blueBefore);

    writeFileSync(join(music, 'Loose', 'a song.lrc'), '[00:01.00]first line\n');
    const sidecar = await run({ only: ['Loose/a song.lrc'] });
    expect(sidecar.songs).toMatchObject({ changed: 1, total: 4 });
    const lyrics = sqlOf(reader)
      .prepare('SELECT l.lines FROM sub_lyrics l JOIN sub s ON s.sub_id = l.sub_id WHERE s.source_key = ?')
      .pluck()
      .get('Loose/a song.mp3') as string;
    expect(JSON.parse(lyrics)).toEqual([{ time_ms: 1000, text: 'first line' }]);

    // A whole run afterwards finds nothing left to do.
    const again = await run();
    expect(again.albums).toMatchObject({ added: 0, changed: 0, removed: 0 });
    expect(again.songs).toMatchObject({ added: 0, changed: 0, removed: 0, total: 4 });
  });

  it('reads the songs of a folder again when its named cover picture is removed', async () => {
    writeFileSync(join(music, 'Loose', 'cover.jpg'), green.data);
    await run();
    expect(album('Loose').cover_file).not.toBeNull();
    unlinkSync(join(music, 'Loose', 'cover.jpg'));
    const result = await run({ only: ['Loose/cover.jpg'] });
    expect(result.songs).toMatchObject({ added: 0, changed: 2, removed: 0, total: 7 });
    expect(album('Loose').cover_file).toBeNull();
  });

  it('refuses a path that leaves the folder', async () => {
    await expect(run({ only: ['../elsewhere'] })).rejects.toBeInstanceOf(FolderImportError);
    await expect(run({ only: ['/etc'] })).rejects.toThrow(/not a path inside the folder/);
  });
});

describe('importFolder() — bad input', () => {
  it.each([
    ['a folder that does not exist', () => join(work, 'nowhere'), /does not exist/],
    ['a file instead of a folder', () => join(work, 'music', 'notes.txt'), /is not a folder/],
    ['a relative path', () => 'music', /absolute path/],
  ])('refuses %s with a clear message and writes nothing', async (_what, folder, message) => {
    const sourcesBefore = writer.listSources();
    await expect(importFolder({ writer, folder: folder(), dataDir })).rejects.toThrow(message);
    await expect(importFolder({ writer, folder: folder(), dataDir })).rejects.toBeInstanceOf(FolderImportError);
    expect(writer.listSources()).toEqual(sourcesBefore);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a folder it may not read', async () => {
    chmodSync(music, 0o000);
    try {
      await expect(run()).rejects.toThrow(/cannot be read: permission denied/);
    } finally {
      chmodSync(music, 0o755);
    }
  });

  it('keeps whole albums only when a batch fails: the failing album leaves no rows, earlier ones stay, and the catalogue keeps answering', async () => {
    let batches = 0;
    const failing: CatalogueWriter = {
      ...writer,
      transaction: (fn) => writer.transaction(fn),
      upsertEntries(sourceId, entries) {
        const ids = writer.upsertEntries(sourceId, entries); // written, then the batch fails before it commits
        if (++batches === 2) throw new Error('disk full');
        return ids;
      },
    };
    await expect(run({ writer: failing, batchAlbums: 1 })).rejects.toThrow('disk full');
    const written = albums();
    expect(written).toHaveLength(1);
    expect(songs(written[0].wiki_id).length).toBeGreaterThan(0);
    // No stray sub-entries, uploads or search rows from the album that failed.
    expect(sqlOf(reader).prepare('SELECT count(*) FROM sub WHERE sub_id >= ?').pluck().get(IMPORT_ID_BASE)).toBe(songs(written[0].wiki_id).length);
    expect(sqlOf(reader).prepare('SELECT count(*) FROM sub_fts WHERE rowid >= ?').pluck().get(IMPORT_ID_BASE)).toBe(songs(written[0].wiki_id).length);
    expect(reader.stats(0).entries).toBeGreaterThan(0);

    // The next run finishes the job without doubling what the failed one wrote.
    const next = await run();
    expect(next.albums).toMatchObject({ total: 3 });
    expect(albums()).toHaveLength(3);
    expect(album(written[0].wiki_title).wiki_id).toBe(written[0].wiki_id);
  });

  it('stops between batches when cancelled, keeping the albums already written whole', async () => {
    const abort = new AbortController();
    // Cancelled right after the first album is written (albums are written while files are still read).
    const cancelling: CatalogueWriter = {
      ...writer,
      upsertEntries(sourceId, entries) {
        const ids = writer.upsertEntries(sourceId, entries);
        abort.abort();
        return ids;
      },
    };
    await expect(run({ writer: cancelling, signal: abort.signal, batchAlbums: 1 })).rejects.toThrow(/cancelled/);
    const written = albums();
    expect(written.length).toBeGreaterThanOrEqual(1);
    expect(written.length).toBeLessThan(3);
    for (const a of written) expect(songs(a.wiki_id).length).toBeGreaterThan(0);
  });
});

describe('importFolder() — lyrics', () => {
  const subIdOf = (title: string) => sqlOf(reader).prepare('SELECT sub_id FROM sub WHERE sub_title = ?').pluck().get(title) as number;
  const lyricsOf = (title: string) => reader.queries.entryDetail.lyricsOf(subIdOf(title));

  it('reads SYLT and USLT tags, and a sidecar .lrc that wins over them; refreshed when the sidecar changes', async () => {
    writeSongs(music, [
      {
        file: 'Lyrics/01 tagged.mp3',
        title: 'Synced Tag',
        album: 'Words',
        track: '1',
        syncedLyrics: [
          { text: 'two', ms: 2500 },
          { text: 'one', ms: 500 },
        ],
        mtime: T0,
      },
      { file: 'Lyrics/02 plain.mp3', title: 'Plain Tag', album: 'Words', track: '2', lyrics: 'first line\nsecond line', id3: 3, mtime: T0 },
      { file: 'Lyrics/03 sidecar.mp3', title: 'Sidecar', album: 'Words', track: '3', lyrics: 'the tag loses', mtime: T0 },
    ]);
    // 東方の歌 in Shift_JIS, stamped twice on one line, with an offset.
    const sjis = Buffer.from([0x93, 0x8c, 0x95, 0xfb, 0x82, 0xcc, 0x89, 0xcc]);
    writeFileSync(
      join(music, 'Lyrics', '03 sidecar.lrc'),
      Buffer.concat([Buffer.from('[ar:Someone]\n[offset:100]\n[00:01.10][00:03.10]', 'latin1'), sjis, Buffer.from('\nnot a line\n[00:02.10]middle\n')]),
    );
    await run();
    expect(lyricsOf('Synced Tag')).toEqual({
      synced: true,
      source: 'sylt',
      lines: [
        { time_ms: 500, text: 'one' },
        { time_ms: 2500, text: 'two' },
      ],
    });
    expect(lyricsOf('Plain Tag')).toEqual({
      synced: false,
      source: 'uslt',
      lines: [
        { time_ms: 0, text: 'first line' },
        { time_ms: 0, text: 'second line' },
      ],
    });
    expect(lyricsOf('Sidecar')).toEqual({
      synced: true,
      source: 'lrc',
      lines: [
        { time_ms: 1000, text: '東方の歌' },
        { time_ms: 2000, text: 'middle' },
        { time_ms: 3000, text: '東方の歌' },
      ],
    });
    expect(lyricsOf('Dawn')).toBeUndefined();
    // The folder's saved state leaves the lyrics out: they stay in the songs' rows.
    const state = sqlOf(reader).prepare("SELECT state FROM source WHERE kind = 'folder'").pluck().get() as string;
    expect(state).not.toContain('first line');

    // Another song of the album changes: the album is written again, and the songs not read again keep their lyrics.
    utimesSync(join(music, 'Lyrics', '01 tagged.mp3'), T0 + 500, T0 + 500);
    await run();
    expect(lyricsOf('Plain Tag')).toEqual({
      synced: false,
      source: 'uslt',
      lines: [
        { time_ms: 0, text: 'first line' },
        { time_ms: 0, text: 'second line' },
      ],
    });
    expect(lyricsOf('Synced Tag')?.source).toBe('sylt');

    // A changed sidecar is read again on re-import, with the song's id kept.
    const id = subIdOf('Sidecar');
    writeFileSync(join(music, 'Lyrics', '03 sidecar.lrc'), '[00:05.00]rewritten\n');
    await run();
    expect(subIdOf('Sidecar')).toBe(id);
    expect(lyricsOf('Sidecar')).toEqual({ synced: true, source: 'lrc', lines: [{ time_ms: 5000, text: 'rewritten' }] });
    // Without the sidecar the tag's lyrics come back.
    unlinkSync(join(music, 'Lyrics', '03 sidecar.lrc'));
    await run();
    expect(lyricsOf('Sidecar')?.source).toBe('uslt');
  });
});

describe('importFolder() — sidecar lyrics only from inside the folder', () => {
  it('reads a sidecar .lrc only where its real path lies inside the folder, the tags’ lyrics otherwise', async () => {
    const outside = join(work, 'outside');
    mkdirSync(join(outside, 'a', 'b'), { recursive: true });
    writeFileSync(join(outside, 'secret.lrc'), '[00:01.00]SECRET private key\n');
    writeFileSync(join(outside, 'a', 'secret.lrc'), '[00:01.00]SECRET beside the linked folder\n');
    const names = ['absolute', 'chain', 'relative', 'via folder', 'dotdot', 'folder', 'inside'];
    writeSongs(
      music,
      names.map((name, i) => ({
        file: `Links/${i + 1} ${name}.mp3`,
        title: `Link ${name}`,
        album: 'Links',
        track: String(i + 1),
        lyrics: `tag of ${name}`,
        mtime: T0,
      })),
    );
    const links = join(music, 'Links');
    mkdirSync(join(music, 'Shared'));
    writeFileSync(join(music, 'Shared', 'words.lrc'), '[00:02.00]shared words\n');
    symlinkSync(join(outside, 'secret.lrc'), join(links, '1 absolute.lrc'));
    symlinkSync('.hop.lrc', join(links, '2 chain.lrc'));
    symlinkSync(join(outside, 'secret.lrc'), join(links, '.hop.lrc'));
    symlinkSync('../../outside/secret.lrc', join(links, '3 relative.lrc'));
    symlinkSync(outside, join(links, 'out'));
    symlinkSync('out/secret.lrc', join(links, '4 via folder.lrc'));
    symlinkSync(join(outside, 'a', 'b'), join(links, 'deep'));
    symlinkSync('deep/../secret.lrc', join(links, '5 dotdot.lrc')); // reads as Links/secret.lrc; is outside/a/secret.lrc
    symlinkSync(outside, join(links, '6 folder.lrc'));
    symlinkSync('../Shared/words.lrc', join(links, '7 inside.lrc'));
    const result = await run();
    const lyricsOf = (name: string) =>
      reader.queries.entryDetail.lyricsOf(sqlOf(reader).prepare('SELECT sub_id FROM sub WHERE sub_title = ?').pluck().get(`Link ${name}`) as number);
    for (const name of names.slice(0, 6)) {
      expect(lyricsOf(name), name).toEqual({ synced: false, source: 'uslt', lines: [{ time_ms: 0, text: `tag of ${name}` }] });
    }
    expect(lyricsOf('inside')).toEqual({ synced: true, source: 'lrc', lines: [{ time_ms: 2000, text: 'shared words' }] });
    expect((sqlOf(reader).prepare('SELECT lines FROM sub_lyrics').pluck().all() as string[]).join('\n')).not.toContain('SECRET');
    for (const [i, name] of names.slice(0, 5).entries()) {
      expect(
        result.problems.find((p) => p.startsWith(`Links/${i + 1} ${name}.mp3:`)),
        name,
      ).toMatch(/lyrics file .*outside the folder/);
    }
  });
});

describe('playlist files of an imported folder', () => {
  it('writes a folder song as its file path, and finds the song a path or file:// URL names', async () => {
    await run();
    const { playlistFiles } = await import('../../../../src-main/server/playlist-files');
    const files = playlistFiles(reader);
    const dawn = sqlOf(reader).prepare("SELECT sub_id FROM sub WHERE sub_title = 'Dawn'").pluck().get() as number;
    const path = join(music, 'Aoi Band', 'Blue Horizon', '01 Dawn.mp3');
    expect(files.locationOf(dawn, 'http://127.0.0.1:7777')).toMatchObject({ location: path });
    expect(await files.subOf(path, 'http://127.0.0.1:7777')).toBe(dawn);
    expect(await files.subOf(`file://${path.split('/').map(encodeURIComponent).join('/')}`, 'http://127.0.0.1:7777')).toBe(dawn);
    expect(await files.subOf(join(music, '..', 'outside.mp3'), 'http://127.0.0.1:7777')).toBeUndefined();
    expect(await files.subOf(join(music, 'Aoi Band', 'missing.mp3'), 'http://127.0.0.1:7777')).toBeUndefined();
  });

  it('finds a song by a path only where its real path lies inside the folder, however the path is spelt', async () => {
    const outside = join(work, 'outside');
    mkdirSync(join(outside, 'deep'), { recursive: true });
    mkdirSync(join(outside, 'Loose'));
    copyFileSync(join(music, 'Loose', 'b song.mp3'), join(outside, 'Loose', 'a song.mp3'));
    copyFileSync(join(music, 'Loose', 'b song.mp3'), join(outside, 'secret.mp3'));
    symlinkSync('../Aoi Band/Blue Horizon/01 Dawn.mp3', join(music, 'Loose', 'dawn link.mp3')); // inside to inside
    await run();
    symlinkSync(join(outside, 'deep'), join(music, 'out')); // a linked folder out, made after the import
    const { playlistFiles } = await import('../../../../src-main/server/playlist-files');
    const files = playlistFiles(reader);
    const site = 'http://127.0.0.1:7777';
    const subOf = (location: string) => files.subOf(location, site);
    const idOf = (key: string) =>
      sqlOf(reader)
        .prepare(
          "SELECT s.sub_id FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.source_id = (SELECT source_id FROM source WHERE kind = 'folder') AND s.source_key = ?",
        )
        .pluck()
        .get(key) as number;
    const [aSong, dawn, dawnLink] = ['Loose/a song.mp3', 'Aoi Band/Blue Horizon/01 Dawn.mp3', 'Loose/dawn link.mp3'].map(idOf);
    const url = (path: string) => `file://${path.split('/').map(encodeURIComponent).join('/')}`;

    // Spellings that name the file itself.
    expect(await subOf(`${music}/Loose/./a song.mp3`)).toBe(aSong);
    expect(await subOf(`${music}//Loose/../Loose/a song.mp3`)).toBe(aSong);
    expect(await subOf(`file://${music}/Loose/%2e%2e/Loose/a%20song.mp3`)).toBe(aSong);
    expect(await subOf(`${music}/Loose/dawn link.mp3`)).toBe(dawnLink); // the link inside is its own song
    expect(await subOf(`${music}/Aoi Band/Blue Horizon/01 Dawn.mp3`)).toBe(dawn);
    // Spellings that leave, or name no file.
    expect(await subOf(`${music}/Loose/a song.mp3/`)).toBeUndefined();
    expect(await subOf(`${music}/Loose/a song.mp3/.`)).toBeUndefined();
    expect(await subOf(`${music}/out/../Loose/a song.mp3`)).toBeUndefined(); // reads as inside; is outside/Loose/a song.mp3
    expect(await subOf(url(`${music}/out/../Loose/a song.mp3`))).toBe(aSong); // a URL's `..` is undone as the URL is read: the file inside
    expect(await subOf(`${music}/Loose/../../outside/secret.mp3`)).toBeUndefined();
    expect(await subOf(`file://${music}/Loose/%2e%2e/%2e%2e/outside/secret.mp3`)).toBeUndefined();
    expect(await subOf(`file://${music}/Loose%2Fa%20song.mp3`)).toBeUndefined();
    expect(await subOf(`${music}/Loose/a song.mp3\u0000`)).toBeUndefined();
    // A song turned into a link out after its import.
    unlinkSync(join(music, 'Loose', 'a song.mp3'));
    symlinkSync(join(outside, 'secret.mp3'), join(music, 'Loose', 'a song.mp3'));
    expect(await subOf(`${music}/Loose/a song.mp3`)).toBeUndefined();
    expect(await subOf(url(`${music}/Loose/a song.mp3`))).toBeUndefined();
  });
});
