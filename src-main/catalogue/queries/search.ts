// Keyword search over entries (search/wiki) and sub-entries (search/sub), DESIGN.md §4. Every word
// must match, as a substring of folded text (search-fold.ts), the title, an alias or the title key —
// for a sub-entry its own title or key, or its entry's title, aliases or key. The index and why it is
// built this way: search-index.ts.
//
// Order (total and stable, so pages never overlap): the first tier a row reaches, then newest id.
//   top  exact title (folded title = the folded words run together), then title prefix — a prefix
//        tier only when at most PREFIX_RANK_LIMIT titles share it (a one-letter "prefix" says nothing)
//   T2   every word in the row's own title
//   T3   every word in the title, aliases or key (search/sub: the sub-entry's own title or key)
//   T4   search/sub: the rest of the words match the owning entry (by entry id, then sub id, newest first)
//   T5   a CJK run matched only by its Intl.Segmenter segments (search/sub: in the sub-entry's own text)
// Nothing ever sorts the match set: `top` is read from an index and bounded, T2/T3/T5 are FTS5
// expressions read in rowid order (newest first) with LIMIT/OFFSET, T4 walks the matching entries
// newest first and their sub-entries through an index. Counts come from FTS5 count(*) per tier.
import type { Db } from '../database';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from '../mappers';
import type { KeywordWord } from '../search-fold';
import { allWords, and, kindMatch, wordMatch } from '../search-index';
import type { SubDto, WikiDto } from '../../contract/objects';

export const MAX_KEYWORD_WORDS = 8;
/** The most titles a prefix tier may hold; a shorter, commoner phrase gets no prefix tier. */
export const PREFIX_RANK_LIMIT = 200;

export interface WikiSearch {
  words: KeywordWord[];
  /** wiki_type filter; undefined = every type. */
  types?: string[];
}

export interface SubSearch {
  words: KeywordWord[];
  /** sub_type filter ('ep', 'song'); undefined = both. */
  types?: string[];
}

type Stmt = ReturnType<Db['prepare']>;

/** One tier of the order: how many rows it has and how to read a window of its ids, newest first. */
interface Tier {
  count(): number;
  page(limit: number, offset: number): number[];
}

/** The ids of rows offset…offset+limit of the tiers laid end to end, and the total. */
function readTiers(tiers: Tier[], limit: number, offset: number): { count: number; ids: number[] } {
  const ids: number[] = [];
  let count = 0;
  let skip = offset;
  for (const tier of tiers) {
    const n = tier.count();
    count += n;
    if (ids.length >= limit || n === 0) continue;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    ids.push(...tier.page(limit - ids.length, skip));
    skip = 0;
  }
  return { count, ids };
}

const listTier = (ids: number[]): Tier => ({ count: () => ids.length, page: (limit, offset) => ids.slice(offset, offset + limit) });

/** A tier that is an FTS5 expression, minus the ids already listed in `top`. */
function ftsTier(stmts: { count: Stmt; page: Stmt }, match: string, top: number[] = []): Tier {
  const exclude = JSON.stringify(top);
  return {
    // Every `top` row is in the T2 expression (its title holds every word), so subtracting is exact.
    count: () => (stmts.count.get(match) as number) - top.length,
    page: (limit, offset) => stmts.page.all({ match, exclude, limit, offset }) as number[],
  };
}

function ftsStatements(db: Db, table: 'wiki_fts' | 'sub_fts') {
  return {
    count: db.prepare(`SELECT count(*) FROM ${table} WHERE ${table} MATCH ?`).pluck(),
    page: db
      .prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH @match
        AND rowid NOT IN (SELECT value FROM json_each(@exclude)) ORDER BY rowid DESC LIMIT @limit OFFSET @offset`)
      .pluck(),
  };
}

/** Exact title, then (bounded) title prefix, each newest first: the `top` tier. */
function topStatements(db: Db, table: 'wiki' | 'sub') {
  const [id, fold, type] = table === 'wiki' ? ['wiki_id', 'wiki_title_fold', 'wiki_type'] : ['sub_id', 'sub_title_fold', 'sub_type'];
  const types = `(@types IS NULL OR ${type} IN (SELECT value FROM json_each(@types)))`;
  const exact = db.prepare(`SELECT ${id} FROM ${table} WHERE ${fold} = @phrase AND ${types} ORDER BY ${id} DESC`).pluck();
  // No ORDER BY: read at most limit+1 entries of the index range, sort them here only if few enough.
  const prefix = db
    .prepare(`SELECT ${id} FROM ${table} WHERE ${fold} > @phrase AND ${fold} < @phrase || char(1114111) AND ${types} LIMIT ${PREFIX_RANK_LIMIT + 1}`)
    .pluck();
  return (phrase: string, typesJson: string | null): number[] => {
    const params = { phrase, types: typesJson };
    const startsWith = prefix.all(params) as number[];
    const prefixIds = startsWith.length > PREFIX_RANK_LIMIT ? [] : startsWith.sort((a, b) => b - a);
    return [...(exact.all(params) as number[]), ...prefixIds];
  };
}

/** Word k: its whole form, or (a CJK run) all of its segments, in `columns`. */
function wordOrSegments(w: KeywordWord, columns: string): string {
  const whole = wordMatch(w.whole, columns);
  return w.segments ? `(${whole}) OR (${allWords(w.segments, columns)})` : whole;
}

function segmentExpr(words: KeywordWord[], columns: string, kind: string): string | undefined {
  if (!words.some((w) => w.segments)) return undefined;
  return `(${and(words.map((w) => wordOrSegments(w, columns)).join(' AND '), kind)}) NOT (${allWords(words.map((w) => w.whole), columns)})`;
}

/** The FTS tiers T2, T3 and T5 of one table; `top` ids are left out of T2. */
function ownTiers(stmts: ReturnType<typeof ftsStatements>, words: KeywordWord[], types: string[] | undefined, top: number[]) {
  const wholes = words.map((w) => w.whole);
  const kind = kindMatch(types);
  const inTitle = allWords(wholes, 'title');
  return {
    t2: ftsTier(stmts, and(inTitle, kind), top),
    t3: ftsTier(stmts, `(${and(allWords(wholes, 'title other'), kind)}) NOT (${inTitle})`),
    segments: segmentExpr(words, 'title other', kind),
  };
}

/**
 * search/sub's T4 and T5, one statement pair per word count: sub-entries every word of which matches
 * their own text or their entry's (@o<k> / @p<k>), not already in own-text tiers. T4 walks matching
 * entries newest first (FTS rowid order) and their sub-entries through sub_by_parent.
 */
function entryRouteStatements(db: Db) {
  const out: { t4count: Stmt; t4page: Stmt; t5count: Stmt; t5page: Stmt }[] = [];
  for (let n = 1; n <= MAX_KEYWORD_WORDS; n++) {
    const each = Array.from({ length: n }, (_, i) => `(s.sub_parent_wiki IN (SELECT rowid FROM wiki_fts WHERE wiki_fts MATCH @p${i + 1})
      OR s.sub_id IN (SELECT rowid FROM sub_fts WHERE sub_fts MATCH @o${i + 1}))`).join(' AND ');
    const types = '(@types IS NULL OR s.sub_type IN (SELECT value FROM json_each(@types)))';
    const t4 = `FROM wiki_fts p JOIN sub s ON s.sub_parent_wiki = p.rowid
      WHERE p.wiki_fts MATCH @anyWord AND ${types} AND ${each}
        AND s.sub_id NOT IN (SELECT rowid FROM sub_fts WHERE sub_fts MATCH @ownAll)`;
    const t5 = `FROM sub_fts f JOIN sub s ON s.sub_id = f.rowid WHERE f.sub_fts MATCH @segments AND NOT (${each})`;
    out[n] = {
      t4count: db.prepare(`SELECT count(*) ${t4}`).pluck(),
      t4page: db.prepare(`SELECT s.sub_id ${t4} ORDER BY p.rowid DESC, s.sub_id DESC LIMIT @limit OFFSET @offset`).pluck(),
      t5count: db.prepare(`SELECT count(*) ${t5}`).pluck(),
      t5page: db.prepare(`SELECT s.sub_id ${t5} ORDER BY f.rowid DESC LIMIT @limit OFFSET @offset`).pluck(),
    };
  }
  return out;
}

function checkWords(words: KeywordWord[]): void {
  if (words.length > MAX_KEYWORD_WORDS) throw new RangeError(`search: ${words.length} words (at most ${MAX_KEYWORD_WORDS})`);
}

/** Rows fetched by id, returned in the order of `ids`. */
function inOrder<R>(ids: number[], rows: R[], idOf: (r: R) => number): R[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)!);
}

export function searchQueries(db: Db) {
  const wikiFts = ftsStatements(db, 'wiki_fts');
  const subFts = ftsStatements(db, 'sub_fts');
  const wikiTop = topStatements(db, 'wiki');
  const subTop = topStatements(db, 'sub');
  const entryRoute = entryRouteStatements(db);
  const wikisByIds = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))`);
  const subsByIds = db.prepare(`SELECT ${SUB_COLUMNS} FROM sub s WHERE s.sub_id IN (SELECT value FROM json_each(?))`);
  const uploadsBySubIds = db.prepare(`SELECT ${UPLOAD_COLUMNS} FROM upload u
    WHERE u.up_obj_id IN (SELECT value FROM json_each(?)) ORDER BY u.up_id`);

  const wikiDtos = (ids: number[], site: string): WikiDto[] =>
    inOrder(ids, wikisByIds.all(JSON.stringify(ids)) as WikiRow[], (r) => r.wiki_id).map((r) => toWiki(r, site));

  return {
    wikis(search: WikiSearch, limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      checkWords(search.words);
      if (search.words.length === 0) return { count: 0, wikis: [] };
      const top = wikiTop(search.words.map((w) => w.whole).join(''), search.types ? JSON.stringify(search.types) : null);
      const own = ownTiers(wikiFts, search.words, search.types, top);
      const tiers = [listTier(top), own.t2, own.t3];
      if (own.segments) tiers.push(ftsTier(wikiFts, own.segments));
      const { count, ids } = readTiers(tiers, limit, offset);
      return { count, wikis: ids.length ? wikiDtos(ids, site) : [] };
    },

    subs(search: SubSearch, limit: number, offset: number, site: string): { count: number; subs: SubDto[] } {
      checkWords(search.words);
      if (search.words.length === 0) return { count: 0, subs: [] };
      const typesJson = search.types ? JSON.stringify(search.types) : null;
      const wholes = search.words.map((w) => w.whole);
      const top = subTop(wholes.join(''), typesJson);
      const own = ownTiers(subFts, search.words, search.types, top);
      const route = entryRoute[search.words.length];
      const params: Record<string, string | null> = {
        types: typesJson,
        anyWord: wholes.map((w) => `(${wordMatch(w, 'title other')})`).join(' OR '),
        ownAll: allWords(wholes, 'title other'),
      };
      wholes.forEach((w, i) => (params[`p${i + 1}`] = params[`o${i + 1}`] = wordMatch(w, 'title other')));
      const t4: Tier = {
        count: () => route.t4count.get(params) as number,
        page: (limit, offset) => route.t4page.all({ ...params, limit, offset }) as number[],
      };
      const tiers = [listTier(top), own.t2, own.t3, t4];
      if (own.segments) {
        const segParams = { ...params, segments: own.segments };
        tiers.push({
          count: () => route.t5count.get(segParams) as number,
          page: (limit, offset) => route.t5page.all({ ...segParams, limit, offset }) as number[],
        });
      }
      const { count, ids } = readTiers(tiers, limit, offset);
      if (ids.length === 0) return { count, subs: [] };

      const rows = inOrder(ids, subsByIds.all(JSON.stringify(ids)) as SubRow[], (r) => r.sub_id);
      const wikis = new Map(wikiDtos([...new Set(rows.map((r) => r.sub_parent_wiki))], site).map((w) => [w.wiki_id, w]));
      const uploads = new Map<number, UploadRow[]>();
      for (const u of uploadsBySubIds.all(JSON.stringify(ids)) as UploadRow[]) {
        uploads.set(u.up_obj_id, [...(uploads.get(u.up_obj_id) ?? []), u]);
      }
      return { count, subs: rows.map((r) => toSub(r, site, uploads.get(r.sub_id) ?? [], wikis.get(r.sub_parent_wiki))) };
    },
  };
}
