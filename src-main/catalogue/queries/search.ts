// Keyword search over entries (search/wiki) and sub-entries (search/sub): every folded word must be a
// substring of the row's folded search text (DESIGN.md §4 "Keyword search").
//
// Order (total, so paging is stable): a rank tier, then newest id (wiki_id / sub_id desc). "Title" is
// the entry's title in search/wiki and the sub-entry's own title in search/sub.
//   0  exact title: title_fold = the folded words joined by single spaces
//   1  title prefix: title_fold starts with that phrase
//   2  every word occurs in the title itself
//   3  (search/sub) every word occurs in the sub-entry's own title or title key
//   last (3 entries, 4 sub-entries): some word matched only an alias, a title key or the owning entry
//
// Words arrive folded (keywordWords); they are only ever bound, never spliced into SQL. The SQL text
// varies only by word count, so one statement per count (1…MAX_KEYWORD_WORDS) is prepared up front.
import type { Db } from '../database';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from '../mappers';
import type { SubDto, WikiDto } from '../../contract/objects';

export const MAX_KEYWORD_WORDS = 8;

export interface WikiSearch {
  words: string[];
  /** wiki_type filter; undefined = every type. */
  types?: string[];
}

export interface SubSearch {
  words: string[];
  /** sub_type filter ('ep', 'song'); undefined = both. */
  types?: string[];
}

type Stmt = ReturnType<Db['prepare']>;

/** `instr(<column>, @w1) > 0 AND …` for n words; `column` may be an expression of columns. */
function everyWordIn(n: number, column: (w: string) => string): string {
  return Array.from({ length: n }, (_, i) => column(`@w${i + 1}`)).join(' AND ');
}

function rankSql(n: number, subs: boolean): string {
  const inTitle = everyWordIn(n, (w) => `instr(x.title_fold, ${w}) > 0`);
  const inOwn = everyWordIn(n, (w) => `(instr(x.title_fold, ${w}) > 0 OR instr(s.sub_title_encode, ${w}) > 0)`);
  return `CASE WHEN x.title_fold = @phrase THEN 0
    WHEN substr(x.title_fold, 1, length(@phrase)) = @phrase THEN 1
    WHEN ${inTitle} THEN 2
    ${subs ? `WHEN ${inOwn} THEN 3 ELSE 4` : 'ELSE 3'} END`;
}

/** A page statement and a count statement per word count, index = word count. */
function perWordCount(db: Db, subs: boolean): { page: Stmt; count: Stmt }[] {
  const out: { page: Stmt; count: Stmt }[] = [];
  for (let n = 1; n <= MAX_KEYWORD_WORDS; n++) {
    const match = everyWordIn(n, (w) => `instr(x.search_text, ${w}) > 0`);
    const from = subs
      ? `FROM sub_search x JOIN sub s ON s.sub_id = x.sub_id
         WHERE ${match} AND (@types IS NULL OR s.sub_type IN (SELECT value FROM json_each(@types)))`
      : `FROM wiki_search x JOIN wiki w ON w.wiki_id = x.wiki_id
         WHERE ${match} AND (@types IS NULL OR w.wiki_type IN (SELECT value FROM json_each(@types)))`;
    const order = `ORDER BY ${rankSql(n, subs)}, ${subs ? 's.sub_id' : 'w.wiki_id'} DESC`;
    out[n] = {
      page: db.prepare(`SELECT ${subs ? SUB_COLUMNS : WIKI_COLUMNS} ${from} ${order} LIMIT @limit OFFSET @offset`),
      count: db.prepare(`SELECT count(*) ${from}`).pluck(),
    };
  }
  return out;
}

function bind(words: string[], types: string[] | undefined): Record<string, string | null> {
  if (words.length < 1 || words.length > MAX_KEYWORD_WORDS) throw new RangeError(`search: ${words.length} words (1–${MAX_KEYWORD_WORDS} allowed)`);
  const params: Record<string, string | null> = { phrase: words.join(' '), types: types ? JSON.stringify(types) : null };
  words.forEach((w, i) => (params[`w${i + 1}`] = w));
  return params;
}

export function searchQueries(db: Db) {
  const wikiStmts = perWordCount(db, false);
  const subStmts = perWordCount(db, true);
  // The page's related rows in one query each, not one per sub-entry.
  const wikisByIds = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))`);
  const uploadsBySubIds = db.prepare(`SELECT ${UPLOAD_COLUMNS} FROM upload u
    WHERE u.up_obj_id IN (SELECT value FROM json_each(?)) ORDER BY u.up_id`);

  return {
    wikis(search: WikiSearch, limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      const params = bind(search.words, search.types);
      const stmts = wikiStmts[search.words.length];
      const rows = stmts.page.all({ ...params, limit, offset }) as WikiRow[];
      return { count: stmts.count.get(params) as number, wikis: rows.map((r) => toWiki(r, site)) };
    },

    subs(search: SubSearch, limit: number, offset: number, site: string): { count: number; subs: SubDto[] } {
      const params = bind(search.words, search.types);
      const stmts = subStmts[search.words.length];
      const rows = stmts.page.all({ ...params, limit, offset }) as SubRow[];
      const count = stmts.count.get(params) as number;
      if (rows.length === 0) return { count, subs: [] };

      const wikiIds = [...new Set(rows.map((r) => r.sub_parent_wiki))];
      const wikis = new Map<number, WikiDto>();
      for (const w of wikisByIds.all(JSON.stringify(wikiIds)) as WikiRow[]) wikis.set(w.wiki_id, toWiki(w, site));
      const uploads = new Map<number, UploadRow[]>();
      for (const u of uploadsBySubIds.all(JSON.stringify(rows.map((r) => r.sub_id))) as UploadRow[]) {
        uploads.set(u.up_obj_id, [...(uploads.get(u.up_obj_id) ?? []), u]);
      }
      return { count, subs: rows.map((r) => toSub(r, site, uploads.get(r.sub_id) ?? [], wikis.get(r.sub_parent_wiki))) };
    },
  };
}
