// ensureWorkingCatalogue(): a new shipped build merges with imported and synced content — ids,
// sources, high-water marks, search rows and favourites survive; the bundled rows become the new
// build's; a failed merge leaves the old working copy as it was (or keeps it aside when it cannot serve).
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../../src-main/catalogue/build/builder';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue } from '../../../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type IncomingEntry } from '../../../../src-main/catalogue/write/catalogue-writer';
import { IMPORT_ID_BASE } from '../../../../src-main/catalogue/db/schema';
import { openUserDb } from '../../../../src-main/catalogue/user/user-db';
import { ensureWorkingCatalogue } from '../../../../src-main/catalogue/upgrade/working-copy';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { FIXTURE_BANGUMI_NEXT } from '../../../fixtures/bangumi-fixture';
import { runSynthesiser } from '../../../fixtures/demo-audio';

const SITE = 'http://127.0.0.1:7777';

function album(key: string, title: string, songs: string[], tags = ['imported', 'brandnewtag']): IncomingEntry {
  return {
    sourceKey: key,
    type: 'music',
    title,
    aliases: [{ lang: 'en', title: `${title} (English)` }],
    date: 1_700_000_000,
    modified: 1_700_000_000,
    meta: [{ key: 'artist', value: 'Test Artist' }],
    tags,
    subs: songs.map((song, i) => ({
      sourceKey: `${key}-${i + 1}`,
      type: 'song',
      order: String(i + 1),
      title: song,
      date: 1_700_000_000,
      modified: 1_700_000_000,
      upload: { uri: `/imported/${key}/${i + 1}.mp3`, md5: 'c'.repeat(32), filesize: 2048, bitrate: 192, length: 95, date: 1_700_000_000 },
    })),
  };
}

let root: string;
let shippedV1: string;
let shippedV2: string;
/** A working copy of v1 with two imported sources (made once, copied per test). */
let template: string;
const ids = { folderA: 0, folderB: 0, remote: 0, removed: 0, folderSourceId: 0, remoteSourceId: 0, songs: [] as number[] };
let marks: { wiki: string; sub: string };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'moecat-upgrade-'));
  shippedV1 = join(fixtureCatalogueDir(), CATALOGUE_FILE);
  await buildCatalogue({ outDir: join(root, 'v2'), bangumi: FIXTURE_BANGUMI_NEXT, synthesise: runSynthesiser() });
  shippedV2 = join(root, 'v2', CATALOGUE_FILE);

  template = join(root, 'template', CATALOGUE_FILE);
  expect((await ensureWorkingCatalogue(shippedV1, template)).action).toBe('installed');
  const writer = openCatalogueWriter(template);
  try {
    const folder = writer.ensureSource('folder', '/home/me/Music', 'My Music', 1_700_000_100);
    [ids.folderA, ids.folderB, ids.removed] = writer.upsertEntries(folder.sourceId, [
      album('a', 'Quokka Carnival', ['Wombat Waltz', 'Numbat Nocturne']),
      album('b', 'Gentle Rain Collection', ['Drizzle']),
      album('c', 'Soon Removed Album', ['Gone Song']),
    ]);
    writer.removeEntries(folder.sourceId, ['c']); // its ids stay spent: the marks must survive the upgrade
    writer.setSourceState(folder.sourceId, { files: { 'a.mp3': 1 } }, 1_700_000_200);
    const remote = writer.ensureSource('remote', 'http://moe.example.org/', 'moe.example.org', 1_700_000_300);
    [ids.remote] = writer.upsertEntries(remote.sourceId, [album('77', 'Remote Radiance', ['Far Signal'], ['imported'])]);
    ids.folderSourceId = folder.sourceId;
    ids.remoteSourceId = remote.sourceId;
    ids.songs = writer.db
      .prepare('SELECT sub_id FROM sub WHERE sub_parent_wiki IN (?, ?, ?) ORDER BY sub_id')
      .pluck()
      .all(ids.folderA, ids.folderB, ids.remote) as number[];
    const metaOf = (key: string) => writer.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string;
    marks = { wiki: metaOf('next_import_wiki_id'), sub: metaOf('next_import_sub_id') };
  } finally {
    writer.close();
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

let work: string;
let working: string;
let lines: string[];
beforeEach(() => {
  work = mkdtempSync(join(root, 'case-'));
  working = join(work, CATALOGUE_FILE);
  copyFileSync(template, working);
  lines = [];
});

const log = (line: string) => lines.push(line);
const buildIdOf = (file: string) => {
  const c = openCatalogue(file);
  try {
    return c.meta('build_id');
  } finally {
    c.close();
  }
};
const rowsOf = (file: string, sql: string, ...args: unknown[]) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Record<string, unknown>[];
  } finally {
    db.close();
  }
};
const importedTitles = (file: string) => rowsOf(file, `SELECT wiki_id, wiki_title FROM wiki WHERE wiki_id >= ${IMPORT_ID_BASE} ORDER BY wiki_id`);

describe('ensureWorkingCatalogue()', () => {
  it('merges a new shipped build: imported ids, sources, marks and search rows kept; bundled rows are the new build’s; favourites name the same titles', async () => {
    const userDb = openUserDb(join(work, 'user.db'));
    userDb.addFav('wiki', 1001, 1);
    userDb.addFav('wiki', ids.folderA, 1);
    userDb.addFav('sub', ids.songs[0], 1);
    userDb.close();
    const before = importedTitles(working);
    const sourcesBefore = rowsOf(
      working,
      "SELECT source_id, kind, locator, name, added_at, updated_at, state FROM source WHERE kind <> 'bundled' ORDER BY source_id",
    );

    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log });
    expect(outcome).toMatchObject({ action: 'merged', bundled: { added: 1, removed: 1, changed: 1 }, kept: { sources: 2, entries: 3, subs: 4 } });
    expect(lines).toEqual([expect.stringMatching(/bundled rows: \+1 −1 ~1; kept 3 imported\/synced entries from 2 sources/)]);
    expect(existsSync(`${working}.bak`)).toBe(false);
    expect(existsSync(`${working}.merging`)).toBe(false);

    // Imported and synced rows: same ids, same titles, same sources (bookkeeping included), same sub ids.
    expect(importedTitles(working)).toEqual(before);
    expect(before.map((r) => r.wiki_id)).toEqual([ids.folderA, ids.folderB, ids.remote]);
    expect(
      rowsOf(working, "SELECT source_id, kind, locator, name, added_at, updated_at, state FROM source WHERE kind <> 'bundled' ORDER BY source_id"),
    ).toEqual(sourcesBefore);
    expect(
      rowsOf(working, 'SELECT sub_id FROM sub WHERE sub_parent_wiki IN (?, ?, ?) ORDER BY sub_id', ids.folderA, ids.folderB, ids.remote).map((r) => r.sub_id),
    ).toEqual(ids.songs);
    expect(rowsOf(working, "SELECT key, value FROM meta WHERE key LIKE 'next_import_%' ORDER BY key")).toEqual([
      { key: 'next_import_sub_id', value: marks.sub },
      { key: 'next_import_wiki_id', value: marks.wiki },
    ]);

    // Bundled rows are v2's: 1005 gone, 1009 new, the movie's new translated title; the file is v2's build.
    expect(buildIdOf(working)).toBe(buildIdOf(shippedV2));
    const catalogue = openCatalogue(working);
    try {
      const { wikis, search } = catalogue.queries;
      expect(wikis.findById(1005, SITE)).toBeUndefined();
      expect(wikis.findById(1009, SITE)?.wiki_title).toBe('Summer Premiere');
      expect(wikis.findById(1007, SITE)?.wiki_aliases).toEqual(['剧场版 星之歌']);
      expect(catalogue.meta('bangumi_data_version')).toBe('fixture-2');

      // Search rows were regenerated: imported titles, aliases, tags and songs are found.
      expect(search.wikis({ keyword: 'quokka carnival' }, 20, 0, SITE).wikis.map((w) => w.wiki_id)).toEqual([ids.folderA]);
      expect(search.wikis({ keyword: 'radiance' }, 20, 0, SITE).wikis.map((w) => w.wiki_id)).toEqual([ids.remote]);
      expect(search.wikis({ keyword: 'Gentle Rain Collection (English)' }, 20, 0, SITE).wikis.map((w) => w.wiki_id)).toEqual([ids.folderB]);
      expect(search.subs({ keyword: 'numbat' }, 20, 0, SITE).subs.map((s) => s.sub_id)).toEqual([ids.songs[1]]);
      expect(
        wikis
          .list({ types: ['music'], tags: ['brandnewtag'] }, 20, 0, SITE)
          .wikis.map((w) => w.wiki_id)
          .sort(),
      ).toEqual([ids.folderA, ids.folderB]);
      expect(wikis.findById(ids.folderA, SITE)).toMatchObject({
        wiki_aliases: ['Quokka Carnival (English)'],
        wiki_meta: [{ meta_key: 'artist', meta_value: 'Test Artist' }],
      });

      // The user database was not touched; its favourites still name the same titles.
      const userDb = openUserDb(join(work, 'user.db'));
      try {
        const favWikis = userDb
          .listFavs('wiki', 10, 0)
          .favs.map((f) => wikis.findById(f.fav_obj_id, SITE)?.wiki_title)
          .sort();
        expect(favWikis).toEqual(['Quokka Carnival', '東方の夜']);
        const [subFav] = userDb.listFavs('sub', 10, 0).favs;
        expect(catalogue.queries.entryDetail.findSub(subFav.fav_obj_id, SITE)?.sub_title).toBe('Wombat Waltz');
      } finally {
        userDb.close();
      }
    } finally {
      catalogue.close();
    }

    // Done once: the next start finds the copy current; the writer goes on above the kept marks.
    expect((await ensureWorkingCatalogue(shippedV2, working, { log })).action).toBe('unchanged');
    const writer = openCatalogueWriter(working);
    try {
      const [next] = writer.upsertEntries(ids.folderSourceId, [album('d', 'After Upgrade', [])]);
      expect(next).toBe(Number(marks.wiki));
      expect(next).toBeGreaterThan(ids.removed);
    } finally {
      writer.close();
    }
  });

  it('carries a working copy with an outdated schema fingerprint over, reading its rows by column name', async () => {
    const db = new Database(working);
    db.prepare("UPDATE meta SET value = 'older-schema' WHERE key = 'schema_fingerprint'").run();
    db.close();
    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log });
    expect(outcome).toMatchObject({ action: 'merged', kept: { sources: 2, entries: 3 } });
    expect(importedTitles(working).map((r) => r.wiki_id)).toEqual([ids.folderA, ids.folderB, ids.remote]);
    expect(buildIdOf(working)).toBe(buildIdOf(shippedV2));
  });

  it('leaves the old working copy as it was when the merge fails half-way (the temporary file cannot be written)', async () => {
    mkdirSync(`${working}.merging`); // a folder where the merged file would go
    const before = importedTitles(working);
    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log });
    expect(outcome.action).toBe('kept-old');
    expect(buildIdOf(working)).toBe(buildIdOf(shippedV1));
    expect(importedTitles(working)).toEqual(before);
    expect(existsSync(`${working}.bak`)).toBe(false);
    expect(lines).toEqual([expect.stringMatching(/Could not upgrade the catalogue .* it stays as it was/)]);
  });

  it('refuses to renumber an imported entry whose id the new build gives to a bundled entry, keeping the old copy', async () => {
    // An entry that (against the rules) holds an id the new build uses: the merge must not drop or renumber it.
    const db = new Database(working);
    db.prepare(
      "INSERT INTO wiki (wiki_id, source_id, source_key, wiki_type, wiki_section, wiki_title, wiki_title_fold, wiki_title_encode, wiki_initial, wiki_date, wiki_modified) VALUES (1009, ?, 'clash', 'music', 'music', 'Clashing Album', 'clashingalbum', 'clashingalbum', 'c', 0, 0)",
    ).run(ids.folderSourceId);
    db.close();
    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log });
    expect(outcome).toMatchObject({ action: 'kept-old', reason: expect.stringMatching(/entry 1009 \("Clashing Album"\) .* bundled entry "Summer Premiere"/) });
    expect(buildIdOf(working)).toBe(buildIdOf(shippedV1));
    expect(rowsOf(working, 'SELECT wiki_title FROM wiki WHERE wiki_id = 1009')).toEqual([{ wiki_title: 'Clashing Album' }]);
  });

  it('keeps an outdated copy it cannot carry over aside, installs the new build, and says so', async () => {
    const db = new Database(working);
    db.prepare("UPDATE meta SET value = 'older-schema' WHERE key = 'schema_fingerprint'").run();
    db.pragma('ignore_check_constraints = ON');
    db.prepare("UPDATE wiki SET wiki_type = 'podcast' WHERE wiki_id = ?").run(ids.remote); // a type this version does not know
    db.close();
    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log, now: () => Date.parse('2024-02-01T03:00:00Z') });
    expect(outcome).toMatchObject({ action: 'set-aside', asideFile: `${working}.old-2024-02-01` });
    expect(buildIdOf(working)).toBe(buildIdOf(shippedV2));
    expect(importedTitles(working)).toEqual([]);
    expect(importedTitles(`${working}.old-2024-02-01`).map((r) => r.wiki_id)).toEqual([ids.folderA, ids.folderB, ids.remote]);
    expect(lines).toEqual([expect.stringMatching(/3 imported or synced entries from 2 sources\) is kept at .*catalogue\.db\.old-2024-02-01/)]);
    // Nothing else is left beside them (a -wal of the old copy moved with it, never beside the new one).
    expect(existsSync(`${working}-wal`)).toBe(false);
    expect([...new Set(readdirSync(work).map((name) => name.replace(/-(wal|shm)$/, '')))].sort()).toEqual([CATALOGUE_FILE, `${CATALOGUE_FILE}.old-2024-02-01`]);
  });

  it('finishes an upgrade that stopped with only the backup left', async () => {
    const { renameSync } = await import('node:fs');
    renameSync(working, `${working}.bak`);
    const outcome = await ensureWorkingCatalogue(shippedV2, working, { log });
    expect(outcome.action).toBe('merged');
    expect(importedTitles(working).map((r) => r.wiki_id)).toEqual([ids.folderA, ids.folderB, ids.remote]);
    expect(existsSync(`${working}.bak`)).toBe(false);
  });
});
