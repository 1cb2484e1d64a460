// Where a song's audio lies — a folder's file, this server's own /files/, or a remote's URL — and which
// song a file names: for playlists leaving as .m3u8 and coming back (server/playlist-files.ts).
import type { Db } from '../db/database';

/** A song's upload with its source. */
export interface UploadPlace {
  up_id: number;
  up_uri: string;
  up_remote_url: string | null;
  up_length: number;
  /** Its source's kind (bundled, folder, remote) and locator (a folder's absolute path, a remote's URL). */
  kind: string;
  locator: string;
  source_id: number;
}

export function placeQueries(db: Db) {
  const placeOf = db.prepare(`SELECT u.up_id, u.up_uri, u.up_remote_url, u.up_length, src.kind, src.locator, src.source_id
    FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id
    WHERE u.up_obj_id = ?`);
  const folders = db.prepare("SELECT source_id, locator FROM source WHERE kind = 'folder'");
  const subByUri = db.prepare('SELECT up_obj_id FROM upload WHERE up_uri = ?').pluck();
  const subByUpId = db.prepare('SELECT up_obj_id FROM upload WHERE up_id = ?').pluck();
  return {
    /** The song's upload and source; undefined without audio. */
    uploadOf: (subId: number) => placeOf.get(subId) as UploadPlace | undefined,
    /** Every imported folder: its source id and absolute path. */
    folders: () => folders.all() as { source_id: number; locator: string }[],
    /** The song whose upload is stored at `uri` (`/folder/<source>/<path>`, `/demo/…`). */
    subByUri: (uri: string) => subByUri.get(uri) as number | undefined,
    /** The song of an upload id (a synced song's `/files/remote/<up_id>`). */
    subByUpId: (upId: number) => subByUpId.get(upId) as number | undefined,
  };
}
