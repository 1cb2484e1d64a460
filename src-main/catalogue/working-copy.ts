// The working catalogue in the user data directory starts as a copy of the shipped build. When the
// shipped build changes, the copy is replaced (imports and syncs, which would need a merge, come later:
// until then the working copy holds bundled rows only).
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { openCatalogue } from './catalogue';

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
  if (existsSync(working) && buildIdOf(working) === shippedId) return false;
  mkdirSync(dirname(working), { recursive: true });
  const tmp = `${working}.copying`;
  copyFileSync(shipped, tmp);
  renameSync(tmp, working);
  return true;
}
