// Imported folders as the UI's Library section and the /files/folder route see them: each folder
// source with its counts and last import, whether a folder has songs at all (the folder watcher's and
// the import's question, folder-availability.ts), the folder a source's files are served from, and an
// imported upload's format (for its transcoded stream).
//
// Decisions: the counts are sums of music_block's rows (schema.ts: a row per 32 ids, kept by triggers),
// a few rows a folder rather than one per song — the list is asked every few seconds while Settings →
// Library is open. Whether a folder has songs is asked of the rows themselves (the first song of the
// source's entries, along their indexes), as it decides whether an empty folder is a disk not mounted.
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

/** The folder sources with their counts. A folder's entries are music (albums), all counted in music_block. */
export const FOLDERS_SQL = `SELECT s.source_id, s.locator AS path, s.name,
    coalesce((SELECT sum(m.n) FROM music_block m WHERE m.kind = 'album' AND m.source_id = s.source_id), 0) AS albums,
    coalesce((SELECT sum(m.n) FROM music_block m WHERE m.kind = 'song' AND m.source_id = s.source_id), 0) AS songs,
    s.added_at, s.updated_at
  FROM source s WHERE s.kind = 'folder' ORDER BY s.name, s.source_id`;

/** 1 when the source's entries hold a song, else 0. */
export const HAS_SONGS_SQL = 'SELECT EXISTS (SELECT 1 FROM wiki w JOIN sub b ON b.sub_parent_wiki = w.wiki_id WHERE w.source_id = ? LIMIT 1)';

export function libraryQueries(db: Db) {
  const foldersStmt = db.prepare(FOLDERS_SQL);
  const hasSongsStmt = db.prepare(HAS_SONGS_SQL).pluck();
  const rootStmt = db.prepare("SELECT locator FROM source WHERE source_id = ? AND kind = 'folder'").pluck();
  const folderAudioStmt = db.prepare(`SELECT w.source_id, u.up_uri, u.up_type, u.up_lossless, u.up_length
    FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id
    WHERE u.up_id = ? AND src.kind = 'folder'`);

  return {
    folders: () => foldersStmt.all() as LibraryFolderCounts[],
    /** Whether the source's entries hold at least one song: along the indexes, stopping at the first. */
    hasSongs: (sourceId: number) => hasSongsStmt.get(sourceId) === 1,
    /** The folder an imported source's files live in; undefined for other or unknown sources. */
    folderRoot: (sourceId: number) => rootStmt.get(sourceId) as string | undefined,
    /** An imported folder's upload by its id (what the transcoded stream plays); undefined for other or unknown uploads. */
    folderAudio: (upId: number) => folderAudioStmt.get(upId) as FolderAudio | undefined,
  };
}
