// The most used tags (/app/tags): per tag, how many entries of the given types carry it, most used
// first, then by name, so the UI's tag chips come in a stable order.
import type { Db } from '../db/database';
import type { TagDto } from '../../contract/objects';

export function tagQueries(db: Db) {
  // Per tag, a count inside its own range of wiki_tag_by_tag (tag, type, …), which carries each
  // entry's type: no entry rows are read (on 100k entries: 8 ms, against 100–290 ms joining them).
  const mostUsedStmt = db.prepare(`SELECT t.tag_name, (SELECT count(*) FROM wiki_tag wt
      WHERE wt.tag_id = t.tag_id AND wt.wiki_type IN (SELECT value FROM json_each(@types))) AS tag_count
    FROM tag t
    WHERE tag_count > 0
    ORDER BY tag_count DESC, t.tag_name
    LIMIT @limit`);

  return {
    /** Up to `limit` tags carried by entries of `types`, with their counts. */
    mostUsed(types: string[], limit: number): TagDto[] {
      return mostUsedStmt.all({ types: JSON.stringify(types), limit }) as TagDto[];
    },
  };
}
