// Whether a folder can be imported (an absolute path to a folder that can be read), and the error that
// says why an import cannot start or go on: what the server checks before it starts an import job,
// without loading the import itself (folder-import.ts).
import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';

/** A reason the import cannot start or go on, in words for the user. */
export class FolderImportError extends Error {
  override name = 'FolderImportError';
}

/** Checks that `folder` is an absolute path to a readable folder; returns it normalised. */
export async function checkFolder(folder: string): Promise<string> {
  if (!isAbsolute(folder)) throw new FolderImportError(`The folder must be given as an absolute path, not "${folder}".`);
  const path = resolve(folder);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    throw new FolderImportError(fsReason(err, path, `The folder ${path} does not exist.`));
  }
  if (!info.isDirectory()) throw new FolderImportError(`${path} is not a folder.`);
  try {
    await readdir(path);
  } catch (err) {
    throw new FolderImportError(fsReason(err, path, `The folder ${path} cannot be read.`));
  }
  return path;
}

function fsReason(err: unknown, path: string, fallback: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return fallback;
  if (code === 'EACCES' || code === 'EPERM') return `The folder ${path} cannot be read: permission denied.`;
  if (code === 'ENOTDIR') return `${path} is not a folder.`;
  return `${fallback.replace(/\.$/, '')}: ${(err as Error).message}`;
}
