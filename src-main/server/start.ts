// Starts Moecat's server for the headless CLI and the Electron shell alike: makes sure the shipped
// catalogue is built and the working copy is current, opens both databases, and listens on loopback.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildProgress } from '../catalogue/build/builder';
import { AUDIO_DIR, CATALOGUE_FILE } from '../catalogue/db/catalogue-files';
import { openCatalogue } from '../catalogue/read/catalogue';
import { openUserDb } from '../catalogue/user/user-db';
import { ensureWorkingCatalogue, needsBuild } from '../catalogue/upgrade/working-copy';
import { buildApp } from './app';
import { listen, ListenError } from './bind';
import type { FastifyInstance } from 'fastify';
import type { ReminderState } from '../contract/broadcast-reminders';
import type { UserSettings } from '../catalogue/user/user-settings';
import { followedShows } from './followed-shows';
import { LOGIN_PARAM } from './ui-session';
import { clearRunningMark, markRunning } from './running-mark';
import type { HelperCommand } from './anime-data-job';

export interface StartOptions {
  dataDir: string;
  resourcesDir: string;
  rendererDir: string;
  port?: number;
  host?: string;
  /** Use this catalogue file as it is instead of the working copy in dataDir. */
  catalogueFile?: string;
  log?: (line: string) => void;
  onBuildProgress?: (p: BuildProgress) => void;
  /** How to run Moecat's command line as another process (the anime data's update runs there). */
  helper?: HelperCommand;
  /** Native binding for better-sqlite3 (the Electron build). */
  nativeBinding?: string;
  now?: () => number;
}

export interface RunningServer {
  url: string;
  /** The key printed for tools (it cannot be revoked while the server runs). */
  apiKey: string;
  /** The per-run secret of the UI's authority; the desktop shell hands it to its window. */
  uiToken: string;
  /** A new one-time link that signs one browser in (ui-session.ts). */
  loginUrl(): string;
  /** The reminder settings and the followed shows, for the desktop app's reminders. */
  reminderState(): ReminderState;
  close(): Promise<void>;
}

/** The shipped catalogue's folder inside the resources directory. */
export function shippedCatalogueDir(resourcesDir: string): string {
  return join(resourcesDir, 'catalogue');
}

/** A reason the server cannot start that the user can act on. */
export class StartError extends Error {
  override name = 'StartError';
}

/**
 * Without --port, the port of the last run when it is free, else any free one: addresses that outlive a
 * run (a calendar app's subscription to the feed) keep working across restarts.
 */
async function listenOnKnownPort(app: FastifyInstance, host: string, port: number | undefined, settings: UserSettings): Promise<string> {
  if (port !== undefined) return listen(app, { host, port });
  const last = settings.lastPort();
  let url: string | undefined;
  if (last !== undefined) {
    try {
      url = await listen(app, { host, port: last });
    } catch (err) {
      if (!(err instanceof ListenError)) throw err;
    }
  }
  url ??= await listen(app, { host, port: 0 });
  settings.setLastPort(Number(new URL(url).port));
  return url;
}

export async function startMoecat(opts: StartOptions): Promise<RunningServer> {
  const log = opts.log ?? (() => {});
  if (!existsSync(opts.resourcesDir)) {
    throw new StartError(`The resources folder ${opts.resourcesDir} is missing: reinstall Moecat, or run it from its project folder.`);
  }
  const shippedDir = shippedCatalogueDir(opts.resourcesDir);
  const shipped = join(shippedDir, CATALOGUE_FILE);
  if (!opts.catalogueFile && needsBuild(shipped, { nativeBinding: opts.nativeBinding })) {
    log(`Building the catalogue in ${shippedDir} …`);
    // Loaded only here: the builder's dependencies would cost every start-up time (docs/search-and-performance.md).
    const { buildCatalogue } = await import('../catalogue/build/builder');
    await buildCatalogue({ outDir: shippedDir, onProgress: opts.onBuildProgress });
  }
  // The user database and the caches live in the data folder whatever catalogue is served: with
  // --catalogue no working copy is installed there, which would otherwise have made the folder.
  mkdirSync(opts.dataDir, { recursive: true });
  let catalogueFile = opts.catalogueFile;
  if (!catalogueFile) {
    catalogueFile = join(opts.dataDir, CATALOGUE_FILE);
    // Installs, or upgrades keeping imported and synced rows; logs what it did.
    await ensureWorkingCatalogue(shipped, catalogueFile, { log, nativeBinding: opts.nativeBinding, now: opts.now });
  }
  const catalogue = openCatalogue(catalogueFile, { nativeBinding: opts.nativeBinding });
  let userDb;
  try {
    userDb = openUserDb(join(opts.dataDir, 'user.db'), { nativeBinding: opts.nativeBinding });
  } catch (err) {
    catalogue.close();
    throw err;
  }
  const apiKey = userDb.defaultKey().key;
  const uiToken = randomBytes(16).toString('hex');
  const app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(shippedDir, AUDIO_DIR),
    rendererDir: opts.rendererDir,
    now: opts.now,
    uiKey: apiKey,
    uiToken,
    // A catalogue given with --catalogue is served as it is: imports and syncs need the working copy.
    catalogueFile: opts.catalogueFile ? undefined : catalogueFile,
    nativeBinding: opts.nativeBinding,
    dataDir: opts.dataDir,
    cacheDir: join(opts.dataDir, 'cache'),
    extraHostnames: opts.host && opts.host !== '127.0.0.1' ? [opts.host] : [],
    helper: opts.helper,
    log,
    // The working copy's imported folders are kept in step with their files.
    watchLibrary: !opts.catalogueFile,
  });
  const closeAll = async () => {
    await app.close();
    catalogue.close();
    userDb.close();
    clearRunningMark(opts.dataDir);
  };
  try {
    const url = await listenOnKnownPort(app, opts.host ?? '127.0.0.1', opts.port, userDb.settings);
    markRunning(opts.dataDir, url);
    const loginUrl = () => `${url}?${LOGIN_PARAM}=${app.sessions.issueLoginToken()}`;
    const site = url.replace(/\/$/, '');
    const reminderState = () => ({ ...userDb.settings.reminders(), shows: followedShows(catalogue, userDb, site) });
    return { url, apiKey, uiToken, loginUrl, reminderState, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
