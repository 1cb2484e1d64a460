// Where a playlist's songs are, for other players (an .m3u8 of a playlist), and which songs an .m3u8's
// locations name (importing one). A song of an imported folder is its file's absolute path; any other
// song is its audio's URL on this server (or on the remote it stays on).
//
// Decisions for importing: a location matches when it is (1) an absolute path, or a file:// URL, whose
// real path (catalogue/import/inside-folder.ts: links followed, a `..` taken as the file system takes
// it) lies inside a folder Moecat imported and is a file it imported from there — by the spelling given
// when that names the same file, else by its real path — or (2) a URL of this server's own /files/ (a
// playlist exported from Moecat). Anything else, a line that is no path or URL at all included, is not
// found; nothing is fetched. Matching yields to the event loop every MATCH_CHUNK locations, so a long
// file never holds up other requests.
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isInside } from '../catalogue/import/inside-folder';
import type { Catalogue } from '../catalogue/read/catalogue';
import { filePath } from '../contract/paths';

const MATCH_CHUNK = 200;

export function playlistFiles(catalogue: Catalogue) {
  const places = () => catalogue.queries.places;

  return {
    /** The song's file path (folder imports) or audio URL, and its length; undefined without audio. */
    locationOf(subId: number, site: string): { location: string; seconds: number } | undefined {
      const u = places().uploadOf(subId);
      if (!u) return undefined;
      const prefix = `/folder/${u.source_id}/`;
      if (u.kind === 'folder' && u.up_uri.startsWith(prefix)) {
        return { location: resolve(u.locator, ...u.up_uri.slice(prefix.length).split('/')), seconds: u.up_length };
      }
      const url = u.up_remote_url ?? `${site}${filePath(u.up_uri)}`;
      return { location: url, seconds: u.up_length };
    },

    /** The sub id a location names, or undefined (see the header). */
    subOf: async (location: string, site: string): Promise<number | undefined> => (await subsOf([location], site))[0],
    subsOf,
  };

  /** The sub id each location names, in order (undefined for one that names none). */
  async function subsOf(locations: readonly string[], site: string): Promise<(number | undefined)[]> {
    const roots = await Promise.all(
      places()
        .folders()
        .map(async (f) => ({ ...f, real: await realpath(f.locator).catch(() => undefined) })),
    );
    const origin = new URL(site).origin;
    const found: (number | undefined)[] = [];
    for (const [i, location] of locations.entries()) {
      if (i > 0 && i % MATCH_CHUNK === 0) await new Promise<void>((done) => setImmediate(done));
      const path = pathOf(location);
      found.push(path === null ? undefined : path === undefined ? subOfUrl(location, origin) : await subOfPath(path, roots));
    }
    return found;
  }

  async function subOfPath(path: string, roots: { source_id: number; locator: string; real: string | undefined }[]): Promise<number | undefined> {
    const real = await realpath(path).catch(() => undefined);
    if (real === undefined) return undefined;
    const uriOf = (sourceId: number, rel: string) => `/folder/${sourceId}/${rel.split(sep).join('/')}`;
    for (const f of roots) {
      if (f.real === undefined || !isInside(f.real, real)) continue;
      const spelt = relative(f.locator, resolve(path));
      if (spelt !== '' && !spelt.startsWith(`..${sep}`) && spelt !== '..' && !isAbsolute(spelt)) {
        const found = places().subByUri(uriOf(f.source_id, spelt));
        if (found !== undefined && (await realpath(join(f.locator, spelt)).catch(() => undefined)) === real) return found;
      }
      const found = places().subByUri(uriOf(f.source_id, relative(f.real, real)));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  function subOfUrl(location: string, origin: string): number | undefined {
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      return undefined;
    }
    if (url.origin !== origin || !url.pathname.startsWith('/files/')) return undefined;
    let uri: string;
    try {
      uri = decodeURIComponent(url.pathname.slice('/files'.length));
    } catch {
      return undefined; // a malformed escape names no file
    }
    const remote = /^\/remote\/(\d+)$/.exec(uri);
    return remote ? places().subByUpId(Number(remote[1])) : places().subByUri(uri);
  }
}

/** The file path a location names (an absolute path or a file:// URL); null for a file URL that names none, undefined for no path. */
function pathOf(location: string): string | null | undefined {
  if (/^file:\/\//i.test(location)) {
    try {
      return fileURLToPath(location);
    } catch {
      return null;
    }
  }
  return isAbsolute(location) ? location : undefined;
}
