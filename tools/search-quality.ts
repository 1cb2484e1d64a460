// How well search finds the judged queries (search-judged.ts) in a catalogue: the share found in the
// top 3 and the mean reciprocal rank (1 / the rank of the entry meant, 0 when it is not in the first
// 50). The search-quality test holds the share; `npm run bench` prints both.
import type { Catalogue } from '../src-main/catalogue/read/catalogue';
import { JUDGED_QUERIES, type JudgedQuery } from './search-judged';

export interface JudgedResult {
  query: JudgedQuery;
  /** 1-based; 0 when not in the first 50. */
  rank: number;
}

export interface SearchQuality {
  top3Share: number;
  mrr: number;
  results: JudgedResult[];
}

export function judgeSearch(catalogue: Catalogue, queries: readonly JudgedQuery[] = JUDGED_QUERIES): SearchQuality {
  const results = queries.map((query): JudgedResult => {
    const { wikis } = catalogue.queries.search.wikis({ keyword: query.query }, 50, 0, 'http://127.0.0.1');
    return { query, rank: wikis.findIndex((w) => w.wiki_id === query.wikiId) + 1 };
  });
  const found = results.filter((r) => r.rank >= 1 && r.rank <= 3).length;
  const mrr = results.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / results.length;
  return { top3Share: found / results.length, mrr, results };
}
