// Whether an imported folder can be read now, before anything is imported from it (docs/sources.md,
// "Kept in step"). A folder whose disk is unplugged is gone; one whose disk is not mounted is an empty
// mount point. Importing either would remove every album the folder brought, so both are "unavailable":
// nothing is imported, and the albums (and the favourites, playlists and history made of them) stay
// until the folder is back.
import { readdir, stat } from 'node:fs/promises';

export interface FolderPresence {
  /** The device the folder lies on: another one at the same path means another disk is mounted there. */
  dev: number;
}

/** Why a folder is unavailable: a code the UI words, and the words for everyone else. */
export interface Unavailable {
  code: 'missing' | 'empty' | 'not-folder' | 'denied' | 'unreadable' | 'other-disk';
  text: string;
}

export const OTHER_DISK: Unavailable = { code: 'other-disk', text: 'another disk is mounted where the folder was' };

/** Why the folder cannot be imported from now; null when it can. `hadSongs`: the catalogue holds songs from it. */
export async function unavailableReason(path: string, hadSongs: boolean): Promise<Unavailable | null> {
  try {
    const info = await stat(path);
    if (!info.isDirectory()) return { code: 'not-folder', text: 'the path is not a folder any more' };
    if (hadSongs && (await readdir(path)).length === 0) return { code: 'empty', text: 'the folder is empty (is its disk mounted?)' };
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { code: 'missing', text: 'the folder is not there (is its disk plugged in?)' };
    if (code === 'EACCES' || code === 'EPERM') return { code: 'denied', text: 'the folder cannot be read: permission denied' };
    return { code: 'unreadable', text: `the folder cannot be read (${code ?? (err as Error).message})` };
  }
}

/** The folder's device now; undefined when it cannot be reached. */
export async function presenceOf(path: string): Promise<FolderPresence | undefined> {
  try {
    return { dev: (await stat(path)).dev };
  } catch {
    return undefined;
  }
}
