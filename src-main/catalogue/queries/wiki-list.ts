// The entry list (/wikis): type, initial, tags (all must apply), id list and date range, newest
// first (wiki_date desc, then wiki_id desc). One statement serves every filter combination: absent
// filters are passed as NULL and the planner skips them.
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
}

const WHERE = `w.wiki_type IN (SELECT value FROM json_each(@types))
  AND (@initial IS NULL OR w.wiki_initial = @initial)
  AND (@ids IS NULL OR w.wiki_id IN (SELECT value FROM json_each(@ids)))
  AND (@dateFrom IS NULL OR (w.wiki_date >= @dateFrom AND w.wiki_date < @dateTo AND w.wiki_date <> 0))
  AND (@tagCount = 0 OR @tagCount = (
    SELECT count(*) FROM wiki_tag wt JOIN tag t ON t.tag_id = wt.tag_id
    WHERE wt.wiki_id = w.wiki_id AND t.tag_name IN (SELECT value FROM json_each(@tags))))`;

export function wikiListQueries(db: Db) {
  const page = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE ${WHERE}
    ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`);
  const count = db.prepare(`SELECT count(*) FROM wiki w WHERE ${WHERE}`).pluck();
  const byId = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);

  const bind = (f: WikiListFilter) => {
    const tags = [...new Set(f.tags ?? [])];
    return {
      types: JSON.stringify(f.types),
      initial: f.initial ?? null,
      ids: f.ids ? JSON.stringify(f.ids) : null,
      dateFrom: f.dateFrom ?? null,
      dateTo: f.dateTo ?? null,
      tags: JSON.stringify(tags),
      tagCount: tags.length,
    };
  };

  return {
    list(filter: WikiListFilter, limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      const params = bind(filter);
      const rows = page.all({ ...params, limit, offset }) as WikiRow[];
      return { count: count.get(params) as number, wikis: rows.map((r) => toWiki(r, site)) };
    },
    findById(id: number, site: string): WikiDto | undefined {
      const row = byId.get(id) as WikiRow | undefined;
      return row && toWiki(row, site);
    },
  };
}
