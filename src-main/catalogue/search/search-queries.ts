// Keyword search over entries (search/wiki) and sub-entries (search/sub; docs/search-and-performance.md).
// Every word must match, as a substring of folded text (search-fold.ts), the title, an alias or the
// title key — for a sub-entry its own title or key, or its entry's title, aliases or key. The index and
// why it is built this way: search-index.ts. Over 300 lines: the two searches share their tiers, the
// statements behind them and the paging over them, which one of them alone could not use.
//
// Order (total and stable, so pages never overlap): the first tier a row reaches, then newest id —
// except that, in search/sub, sub-entries of one entry that follow each other in a tier keep the entry's
// own order (an album's songs 1, 2, 3, not 3, 2, 1): see track-order.ts.
//   top  exact name (a folded name = the folded words run together), then name prefix — a prefix
//        tier only when at most PREFIX_RANK_LIMIT entries share it (a one-letter "prefix" says nothing).
//        search/wiki reads every name of an entry (title, translated titles, romanised title and their
//        parts, search-names.ts) and orders each part by franchise (franchiseOrder); search/sub reads
//        the sub-entry's own title, newest first
//   T2   every word in the row's own title
//   T3   every word in the title, aliases or key (search/sub: the sub-entry's own title or key)
//   T4   search/sub: every word in the sub-entry or its entry (title, aliases, key), some only there
//   T5   a CJK run matched only by its Intl.Segmenter segments
// Nothing ever sorts the match set: `top` is read from an index and bounded; every other tier is an
// FTS5 expression (search-index.ts) read in rowid order, newest first, with LIMIT/OFFSET; the total is
// one FTS5 count and a tier is counted only when a page starts beyond it. The tiers are disjoint by
// construction (each is `… NOT <the tiers before>`).
//
// Counts stop at COUNT_LIMIT (10,000) matches, and so does the result list: `count` is the number of
// matches up to that limit, and pages beyond it are empty. Counting walks every match in the index
// (about 90 ns each on sub-entries): one Latin letter matches ~95 % of a 1M-sub-entry catalogue, and an
// exact count cost 40–90 ms — over the 5 ms target, and long enough to stall the event loop the server
// shares with Electron. Counting to 10,000 costs under 1 ms whatever the word. Ten thousand matches are
// 200 pages of 50: nobody pages that far, and a word that common says little; search engines bound
// their result windows the same way. Tier counts stop at the same limit, which keeps paging exact: a
// page starts before the limit, so it only needs to know whether a tier holds more than it skips.
//
// A search that finds nothing tries once more with each word that matches nothing replaced by a
// known word one typing slip away (search-spelling.ts); the answer then names the keyword it is for.
import { SEARCH_COUNT_LIMIT } from '../../contract/limits';
import { objectRows, type Db } from '../db/database';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from '../read/mappers';
import type { KeywordWord } from './search-fold';
import { keywordWordsOf } from './search-keyword';
import { allWords, and, commonTokensOf, kindMatch, wordMatch, type CommonTokens } from './search-index';
import type { SubDto, WikiDto } from '../../contract/objects';
import { toRomaji } from 'wanakana';
import { spellingQueries } from './search-spelling';
import { trackOrdered, type SubPlace, type Tier } from './track-order';

/** A page's total, and — when the keyword as sent found nothing — the respelled keyword its rows are for. */
export interface SearchPage {
  count: number;
  keywordUsed?: string;
}

/** The most titles a prefix tier may hold; a shorter, commoner phrase gets no prefix tier. */
export const PREFIX_RANK_LIMIT = 200;
/** Matches are counted and listed up to this many (see above). */
export const COUNT_LIMIT = SEARCH_COUNT_LIMIT;

export interface WikiSearch {
  /** The keyword as the client sent it (search-keyword.ts reads it). */
  keyword: string;
  /** wiki_type filter; undefined = every type. */
  types?: string[];
  /** Only entries of these sources (ids; the `source` extension); undefined = every source. */
  sources?: number[];
}

export interface SubSearch {
  keyword: string;
  /** sub_type filter ('ep', 'song'); undefined = both. */
  types?: string[];
  /** Only sub-entries whose entry is of these sources (ids); undefined = every source. */
  sources?: number[];
}

/** What a tier reads through: the prepared FTS statements, or the same bound to a source filter. */
interface FtsStatements {
  count: { get(match: string, limit: number): unknown };
  /** How many of the ids (a JSON list) the expression matches. */
  overlap: { get(match: string, ids: string): unknown };
  page: { all(params: { match: string; exclude: string; limit: number; offset: number }): unknown[] };
}

/**
 * The ids of rows offset…offset+limit of the tiers laid end to end, the list ending at `countLimit`.
 * A tier is counted only when the page starts beyond it; the first page needs no per-tier count (a tier
 * that returns fewer rows than asked is exhausted), and the total is one count of the widest expression
 * — unless the page ends short: then every tier from the page's start on was read to its end, and the
 * total is the rows before the page plus the page (a rare word's search makes no count at all).
 */
function readTiers(tiers: Tier[], limit: number, offset: number, total: () => number, countLimit: number): { count: number; ids: number[] } {
  const ids: number[] = [];
  limit = Math.min(limit, countLimit - offset);
  if (limit <= 0) return { count: total(), ids };
  let skip = offset;
  for (const tier of tiers) {
    if (ids.length >= limit) break;
    if (skip > 0) {
      const n = tier.count();
      if (skip >= n) {
        skip -= n;
        continue;
      }
    }
    ids.push(...tier.page(limit - ids.length, skip));
    skip = 0;
  }
  // skip is 0 once the page's start is reached; a page short of its limit then read every row after it.
  return { count: skip === 0 && ids.length < limit ? offset + ids.length : total(), ids };
}

const listTier = (ids: number[]): Tier => ({ count: () => ids.length, page: (limit, offset) => ids.slice(offset, offset + limit) });

/** A tier that is an FTS5 expression, minus the ids already listed in `top`. */
function ftsTier(stmts: FtsStatements, match: string, countLimit: number, top: number[]): Tier {
  const exclude = JSON.stringify(top);
  return {
    // A `top` row (a name holds every word) may fall in any tier: the tier's own matches among them are
    // subtracted — exact up to the count limit, which is all a page starting before the limit needs
    // (see the header). A tier that reaches the limit is not searched for them: a page skips fewer than
    // countLimit - top.length rows of the tiers after `top`, and the tier holds at least that many others.
    count: () => {
      const n = stmts.count.get(match, countLimit) as number;
      return top.length === 0 || n >= countLimit ? n : n - (stmts.overlap.get(match, exclude) as number);
    },
    page: (limit, offset) => stmts.page.all({ match, exclude, limit, offset }) as number[],
  };
}

/**
 * How many of the ids (a JSON list) the expression matches, each match read once and looked up in the
 * list: `+rowid` keeps the list from FTS5, which would otherwise seek each id in every term's doclist
 * (0.5–1 ms an id on a library of 100k songs, where walking 10,000 matches costs 4). Asked only below
 * the count limit, so at most that many matches are read.
 */
const overlapStatement = (db: Db, table: 'wiki_fts' | 'sub_fts') =>
  db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`).pluck();

function ftsStatements(db: Db, table: 'wiki_fts' | 'sub_fts') {
  return {
    // Stops after `limit` matches: an exact count walks every match (see the header).
    count: db.prepare(`SELECT count(*) FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`).pluck(),
    overlap: overlapStatement(db, table),
    page: db
      .prepare(
        `SELECT rowid FROM ${table} WHERE ${table} MATCH @match
        AND rowid NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY rowid DESC LIMIT @limit OFFSET @offset`,
      )
      .pluck(),
  };
}

/**
 * The source filter (an extension: `source` on the operations): statements of its own, so the
 * unfiltered ones keep their plans. The FTS match runs as before, and each match is joined to its
 * entry's source_id (a primary-key look-up per match, still read in rowid order).
 */
const SOURCE_SCOPE = {
  wiki: 'source_id IN (SELECT value FROM json_each(@sources))',
  sub: 'EXISTS (SELECT 1 FROM wiki w WHERE w.wiki_id = sub_parent_wiki AND w.source_id IN (SELECT value FROM json_each(@sources)))',
};

function ftsStatementsBySource(db: Db, table: 'wiki_fts' | 'sub_fts') {
  const join = table === 'wiki_fts' ? 'JOIN wiki w ON w.wiki_id = f.rowid' : 'JOIN sub s ON s.sub_id = f.rowid JOIN wiki w ON w.wiki_id = s.sub_parent_wiki';
  const where = `f.${table} MATCH @match AND w.source_id IN (SELECT value FROM json_each(@sources))`;
  const count = db.prepare(`SELECT count(*) FROM (SELECT f.rowid FROM ${table} f ${join} WHERE ${where} LIMIT @limit)`).pluck();
  const page = db
    .prepare(
      `SELECT f.rowid FROM ${table} f ${join} WHERE ${where}
      AND f.rowid NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY f.rowid DESC LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  // `top` was read with the same source filter; its matches are read with it too, so that no more are read
  // than the filtered count found (overlapStatement).
  const overlap = db.prepare(`SELECT count(*) FROM ${table} f ${join} WHERE ${where} AND +f.rowid IN (SELECT value FROM json_each(@ids))`).pluck();
  return (sources: string): FtsStatements => ({
    count: { get: (match, limit) => count.get({ match, limit, sources }) },
    overlap: { get: (match, ids) => overlap.get({ match, ids, sources }) },
    page: { all: (params) => page.all({ ...params, sources }) },
  });
}

/** search/sub's `top` tier: exact title, then (bounded) title prefix, each newest first (`scope`: the source filter). */
function subTopStatements(db: Db, countLimit: number, scope?: string) {
  const [table, id, fold, type] = ['sub', 'sub_id', 'sub_title_fold', 'sub_type'];
  const types = `(@types IS NULL OR ${type} IN (SELECT value FROM json_each(@types)))${scope ? ` AND ${scope}` : ''}`;
  // Many sub-entries may share a title ("Opening"): no more than the list can show.
  const exact = db.prepare(`SELECT ${id} FROM ${table} WHERE ${fold} = @phrase AND ${types} ORDER BY ${id} DESC LIMIT ${countLimit}`).pluck();
  // No ORDER BY: read at most limit+1 entries of the index range, sort them here only if few enough.
  const prefix = db
    .prepare(`SELECT ${id} FROM ${table} WHERE ${fold} > @phrase AND ${fold} < @phrase || char(1114111) AND ${types} LIMIT ${PREFIX_RANK_LIMIT + 1}`)
    .pluck();
  return (phrase: string, typesJson: string | null, sourcesJson: string | null = null): number[] => {
    const params = { phrase, types: typesJson, sources: sourcesJson };
    const startsWith = prefix.all(params) as number[];
    const prefixIds = startsWith.length > PREFIX_RANK_LIMIT ? [] : startsWith.sort((a, b) => b - a);
    return [...(exact.all(params) as number[]), ...prefixIds];
  };
}

const KANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;

/** Anime kinds in the order a franchise is watched: the TV series and its seasons, web series, films, OVAs. */
const FRANCHISE_RANK: Record<string, number> = { tv: 0, web: 1, movie: 2, ova: 3, oad: 3 };
type TopRow = [id: number, type: string, date: number];

/**
 * Entries that match equally, in order: newest id first, as every tier — except that the anime among
 * them take their places in franchise order: a franchise's first TV series, then its later seasons in
 * order, then web series, films and OVAs, each oldest first (`attack on titan` leads with the 2013
 * series, not The Final Season). Music and radio keep their places: an album does not move behind a
 * show because the show is a show.
 */
export function franchiseOrder(rows: TopRow[]): number[] {
  const newest = rows.slice().sort((a, b) => b[0] - a[0]);
  const isAnime = (row: TopRow) => row[1] in FRANCHISE_RANK;
  // Undated entries (date 0) after the dated ones of their kind.
  const when = (date: number) => date || Number.MAX_SAFE_INTEGER;
  const anime = newest.filter(isAnime).sort((a, b) => FRANCHISE_RANK[a[1]] - FRANCHISE_RANK[b[1]] || when(a[2]) - when(b[2]) || a[0] - b[0]);
  let next = 0;
  return newest.map((row) => (isAnime(row) ? anime[next++][0] : row[0]));
}

/**
 * search/wiki's `top` tier: entries with a name equal to the phrase, then (bounded) starting with it (`scope`: the source filter).
 * The names are read first, always (CROSS JOIN fixes SQLite's join order): the phrase is a parameter,
 * so the planner cannot tell how narrow its range is, and once a library's import had grown the entries
 * past the statistics' count it chose to walk every entry and look up its names instead — 16–30 ms for
 * `touhou` on an imported library of 100,000 songs where the range takes 0.2 ms.
 */
function wikiTopStatements(db: Db, countLimit: number, scope?: string) {
  const filter = `(@types IS NULL OR w.wiki_type IN (SELECT value FROM json_each(@types)))${scope ? ` AND ${scope}` : ''}`;
  const rows = (where: string, limit: number) =>
    db
      .prepare(
        `SELECT DISTINCT w.wiki_id, w.wiki_type, w.wiki_date FROM wiki_name n CROSS JOIN wiki w ON w.wiki_id = n.wiki_id
      WHERE ${where} AND ${filter} LIMIT ${limit}`,
      )
      .raw();
  const exact = rows('n.name = @phrase AND n.part = 0', countLimit);
  // A name that only is a part (the subtitle after a colon) equal to the phrase ranks here too.
  const prefix = rows('n.name >= @phrase AND n.name < @phrase || char(1114111)', PREFIX_RANK_LIMIT + 1);
  const unique = (rows: TopRow[], seen: Set<number>) => rows.filter(([id]) => !seen.has(id) && (seen.add(id), true));
  return (phrase: string, typesJson: string | null, sourcesJson: string | null = null): number[] => {
    // A reading typed in kana (しんげきのきょじん) also looks for the romanised title it spells.
    const phrases = KANA_ONLY.test(phrase) ? [phrase, toRomaji(phrase)] : [phrase];
    const seen = new Set<number>();
    const exactRows = unique(
      phrases.flatMap((p) => exact.all({ phrase: p, types: typesJson, sources: sourcesJson }) as TopRow[]),
      seen,
    );
    const startsWith = unique(
      phrases.flatMap((p) => prefix.all({ phrase: p, types: typesJson, sources: sourcesJson }) as TopRow[]),
      seen,
    );
    return [...franchiseOrder(exactRows), ...(startsWith.length > PREFIX_RANK_LIMIT ? [] : franchiseOrder(startsWith))];
  };
}

/** Word k: its whole form, or (a CJK run) all of its segments, in `columns`. */
function wordOrSegments(w: KeywordWord, columns: string, common: CommonTokens): string {
  const whole = wordMatch(w.whole, columns, common);
  return w.segments ? `(${whole}) OR (${allWords(w.segments, columns, common)})` : whole;
}

/**
 * The FTS tiers after `top`: every word in each widening column set in turn (the first set also holds
 * the `top` rows, which are left out), then segment-only matches over the widest set; and the total,
 * one count of everything they hold (`top` included: a name of each of its rows holds every word).
 */
function ftsTiers(
  stmts: FtsStatements,
  words: KeywordWord[],
  types: string[] | undefined,
  top: number[],
  columnSets: string[],
  countLimit: number,
  common: CommonTokens,
) {
  const wholes = words.map((w) => w.whole);
  const kind = kindMatch(types);
  const widest = columnSets[columnSets.length - 1];
  const tiers = columnSets.map((columns, i) => {
    const match = and(allWords(wholes, columns, common), kind);
    return i === 0
      ? ftsTier(stmts, match, countLimit, top)
      : ftsTier(stmts, `(${match}) NOT (${allWords(wholes, columnSets[i - 1], common)})`, countLimit, top);
  });
  let everything = and(allWords(wholes, widest, common), kind);
  if (words.some((w) => w.segments)) {
    everything = and(...words.map((w) => wordOrSegments(w, widest, common)), kind);
    tiers.push(ftsTier(stmts, `(${everything}) NOT (${allWords(wholes, widest, common)})`, countLimit, top));
  }
  // `top` rows the expression misses (a kana reading found by its romanisation) count too; below the limit.
  const total = () => {
    const n = stmts.count.get(everything, countLimit) as number;
    if (n >= countLimit || top.length === 0) return n;
    return Math.min(countLimit, n + top.length - (stmts.overlap.get(everything, JSON.stringify(top)) as number));
  };
  return { tiers, total };
}

/** Rows fetched by id, returned in the order of `ids`. */
function inOrder<R>(ids: number[], rows: R[], idOf: (r: R) => number): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)!);
}

export function searchQueries(db: Db, { countLimit = COUNT_LIMIT }: { countLimit?: number } = {}) {
  // The build's tally of common trigrams (search-index.ts): which inner trigram a long word may leave out.
  const tokenTally = db.prepare("SELECT value FROM meta WHERE key = 'search_common_tokens'").pluck().get() as string | undefined;
  const common = { wiki: commonTokensOf(tokenTally, 'wiki_fts'), sub: commonTokensOf(tokenTally, 'sub_fts') };
  const wikiFts = ftsStatements(db, 'wiki_fts');
  const subFts = ftsStatements(db, 'sub_fts');
  const wikiTop = wikiTopStatements(db, countLimit);
  const subTop = subTopStatements(db, countLimit);
  const wikiFtsBySource = ftsStatementsBySource(db, 'wiki_fts');
  const subFtsBySource = ftsStatementsBySource(db, 'sub_fts');
  const wikiTopBySource = wikiTopStatements(db, countLimit, `w.${SOURCE_SCOPE.wiki}`);
  const subTopBySource = subTopStatements(db, countLimit, SOURCE_SCOPE.sub);
  const spelling = spellingQueries(db);
  const wikisByIds = objectRows<WikiRow>(db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))`));
  const subsByIds = objectRows<SubRow>(db.prepare(`SELECT ${SUB_COLUMNS} FROM sub s WHERE s.sub_id IN (SELECT value FROM json_each(?))`));
  const subPlaces = db.prepare('SELECT sub_id, sub_parent_wiki, sub_order FROM sub WHERE sub_id IN (SELECT value FROM json_each(?))').raw();
  const placesOf = (ids: number[]): Map<number, SubPlace> =>
    new Map((subPlaces.all(JSON.stringify(ids)) as [number, number, string][]).map(([id, parent, order]) => [id, { parent, order }]));
  const uploadsBySubIds = objectRows<UploadRow>(
    db.prepare(`SELECT ${UPLOAD_COLUMNS} FROM upload u
    WHERE u.up_obj_id IN (SELECT value FROM json_each(?)) ORDER BY u.up_id`),
  );

  const wikiDtos = (ids: number[], site: string): WikiDto[] => inOrder(ids, wikisByIds.all(JSON.stringify(ids)), (r) => r.wiki_id).map((r) => toWiki(r, site));

  const COLUMNS = { wiki: ['title', 'title other'], sub: ['title', 'title other', 'title other entry'] } as const;

  /** The page's ids and the total, or undefined when no word is left after folding. */
  const find = (words: KeywordWord[], search: WikiSearch | SubSearch, kind: 'wiki' | 'sub', limit: number, offset: number) => {
    if (words.length === 0) return undefined;
    const phrase = words.map((w) => w.whole).join('');
    const types = search.types ? JSON.stringify(search.types) : null;
    const sources = search.sources ? JSON.stringify(search.sources) : null;
    const top = sources ? (kind === 'wiki' ? wikiTopBySource : subTopBySource)(phrase, types, sources) : (kind === 'wiki' ? wikiTop : subTop)(phrase, types);
    const { tiers, total } =
      kind === 'wiki'
        ? ftsTiers(sources ? wikiFtsBySource(sources) : wikiFts, words, search.types, top, [...COLUMNS.wiki], countLimit, common.wiki)
        : ftsTiers(sources ? subFtsBySource(sources) : subFts, words, search.types, top, [...COLUMNS.sub], countLimit, common.sub);
    if (kind === 'wiki') {
      const ordered = [listTier(top), ...(top.length ? tiers : franchiseFirst(tiers, COLUMNS.wiki.length))];
      return readTiers(ordered, limit, offset, total, countLimit);
    }
    return readTiers(
      [listTier(top), ...tiers].map((tier) => trackOrdered(tier, placesOf)),
      limit,
      offset,
      total,
      countLimit,
    );
  };

  const typesAndDates = db.prepare('SELECT wiki_id, wiki_type, wiki_date FROM wiki WHERE wiki_id IN (SELECT value FROM json_each(?))').raw();
  /**
   * With no name of an entry matching the phrase, each whole-word tier of at most PREFIX_RANK_LIMIT
   * entries with an anime among them is put in franchise order: among equal matches, a franchise's
   * first TV series leads (`boku no hero academia` matches the series through its romanised and its
   * English title alike, every season equally). A larger tier means a word too common to name a
   * franchise: it and the tiers after it keep their order.
   */
  const franchiseFirst = (tiers: Tier[], whole: number): Tier[] => {
    const out = tiers.slice();
    for (let i = 0; i < whole; i++) {
      const ids = tiers[i].page(PREFIX_RANK_LIMIT + 1, 0);
      if (ids.length > PREFIX_RANK_LIMIT) break;
      const rows = typesAndDates.all(JSON.stringify(ids)) as TopRow[];
      if (rows.some(([, type]) => type in FRANCHISE_RANK)) out[i] = listTier(franchiseOrder(rows));
    }
    return out;
  };

  /**
   * The keyword's words respelled (search-spelling.ts) so that the search finds something, or
   * undefined: first every word that matches nothing on its own becomes its commonest respelling that
   * does; failing that, one word at a time is tried with each of its respellings.
   */
  const respelled = (words: KeywordWord[], search: WikiSearch | SubSearch, kind: 'wiki' | 'sub'): KeywordWord[] | undefined => {
    const [stmts, columns, tokens] = kind === 'wiki' ? [wikiFts, COLUMNS.wiki[1], common.wiki] : [subFts, COLUMNS.sub[2], common.sub];
    const matches = (word: string) => (stmts.count.get(wordMatch(word, columns, tokens), 1) as number) > 0;
    const finds = (tried: KeywordWord[]) => (find(tried, search, kind, 1, 0)?.count ?? 0) > 0;
    const lost = words.map((w) => !w.segments && !matches(w.whole));
    if (lost.some(Boolean)) {
      const tried = words.map((w, i) => (lost[i] ? { whole: spelling.near(w.whole).find(matches) ?? w.whole } : w));
      if (tried.some((w, i) => w.whole !== words[i].whole) && finds(tried)) return tried;
    }
    for (const [i, w] of words.entries()) {
      if (w.segments) continue;
      for (const near of spelling.near(w.whole)) {
        const tried = words.map((x, j) => (j === i ? { whole: near } : x));
        if (finds(tried)) return tried;
      }
    }
    return undefined;
  };

  /** The search's page, or — when it finds nothing — that of the keyword respelled, saying so. */
  const search = (search: WikiSearch | SubSearch, kind: 'wiki' | 'sub', limit: number, offset: number): (SearchPage & { ids: number[] }) | undefined => {
    const words = keywordWordsOf(search.keyword);
    const found = find(words, search, kind, limit, offset);
    if (!found || found.count > 0) return found;
    const fixed = respelled(words, search, kind);
    return fixed ? { ...find(fixed, search, kind, limit, offset)!, keywordUsed: fixed.map((w) => w.whole).join(' ') } : found;
  };

  return {
    wikis(query: WikiSearch, limit: number, offset: number, site: string): SearchPage & { wikis: WikiDto[] } {
      const found = search(query, 'wiki', limit, offset);
      if (!found) return { count: 0, wikis: [] };
      return { count: found.count, keywordUsed: found.keywordUsed, wikis: found.ids.length ? wikiDtos(found.ids, site) : [] };
    },

    subs(query: SubSearch, limit: number, offset: number, site: string): SearchPage & { subs: SubDto[] } {
      const found = search(query, 'sub', limit, offset);
      if (!found) return { count: 0, subs: [] };
      const { count, ids, keywordUsed } = found;
      if (ids.length === 0) return { count, keywordUsed, subs: [] };
      const rows = inOrder(ids, subsByIds.all(JSON.stringify(ids)), (r) => r.sub_id);
      const wikis = new Map(wikiDtos([...new Set(rows.map((r) => r.sub_parent_wiki))], site).map((w) => [w.wiki_id, w]));
      const uploads = new Map<number, UploadRow[]>();
      for (const u of uploadsBySubIds.all(JSON.stringify(ids))) {
        uploads.set(u.up_obj_id, [...(uploads.get(u.up_obj_id) ?? []), u]);
      }
      return { count, keywordUsed, subs: rows.map((r) => toSub(r, site, uploads.get(r.sub_id) ?? [], wikis.get(r.sub_parent_wiki)!)) };
    },
  };
}
