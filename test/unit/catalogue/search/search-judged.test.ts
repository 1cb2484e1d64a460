// Search quality on real data: the judged query set (tools/search-judged.ts) against the
// bundled catalogue — English, romaji, kana, kanji and Chinese names, typos and punctuation — the entry
// meant is in the top 3 for at least 90 % of them.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDirs } from '../../../../src-main/app-dirs';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { shippedCatalogueDir } from '../../../../src-main/server/start';
import { judgeSearch } from '../../../../tools/search-quality';
import { JUDGED_QUERIES } from '../../../../tools/search-judged';

let catalogue: Catalogue;
beforeAll(() => {
  catalogue = openCatalogue(join(shippedCatalogueDir(projectDirs().resourcesDir), CATALOGUE_FILE));
});
afterAll(() => catalogue.close());

describe('search on the judged query set', () => {
  it('holds at least 100 queries of every kind, each naming an entry of the bundled catalogue', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(100);
    const kinds = new Set(JUDGED_QUERIES.map((q) => q.kind));
    expect([...kinds].sort()).toEqual(['english', 'kana', 'kanji', 'punctuation', 'romaji', 'typo', 'zh-hans', 'zh-hant']);
    const missing = JUDGED_QUERIES.filter(
      (q) => !catalogue.queries.wikis.list({ types: ['tv', 'web', 'movie', 'ova', 'oad'], ids: [q.wikiId] }, 1, 0, 'http://x').wikis.length,
    );
    expect(missing).toEqual([]);
  });

  it('finds the entry meant in the top 3 for at least 90 % of them', () => {
    const { top3Share, results } = judgeSearch(catalogue);
    const misses = results.filter((r) => r.rank === 0 || r.rank > 3).map((r) => `${r.query.query} → ${r.rank || '-'}`);
    expect(top3Share, misses.join('; ')).toBeGreaterThanOrEqual(0.9);
  });

  it('names a franchise’s first TV series first, in any language', () => {
    const first = (keyword: string) => catalogue.queries.search.wikis({ keyword }, 3, 0, 'http://x').wikis[0]?.wiki_id;
    // 進撃の巨人 (2013), not The Final Season.
    for (const keyword of ['attack on titan', 'shingeki no kyojin', '进击的巨人', '進擊的巨人', 'しんげきのきょじん'])
      expect(first(keyword), keyword).toBe(55770);
  });
});
