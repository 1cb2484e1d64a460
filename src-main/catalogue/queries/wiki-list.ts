// The entry list (/wikis): type, initial, tags (all must apply), id list and date range, newest
// first (wiki_date desc, then wiki_id desc). One statement serves every filter combination: absent
// filters are passed as NULL (or as open date ends) and the planner skips them.
import type { Db } from '../database';
import { toWiki, WIKI_COLUMNS, type WikiRow } from '../mappers';
import type { WikiDto } from '../../contract/objects';

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

// Every filter is written so that an index can serve it: the date range is always a range (open ends
// when absent), tags are one materialised set of ids, and the page reads ids only. The page statement
// walks wiki_by_date (date desc, id desc, type, initial) in order, so OFFSET skips index entries and
// never sorts or reads table rows (one type: wiki_by_type_date, where that type's rows are already
// in order); the count lets the planner pick wiki_by_type_date per type.
const WHERE = `w.wiki_type IN (SELECT value FROM json_each(@types))
  AND w.wiki_date >= @dateFrom AND w.wiki_date < @dateTo AND (@dated = 0 OR w.wiki_date <> 0)
  AND (@initial IS NULL OR w.wiki_initial = @initial)
  AND (@ids IS NULL OR w.wiki_id IN (SELECT value FROM json_each(@ids)))
  AND (@tagCount = 0 OR w.wiki_id IN (
    SELECT wt.wiki_id FROM wiki_tag wt INDEXED BY wiki_tag_by_tag
    WHERE wt.tag_id IN (SELECT t.tag_id FROM tag t WHERE t.tag_name IN (SELECT value FROM json_each(@tags)))
    GROUP BY wt.wiki_id HAVING count(*) = @tagCount))`;

const OPEN_END = Number.MAX_SAFE_INTEGER;

export function wikiListQueries(db: Db) {
  // One type: its own range of wiki_by_type_date, already in order. Several: wiki_by_date, filtered.
  const pageIdsOneType = db
    .prepare(`SELECT w.wiki_id FROM wiki w INDEXED BY wiki_by_type_date WHERE w.wiki_type = @type AND ${WHERE}
      ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`)
    .pluck();
  const pageIds = db
    .prepare(`SELECT w.wiki_id FROM wiki w INDEXED BY wiki_by_date WHERE ${WHERE}
      ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`)
    .pluck();
  const rowsByIds = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))
    ORDER BY w.wiki_date DESC, w.wiki_id DESC`);
  const count = db.prepare(`SELECT count(*) FROM wiki w WHERE ${WHERE}`).pluck();
  // The source filter has statements of its own, so the unfiltered ones keep their covering-index plans
  // (source_id is in none of those indexes); the planner picks an index, then checks each row's source.
  const BY_SOURCE = `${WHERE} AND w.source_id IN (SELECT value FROM json_each(@sources))`;
  const pageIdsBySource = db.prepare(`SELECT w.wiki_id FROM wiki w WHERE ${BY_SOURCE} ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`).pluck();
  const countBySource = db.prepare(`SELECT count(*) FROM wiki w WHERE ${BY_SOURCE}`).pluck();
  const byId = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);

  const bind = (f: WikiListFilter) => {
    const tags = [...new Set(f.tags ?? [])];
    return {
      types: JSON.stringify(f.types),
      initial: f.initial ?? null,
      ids: f.ids ? JSON.stringify(f.ids) : null,
      dateFrom: f.dateFrom ?? -OPEN_END,
      dateTo: f.dateTo ?? OPEN_END,
      dated: f.dateFrom === undefined ? 0 : 1,
      tags: JSON.stringify(tags),
      tagCount: tags.length,
    };
  };

  return {
    list(filter: WikiListFilter, limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      const params = bind(filter);
      if (filter.sources) {
        const scoped = { ...params, sources: JSON.stringify(filter.sources) };
        const found = pageIdsBySource.all({ ...scoped, limit, offset }) as number[];
        const rows = found.length ? (rowsByIds.all(JSON.stringify(found)) as WikiRow[]) : [];
        return { count: countBySource.get(scoped) as number, wikis: rows.map((r) => toWiki(r, site)) };
      }
      const ids = (filter.types.length === 1
        ? pageIdsOneType.all({ ...params, type: filter.types[0], limit, offset })
        : pageIds.all({ ...params, limit, offset })) as number[];
      const rows = ids.length ? (rowsByIds.all(JSON.stringify(ids)) as WikiRow[]) : [];
      return { count: count.get(params) as number, wikis: rows.map((r) => toWiki(r, site)) };
    },
    findById(id: number, site: string): WikiDto | undefined {
      const row = byId.get(id) as WikiRow | undefined;
      return row && toWiki(row, site);
    },
  };
}
