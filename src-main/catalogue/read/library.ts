// Imported folders as the UI's Library section and the /files/folder route see them: each folder
// source with its counts and last import, and the folder a source's files are served from.
import type { Db } from '../db/database';
import type { LibraryFolder } from '../../contract/app';

export type { LibraryFolder } from '../../contract/app';

export function libraryQueries(db: Db) {
  const foldersStmt = db.prepare(`SELECT s.source_id, s.locator AS path, s.name,
      (SELECT count(*) FROM wiki w WHERE w.source_id = s.source_id) AS albums,
      (SELECT count(*) FROM sub b JOIN wiki w ON w.wiki_id = b.sub_parent_wiki WHERE w.source_id = s.source_id) AS songs,
      s.added_at, s.updated_at
    FROM source s WHERE s.kind = 'folder' ORDER BY s.name, s.source_id`);
  const rootStmt = db.prepare("SELECT locator FROM source WHERE source_id = ? AND kind = 'folder'").pluck();

  return {
    folders: () => foldersStmt.all() as LibraryFolder[],
    /** The folder an imported source's files live in; undefined for other or unknown sources. */
    folderRoot: (sourceId: number) => rootStmt.get(sourceId) as string | undefined,
  };
}
