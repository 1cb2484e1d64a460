// The working catalogue in the user data directory starts as a copy of the shipped build. When the
// shipped build changes, the copy is replaced (imports and syncs, which would need a merge, come later:
// until then the working copy holds bundled rows only).
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { openCatalogue } from './catalogue';
import { DatabaseFileError } from './database';

/** True when the file is missing or was built with an older schema: a build output to (re)make. */
export function needsBuild(file: string): boolean {
  if (!existsSync(file)) return true;
  try {
    openCatalogue(file).close();
    return false;
  } catch (err) {
    if (err instanceof DatabaseFileError && err.code === 'DB_OUTDATED') return true;
    throw err; // not ours, corrupt, or too new: say so rather than overwrite it
  }
}

function buildIdOf(file: string): string | undefined {
  const catalogue = openCatalogue(file);
  try {
    return catalogue.meta('build_id');
  } finally {
    catalogue.close();
  }
}

/** Makes sure `working` holds the shipped catalogue's current build. Returns true when it copied. */
export function ensureWorkingCatalogue(shipped: string, working: string): boolean {
  const shippedId = buildIdOf(shipped); // refuses a broken shipped file before anything is copied
  // An outdated working copy holds only bundled rows today, so it is replaced like a stale one.
  if (existsSync(working) && !needsBuild(working) && buildIdOf(working) === shippedId) return false;
  mkdirSync(dirname(working), { recursive: true });
  const tmp = `${working}.copying`;
  copyFileSync(shipped, tmp);
  renameSync(tmp, working);
  return true;
}
