// wikiListQueries(): every filter shape answers exactly what a plain reading of the rows says (a
// property test over random filters, pages and page sizes), and the copies the list reads instead of
// the rows — wiki_count's counts, wiki_tag's keys — stay right through the writer's upserts and
// removals and through an in-place update.
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishCatalogue, prepareInserts, writeEntry } from '../../../../src-main/catalogue/build/builder';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { CATALOGUE_KIND } from '../../../../src-main/catalogue/db/catalogue-kind';
import { openCatalogueWriter, type IncomingEntry } from '../../../../src-main/catalogue/write/catalogue-writer';
import { openDatabase } from '../../../../src-main/catalogue/db/database';
import { wikiListQueries, type WikiListFilter } from '../../../../src-main/catalogue/read/wiki-list';
import { DATE_BUCKET_SHIFT } from '../../../../src-main/catalogue/db/schema';
import { API_ANIME_TYPES, SECTION_TYPES } from '../../../../src-main/contract/sections';
import { WIKI_TYPES, type SourceEntry, type WikiType } from '../../../../src-main/catalogue/write/source-entry';
import { tempDir } from '../../../fixtures/temp-dir';

const TAGS = ['OST', 'Vocal', 'Live', 'Piano', 'Drama'];
const WORDS = ['Alpha', 'beta', 'Moe', 'zeta', '東方', 'あの', '1st', 'Kiss', 'Quiet', 'x'];
const ENTRIES = 260;

/** A deterministic spread: several entries per date (ties broken by id), some undated, every type. */
function entry(i: number): SourceEntry {
  const pick = <T>(list: readonly T[], salt: number) => list[(i * 7 + salt * 13 + ((i * i) % 11)) % list.length];
  return {
    wikiId: 1000 + i,
    sourceKey: `e${i}`,
    type: pick(WIKI_TYPES, 1) as WikiType,
    title: `${pick(WORDS, 2)} ${pick(WORDS, 3)} ${i}`,
    aliases: [],
    date: i % 17 === 0 ? 0 : 1_600_000_000 + (i % 40) * 86_400,
    modified: 0,
    meta: [],
    tags: TAGS.filter((_, t) => (i >> t) % 3 === 0),
    subs: [],
  };
}

interface Row {
  wiki_id: number;
  wiki_type: string;
  wiki_initial: string;
  wiki_date: number;
  source_id: number;
  wiki_tags: string;
}

/** The list as the interface states it, read from the rows with no index, count or copy. */
function reference(catalogue: Catalogue, f: WikiListFilter, limit: number, offset: number): { count: number; ids: number[] } {
  const rows = sqlOf(catalogue).prepare('SELECT wiki_id, wiki_type, wiki_initial, wiki_date, source_id, wiki_tags FROM wiki').all() as Row[];
  const matching = rows.filter(
    (r) =>
      f.types.includes(r.wiki_type) &&
      (f.initial === undefined || r.wiki_initial === f.initial) &&
      (f.tags ?? []).every((t) => (JSON.parse(r.wiki_tags) as string[]).includes(t)) &&
      (f.ids === undefined || f.ids.includes(r.wiki_id)) &&
      (f.dateFrom === undefined || (r.wiki_date !== 0 && r.wiki_date >= f.dateFrom && r.wiki_date < f.dateTo!)) &&
      (f.sources === undefined || f.sources.includes(r.source_id)),
  );
  matching.sort((a, b) => b.wiki_date - a.wiki_date || b.wiki_id - a.wiki_id);
  return { count: matching.length, ids: matching.slice(offset, offset + limit).map((r) => r.wiki_id) };
}

const filterArb = (ids: number[]) =>
  fc
    .record(
      {
        // Often the anime section or the API's `anime` (one range of the section's index), else any types.
        types: fc.oneof(fc.constantFrom<string[]>([...SECTION_TYPES.anime], [...API_ANIME_TYPES]), fc.subarray<string>([...WIKI_TYPES], { minLength: 1 })),
        initial: fc.option(fc.constantFrom('a', 'b', 'm', 'z', 'q', 'k', 'x', '0', 'd'), { nil: undefined }),
        tags: fc.option(fc.subarray([...TAGS, 'NoSuchTag'], { maxLength: 3 }), { nil: undefined }),
        ids: fc.option(fc.subarray(ids, { maxLength: 40 }), { nil: undefined }),
        date: fc.option(fc.tuple(fc.integer({ min: 0, max: 45 }), fc.integer({ min: 1, max: 20 })), { nil: undefined }),
        sources: fc.option(fc.subarray([1, 2, 3], { minLength: 1 }), { nil: undefined }),
      },
      { requiredKeys: ['types'] },
    )
    .map(({ date, ...f }): WikiListFilter => ({
      ...f,
      ...(date ? { dateFrom: 1_600_000_000 + date[0] * 86_400 - 3600, dateTo: 1_600_000_000 + (date[0] + date[1]) * 86_400 - 3600 } : {}),
    }));

let dir: string;
let file: string;
let catalogue: Catalogue;

beforeAll(() => {
  dir = tempDir('moecat-wiki-list-');
  file = join(dir, 'catalogue.db');
  const db = openDatabase(file, CATALOGUE_KIND);
  const ins = prepareInserts(db);
  const tagIds = new Map(TAGS.map((t, i) => [t, i + 1]));
  db.transaction(() => {
    ins.source.run(1, 'one');
    ins.source.run(2, 'two');
    for (const [t, id] of tagIds) ins.tag.run(id, t);
    for (let i = 0; i < ENTRIES; i++) writeEntry(ins, i % 5 === 0 ? 2 : 1, entry(i), tagIds, 'Asia/Tokyo');
  })();
  finishCatalogue(db);
  db.close();
  catalogue = openCatalogue(file);
});
afterAll(() => catalogue.close());

const allIds = () => sqlOf(catalogue).prepare('SELECT wiki_id FROM wiki ORDER BY wiki_id').pluck().all() as number[];

/**
 * The app's queries, and the same with date buckets skipped from offset 0 (the app does so from
 * SKIP_FROM, beyond this catalogue's size): the buckets' sums and the page read below them must give
 * the same pages as stepping over every entry.
 */
function expectLikeReference(runs: number, seed: number): void {
  const skipping = wikiListQueries(sqlOf(catalogue), { skipFrom: 0 });
  fc.assert(
    fc.property(filterArb(allIds()), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 300 }), (filter, limit, offset) => {
      const want = reference(catalogue, filter, limit, offset);
      for (const queries of [catalogue.queries.wikis, skipping]) {
        const got = queries.list(filter, limit, offset, 'http://x');
        expect({ count: got.count, ids: got.wikis.map((w) => w.wiki_id) }).toEqual(want);
      }
    }),
    { numRuns: runs, seed },
  );
}

/** The maintained copies equal what the rows say. */
function expectCopiesRight(): void {
  const counts = sqlOf(catalogue).prepare('SELECT wiki_type, wiki_initial, source_id, n FROM wiki_count WHERE n <> 0 ORDER BY 1, 2, 3').all();
  const truth = sqlOf(catalogue).prepare('SELECT wiki_type, wiki_initial, source_id, count(*) AS n FROM wiki GROUP BY 1, 2, 3 ORDER BY 1, 2, 3').all();
  expect(counts).toEqual(truth);
  const perBucket = sqlOf(catalogue).prepare('SELECT wiki_type, bucket, n FROM wiki_date_count WHERE n <> 0 ORDER BY 1, 2').all();
  const bucketTruth = sqlOf(catalogue)
    .prepare(`SELECT wiki_type, wiki_date >> ${DATE_BUCKET_SHIFT} AS bucket, count(*) AS n FROM wiki GROUP BY 1, 2 ORDER BY 1, 2`)
    .all();
  expect(perBucket).toEqual(bucketTruth);
  expect(new Set(perBucket.map((r) => (r as { bucket: number }).bucket)).size).toBeGreaterThan(2); // dated across buckets, and undated
  const stale = sqlOf(catalogue)
    .prepare(
      `SELECT count(*) FROM wiki_tag wt JOIN wiki w USING (wiki_id)
    WHERE wt.wiki_type <> w.wiki_type OR wt.wiki_date <> w.wiki_date OR wt.wiki_initial <> w.wiki_initial`,
    )
    .pluck()
    .get();
  expect(stale).toBe(0);
}

describe('the entry list', () => {
  it('answers every filter shape, page and page size as the rows say', () => {
    expect(catalogue.queries.wikis.list({ types: ['music'] }, 5, 0, 'http://x').count).toBeGreaterThan(0);
    expectLikeReference(400, 11);
  });

  it.each([
    ['the anime section', SECTION_TYPES.anime],
    ['the API’s anime', API_ANIME_TYPES],
    ['two kinds', ['tv', 'movie']],
  ])('pages %s in one newest-first order, ties by id, deep pages included', (_name, list) => {
    const types = [...list];
    const all = reference(catalogue, { types }, 1000, 0).ids;
    const paged = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((p) => catalogue.queries.wikis.list({ types }, 20, p * 20, 'http://x').wikis.map((w) => w.wiki_id));
    expect(paged).toEqual(all.slice(0, 160));
    expect(new Set(all).size).toBe(all.length);
  });

  it('skips whole date buckets on deep pages without losing or repeating an entry at any offset', () => {
    const skipping = wikiListQueries(sqlOf(catalogue), { skipFrom: 0 });
    for (const list of [SECTION_TYPES.anime, API_ANIME_TYPES, ['music'], WIKI_TYPES]) {
      const types = [...list];
      const all = reference(catalogue, { types }, 1000, 0).ids;
      for (let offset = 0; offset <= all.length + 1; offset++) {
        for (const limit of [1, 3]) {
          const got = skipping.list({ types }, limit, offset, 'http://x').wikis.map((w) => w.wiki_id);
          expect(got, `${types.join()} at ${offset}, ${limit}`).toEqual(all.slice(offset, offset + limit));
        }
      }
    }
  });

  it('counts an unknown tag, or a list of no types, as nothing', () => {
    expect(catalogue.queries.wikis.list({ types: ['music'], tags: ['NoSuchTag'] }, 20, 0, 'http://x')).toEqual({ count: 0, wikis: [] });
    expect(catalogue.queries.wikis.list({ types: [] }, 20, 0, 'http://x')).toEqual({ count: 0, wikis: [] });
  });

  it('keeps its counts and tag keys right through upserts, removals and an in-place change', () => {
    expectCopiesRight();
    const writer = openCatalogueWriter(file);
    try {
      const source = writer.ensureSource('folder', '/music', 'music');
      const incoming = (i: number, type: WikiType, tags: string[]): IncomingEntry => ({ ...entry(i), type, tags, sourceKey: `f${i}` });
      writer.upsertEntries(source.sourceId, [incoming(1, 'music', ['OST', 'New']), incoming(2, 'tv', ['Live']), incoming(3, 'radio', [])]);
      expectCopiesRight();
      // Replaced: another type, initial, date and tags for the same source key.
      writer.upsertEntries(source.sourceId, [{ ...incoming(1, 'movie', ['Piano']), title: 'Zeta changed', date: 1_600_500_000 }]);
      writer.removeEntries(source.sourceId, ['f2']);
      expectCopiesRight();
      expectLikeReference(60, 12);
      writer.removeSource(source.sourceId);
      expectCopiesRight();
    } finally {
      writer.close();
    }
    // An update in place (no writer does one today; the triggers keep the copies right if one does).
    const rw = openDatabase(file, CATALOGUE_KIND);
    rw.prepare(
      "UPDATE wiki SET wiki_type = 'radio', wiki_section = 'radio', wiki_initial = 'q', wiki_date = 1600900000, source_id = 2 WHERE wiki_id IN (1001, 1002, 1003)",
    ).run();
    rw.close();
    expectCopiesRight();
    expectLikeReference(60, 13);
  });
});
