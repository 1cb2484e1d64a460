// The working catalogue's writer: stable ids by source key, whole-entry replacement, removal of
// entries and sources, all-or-nothing batches, and a reader that keeps answering while it writes.
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type CatalogueWriter, type IncomingEntry } from '../../../../src-main/catalogue/write/catalogue-writer';
import { IMPORT_ID_BASE } from '../../../../src-main/catalogue/db/schema';
import { fixtureCatalogueDir } from '../../../fixtures/app';

function album(key: string, title: string, songs: [string, string][], extra: Partial<IncomingEntry> = {}): IncomingEntry {
  return {
    sourceKey: key,
    type: 'music',
    title,
    aliases: [],
    date: 1_700_000_000,
    modified: 1_700_000_000,
    meta: [{ key: 'artist', value: 'Test Artist' }],
    tags: ['imported', 'test'],
    subs: songs.map(([songKey, songTitle], i) => ({
      sourceKey: songKey,
      type: 'song',
      order: String(i + 1),
      title: songTitle,
      date: 1_700_000_000,
      modified: 1_700_000_000,
      upload: { uri: `/folder/1/${songKey}.mp3`, md5: 'a'.repeat(32), filesize: 1000, bitrate: 128, length: 61, date: 1_700_000_000 },
    })),
    ...extra,
  };
}

let dir: string;
let file: string;
let writer: CatalogueWriter;
let reader: Catalogue;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'moecat-writer-'));
  file = join(dir, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  reader = openCatalogue(file); // open first, as the server is while an import runs
  writer = openCatalogueWriter(file);
});

afterEach(() => {
  writer.close();
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

function wikiRow(id: number) {
  return sqlOf(reader).prepare('SELECT wiki_id, wiki_title, source_id, source_key FROM wiki WHERE wiki_id = ?').get(id) as
    { wiki_id: number; wiki_title: string; source_id: number; source_key: string } | undefined;
}
const subIdsOf = (wikiId: number) =>
  Object.fromEntries(
    (
      sqlOf(reader).prepare('SELECT source_key, sub_id FROM sub WHERE sub_parent_wiki = ? ORDER BY sub_id').all(wikiId) as {
        source_key: string;
        sub_id: number;
      }[]
    ).map((r) => [r.source_key, r.sub_id]),
  );
const subFtsHas = (subId: number) => sqlOf(reader).prepare('SELECT count(*) FROM sub_fts WHERE rowid = ?').pluck().get(subId) as number;

describe('catalogue writer', () => {
  it('adds a source and entries with ids from the import range that the open reader then finds', () => {
    const source = writer.ensureSource('folder', '/music/albums', 'albums', 1_700_000_100);
    expect(source).toMatchObject({ kind: 'folder', locator: '/music/albums', name: 'albums', addedAt: 1_700_000_100, entries: 0 });
    expect(writer.ensureSource('folder', '/music/albums', 'other name').sourceId).toBe(source.sourceId);

    const [a, b] = writer.upsertEntries(source.sourceId, [
      album('alpha', 'Zyxwv Alpha Album', [
        ['a1', 'Qwerty Song'],
        ['a2', 'Second'],
      ]),
      album('beta', 'Beta', []),
    ]);
    expect(a).toBeGreaterThanOrEqual(IMPORT_ID_BASE);
    expect(b).toBe(a + 1);
    expect(wikiRow(a)).toMatchObject({ wiki_title: 'Zyxwv Alpha Album', source_id: source.sourceId, source_key: 'alpha' });
    expect(Object.values(subIdsOf(a)).every((id) => id >= IMPORT_ID_BASE)).toBe(true);
    // The read-only connection opened before the write sees the committed rows, search index included.
    expect(sqlOf(reader).prepare('SELECT rowid FROM wiki_fts WHERE wiki_fts MATCH \'"zyx"*\'').pluck().all()).toEqual([a]);
    expect(writer.getSource(source.sourceId)).toMatchObject({ entries: 2, subs: 2 });
    expect(sqlOf(reader).prepare('SELECT tag_name FROM tag t JOIN wiki_tag x ON x.tag_id = t.tag_id WHERE x.wiki_id = ? ORDER BY 1').pluck().all(a)).toEqual([
      'imported',
      'test',
    ]);
  });

  it('keeps the ids of known entries and sub-entries when they are written again, and drops what is gone', () => {
    const source = writer.ensureSource('folder', '/music', 'music');
    const [id] = writer.upsertEntries(source.sourceId, [
      album('alpha', 'Old Title', [
        ['s1', 'Stays'],
        ['s2', 'Goes Away'],
      ]),
    ]);
    const before = subIdsOf(id);
    const [again] = writer.upsertEntries(source.sourceId, [
      album('alpha', 'Brandnew Title', [
        ['s1', 'Stays Renamed'],
        ['s3', 'Arrives'],
      ]),
    ]);
    expect(again).toBe(id);
    const after = subIdsOf(id);
    expect(after.s1).toBe(before.s1);
    expect(after.s2).toBeUndefined();
    expect(after.s3).toBeGreaterThan(before.s2);
    expect(subFtsHas(before.s2)).toBe(0);
    expect(subFtsHas(after.s1)).toBe(1);
    const match = (q: string) => sqlOf(reader).prepare('SELECT rowid FROM wiki_fts WHERE wiki_fts MATCH ?').pluck().all(q);
    expect(match('"bra"*')).toEqual([id]);
    expect(match('"old"*')).toEqual([]);
    expect(wikiRow(id)?.wiki_title).toBe('Brandnew Title');
  });

  it('never hands out an id again after its entry was removed', () => {
    const source = writer.ensureSource('folder', '/music', 'music');
    const [first] = writer.upsertEntries(source.sourceId, [album('one', 'One', [['x', 'X']])]);
    const firstSub = subIdsOf(first).x;
    expect(writer.removeEntries(source.sourceId, ['one', 'not-there'])).toBe(1);
    expect(wikiRow(first)).toBeUndefined();
    expect(subFtsHas(firstSub)).toBe(0);
    const [second] = writer.upsertEntries(source.sourceId, [album('two', 'Two', [['y', 'Y']])]);
    expect(second).toBeGreaterThan(first);
    expect(subIdsOf(second).y).toBeGreaterThan(firstSub);
  });

  it('removes a whole imported source with everything it brought, and refuses to remove a bundled one', () => {
    const bundledBefore = sqlOf(reader).prepare("SELECT count(*) FROM wiki w JOIN source s USING (source_id) WHERE s.kind = 'bundled'").pluck().get();
    const source = writer.ensureSource('remote', 'http://127.0.0.1:9/', '127.0.0.1');
    const [id] = writer.upsertEntries(source.sourceId, [album('10', 'Remote Album', [['11', 'Remote Song']])]);
    const subId = subIdsOf(id)['11'];
    expect(writer.removeSource(source.sourceId)).toEqual({ entries: 1, subs: 1 });
    expect(writer.getSource(source.sourceId)).toBeUndefined();
    expect(wikiRow(id)).toBeUndefined();
    expect(sqlOf(reader).prepare('SELECT count(*) FROM upload WHERE up_obj_id = ?').pluck().get(subId)).toBe(0);
    expect(subFtsHas(subId)).toBe(0);
    const bundled = writer.listSources().find((s) => s.kind === 'bundled')!;
    expect(() => writer.removeSource(bundled.sourceId)).toThrow(/cannot be removed/);
    expect(sqlOf(reader).prepare("SELECT count(*) FROM wiki w JOIN source s USING (source_id) WHERE s.kind = 'bundled'").pluck().get()).toBe(bundledBefore);
  });

  it('writes a batch all or nothing', () => {
    const source = writer.ensureSource('folder', '/music', 'music');
    const broken = album('bad', 'Broken', [
      ['same', 'A'],
      ['same', 'B'],
    ]); // two songs with one key
    expect(() =>
      writer.transaction(() => {
        writer.upsertEntries(source.sourceId, [album('good', 'Good', [])]);
        writer.setSourceState(source.sourceId, { cursor: 5 });
        writer.upsertEntries(source.sourceId, [broken]);
      }),
    ).toThrow();
    expect(writer.knownEntries(source.sourceId).size).toBe(0);
    expect(writer.getSource(source.sourceId)?.state).toEqual({});
    writer.setSourceState(source.sourceId, { cursor: 7 }, 1_700_000_500);
    expect(writer.getSource(source.sourceId)).toMatchObject({ state: { cursor: 7 }, updatedAt: 1_700_000_500 });
  });

  it('refuses to write to a source that does not exist', () => {
    expect(() => writer.upsertEntries(999, [album('x', 'X', [])])).toThrow(/No catalogue source 999/);
    expect(() => writer.setSourceState(999, {})).toThrow(/No catalogue source 999/);
  });

  describe('a group open across calls (an import)', () => {
    // Among the imported rows (the bundled ones may match too).
    const match = (q: string) =>
      sqlOf(reader).prepare('SELECT rowid FROM wiki_fts WHERE wiki_fts MATCH ? AND rowid >= ? ORDER BY rowid').pluck().all(q, IMPORT_ID_BASE);
    const subMatch = (q: string) =>
      sqlOf(reader).prepare('SELECT rowid FROM sub_fts WHERE sub_fts MATCH ? AND rowid >= ? ORDER BY rowid').pluck().all(q, IMPORT_ID_BASE);

    it('keeps every call of a committed group, search rows included, one set per entry however often it was written', () => {
      const source = writer.ensureSource('folder', '/music', 'music');
      writer.openGroup();
      const [a] = writer.upsertEntries(source.sourceId, [album('a', 'Quokka Album', [['a1', 'Wombat Song']])]);
      const [b] = writer.upsertEntries(source.sourceId, [album('b', 'Quokka Second', [['b1', 'Wombat Other']])]);
      // Written again in the same group: its first search rows are replaced, not doubled.
      expect(writer.upsertEntries(source.sourceId, [album('a', 'Quokka Album', [['a1', 'Wombat Song']])])).toEqual([a]);
      expect(wikiRow(a)).toBeUndefined(); // the reader sees nothing before the commit
      writer.commitGroup();
      expect(match('"quo"*')).toEqual([a, b]);
      expect(subMatch('"wom"*')).toEqual([subIdsOf(a).a1, subIdsOf(b).b1]);
      expect(sqlOf(reader).prepare('SELECT count(*) FROM wiki_fts WHERE rowid IN (?, ?)').pluck().get(a, b)).toBe(2);
    });

    it("drops the rows and search rows of a call that fails, and keeps the group's others", () => {
      const source = writer.ensureSource('folder', '/music', 'music');
      writer.openGroup();
      const [good] = writer.upsertEntries(source.sourceId, [album('good', 'Platypus Good', [['g1', 'Echidna One']])]);
      const broken = album('bad', 'Platypus Broken', [
        ['same', 'Echidna A'],
        ['same', 'Echidna B'],
      ]);
      expect(() => writer.upsertEntries(source.sourceId, [broken])).toThrow();
      writer.commitGroup();
      expect(match('"pla"*')).toEqual([good]);
      expect(subMatch('"ech"*')).toEqual([subIdsOf(good).g1]);
      expect(writer.knownEntries(source.sourceId).has('bad')).toBe(false);
    });

    it.each([
      ['in a group', (fn: () => void) => (writer.openGroup(), fn(), writer.commitGroup())],
      ['in a transaction', (fn: () => void) => writer.transaction(fn)],
    ])('keeps the search rows of what stands when a failing call had rewritten an entry held %s', (_where, batch) => {
      const source = writer.ensureSource('folder', '/music', 'music');
      const broken = album('bad', 'Bad Album', [
        ['same', 'Sameold A'],
        ['same', 'Sameold B'],
      ]);
      let a = 0;
      let other = 0;
      batch(() => {
        [other] = writer.upsertEntries(source.sourceId, [album('o', 'Otter Album', [['o1', 'Otter Song']])]);
        [a] = writer.upsertEntries(source.sourceId, [
          album('a', 'Quokka Album', [
            ['a1', 'Wombat Song'],
            ['a2', 'Wallaby Song'],
          ]),
        ]);
        // Rewrites A (whose search rows are held), then fails: the rewrite is undone with it.
        expect(() => writer.upsertEntries(source.sourceId, [album('a', 'Narwhal Album', [['a1', 'Dugong Song']]), broken])).toThrow();
      });
      expect(wikiRow(a)?.wiki_title).toBe('Quokka Album');
      expect(match('"quo"*')).toEqual([a]);
      expect(match('"nar"*')).toEqual([]);
      expect(match('"ott"*')).toEqual([other]);
      expect(subMatch('"wom"*')).toEqual([subIdsOf(a).a1]);
      expect(subMatch('"wal"*')).toEqual([subIdsOf(a).a2]);
      expect(subMatch('"dug"*')).toEqual([]);
      expect(subMatch('"sam"*')).toEqual([]);
      // Exactly one search row for each row that stands.
      const ids = [other, a];
      expect(sqlOf(reader).prepare('SELECT count(*) FROM wiki_fts WHERE rowid >= ?').pluck().get(IMPORT_ID_BASE)).toBe(ids.length);
      expect(sqlOf(reader).prepare('SELECT count(*) FROM sub_fts WHERE rowid >= ?').pluck().get(IMPORT_ID_BASE)).toBe(3);
    });

    it("writes a large group's search rows a slice at a time before it commits", () => {
      const source = writer.ensureSource('folder', '/music', 'music');
      writer.openGroup();
      const ids = writer.upsertEntries(
        source.sourceId,
        Array.from({ length: 5 }, (_, i) => album(`k${i}`, `Kiwi ${i}`, [[`s${i}`, `Kakapo ${i}`]])),
      );
      // Five entries and five songs held: ten rows, written three at a time.
      expect(writer.writeHeldSearchRows(3)).toBe(7);
      expect(writer.writeHeldSearchRows(3)).toBe(4);
      writer.commitGroup();
      expect(match('"kiw"*')).toEqual(ids);
      expect(subMatch('"kak"*')).toHaveLength(5);
    });

    it('leaves nothing of a group rolled back, and writes as before afterwards', () => {
      const source = writer.ensureSource('folder', '/music', 'music');
      writer.openGroup();
      writer.upsertEntries(source.sourceId, [album('gone', 'Narwhal Gone', [['n1', 'Narwhal Song']])]);
      expect(() => writer.openGroup()).toThrow(/open already/);
      writer.rollbackGroup();
      expect(match('"nar"*')).toEqual([]);
      expect(subMatch('"nar"*')).toEqual([]);
      expect(writer.knownEntries(source.sourceId).size).toBe(0);
      expect(() => writer.commitGroup()).toThrow(/No group/);
      const [id] = writer.upsertEntries(source.sourceId, [album('kept', 'Narwhal Kept', [])]);
      expect(match('"nar"*')).toEqual([id]);
    });
  });

  it('says which of the catalogue’s parts a commit changed: a source’s state alone, or every section when its name changes', () => {
    const source = writer.ensureSource('folder', '/music/named', 'named');
    const moved = (write: () => void) => {
      const before = reader.sectionStamps();
      write();
      const after = reader.sectionStamps();
      return [...after.keys()].filter((name) => after.get(name) !== before.get(name)).sort();
    };
    expect(moved(() => writer.setSourceState(source.sourceId, { scanned: 1 }))).toEqual(['sources']);
    // Entries show their source's name: no writer renames one, but a rename would be every section's change.
    expect(moved(() => writer.db.prepare('UPDATE source SET name = ? WHERE source_id = ?').run('renamed', source.sourceId))).toEqual([
      'anime',
      'music',
      'radio',
      'sources',
    ]);
  });

  it('takes the planner’s statistics again when a table has grown much, and the open reader plans with them', () => {
    const db = sqlOf(reader);
    const byIds = 'SELECT sub_id, sub_order FROM sub WHERE sub_id IN (SELECT value FROM json_each(?))';
    const plan = () => (db.prepare(`EXPLAIN QUERY PLAN ${byIds}`).all('[1]') as { detail: string }[]).map((r) => r.detail).join(' | ');
    const statRows = () => db.prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'sub_by_parent'").pluck().get() as string;
    const before = Number(statRows().split(' ')[0]);
    expect(writer.keepStatistics()).toBe(false); // nothing has changed since the catalogue's build took them
    const prepared = db.prepare(byIds);

    // A library far larger than what the statistics were taken of: with the old ones, the planner scans the table.
    const source = writer.ensureSource('folder', '/music/large', 'large');
    const songs = Array.from({ length: 20 }, (_, i) => [`s${i}`, `Song ${i}`] as [string, string]);
    const count = Math.max(60, Math.ceil((before * 30) / songs.length));
    writer.upsertEntries(
      source.sourceId,
      Array.from({ length: count }, (_, i) =>
        album(
          `album${i}`,
          `Album ${i}`,
          songs.map(([k, t]) => [`${i}/${k}`, t]),
        ),
      ),
    );
    expect(plan()).toMatch(/SCAN sub\b/);

    const stamps = reader.sectionStamps();
    const version = reader.dataVersion();
    expect(writer.keepStatistics()).toBe(true);
    // It says it changed the statistics alone, so the server's cached answers may stay. (That it is one
    // commit, no reading here can tell: two, the view's apart, would each move data_version, the first
    // with no stamp, which clears every answer.)
    expect(reader.dataVersion()).not.toBe(version);
    expect([...reader.sectionStamps()].filter(([name, n]) => stamps.get(name) !== n)).toEqual([['statistics', stamps.get('statistics')! + 1]]);
    expect(Number(statRows().split(' ')[0])).toBeGreaterThanOrEqual(count * songs.length);
    expect(plan()).toMatch(/SEARCH sub USING INTEGER PRIMARY KEY/);
    expect(prepared.all('[1, 2]')).toBeDefined(); // a statement prepared before is planned again, not broken
    expect(writer.keepStatistics()).toBe(false);
  });
});
