// Bringing the anime data up to date (docs/sources.md "Anime data"): ask the registry for
// bangumi-data's newest release (sync/bangumi-release.ts), download and check it, keep it in the data
// folder's anime-data/, and prepare the updated working catalogue beside the running one
// (anime-update.ts). Putting it in place is the caller's: a server swaps its open catalogue
// (Catalogue.replaceWith), a command with no server the file (finishAnimeUpdate).
//
// The release kept in anime-data/ outlives the working catalogue: when a new version of Moecat
// installs its own shipped build (with the bangumi-data it was built with), a newer release the user
// fetched is applied again at start (reapplySavedRelease), offline, so an upgrade never takes the
// schedule back in time.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RELEASES_DIR, replaceDatabaseFile } from '../db/catalogue-files';

export { RELEASES_DIR } from '../db/catalogue-files';
import { openCatalogue } from '../read/catalogue';
import { loadRomaniser } from '../build/romaji';
import { compareVersions, downloadRelease, newestRelease, PACKAGE, readRelease, ReleaseError } from '../sync/bangumi-release';
import { prepareAnimeUpdate, type AnimeUpdateProgress, type PreparedUpdate } from './anime-update';

export { NPM_REGISTRY, ReleaseError } from '../sync/bangumi-release';

const RELEASE_FILE = /^bangumi-data-(\d+\.\d+\.\d+)\.tgz$/;

export interface AnimeDataProgress {
  /** 'ask' the registry, 'download' the tarball (bytes), 'read' it, then the update's own phases. */
  phase: 'ask' | 'download' | 'read' | AnimeUpdateProgress['phase'];
  done: number;
  total: number;
}

export type AnimeDataOutcome = { status: 'current'; version: string } | { status: 'prepared'; prepared: PreparedUpdate };

export interface AnimeDataOptions {
  registry: string;
  /** The working catalogue; the prepared file is written beside it. */
  working: string;
  signal?: AbortSignal;
  progress?: (p: AnimeDataProgress) => void;
  nativeBinding?: string;
}

/** The version of bangumi-data a catalogue file's anime rows come from. */
export function animeDataVersion(file: string, nativeBinding?: string): string {
  const catalogue = openCatalogue(file, { nativeBinding });
  try {
    const version = catalogue.meta('bangumi_data_version');
    if (!version) throw new ReleaseError('The catalogue does not say which bangumi-data it holds.');
    return version;
  } finally {
    catalogue.close();
  }
}

const releasesDir = (working: string) => join(dirname(working), RELEASES_DIR);

/** The newest release kept in the data folder, if any. */
export function savedRelease(working: string): { version: string; file: string } | undefined {
  const dir = releasesDir(working);
  if (!existsSync(dir)) return undefined;
  const kept = readdirSync(dir)
    .map((name) => RELEASE_FILE.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: m[1], file: join(dir, m[0]) }))
    .sort((a, b) => compareVersions(a.version, b.version));
  return kept.at(-1);
}

/** Prepares the working catalogue with the release in `file` (already checked), beside the working one. */
async function prepareFrom(file: string, version: string, options: AnimeDataOptions): Promise<PreparedUpdate> {
  options.progress?.({ phase: 'read', done: 0, total: 1 });
  const data = await readRelease(file);
  if (data.version !== version) throw new ReleaseError(`The tarball of ${PACKAGE} ${version} says it is ${data.version}: it is not taken.`);
  return prepareAnimeUpdate(options.working, `${options.working}.updating`, data, {
    romaniser: loadRomaniser,
    signal: options.signal,
    progress: options.progress,
    nativeBinding: options.nativeBinding,
  });
}

/**
 * Asks the registry for a release newer than the working catalogue's data (same major), downloads and
 * checks it into anime-data/, and prepares the updated catalogue; 'current' when there is none newer.
 * Nothing in place changes; a failure throws ReleaseError (or the abort) and leaves no prepared file.
 */
export async function prepareAnimeData(options: AnimeDataOptions): Promise<AnimeDataOutcome> {
  const current = animeDataVersion(options.working, options.nativeBinding);
  options.progress?.({ phase: 'ask', done: 0, total: 1 });
  const release = await newestRelease(options.registry, current, options.signal);
  if (!release) return { status: 'current', version: current };
  const dir = releasesDir(options.working);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${PACKAGE}-${release.version}.tgz`);
  await downloadRelease(options.registry, release, file, {
    signal: options.signal,
    progress: (done, total) => options.progress?.({ phase: 'download', done, total }),
  });
  try {
    return { status: 'prepared', prepared: await prepareFrom(file, release.version, options) };
  } catch (err) {
    // A release that cannot be read is not kept to be applied again.
    if (err instanceof ReleaseError) rmSync(file, { force: true });
    throw err;
  }
}

/** After the prepared file is in place: older releases in anime-data/ go. */
export function forgetOlderReleases(working: string, version: string): void {
  const dir = releasesDir(working);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const m = RELEASE_FILE.exec(name);
    if ((m && compareVersions(m[1], version) < 0) || name.endsWith('.part')) rmSync(join(dir, name), { force: true });
  }
}

/** Puts a prepared update in place when no server has the working catalogue open (the command line). */
export function finishAnimeUpdate(working: string, prepared: PreparedUpdate): void {
  replaceDatabaseFile(prepared.file, working);
  forgetOlderReleases(working, prepared.version);
}

/**
 * At start, after the working catalogue was installed or upgraded from a shipped build: applies a
 * release kept in anime-data/ that is newer than the data the working catalogue now holds. Answers
 * the version applied, or undefined when there was nothing to do.
 */
export async function reapplySavedRelease(
  working: string,
  options: { log?: (line: string) => void; nativeBinding?: string } = {},
): Promise<string | undefined> {
  const saved = savedRelease(working);
  if (!saved || compareVersions(saved.version, animeDataVersion(working, options.nativeBinding)) <= 0) return undefined;
  try {
    const prepared = await prepareFrom(saved.file, saved.version, { registry: '', working, nativeBinding: options.nativeBinding });
    finishAnimeUpdate(working, prepared);
    options.log?.(`Applied the anime data you updated to before (${PACKAGE} ${saved.version}) to the new catalogue.`);
    return saved.version;
  } catch (err) {
    options.log?.(`Could not apply the anime data kept in ${saved.file} (${(err as Error).message}); the shipped schedule is used.`);
    return undefined;
  }
}
