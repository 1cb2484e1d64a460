// Where a playlist's songs are, for other players (an .m3u8 of a playlist), and which songs an .m3u8's
// locations name (importing one). A song of an imported folder is its file's absolute path; any other
// song is its audio's URL on this server (or on the remote it stays on).
//
// Decisions for importing: a location matches when it is (1) an absolute path, or a file:// URL, inside
// a folder Moecat imported and names a file it imported, or (2) a URL of this server's own /files/
// (a playlist exported from Moecat). Anything else is counted as not found; nothing is fetched.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../catalogue/read/catalogue';
import { filePath } from '../contract/paths';

interface UploadPlace {
  up_id: number;
  up_uri: string;
  up_remote_url: string | null;
  up_length: number;
  kind: string;
  locator: string;
  source_id: number;
}

export function playlistFiles(catalogue: Catalogue) {
  const placeOf = catalogue.db.prepare(`SELECT u.up_id, u.up_uri, u.up_remote_url, u.up_length, src.kind, src.locator, src.source_id
    FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id
    WHERE u.up_obj_id = ?`);
  const folders = catalogue.db.prepare("SELECT source_id, locator FROM source WHERE kind = 'folder'");
  const subByUri = catalogue.db.prepare('SELECT up_obj_id FROM upload WHERE up_uri = ?').pluck();
  const subByUpId = catalogue.db.prepare('SELECT up_obj_id FROM upload WHERE up_id = ?').pluck();

  return {
    /** The song's file path (folder imports) or audio URL, and its length; undefined without audio. */
    locationOf(subId: number, site: string): { location: string; seconds: number } | undefined {
      const u = placeOf.get(subId) as UploadPlace | undefined;
      if (!u) return undefined;
      const prefix = `/folder/${u.source_id}/`;
      if (u.kind === 'folder' && u.up_uri.startsWith(prefix)) {
        return { location: resolve(u.locator, ...u.up_uri.slice(prefix.length).split('/')), seconds: u.up_length };
      }
      const url = u.up_remote_url ?? `${site}${filePath(u.up_uri)}`;
      return { location: url, seconds: u.up_length };
    },

    /** The sub id a location names, or undefined (see the header). */
    subOf(location: string, site: string): number | undefined {
      let path: string | undefined;
      if (/^file:\/\//i.test(location)) {
        try {
          path = fileURLToPath(location);
        } catch {
          return undefined;
        }
      } else if (isAbsolute(location)) {
        path = location;
      }
      if (path !== undefined) {
        for (const f of folders.all() as { source_id: number; locator: string }[]) {
          const rel = relative(f.locator, resolve(path));
          if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
          const found = subByUri.get(`/folder/${f.source_id}/${rel.split(sep).join('/')}`) as number | undefined;
          if (found !== undefined) return found;
        }
        return undefined;
      }
      let url: URL;
      try {
        url = new URL(location);
      } catch {
        return undefined;
      }
      if (url.origin !== new URL(site).origin || !url.pathname.startsWith('/files/')) return undefined;
      const uri = decodeURIComponent(url.pathname.slice('/files'.length));
      const remote = /^\/remote\/(\d+)$/.exec(uri);
      return (remote ? subByUpId.get(Number(remote[1])) : subByUri.get(uri)) as number | undefined;
    },
  };
}
