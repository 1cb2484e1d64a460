// Imported folders as the UI's Library section and the /files/folder route see them: each folder
// source with its counts and last import, the folder a source's files are served from, and an
// imported upload's format (for its transcoded stream).
import type { Db } from '../db/database';
import type { LibraryFolderCounts } from '../../contract/app';

export type { LibraryFolderCounts } from '../../contract/app';

/** An imported file's upload: its source, its path (`/folder/<source id>/<path inside>`), format and length. */
export interface FolderAudio {
  source_id: number;
  up_uri: string;
  up_type: string;
  up_lossless: number;
  up_length: number;
}

export function libraryQueries(db: Db) {
  const foldersStmt = db.prepare(`SELECT s.source_id, s.locator AS path, s.name,
      (SELECT count(*) FROM wiki w WHERE w.source_id = s.source_id) AS albums,
      (SELECT count(*) FROM sub b JOIN wiki w ON w.wiki_id = b.sub_parent_wiki WHERE w.source_id = s.source_id) AS songs,
      s.added_at, s.updated_at
    FROM source s WHERE s.kind = 'folder' ORDER BY s.name, s.source_id`);
  const rootStmt = db.prepare("SELECT locator FROM source WHERE source_id = ? AND kind = 'folder'").pluck();
  const folderAudioStmt = db.prepare(`SELECT w.source_id, u.up_uri, u.up_type, u.up_lossless, u.up_length
    FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id
    WHERE u.up_id = ? AND src.kind = 'folder'`);

  return {
    folders: () => foldersStmt.all() as LibraryFolderCounts[],
    /** The folder an imported source's files live in; undefined for other or unknown sources. */
    folderRoot: (sourceId: number) => rootStmt.get(sourceId) as string | undefined,
    /** An imported folder's upload by its id (what the transcoded stream plays); undefined for other or unknown uploads. */
    folderAudio: (upId: number) => folderAudioStmt.get(upId) as FolderAudio | undefined,
  };
}
