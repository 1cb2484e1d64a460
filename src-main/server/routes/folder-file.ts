// Which file of an imported folder a path under /files/folder/<source id>/ names, if it may be served:
// the path is confined to that folder by its real path, so neither '..' nor a symlink leaves it; only
// files with an audio extension an import reads (contract/audio-formats.ts), no hidden ones. Used by
// /files/folder/… (files.ts) and the transcoded stream (transcoded-audio.ts).
import type { FastifyInstance } from 'fastify';
import { realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isAudioFileName } from '../../contract/audio-formats';

/** The real root and the path inside it of an imported folder's file, or undefined when it may not be served. */
export async function folderFile(app: FastifyInstance, sourceId: string, rawPath: string): Promise<{ root: string; path: string } | undefined> {
  const locator = /^\d{1,9}$/.test(sourceId) ? app.deps.catalogue.queries.library.folderRoot(Number(sourceId)) : undefined;
  const segments = rawPath.split('/');
  const plain = (s: string) => s !== '' && !s.startsWith('.') && !/[\\\0]/.test(s);
  if (!locator || !segments.every(plain) || !isAudioFileName(rawPath)) return undefined;
  try {
    const root = await realpath(locator);
    const target = await realpath(join(root, ...segments));
    if (!target.startsWith(root + sep) || !(await stat(target)).isFile()) return undefined;
    return { root, path: relative(root, target) };
  } catch {
    return undefined; // gone, or the folder is not there (an unplugged drive)
  }
}
