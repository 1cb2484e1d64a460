// The working catalogue in the user data directory starts as a copy of the shipped build; folder
// imports and syncs add rows to it. When the shipped build changes (or the copy's schema is outdated),
// the copy is upgraded by a merge that keeps every imported and synced row with its id
// (catalogue-merge.ts, loaded only then: it needs the row writer's dependencies), and anime data the
// user updated to since is applied again (anime-data.ts).
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openCatalogue } from '../read/catalogue';
import { DatabaseFileError, type OpenOptions } from '../db/database';
import type { UpgradeOptions, UpgradeOutcome } from './catalogue-merge';
import { RELEASES_DIR } from '../db/catalogue-files';

type Binding = Pick<OpenOptions, 'nativeBinding'>;

/** True when the file is missing or was built with an older schema: a build output to (re)make. */
export function needsBuild(file: string, options: Binding = {}): boolean {
  return !existsSync(file) || currentBuildId(file, options) === OUTDATED;
}

const OUTDATED = Symbol('outdated');

/**
 * The catalogue's build id, or OUTDATED when it was built with an older schema: one open. A file that
 * is not ours, corrupt or too new throws: it is never rebuilt over.
 */
function currentBuildId(file: string, options: Binding): string | undefined | typeof OUTDATED {
  try {
    return buildIdOf(file, options);
  } catch (err) {
    if (err instanceof DatabaseFileError && err.code === 'DB_OUTDATED') return OUTDATED;
    throw err;
  }
}

function buildIdOf(file: string, options: Binding): string | undefined {
  const catalogue = openCatalogue(file, options);
  try {
    return catalogue.meta('build_id');
  } finally {
    catalogue.close();
  }
}

export type WorkingCopyOutcome = { action: 'unchanged' | 'installed' } | UpgradeOutcome;

/**
 * Makes sure `working` holds the shipped catalogue's current build: installs it when there is no
 * working copy, upgrades (merges) an older one, and leaves a current one alone.
 */
export async function ensureWorkingCatalogue(shipped: string, working: string, options: UpgradeOptions = {}): Promise<WorkingCopyOutcome> {
  const binding = { nativeBinding: options.nativeBinding };
  const shippedId = buildIdOf(shipped, binding); // refuses a broken shipped file before anything is copied
  mkdirSync(dirname(working), { recursive: true });
  // An upgrade stopped between keeping the backup and renaming the merged file leaves only the backup.
  if (!existsSync(working) && existsSync(`${working}.bak`)) renameSync(`${working}.bak`, working);
  if (!existsSync(working)) {
    const tmp = `${working}.copying`;
    copyFileSync(shipped, tmp);
    renameSync(tmp, working);
    options.log?.(`Installed the catalogue into ${working}.`);
    await reapplyKeptAnimeData(working, options);
    return { action: 'installed' };
  }
  // A foreign, corrupt or too-new file throws here: it is never overwritten.
  if (currentBuildId(working, binding) === shippedId) {
    rmSync(`${working}.bak`, { force: true }); // left by an upgrade stopped after its merged file was in place
    return { action: 'unchanged' };
  }
  const { upgradeWorkingCopy } = await import('./catalogue-merge');
  const outcome = upgradeWorkingCopy(shipped, working, options);
  if (outcome.action !== 'kept-old') await reapplyKeptAnimeData(working, options);
  return outcome;
}

/**
 * A shipped build brings the anime data it was built with: a newer release the user updated to, kept
 * in the data folder's anime-data/, is applied again (anime-data.ts, loaded only when there is one).
 */
async function reapplyKeptAnimeData(working: string, options: UpgradeOptions): Promise<void> {
  if (!existsSync(join(dirname(working), RELEASES_DIR))) return;
  const { reapplySavedRelease } = await import('./anime-data');
  await reapplySavedRelease(working, { log: options.log, nativeBinding: options.nativeBinding });
}
