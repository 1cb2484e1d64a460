// The entry list (/wikis): type, initial, tags (all must apply), id list, date range and source,
// newest first (wiki_date desc, then wiki_id desc).
//
// Index design (schema.ts). Each filter shape (which filters are present, how many types and tags)
// gets statements composed for exactly those filters, prepared on first use and kept, so every
// predicate is an index term rather than a NULL-able catch-all the planner cannot use:
// - The page reads ids only, from a covering index already in list order, so OFFSET steps over index
//   entries and nothing is sorted: wiki_by_type_date (type, date, id, initial); wiki_by_initial
//   (initial, type, date, id) when an initial is given; wiki_tag_by_tag (tag, type, date, id, initial)
//   when tags are — the first tag drives, each further tag is one primary-key look-up per candidate.
//   Several types are one arm per type joined by UNION ALL under the compound's ORDER BY, which SQLite
//   runs as a merge of the arms' ordered outputs: a deep page steps over those types' index entries
//   only. The anime section (contract/sections.ts) has an index of its own, wiki_by_section_date:
//   types that are all anime and leave out at most one anime kind — Browse's Anime, the API's
//   `anime` — page through one range of it, a left-out kind skipped inside the index (one `<>` per
//   entry, cheaper than an IN list of the kinds kept).
// - The count of the common shapes — types, initial, source, nothing else (browsing) — is a sum over
//   wiki_count, which triggers keep whoever writes the catalogue. Other shapes count the page's index
//   ranges (a tag's range, a date range).
// - An id list or a source filter: one statement the planner plans freely (the primary key; the
//   source's unique index), as those sets are small or the source's own range.
// - A deep page (offset ≥ SKIP_FROM) of a list filtered by type alone — Browse's sections, the API's
//   types and `anime` — first skips whole date buckets: wiki_date_count holds each type's entries per
//   97-day bucket, so the newest buckets whose entries all lie before the page are summed (a few
//   hundred rows at most) and the page is read from the first date of the next bucket down, stepping
//   over at most one bucket's entries instead of every entry before the page.
// A single statement with NULL-able filters and count(*) over the index was several times slower on
// the generated 100k catalogue (docs/search-and-performance.md). Multi-tag filters drive from the
// first tag's range and look the others up per candidate, so they cost in proportion to that tag's
// entries of those types.
import { objectRows, type Db } from '../db/database';
import { DATE_BUCKET_SHIFT } from '../db/schema';
import { toWiki, WIKI_COLUMNS, type WikiRow } from './mappers';
import type { WikiDto } from '../../contract/objects';
import { SECTION_TYPES } from '../../contract/sections';

export interface WikiListFilter {
  types: string[];
  initial?: string;
  tags?: string[];
  ids?: number[];
  dateFrom?: number;
  dateTo?: number;
  /** Only entries of these sources (ids; the `source` extension); undefined = every source. */
  sources?: number[];
}

const ANIME = SECTION_TYPES.anime;

interface Shape {
  /** The types are read as one range of the anime section (see above): all of it, or less one kind. */
  anime: 'whole' | 'less-one' | false;
  /** The page starts below @before: the date buckets from there up were skipped (see above). */
  before: boolean;
  types: number;
  initial: boolean;
  tags: number;
  ids: boolean;
  date: boolean;
  sources: boolean;
}

interface Statements {
  page: ReturnType<Db['prepare']>;
  count: ReturnType<Db['prepare']>;
}

const DATE_RANGE = (col: string) => `${col} >= @dateFrom AND ${col} < @dateTo AND ${col} <> 0`;
const BEFORE = (s: Shape, col: string) => (s.before ? ` AND ${col} < @before` : '');
/** Offsets from which a page of a type-only list skips date buckets first; smaller ones step over entries. */
const SKIP_FROM = 2000;
const BUCKET_SECONDS = 2 ** DATE_BUCKET_SHIFT;
const ORDER = 'ORDER BY d DESC, id DESC LIMIT @limit OFFSET @offset';
const indexes = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i));

/** One arm: the entries of type @type<k> in list order, from the index the shape's filters fit. */
function arm(s: Shape, k: number): string {
  if (s.tags > 0) {
    const more = indexes(
      s.tags - 1,
      (i) => ` AND EXISTS (SELECT 1 FROM wiki_tag t${i + 1} WHERE t${i + 1}.wiki_id = t0.wiki_id AND t${i + 1}.tag_id = @tag${i + 1})`,
    );
    return `SELECT t0.wiki_id AS id, t0.wiki_date AS d FROM wiki_tag t0 INDEXED BY wiki_tag_by_tag
      WHERE t0.tag_id = @tag0 AND t0.wiki_type = @type${k}${s.initial ? ' AND t0.wiki_initial = @initial' : ''}${s.date ? ` AND ${DATE_RANGE('t0.wiki_date')}` : ''}${more.join('')}`;
  }
  return `SELECT w.wiki_id AS id, w.wiki_date AS d FROM wiki w INDEXED BY ${s.initial ? 'wiki_by_initial' : 'wiki_by_type_date'}
    WHERE w.wiki_type = @type${k}${s.initial ? ' AND w.wiki_initial = @initial' : ''}${s.date ? ` AND ${DATE_RANGE('w.wiki_date')}` : ''}${BEFORE(s, 'w.wiki_date')}`;
}

const typeTerm = (s: Shape, column = 'w.wiki_type') => `${column} IN (${indexes(s.types, (k) => `@type${k}`).join(', ')})`;

/** Ids and sources: every present filter as a plain term; the planner picks the index. */
function planned(s: Shape): string {
  const terms = [typeTerm(s)];
  if (s.initial) terms.push('w.wiki_initial = @initial');
  if (s.date) terms.push(DATE_RANGE('w.wiki_date'));
  if (s.ids) terms.push('w.wiki_id IN (SELECT value FROM json_each(@ids))');
  if (s.sources) terms.push('w.source_id IN (SELECT value FROM json_each(@sources))');
  for (let i = 0; i < s.tags; i++) terms.push(`EXISTS (SELECT 1 FROM wiki_tag t${i} WHERE t${i}.wiki_id = w.wiki_id AND t${i}.tag_id = @tag${i})`);
  return `SELECT w.wiki_id AS id, w.wiki_date AS d FROM wiki w WHERE ${terms.join(' AND ')}`;
}

function composeSql(s: Shape): { page: string; count: string } {
  const counted =
    s.tags === 0 && !s.ids && !s.date
      ? `SELECT coalesce(sum(n), 0) FROM wiki_count WHERE ${typeTerm(s, 'wiki_type')}` +
        `${s.initial ? ' AND wiki_initial = @initial' : ''}${s.sources ? ' AND source_id IN (SELECT value FROM json_each(@sources))' : ''}`
      : undefined;
  if (s.ids || s.sources) {
    const select = planned(s);
    return { page: `${select} ${ORDER}`, count: counted ?? `SELECT count(*) FROM (${select})` };
  }
  if (s.anime && s.tags === 0 && !s.initial) {
    const section = `SELECT w.wiki_id AS id, w.wiki_date AS d FROM wiki w INDEXED BY wiki_by_section_date
      WHERE w.wiki_section = 'anime'${s.anime === 'less-one' ? ' AND w.wiki_type <> @leftOut' : ''}${s.date ? ` AND ${DATE_RANGE('w.wiki_date')}` : ''}${BEFORE(s, 'w.wiki_date')}`;
    return { page: `${section} ${ORDER}`, count: counted ?? `SELECT count(*) FROM (${section})` };
  }
  const arms = indexes(s.types, (k) => arm(s, k));
  return { page: `${arms.join(' UNION ALL ')} ${ORDER}`, count: counted ?? `SELECT count(*) FROM (${arms.join(' UNION ALL ')})` };
}

export function wikiListQueries(db: Db, { skipFrom = SKIP_FROM }: { skipFrom?: number } = {}) {
  const rowsByIds = objectRows<WikiRow>(
    db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))
    ORDER BY w.wiki_date DESC, w.wiki_id DESC`),
  );
  const byId = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);
  const tagId = db.prepare('SELECT tag_id FROM tag WHERE tag_name = ?').pluck();
  const buckets = db
    .prepare(
      `SELECT bucket, sum(n) FROM wiki_date_count WHERE wiki_type IN (SELECT value FROM json_each(?))
    GROUP BY bucket ORDER BY bucket DESC`,
    )
    .raw();

  /** The newest buckets whose entries all come before `offset`: where the page's range starts, and how many entries that skips. */
  const skipBuckets = (types: string[], offset: number): { before: number; skipped: number } | undefined => {
    let skipped = 0;
    for (const [bucket, n] of buckets.iterate(JSON.stringify(types)) as IterableIterator<[number, number]>) {
      if (skipped + n > offset) return skipped === 0 ? undefined : { before: (bucket + 1) * BUCKET_SECONDS, skipped };
      skipped += n;
    }
    return { before: -Number.MAX_SAFE_INTEGER, skipped }; // the page lies past the end: nothing is read
  };
  // Shapes are few in practice (what the UI and tools ask); a bound keeps odd callers from growing it.
  const statements = new Map<string, Statements>();
  const statementsFor = (s: Shape): Statements => {
    const key = `${s.anime}/${s.before}/${s.types}/${s.initial}/${s.tags}/${s.ids}/${s.date}/${s.sources}`;
    let found = statements.get(key);
    if (!found) {
      const sql = composeSql(s);
      found = { page: db.prepare(sql.page).pluck(), count: db.prepare(sql.count).pluck() };
      if (statements.size >= 64) statements.delete(statements.keys().next().value!);
      statements.set(key, found);
    }
    return found;
  };

  return {
    list(filter: WikiListFilter, limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      const types = [...new Set(filter.types)];
      const tagIds = [...new Set(filter.tags ?? [])].map((name) => tagId.get(name) as number | undefined);
      if (types.length === 0 || tagIds.includes(undefined)) return { count: 0, wikis: [] }; // an unknown tag applies to nothing
      const date = filter.dateFrom !== undefined || filter.dateTo !== undefined;
      const leftOut = ANIME.filter((t) => !types.includes(t));
      const anime = types.every((t) => ANIME.includes(t)) && leftOut.length <= 1 && (leftOut.length === 0 ? 'whole' : 'less-one');
      const shape: Shape = {
        anime,
        before: false,
        types: types.length,
        initial: filter.initial !== undefined,
        tags: tagIds.length,
        ids: filter.ids !== undefined,
        date,
        sources: filter.sources !== undefined,
      };
      const typesOnly = !shape.initial && shape.tags === 0 && !shape.ids && !shape.date && !shape.sources;
      const skip = typesOnly && offset >= skipFrom ? skipBuckets(types, offset) : undefined;
      shape.before = skip !== undefined;
      const params: Record<string, unknown> = {};
      types.forEach((t, k) => (params[`type${k}`] = t));
      tagIds.forEach((t, i) => (params[`tag${i}`] = t));
      if (anime === 'less-one') params.leftOut = leftOut[0];
      if (shape.initial) params.initial = filter.initial;
      if (shape.ids) params.ids = JSON.stringify(filter.ids);
      if (shape.sources) params.sources = JSON.stringify(filter.sources);
      if (date) Object.assign(params, { dateFrom: filter.dateFrom ?? -Number.MAX_SAFE_INTEGER, dateTo: filter.dateTo ?? Number.MAX_SAFE_INTEGER });
      const { page, count } = statementsFor(shape);
      const ids = page.all({ ...params, limit, ...(skip ? { before: skip.before, offset: offset - skip.skipped } : { offset }) }) as number[];
      const rows = ids.length ? rowsByIds.all(JSON.stringify(ids)) : [];
      return { count: count.get(params) as number, wikis: rows.map((r) => toWiki(r, site)) };
    },
    findById(id: number, site: string): WikiDto | undefined {
      const row = byId.get(id) as WikiRow | undefined;
      return row && toWiki(row, site);
    },
  };
}
