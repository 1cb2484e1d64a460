// Lists of entries to explore (/explore) and entries like another one (/{section}/similarity): the
// newest of some types, entries in an order given from outside (the user's plays and favourites make
// "hot"; the catalogue has no counts of its own), a random pick, and the entries sharing the most tags
// with one entry.
import type { WikiDto } from '../../contract/objects';
import type { Db } from '../db/database';
import { toWiki, WIKI_COLUMNS, type WikiRow } from './mappers';

export function exploreQueries(db: Db) {
  const types = `(SELECT value FROM json_each(@types))`;
  const newestStmt = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_type IN ${types}
    AND w.wiki_id NOT IN (SELECT value FROM json_each(@skip))
    ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit`);
  const inOrderStmt = db.prepare(`SELECT ${WIKI_COLUMNS} FROM json_each(@ids) j JOIN wiki w ON w.wiki_id = j.value
    WHERE w.wiki_type IN ${types} ORDER BY j.key LIMIT @limit`);
  const randomStmt = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w
    WHERE w.wiki_id IN (SELECT wiki_id FROM wiki WHERE wiki_type IN ${types} ORDER BY random() LIMIT @limit) ORDER BY random()`);
  // Per other entry of the types, how many of this entry's tags it carries too.
  const similarStmt = db.prepare(`SELECT ${WIKI_COLUMNS}, count(*) AS shared FROM wiki_tag mine
    JOIN wiki_tag other ON other.tag_id = mine.tag_id AND other.wiki_id != mine.wiki_id AND other.wiki_type IN ${types}
    JOIN wiki w ON w.wiki_id = other.wiki_id
    WHERE mine.wiki_id = @id
    GROUP BY other.wiki_id ORDER BY shared DESC, w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`);
  const similarCount = db
    .prepare(
      `SELECT count(DISTINCT other.wiki_id) FROM wiki_tag mine
      JOIN wiki_tag other ON other.tag_id = mine.tag_id AND other.wiki_id != mine.wiki_id AND other.wiki_type IN ${types}
      WHERE mine.wiki_id = @id`,
    )
    .pluck();

  const wikis = (rows: unknown[], site: string) => (rows as WikiRow[]).map((row) => toWiki(row, site));

  return {
    /** The newest entries of `types` (by date, then id), without those in `skip`. */
    newest(entryTypes: readonly string[], limit: number, site: string, skip: readonly number[] = []): WikiDto[] {
      return wikis(newestStmt.all({ types: JSON.stringify(entryTypes), skip: JSON.stringify(skip), limit }), site);
    },

    /** The entries `ids` of `types`, in the order given, then the newest others to fill `limit`. */
    rankedThenNewest(ids: readonly number[], entryTypes: readonly string[], limit: number, site: string): WikiDto[] {
      const ranked = wikis(inOrderStmt.all({ ids: JSON.stringify(ids), types: JSON.stringify(entryTypes), limit }), site);
      if (ranked.length >= limit) return ranked;
      return [
        ...ranked,
        ...this.newest(
          entryTypes,
          limit - ranked.length,
          site,
          ranked.map((w) => w.wiki_id),
        ),
      ];
    },

    /** Up to `limit` entries of `types` picked at random. */
    random(entryTypes: readonly string[], limit: number, site: string): WikiDto[] {
      return wikis(randomStmt.all({ types: JSON.stringify(entryTypes), limit }), site);
    },

    /** The entries of `types` sharing the most tags with entry `id` (then newest first), a page of them. */
    similar(id: number, entryTypes: readonly string[], limit: number, offset: number, site: string): { count: number; wikis: WikiDto[] } {
      const bind = { id, types: JSON.stringify(entryTypes) };
      return { count: similarCount.get(bind) as number, wikis: wikis(similarStmt.all({ ...bind, limit, offset }), site) };
    },
  };
}
