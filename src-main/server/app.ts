// The Fastify app factory: wires plugins and routes around an open catalogue and user database.
// It never listens (tests use inject); bind.ts does that.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue/read/catalogue';
import type { UserDb } from '../catalogue/user/user-db';
import { AnswerCache } from './answer-cache';
import { checkWeekly, type HelperCommand } from './anime-data-job';
import { AllowedMethods } from './allowed-methods';
import { UiSessions } from './ui-session';
import { CatalogueJobs } from './catalogue-jobs';
import { LibraryWatch, type LibraryWatchTimings } from './library-watch';
import { answerClientError } from './client-errors';
import { answerRouterError, errorsPlugin } from './plugins/errors';
import { hostCheckPlugin } from './plugins/host-check';
import { mediaAccessPlugin } from './plugins/media-access';
import { lazySchemaController } from './schema-compilers';
import { OPERATIONS } from './operations';
import { allowOperationMethods, OPERATION_ROUTER_OPTIONS, serveOnFirstUse, serveOperations } from './operations/serve';
import { cachedAudioRoutes } from './routes/cached-audio';
import { coverRoutes } from './routes/covers';
import { docsRoutes } from './routes/docs';
import { fileRoutes } from './routes/files';
import { remoteAudioRoutes } from './routes/remote-audio';
import { subsonicRoutes } from './subsonic/routes';
import { uiRoutes } from './routes/ui';

export interface AppDeps {
  catalogue: Catalogue;
  userDb: UserDb;
  /** Root of the bundled audio files (`up_uri` is relative to it). */
  audioDir: string;
  /** The built Vue app; absent when only the API is wanted. */
  rendererDir?: string;
  /** Injectable clock (Unix milliseconds). */
  now?: () => number;
  /** The API key the server printed for tools at start: it cannot be revoked while the server runs. */
  uiKey?: string;
  /** The per-run secret of the UI's authority (X-Moecat-UI; signed-in browsers send a session token there instead). */
  uiToken?: string;
  /** Where the server says what the user should know while it runs (a browser signed in: the next sign-in link). */
  log?: (line: string) => void;
  /** The writable working catalogue (imports and syncs write it); absent when serving a fixed file. */
  catalogueFile?: string;
  /** The better-sqlite3 binding the catalogue's writers load (the Electron build, in the desktop app). */
  nativeBinding?: string;
  /** The user data directory (imported covers live in its covers/ folder). */
  dataDir?: string;
  /** The user's cache directory (the size-capped cache of synced audio). */
  cacheDir?: string;
  /** How to run Moecat's command line as another process: the anime data's update runs there (anime-data-job.ts). */
  helper?: HelperCommand;
  /** Host names accepted besides loopback (the --host address). */
  extraHostnames?: string[];
  /** Keep the imported folders in step while the server runs (library-watch.ts): the app does; tests ask, with shorter waits. */
  watchLibrary?: boolean | LibraryWatchTimings;
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered catalogue answers (answer-cache.ts); whatever changes the catalogue clears it. */
    answerCache: AnswerCache;
    /** Imports, syncs and source removals started from the UI (catalogue-jobs.ts). */
    jobs: CatalogueJobs;
    /** The methods of paths that take only some (onlyAllow); the not-found handler answers others 405. */
    allowedMethods: AllowedMethods;
    /** The imported folders kept in step (library-watch.ts); undefined when this server does not watch them. */
    libraryWatch: LibraryWatch | undefined;
    /** Who carries the UI's authority: the UI token, the one-time links that sign a browser in, its sessions (ui-session.ts). */
    sessions: UiSessions;
    deps: Required<Pick<AppDeps, 'catalogue' | 'userDb' | 'audioDir' | 'now'>> &
      Pick<AppDeps, 'uiToken' | 'uiKey' | 'catalogueFile' | 'dataDir' | 'cacheDir' | 'helper'>;
  }
}

/** The UI's own endpoints (settings, keys, playlists, history, jobs …): first-party, under one prefix. */
const UI_ENDPOINTS = '/app/';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // A GET route takes HEAD too, without a HEAD route of its own: the not-found handler routes a HEAD
  // request again as a GET (routeHeadAsGet), where Fastify's own HEAD routes (exposeHeadRoutes) would
  // be a second route each, and every route costs start-up time (the ready target, docs/search-and-performance.md).
  // Plugins are local code that loads in milliseconds: no timer per plugin to catch one that hangs.
  const app = Fastify({
    logger: deps.logger ?? false,
    schemaController: lazySchemaController(),
    routerOptions: OPERATION_ROUTER_OPTIONS,
    exposeHeadRoutes: false,
    pluginTimeout: 0,
    clientErrorHandler: (err, socket) => void answerClientError(err, socket),
    frameworkErrors: (error, request, reply) => void answerRouterError(error, request, reply),
  });
  app.decorate('allowedMethods', new AllowedMethods());
  const now = deps.now ?? Date.now;
  app.decorate('sessions', new UiSessions(deps.uiToken, deps.userDb.sessions, () => Math.floor(now() / 1000), deps.log));
  app.decorateRequest('apiFormat', null);
  const answerCache = new AnswerCache();
  app.decorate('answerCache', answerCache);
  const jobs = new CatalogueJobs(deps.catalogueFile, () => answerCache.clear(), deps.now, deps.nativeBinding);
  app.decorate('jobs', jobs);
  answerCache.refreshSlowlyWhile(() => jobs.writingCatalogue);
  app.addHook('onClose', async () => {
    await app.libraryWatch?.close(); // first: it starts no job after this
    for (const job of app.jobs.list()) app.jobs.cancel(job.id);
    await app.jobs.idle();
  });
  app.decorate('deps', {
    catalogue: deps.catalogue,
    userDb: deps.userDb,
    audioDir: deps.audioDir,
    now,
    uiToken: deps.uiToken,
    uiKey: deps.uiKey,
    catalogueFile: deps.catalogueFile,
    dataDir: deps.dataDir,
    cacheDir: deps.cacheDir,
    helper: deps.helper,
  });
  app.decorate(
    'libraryWatch',
    deps.watchLibrary && deps.catalogueFile && deps.dataDir ? watchLibrary(app, deps.dataDir, deps.watchLibrary === true ? {} : deps.watchLibrary) : undefined,
  );
  // The weekly look for newer anime data, when the user lets Moecat look (off by default).
  if (deps.catalogueFile) {
    const stop = checkWeekly(app, deps.helper);
    app.addHook('onClose', async () => stop());
  }
  await app.register(errorsPlugin);
  await app.register(hostCheckPlugin, { extraHostnames: deps.extraHostnames });
  await app.register(mediaAccessPlugin);
  allowOperationMethods(app, OPERATIONS);
  // The UI's own endpoints are built on the UI's first request for one; the API that tools call is served at once.
  await serveOperations(
    app,
    OPERATIONS.filter((op) => !op.path.startsWith(UI_ENDPOINTS)),
  );
  serveOnFirstUse(
    app,
    UI_ENDPOINTS,
    OPERATIONS.filter((op) => op.path.startsWith(UI_ENDPOINTS)),
  );
  await app.register(cachedAudioRoutes);
  await app.register(coverRoutes);
  await app.register(remoteAudioRoutes);
  await app.register(fileRoutes, { root: deps.audioDir });
  await app.register(subsonicRoutes);
  await app.register(docsRoutes, { operations: OPERATIONS });
  await app.register(uiRoutes, { rendererDir: deps.rendererDir });
  return app;
}

/** The imported folders' watch: started once the server listens, closed with it (the jobs' onClose above). */
function watchLibrary(app: FastifyInstance, dataDir: string, timings: LibraryWatchTimings): LibraryWatch {
  const watch = new LibraryWatch({
    ...timings,
    jobs: app.jobs,
    folders: () => app.deps.catalogue.queries.library.folders(),
    hasSongs: (sourceId) => app.deps.catalogue.queries.library.hasSongs(sourceId),
    now: app.deps.now,
    async importFolder(folder, only, job) {
      const { importFolderOffThread } = await import('../catalogue/import/import-thread');
      const result = await importFolderOffThread({
        catalogue: job.catalogue,
        folder,
        dataDir,
        signal: job.signal,
        progress: job.progress,
        problem: job.problem,
        now: app.deps.now,
        only,
      });
      return { ...result, problems: result.problems.length };
    },
  });
  app.addHook('onListen', () => watch.start());
  return watch;
}
