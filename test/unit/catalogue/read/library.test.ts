// The imported folders' queries (read/library.ts): each folder's album and song counts, read from
// music_block, stay equal to its rows through imports, re-imports and removals; whether a folder has
// songs is answered for any source; and both are looked up along indexes, never by reading every song.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { importFolder } from '../../../../src-main/catalogue/import/folder-import';
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { FOLDERS_SQL, HAS_SONGS_SQL } from '../../../../src-main/catalogue/read/library';
import { openCatalogueWriter, type CatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { writeSongs, type TestSong } from '../../../fixtures/mp3-folder';

const T0 = 1_700_000_000;
const SONGS: TestSong[] = [
  { file: 'Blue/01.mp3', title: 'Dawn', album: 'Blue Horizon', albumArtist: 'Aoi', mtime: T0 },
  { file: 'Blue/02.mp3', title: 'Noon', album: 'Blue Horizon', albumArtist: 'Aoi', mtime: T0 },
  { file: 'Blue/03.mp3', title: 'Dusk', album: 'Blue Horizon', albumArtist: 'Aoi', mtime: T0 },
  { file: 'Green/01.mp3', title: 'Leaf', album: 'Green Days', albumArtist: 'Midori', mtime: T0 },
  { file: 'Loose/a.mp3', mtime: T0 },
];

let work: string;
let music: string;
let empty: string;
let writer: CatalogueWriter;
let reader: Catalogue;
const ids = { music: 0, empty: 0 };

const importOf = (folder: string) => importFolder({ writer, folder, dataDir: join(work, 'data'), readers: { threads: 0 } });
/** The counts as the rows have them. */
const rowCounts = (sourceId: number) => ({
  albums: sqlOf(reader).prepare('SELECT count(*) FROM wiki WHERE source_id = ?').pluck().get(sourceId),
  songs: sqlOf(reader).prepare('SELECT count(*) FROM sub b JOIN wiki w ON w.wiki_id = b.sub_parent_wiki WHERE w.source_id = ?').pluck().get(sourceId),
});
const listed = (sourceId: number) => reader.queries.library.folders().find((f) => f.source_id === sourceId);
const plan = (sql: string, ...args: unknown[]) =>
  (
    sqlOf(reader)
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(...args) as { detail: string }[]
  ).map((r) => r.detail);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-library-read-'));
  music = join(work, 'music');
  empty = join(work, 'empty');
  mkdirSync(empty);
  writeSongs(music, SONGS);
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  writer = openCatalogueWriter(file);
  reader = openCatalogue(file);
  ids.music = (await importOf(music)).sourceId;
  ids.empty = (await importOf(empty)).sourceId;
});
afterAll(() => {
  writer.close();
  reader.close();
  rmSync(work, { recursive: true, force: true });
});

describe('library queries', () => {
  it('counts each folder’s albums and songs as its rows have them, through re-imports and removals', async () => {
    expect(listed(ids.music)).toMatchObject({ path: music, albums: 3, songs: 5 });
    expect(listed(ids.empty)).toMatchObject({ path: empty, albums: 0, songs: 0 });

    // A song gone, an album gone with its only file, a new album: the counts follow.
    unlinkSync(join(music, 'Blue/03.mp3'));
    unlinkSync(join(music, 'Green/01.mp3'));
    writeSongs(music, [
      { file: 'Red/01.mp3', title: 'Flame', album: 'Red Sky', albumArtist: 'Aka', mtime: T0 },
      { file: 'Red/02.mp3', title: 'Ember', album: 'Red Sky', albumArtist: 'Aka', mtime: T0 },
    ]);
    expect((await importOf(music)).songs).toMatchObject({ added: 2, removed: 2 });
    expect(rowCounts(ids.music)).toEqual({ albums: 3, songs: 5 });
    expect(listed(ids.music)).toMatchObject(rowCounts(ids.music));

    // A retagged song writes its album again (its rows deleted and written): counted once.
    writeSongs(music, [{ file: 'Red/02.mp3', title: 'Embers', album: 'Red Sky', albumArtist: 'Aka', mtime: T0 + 60 }]);
    expect((await importOf(music)).songs).toMatchObject({ changed: 1 });
    expect(rowCounts(ids.music)).toEqual({ albums: 3, songs: 5 });
    expect(listed(ids.music)).toMatchObject(rowCounts(ids.music));

    writer.removeEntries(ids.music, [sqlOf(reader).prepare("SELECT source_key FROM wiki WHERE wiki_title = 'Red Sky'").pluck().get() as string]);
    expect(rowCounts(ids.music)).toEqual({ albums: 2, songs: 3 });
    expect(listed(ids.music)).toMatchObject(rowCounts(ids.music));
  });

  it('says whether a source has songs', () => {
    expect(reader.queries.library.hasSongs(ids.music)).toBe(true);
    expect(reader.queries.library.hasSongs(ids.empty)).toBe(false);
    expect(reader.queries.library.hasSongs(987_654)).toBe(false);
  });

  it('reads indexes and a few count rows, never every entry or song', () => {
    // Whether a folder has songs: its entries by the (source_id, source_key) index, the first one's songs by their parent's.
    const has = plan(HAS_SONGS_SQL, ids.music);
    expect(has.filter((d) => /^SCAN (?!CONSTANT ROW)/.test(d))).toEqual([]);
    expect(has).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SEARCH w USING .*\(source_id=\?\)/), expect.stringMatching(/^SEARCH b USING .*sub_by_parent/)]),
    );
    // The list: the folder sources, and for each the count rows of its kind and source only.
    const list = plan(FOLDERS_SQL);
    expect(list.filter((d) => /\b(wiki|sub|upload)\b|SEARCH [wb] |SCAN [wbm]\b/.test(d))).toEqual([]);
    expect(list.filter((d) => d.startsWith('SEARCH m USING PRIMARY KEY (kind=? AND source_id=?)'))).toHaveLength(2);
  });
});
