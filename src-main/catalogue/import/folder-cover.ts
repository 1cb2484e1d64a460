// The picture beside the songs: a `cover`, `folder` or `front` image (.jpg, .jpeg or .png, any case)
// in a song's folder is its album's cover when the file embeds none (audio-file.ts). Read by its real
// path, which must lie inside the imported folder (inside-folder.ts), like every file an import reads.
// Looked for once per folder and run, in the listing the import has already read; its size and mtime are its fingerprint, so a changed picture
// reads the folder's songs again.
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { realFileInside } from './inside-folder';

/** The names that count, in the order they win. */
const NAMES = ['cover', 'folder', 'front'];
const PICTURE = /^(cover|folder|front)\.(jpe?g|png)$/i;

export interface FolderCover {
  /** Its real path, to be read. */
  path: string;
  /** Its size and mtime. */
  fingerprint: string;
}

/** The cover of the folder `dir` whose listing is `entries`, or null. */
export async function folderCoverIn(realRoot: string, dir: string, entries: readonly Dirent[]): Promise<FolderCover | null> {
  const candidates = entries
    .filter((e) => PICTURE.test(e.name) && (e.isFile() || e.isSymbolicLink()))
    .map((e) => e.name)
    .sort((a, b) => NAMES.indexOf(a.split('.')[0].toLowerCase()) - NAMES.indexOf(b.split('.')[0].toLowerCase()) || (a < b ? -1 : a > b ? 1 : 0));
  for (const name of candidates) {
    const file = await realFileInside(realRoot, join(dir, name)).catch(() => undefined);
    if (file) return { path: file.path, fingerprint: `${file.info.size}:${Math.floor(file.info.mtimeMs)}` };
  }
  return null;
}
