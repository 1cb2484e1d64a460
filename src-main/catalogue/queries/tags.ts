// The most used tags (/app/tags): per tag, how many entries of the given types carry it, most used
// first, then by name, so the UI's tag chips come in a stable order.
import type { Db } from '../database';
import type { TagDto } from '../../contract/objects';

export function tagQueries(db: Db) {
  // Counted over wiki_tag joined to the entries of those types; wiki_by_type_date narrows the entries.
  const mostUsedStmt = db.prepare(`SELECT t.tag_name, count(*) AS tag_count
    FROM wiki w
    JOIN wiki_tag wt ON wt.wiki_id = w.wiki_id
    JOIN tag t ON t.tag_id = wt.tag_id
    WHERE w.wiki_type IN (SELECT value FROM json_each(@types))
    GROUP BY t.tag_id
    ORDER BY tag_count DESC, t.tag_name
    LIMIT @limit`);

  return {
    /** Up to `limit` tags carried by entries of `types`, with their counts. */
    mostUsed(types: string[], limit: number): TagDto[] {
      return mostUsedStmt.all({ types: JSON.stringify(types), limit }) as TagDto[];
    },
  };
}
