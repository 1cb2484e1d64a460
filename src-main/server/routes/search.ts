// GET /search/wiki and /search/sub (.json|.xml): keyword search over entries and sub-entries
// (DESIGN.md §4 "Keyword search"; matching and ranking live in catalogue/queries/search.ts).
import { SEARCH_COUNT_LIMIT } from '../../contract/limits';
import type { FastifyInstance } from 'fastify';
import { MAX_KEYWORD_WORDS } from '../../catalogue/search/search-queries';
import { keywordWords, rawWords, type KeywordWord } from '../../catalogue/search/search-fold';
import { badParameter, missingParameter } from '../api-error';
import { apiRoute } from '../api-route';
import { readPaging, type Params } from '../params';
import { readSourceFilter, SOURCE_PARAM_DOC } from '../source-filter';
import { readWikiTypes } from './wikis';

export const MAX_KEYWORD_LENGTH = 100;
const SUB_TYPES = ['ep', 'song'] as const;

/**
 * The keyword's folded words: 1 to MAX_KEYWORD_WORDS words as typed, else a 400 naming `keyword`.
 * Words of punctuation only fold to nothing and are dropped; a keyword of nothing else matches nothing.
 */
function readKeyword(p: Params): KeywordWord[] {
  const keyword = p.required('keyword', MAX_KEYWORD_LENGTH);
  const raw = rawWords(keyword);
  // Params trims ASCII and ideographic space, but a keyword of other blanks still has no word.
  if (raw.length === 0) throw missingParameter('keyword');
  if (raw.length > MAX_KEYWORD_WORDS) throw badParameter('keyword', `has more than ${MAX_KEYWORD_WORDS} words`);
  return keywordWords(keyword);
}

/** `sub_type` comma list of ep, song; unknown names are a 400. */
function readSubTypes(p: Params): string[] | undefined {
  const names = p.list('sub_type', 10);
  if (!names) return undefined;
  const types = new Set<string>();
  for (const name of names.map((n) => n.toLowerCase())) {
    if (!(SUB_TYPES as readonly string[]).includes(name)) throw badParameter('sub_type', `has an unknown type "${name}" (known: ${SUB_TYPES.join(', ')})`);
    types.add(name);
  }
  return [...types];
}

const KEYWORD_DOC = {
  description: `Words separated by spaces (U+3000 too), at most ${MAX_KEYWORD_WORDS} words and ${MAX_KEYWORD_LENGTH} characters; every word must match the title, an alias or the title key (case, width, kana, simplified/traditional and punctuation insensitive)`,
  required: true,
  example: '東方',
};
const PAGE_DOC = { description: 'Page number, from 1', example: '1' };
const PERPAGE_DOC = { description: 'Items per page, 1–50 (larger values are clamped to 50); default 20', example: '20' };
const ORDER = 'exact title first, then title prefix, then matches in the title itself, then in aliases or title key, then (sub-entries) through the entry, then by word segments; newest first within each';

/** Says so when the count stopped at its limit (the list stops there too). */
function countNote(count: number): string[] {
  return count >= SEARCH_COUNT_LIMIT ? [`More than ${SEARCH_COUNT_LIMIT.toLocaleString('en')} matches: the count and the list stop there. Add words to narrow the search.`] : [];
}

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.deps;

  apiRoute(
    app,
    '/search/wiki',
    {
      auth: 'api-key',
      cache: true,
      summary: `Search entries by keyword; ${ORDER}`,
      paged: true,
      responds: { wikis: { list: true, object: 'WikiDto' } },
      params: {
        keyword: KEYWORD_DOC,
        wiki_type: { description: 'Comma list of types: music, radio, tv, web, movie, ova, oad; `anime` = tv,ova,oad,movie', example: 'music' },
        source: SOURCE_PARAM_DOC,
        page: PAGE_DOC,
        perpage: PERPAGE_DOC,
      },
    },
    ({ params, site }) => {
      const search = { words: readKeyword(params), types: readWikiTypes(params, false), sources: readSourceFilter(params, catalogue) };
      const paging = readPaging(params);
      const { count, wikis } = catalogue.queries.search.wikis(search, paging.perpage, paging.offset, site);
      // An empty result is an answer, not an error (unlike the entry list).
      return { information: { page: paging.page, perpage: paging.perpage, count }, msg: countNote(count), payload: { wikis } };
    },
  );

  apiRoute(
    app,
    '/search/sub',
    {
      auth: 'api-key',
      cache: true,
      summary: `Search sub-entries (songs, episodes) by keyword, also matching their entry's title; ${ORDER}`,
      paged: true,
      responds: { subs: { list: true, object: 'SubDto' } },
      params: {
        keyword: KEYWORD_DOC,
        sub_type: { description: 'Comma list of sub-entry types: ep, song', example: 'song' },
        source: { ...SOURCE_PARAM_DOC, description: `${SOURCE_PARAM_DOC.description} (the sub-entry's entry's source)` },
        page: PAGE_DOC,
        perpage: PERPAGE_DOC,
      },
    },
    ({ params, site }) => {
      const search = { words: readKeyword(params), types: readSubTypes(params), sources: readSourceFilter(params, catalogue) };
      const paging = readPaging(params);
      const { count, subs } = catalogue.queries.search.subs(search, paging.perpage, paging.offset, site);
      return { information: { page: paging.page, perpage: paging.perpage, count }, msg: countNote(count), payload: { subs } };
    },
  );
}
