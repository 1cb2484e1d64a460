// searchQueries(): matching rules, FTS syntax as text, ranking tiers, paging, and property tests, on a
// small catalogue written with the real builder's writer (entries described once in ENTRIES below).
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import fc from 'fast-check';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishCatalogue, prepareInserts, writeEntry } from '../../../../src-main/catalogue/build/builder';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { CATALOGUE_KIND } from '../../../../src-main/catalogue/db/catalogue-kind';
import { openDatabase } from '../../../../src-main/catalogue/db/database';
import { COUNT_LIMIT, franchiseOrder, searchQueries } from '../../../../src-main/catalogue/search/search-queries';
import { searchFold } from '../../../../src-main/catalogue/search/search-fold';
import { indexColumn } from '../../../../src-main/catalogue/search/search-index';
import type { SourceEntry, SourceSub, WikiType } from '../../../../src-main/catalogue/write/source-entry';
import { titleKey } from '../../../../src-main/catalogue/search/title-key';
import { tempDir } from '../../../fixtures/temp-dir';

const entry = (wikiId: number, title: string, type: WikiType = 'music', aliases: string[] = [], subs: string[] = []): SourceEntry => ({
  wikiId,
  sourceKey: `t:${wikiId}`,
  type,
  title,
  aliases: aliases.map((a) => ({ lang: 'x', title: a })),
  date: 0,
  modified: 0,
  meta: [],
  tags: [],
  subs: subs.map((s, i): SourceSub => ({
    subId: wikiId * 100 + i + 1,
    sourceKey: String(i),
    type: 'song',
    order: String(i + 1),
    title: s,
    date: 0,
    modified: 0,
  })),
});

/** The catalogue of these tests, by meaning. */
const E = {
  touhou: entry(10, '東方紅魔郷', 'music', ['Touhou Koumakyou']),
  touhouNight: entry(11, '東方の夜', 'tv', ['Touhou Night']),
  onePiece: entry(20, 'ONE PIECE', 'tv', ['海賊王']),
  inori: entry(30, '祈り~You Raise Me Up (Instrumental)', 'music', [], ['祈り~You Raise Me Up (Instrumental)', 'Other Song']),
  godEater: entry(40, '噬神者 爆裂 广播剧', 'radio'),
  syntax: entry(50, 'AND OR NOT NEAR "quoted" (paren) a*b -minus', 'music'),
  star: entry(60, '星', 'music'), // exact title for 星
  starPrefix: entry(61, '星の歌', 'music'), // title prefix
  starInside: entry(62, '流れ星', 'music'), // in the title
  starAlias: entry(63, 'Stella', 'music', ['星空']), // an alias starting with it
  starNewerInside: entry(64, '夜空の星', 'music'), // in the title, newer than starInside
  album: entry(70, 'Blue Horizon', 'music', ['蓝色地平线'], ['Seaside Radio', 'Paper Plane']),
  // A franchise: its first TV series, a later season, a film between them and a final season, each
  // with an English name and (as the build gives Japanese titles) a romanised title.
  titanTv: { ...entry(80, '巨人の進撃', 'tv', ['Titan Attack']), date: 1_365_000_000, romaji: 'kyojin no shingeki' },
  titanSeason2: { ...entry(81, '巨人の進撃 Season 2', 'tv', ['Titan Attack Season 2']), date: 1_491_000_000, romaji: 'kyojin no shingeki season 2' },
  titanMovie: { ...entry(82, '劇場版 巨人の進撃', 'movie', ['Titan Attack: The Movie']), date: 1_420_000_000, romaji: 'gekijouban kyojin no shingeki' },
  titanFinal: { ...entry(83, '巨人の進撃 The Final', 'tv', ['Titan Attack Final']), date: 1_607_000_000, romaji: 'kyojin no shingeki the final' },
};

let dir: string;
let catalogue: Catalogue;
/** The same rows, with a tally that calls every trigram common: long words leave inner trigrams out where they can. */
let hinted: Catalogue;
const PROPERTY_BASE = 1000;
const propertyTitles: string[] = [];

// Titles mixing the scripts and the troubles folding meets: kana of both kinds, simplified and
// traditional Han, full-width Latin, punctuation, spaces.
const titleArb = fc
  .array(fc.constantFrom(...'あいうアイウカガーの東东海賊贼王廣广播劇剧桜櫻樱ａＢcdEf012 ~～・!?()"*-'), { minLength: 1, maxLength: 16 })
  .map((cs) => cs.join(''))
  .filter((t) => searchFold(t).length > 0);

beforeAll(() => {
  dir = tempDir('moecat-search-');
  const file = join(dir, 'catalogue.db');
  const db = openDatabase(file, CATALOGUE_KIND);
  const ins = prepareInserts(db);
  ins.source.run(1, 'test');
  propertyTitles.push(...fc.sample(titleArb, { numRuns: 150, seed: 7 }));
  db.transaction(() => {
    for (const e of Object.values(E)) writeEntry(ins, 1, e, new Map(), 'Asia/Tokyo');
    propertyTitles.forEach((title, i) => writeEntry(ins, 1, entry(PROPERTY_BASE + i, title), new Map(), 'Asia/Tokyo'));
  })();
  finishCatalogue(db);
  db.close();
  catalogue = openCatalogue(file);
  const hintedFile = join(dir, 'hinted.db');
  copyFileSync(file, hintedFile);
  const rw = openDatabase(hintedFile, CATALOGUE_KIND);
  const trigrams = [...Object.values(E).map((e) => e.title), ...propertyTitles]
    .flatMap((t) => indexColumn([searchFold(t), titleKey(t)]).split(' '))
    .filter((t) => [...t].length === 3);
  const tally = { sub_fts: Object.fromEntries(trigrams.map((t) => [t, 1e6])), wiki_fts: Object.fromEntries(trigrams.map((t) => [t, 1e6])) };
  rw.prepare("INSERT INTO meta (key, value) VALUES ('search_common_tokens', ?)").run(JSON.stringify(tally));
  rw.close();
  hinted = openCatalogue(hintedFile);
});
afterAll(() => {
  catalogue.close();
  hinted.close();
});

const wikiIds = (keyword: string, limit = 50, offset = 0) =>
  catalogue.queries.search.wikis({ keyword: keyword }, limit, offset, 'http://x').wikis.map((w) => w.wiki_id);
const subIds = (keyword: string) => catalogue.queries.search.subs({ keyword: keyword }, 50, 0, 'http://x').subs.map((s) => s.sub_id);
const wikiCount = (keyword: string) => catalogue.queries.search.wikis({ keyword: keyword }, 50, 0, 'http://x').count;

describe('searchQueries() matching', () => {
  it('finds a 東方 title by the title, its simplified form, its title key and its alias', () => {
    for (const keyword of ['東方', '东方', 'dongfang', 'touhou']) expect(wikiIds(keyword), keyword).toContain(E.touhou.wikiId);
  });

  it('finds ONE PIECE by its title and by its translated title in either script', () => {
    for (const keyword of ['one piece', 'ONE PIECE', 'ｏｎｅ　ｐｉｅｃｅ', '海贼王', '海賊王']) expect(wikiIds(keyword), keyword).toEqual([E.onePiece.wikiId]);
  });

  it('ignores punctuation and width: 祈り～You Raise Me Up Instrumental finds the (Instrumental) title', () => {
    expect(wikiIds('祈り～You Raise Me Up Instrumental')).toEqual([E.inori.wikiId]);
    expect(subIds('祈り～You Raise Me Up Instrumental')[0]).toBe(E.inori.wikiId * 100 + 1);
  });

  it('matches a CJK run by its word segments when it does not match whole: 噬神者广播剧', () => {
    expect(wikiIds('噬神者广播剧')).toEqual([E.godEater.wikiId]);
    expect(wikiIds('噬神者 广播剧')).toEqual([E.godEater.wikiId]);
  });

  it('finds one- and two-character CJK words anywhere in a title, including its last characters', () => {
    expect(wikiIds('剧')).toContain(E.godEater.wikiId);
    expect(wikiIds('播剧')).toContain(E.godEater.wikiId);
    expect(wikiIds('紅')).toEqual([E.touhou.wikiId]);
    expect(wikiIds('红魔')).toEqual([E.touhou.wikiId]);
  });

  it('finds a sub-entry by words split between its own title and its entry', () => {
    expect(subIds('horizon seaside')).toEqual([E.album.wikiId * 100 + 1]);
    expect(subIds('蓝色 paper')).toEqual([E.album.wikiId * 100 + 2]);
  });

  it.each(['"', '*', '-', '(', ')', '()', '"*"', '^', ':', '{title}'])('searches %s as text, never as FTS syntax', (keyword) => {
    expect(() => wikiIds(keyword)).not.toThrow();
    expect(wikiCount(keyword)).toBe(keyword === '{title}' ? wikiCount('title') : 0);
  });

  it('searches FTS operators and quoted phrases as plain words', () => {
    for (const keyword of ['AND', 'or', 'NOT', 'near', 'NEAR(', '"quoted"', '(paren)', 'a*b', '-minus', 'NEAR AND']) {
      expect(wikiIds(keyword), keyword).toContain(E.syntax.wikiId);
    }
    expect(wikiIds('NOT blue')).toEqual([]);
  });
});

describe('searchQueries() names and franchises', () => {
  const search = (keyword: string) => catalogue.queries.search.wikis({ keyword }, 50, 0, 'http://x');
  const titan = [E.titanTv, E.titanSeason2, E.titanFinal, E.titanMovie].map((e) => e.wikiId);

  it('puts an exact name in any language first, then names starting with the words in franchise order: TV seasons in order, then films', () => {
    expect(search('titan attack').wikis.map((w) => w.wiki_id)).toEqual(titan);
    expect(search('巨人の進撃').wikis.map((w) => w.wiki_id)).toEqual(titan);
  });

  it('finds a Japanese title by its romanisation, and names starting with its reading typed in kana, with a true count', () => {
    expect(search('kyojin no shingeki').wikis.map((w) => w.wiki_id)).toEqual(titan);
    const kana = search('きょじんのしんげき');
    // The film's romanised title (gekijouban kyojin no shingeki) holds the reading, but does not start with it.
    expect(kana.wikis.map((w) => w.wiki_id)).toEqual([E.titanTv.wikiId, E.titanSeason2.wikiId, E.titanFinal.wikiId]);
    expect(kana.count).toBe(3);
  });

  it('finds the subtitle after a colon as a name of its own', () => {
    expect(search('the movie').wikis[0]?.wiki_id).toBe(E.titanMovie.wikiId);
  });

  it('respells a word one typing slip away when the keyword finds nothing, and says which keyword it used', () => {
    const found = search('titan atack');
    expect(found.keywordUsed).toBe('titan attack');
    expect(found.wikis.map((w) => w.wiki_id)).toEqual(titan);
    const exact = search('titan attack');
    expect(exact.keywordUsed).toBeUndefined();
    // A word that matches something is left as typed when the keyword finds something.
    expect(search('blue').keywordUsed).toBeUndefined();
    expect(search('zzzzqqqq').keywordUsed).toBeUndefined();
  });
});

describe('franchiseOrder()', () => {
  it('orders anime by kind (TV, web, film, OVA) then oldest first, in the places they take newest first', () => {
    expect(
      franchiseOrder([
        [5, 'movie', 100],
        [4, 'tv', 300],
        [3, 'ova', 50],
        [2, 'tv', 200],
        [6, 'tv', 0],
      ]),
    ).toEqual([2, 4, 6, 5, 3]);
    // Music and radio keep their places among them.
    expect(
      franchiseOrder([
        [7, 'music', 10],
        [5, 'movie', 100],
        [4, 'tv', 300],
        [1, 'music', 1],
      ]),
    ).toEqual([7, 4, 5, 1]);
    expect(
      franchiseOrder([
        [1, 'music', 10],
        [3, 'radio', 5],
        [2, 'music', 1],
      ]),
    ).toEqual([3, 2, 1]);
  });
});

describe('searchQueries() ranking', () => {
  it('ranks exact title, then names (title or translated title) starting with the word, then title words, each newest first', () => {
    expect(wikiIds('星')).toEqual([E.star.wikiId, E.starAlias.wikiId, E.starPrefix.wikiId, E.starNewerInside.wikiId, E.starInside.wikiId]);
  });

  it('ranks whole matches above segment-only matches, even older ones', () => {
    // 广播剧 matches E.godEater whole; the newer property titles with 广播 and 剧 apart only by segments.
    const found = wikiIds('广播剧');
    expect(found[0]).toBe(E.godEater.wikiId);
    expect(found.length).toBeGreaterThan(1);
    for (const id of found.slice(1)) expect(id).toBeGreaterThan(E.godEater.wikiId);
  });

  it('pages without overlap or gap: the pages laid end to end are the whole list', () => {
    const all = wikiIds('の', 50);
    expect(all.length).toBeGreaterThan(6);
    const paged = Array.from({ length: Math.ceil(all.length / 3) + 1 }, (_, i) => wikiIds('の', 3, i * 3)).flat();
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
    expect(wikiCount('の')).toBe(all.length);
  });
});

describe('searchQueries() count limit', () => {
  // The same index with a limit of 5 stands for COUNT_LIMIT (10,000) on a large catalogue.
  const LIMIT = 5;
  const limited = () => searchQueries(sqlOf(catalogue), { countLimit: LIMIT });
  const page = (keyword: string, limit: number, offset: number) => limited().wikis({ keyword: keyword }, limit, offset, 'http://x');

  it('counts matches up to the limit, and lists the first ones in the usual order', () => {
    const all = wikiIds('の', 50);
    expect(all.length).toBeGreaterThan(LIMIT + 2);
    const first = page('の', 50, 0);
    expect(first.count).toBe(LIMIT);
    expect(first.wikis.map((w) => w.wiki_id)).toEqual(all.slice(0, LIMIT));
  });

  it('pages up to the limit without overlap or gap, and answers empty pages beyond it', () => {
    const all = wikiIds('の', 50);
    const pages = [0, 2, 4, 6].map((offset) => page('の', 2, offset));
    expect(pages.map((p) => p.wikis.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flatMap((p) => p.wikis.map((w) => w.wiki_id))).toEqual(all.slice(0, LIMIT));
    expect(pages.every((p) => p.count === LIMIT)).toBe(true);
    // A page starting deep inside a tier (the title-words tier holds every の title here).
    expect(page('の', 1, LIMIT - 1).wikis.map((w) => w.wiki_id)).toEqual([all[LIMIT - 1]]);
  });

  it('counts exactly below the limit', () => {
    expect(page('星', 50, 0).count).toBe(wikiIds('星').length);
    expect(wikiIds('星').length).toBeLessThan(LIMIT + 1);
  });

  it('limits sub-entry searches the same way', () => {
    // The four sub-entries all hold an "e"; a limit of 3 stands for COUNT_LIMIT here.
    const subs = (offset: number) => searchQueries(sqlOf(catalogue), { countLimit: 3 }).subs({ keyword: 'e' }, 2, offset, 'http://x');
    const everything = catalogue.queries.search.subs({ keyword: 'e' }, 50, 0, 'http://x');
    expect(everything.count).toBe(4);
    const pages = [subs(0), subs(2), subs(4)];
    expect(pages.map((p) => [p.count, p.subs.length])).toEqual([
      [3, 2],
      [3, 1],
      [3, 0],
    ]);
    expect(pages.flatMap((p) => p.subs.map((s) => s.sub_id))).toEqual(everything.subs.slice(0, 3).map((s) => s.sub_id));
  });

  // Names that hold the keyword whole or at their start (the `top` rows) lead the list and may also fall
  // in a later tier; at the limit such a tier is not searched for them (search-queries.ts).
  const subTitles = Object.values(E).flatMap((e) => e.subs.map((x) => x.title));
  it('pages any search to the limit without overlap or gap, counted to the limit, with or without a top', () => {
    let withTop = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), (i, a, size, limit, subs) => {
        const titles = subs ? subTitles : propertyTitles;
        const folded = [...searchFold(titles[i % titles.length])];
        const keyword = folded.slice(a % folded.length, (a % folded.length) + 1 + (a % 3)).join('');
        const find = (search: Catalogue['queries']['search'], n: number, offset: number) => {
          const r = subs ? search.subs({ keyword }, n, offset, 'http://x') : search.wikis({ keyword }, n, offset, 'http://x');
          return { count: r.count, ids: 'subs' in r ? r.subs.map((x) => x.sub_id) : r.wikis.map((x) => x.wiki_id) };
        };
        const unlimited = find(catalogue.queries.search, 10_000, 0);
        const limited = searchQueries(sqlOf(catalogue), { countLimit: limit });
        const pages: { count: number; ids: number[] }[] = [];
        for (let offset = 0; pages.length === 0 || pages[pages.length - 1].ids.length === size; offset += size) pages.push(find(limited, size, offset));
        const rows = pages.flatMap((p) => p.ids);
        // The pages laid end to end are the one page of the limit's length, and so many of the matches.
        expect(rows, `${keyword} by ${size} to ${limit}`).toEqual(find(limited, limit, 0).ids);
        expect(rows.length).toBe(Math.min(unlimited.count, limit));
        expect(unlimited.ids).toEqual(expect.arrayContaining(rows));
        for (const p of pages) expect(p.count, `${keyword} by ${size} to ${limit}`).toBe(Math.min(unlimited.count, limit));
        const phrase = searchFold(keyword);
        if (titles.some((t) => searchFold(t).startsWith(phrase)) && unlimited.count > limit) withTop++;
      }),
      { numRuns: 200, seed: 17 },
    );
    expect(withTop).toBeGreaterThan(10);
  });

  it('is 10,000 in the catalogue the server opens', () => {
    expect(COUNT_LIMIT).toBe(10_000);
  });
});

describe.each([
  ['', () => catalogue],
  [', every trigram common', () => hinted],
])('searchQueries() properties%s', (_, current) => {
  const ids = (i: number) => PROPERTY_BASE + i;

  it('finds a title by any substring of its folded form', () => {
    fc.assert(
      fc.property(fc.nat(propertyTitles.length - 1), fc.nat(), fc.nat(), (i, a, b) => {
        const folded = [...searchFold(propertyTitles[i])];
        const start = a % folded.length;
        const length = 1 + (b % (folded.length - start));
        const keyword = folded.slice(start, start + length).join('');
        const found = current().queries.search.wikis({ keyword: keyword }, 50, 0, 'http://x');
        const all = found.count <= 50 ? found.wikis.map((w) => w.wiki_id) : wikiIdsAll(keyword, found.count, current());
        expect(all, `${propertyTitles[i]} / ${keyword}`).toContain(ids(i));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  // A page that ends short gives its count without counting (every tier from its start was read to
  // the end); a full page counts. Both must give the number of rows the pages hold laid end to end.
  it('gives every page of a search the same count: the number of rows its pages hold', () => {
    const search = current().queries.search;
    fc.assert(
      fc.property(fc.nat(propertyTitles.length - 1), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 7 }), fc.boolean(), (i, a, b, size, subs) => {
        const folded = [...searchFold(propertyTitles[i])];
        const start = a % folded.length;
        const keyword = folded.slice(start, start + 1 + (b % Math.min(3, folded.length - start))).join('');
        const find = (limit: number, offset: number) => {
          const r = subs ? search.subs({ keyword: keyword }, limit, offset, 'http://x') : search.wikis({ keyword: keyword }, limit, offset, 'http://x');
          return { count: r.count, ids: 'subs' in r ? r.subs.map((x) => x.sub_id) : r.wikis.map((x) => x.wiki_id) };
        };
        const pages: { count: number; ids: number[] }[] = [];
        for (let offset = 0; pages.length === 0 || pages[pages.length - 1].ids.length === size; offset += size) pages.push(find(size, offset));
        const rows = pages.flatMap((p) => p.ids);
        for (const p of pages) expect(p.count, `${keyword} by ${size}`).toBe(rows.length);
        expect(new Set(rows).size).toBe(rows.length);
      }),
      { numRuns: 150, seed: 5 },
    );
  });

  it('finds a title by its title key', () => {
    for (const [i, title] of propertyTitles.entries()) {
      const key = titleKey(title);
      if (!key) continue;
      const count = current().queries.search.wikis({ keyword: key }, 50, 0, 'http://x').count;
      expect(wikiIdsAll(key, count, current()), `${title} / ${key}`).toContain(ids(i));
    }
  });
});

describe('searchQueries() with a tally of common trigrams', () => {
  // Every page of both kinds of search, laid end to end, with its count.
  const everything = (c: Catalogue, keyword: string) => {
    const wikis = c.queries.search.wikis({ keyword }, 10_000, 0, 'http://x');
    const subs = c.queries.search.subs({ keyword }, 10_000, 0, 'http://x');
    return { wikis: [wikis.count, wikis.wikis.map((w) => w.wiki_id)], subs: [subs.count, subs.subs.map((x) => x.sub_id)] };
  };

  it('changes no answer: every word of 5+ characters finds the same rows in the same order', () => {
    const titles = [...Object.values(E).flatMap((e) => [e.title, ...e.aliases.map((a) => a.title), ...e.subs.map((x) => x.title)]), ...propertyTitles];
    let long = 0;
    fc.assert(
      fc.property(fc.nat(titles.length - 1), fc.nat(titles.length - 1), fc.nat(), fc.nat(), fc.boolean(), (i, j, a, b, joined) => {
        const folded = [...searchFold(titles[i])];
        const start = a % folded.length;
        let keyword = folded.slice(start, start + 5 + (b % 6)).join('');
        // Two titles' pieces run together: words the index holds only in parts.
        if (joined) keyword += [...searchFold(titles[j])].slice(0, 3).join('');
        if ([...keyword].length >= 5) long++;
        expect(everything(hinted, keyword), keyword).toEqual(everything(catalogue, keyword));
      }),
      { numRuns: 300, seed: 13 },
    );
    expect(long).toBeGreaterThan(100);
  });

  it('finds a sub-entry by a long word spanning its entry title, with the NEAR form', () => {
    expect(everything(hinted, 'youraisemeup').subs[1]).toEqual(expect.arrayContaining([3001]));
    expect(everything(hinted, 'horizon').subs[1]).toEqual([7001, 7002]); // in the entry's order
  });
});

function wikiIdsAll(keyword: string, count: number, c: Catalogue = catalogue): number[] {
  const out: number[] = [];
  for (let offset = 0; offset < count; offset += 50) {
    out.push(...c.queries.search.wikis({ keyword: keyword }, 50, offset, 'http://x').wikis.map((w) => w.wiki_id));
  }
  return out;
}

describe('searchQueries() plans', () => {
  it('reads the names starting with a phrase first, even with statistics that make every entry look few', () => {
    // The statistics of a catalogue whose import had doubled its entries since they were taken (the planner
    // then walked every entry to look up its names: 16–30 ms for `touhou` on a library of 100,000 songs).
    const file = join(dir, 'stale.db');
    copyFileSync(join(dir, 'catalogue.db'), file);
    const rw = openDatabase(file, CATALOGUE_KIND);
    rw.exec(`DELETE FROM sqlite_stat1 WHERE tbl IN ('wiki', 'wiki_name');
      INSERT INTO sqlite_stat1 VALUES ('wiki', 'sqlite_autoindex_wiki_1', '8491 4246 1'), ('wiki', 'wiki_by_type_date', '8491 1416 2 1 1'),
        ('wiki_name', 'wiki_name', '36108 1 1'), ('wiki_name', 'wiki_name_by_wiki', '36108 5');`);
    rw.close();
    const stale = openCatalogue(file);
    const db = sqlOf(stale);
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => (prepared.push(sql), prepare(sql))) as typeof db.prepare;
    try {
      searchQueries(db);
      const prefix = prepared.find((sql) => sql.includes('wiki_name') && sql.includes('n.name >= @phrase'));
      expect(prefix).toBeDefined();
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${prefix}`).all({ phrase: 'touhou', types: null }) as { detail: string }[]).map((r) => r.detail);
      expect(plan[0]).toMatch(/^SEARCH n USING (PRIMARY KEY|COVERING INDEX wiki_name) \(name>\? AND name<\?\)/);
    } finally {
      db.prepare = prepare;
      stale.close();
    }
  });
});
