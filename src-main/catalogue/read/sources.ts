// The working catalogue's sources on the read side: the list Settings → Sources shows (with counts), the
// id and kind of each, which the `source` filter of the entry list and the searches resolves against,
// and the saved covers a source's entries name (removing a source removes the covers only it used).
import type { Db } from '../db/database';
import type { SourceDto, SourceKind } from '../../contract/objects';

export const SOURCE_KINDS: readonly SourceKind[] = ['bundled', 'folder', 'remote'];

export function sourceQueries(db: Db) {
  // Counts per source: wiki's (source_id, source_key) index, then sub_by_parent per entry.
  const all = db.prepare(`SELECT s.source_id, s.kind, CASE WHEN s.name <> '' THEN s.name ELSE s.locator END AS name, s.locator,
      (SELECT count(*) FROM wiki w WHERE w.source_id = s.source_id) AS entries,
      (SELECT count(*) FROM wiki w JOIN sub b ON b.sub_parent_wiki = w.wiki_id WHERE w.source_id = s.source_id) AS subs,
      s.added_at, s.updated_at
    FROM source s ORDER BY s.source_id`);
  const kinds = db.prepare('SELECT source_id, kind FROM source ORDER BY source_id');
  const coversOf = db.prepare('SELECT DISTINCT cover_file FROM wiki WHERE source_id = ? AND cover_file IS NOT NULL').pluck();
  // One pass over the entries whatever the number of covers (cover_file has no index).
  const coversInUse = db.prepare('SELECT DISTINCT cover_file FROM wiki WHERE cover_file IN (SELECT value FROM json_each(?))').pluck();
  return {
    /** Every source with its counts, bundled ones first (they have the lowest ids). */
    list: (): SourceDto[] => all.all() as SourceDto[],
    /** Id and kind of every source. */
    kinds: (): { source_id: number; kind: SourceKind }[] => kinds.all() as { source_id: number; kind: SourceKind }[],
    /** The saved covers (cover_file) the source's entries name. */
    coverFiles: (sourceId: number): string[] => coversOf.all(sourceId) as string[],
    /** Those of `coverFiles` that no entry names (any more). */
    unusedCovers(coverFiles: string[]): string[] {
      const used = new Set(coversInUse.all(JSON.stringify(coverFiles)) as string[]);
      return coverFiles.filter((c) => !used.has(c));
    },
  };
}
