// Files are read only inside the folder the user named. A path is resolved as the file system resolves
// it (realpath: every link followed, a `..` after a linked folder taken from where that link leads, not
// from the spelling) and must then lie inside the folder's own real path and be a regular file. A link
// inside the folder to another place inside it is fine; a link out, a chain of links ending out, or a
// linked folder on the way out is not. Checked where the file is read, not only where it was found:
// a file swapped for a link meanwhile is caught.
import { realpathSync, statSync, type Stats } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';

/** Whether the real path `real` is `realRoot` or lies under it (both real paths). */
export function isInside(realRoot: string, real: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/**
 * The real path and stat of the regular file `path` names when that lies inside `realRoot`, else
 * undefined (outside, or not a file). Throws the file system's error when the path does not resolve
 * (ENOENT for a missing file or a dangling link).
 */
export async function realFileInside(realRoot: string, path: string): Promise<{ path: string; info: Stats } | undefined> {
  const real = await realpath(path);
  if (real === realRoot || !isInside(realRoot, real)) return undefined;
  const info = await stat(real);
  return info.isFile() ? { path: real, info } : undefined;
}

/**
 * realFileInside() without the round trips through libuv's thread pool: an import checks every file it
 * reads, and on a local disk these calls take microseconds, less than the promises around them.
 */
export function realFileInsideSync(realRoot: string, path: string): { path: string; info: Stats } | undefined {
  const real = realpathSync.native(path);
  if (real === realRoot || !isInside(realRoot, real)) return undefined;
  const info = statSync(real);
  return info.isFile() ? { path: real, info } : undefined;
}
