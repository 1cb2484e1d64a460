// The system endpoints of the OpenSubsonic face: ping, the licence (always valid: Moecat is free), the
// extensions it speaks, its music folders (the sources that hold music or radio), the library scan (a
// re-import of every imported folder, as Settings → Library does) and the one user.
import type { SourceDto } from '../../contract/objects';
import { ApiError } from '../api-error';
import { SUBSONIC_USER } from './auth';
import { required, type Endpoint, type SubsonicContext } from './context';
import { notFound } from './response';

/** The extensions advertised, each with the versions spoken. */
export const EXTENSIONS = [
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'formPost', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];

function scanStatus(ctx: SubsonicContext) {
  const job = ctx.app.jobs.list().find((j) => j.kind === 'import' && j.status === 'running');
  return { scanStatus: { scanning: job !== undefined, count: job ? job.progress.done : ctx.app.deps.catalogue.stats(0).subs } };
}

const loadImportThread = () => import('../../catalogue/import/import-thread');

export const SYSTEM_ENDPOINTS: Record<string, Endpoint> = {
  ping: { auth: 'key', handle: () => ({}) },
  getLicense: { auth: 'key', handle: () => ({ license: { valid: true } }) },
  getOpenSubsonicExtensions: { auth: 'none', handle: () => ({ openSubsonicExtensions: EXTENSIONS }) },
  getMusicFolders: {
    auth: 'key',
    keep: true,
    handle: (ctx) => ({ musicFolders: { musicFolder: ctx.app.deps.catalogue.queries.subsonic.folders().map((f) => ({ id: f.id, name: f.name })) } }),
  },
  getScanStatus: { auth: 'key', handle: scanStatus },
  startScan: {
    auth: 'user',
    async handle(ctx) {
      const { app } = ctx;
      const folders = app.deps.catalogue.queries.sources.list().filter((s: SourceDto) => s.kind === 'folder');
      const dataDir = app.deps.dataDir;
      if (folders.length === 0 || !dataDir || !app.jobs.writable) return scanStatus(ctx);
      const { importFolderOffThread: run } = await loadImportThread();
      try {
        app.jobs.startOnCatalogue('import', folders.map((f) => f.name).join(', '), async (job) => {
          for (const folder of folders) {
            if (job.signal.aborted) break;
            await run({
              catalogue: job.catalogue,
              folder: folder.locator,
              dataDir,
              signal: job.signal,
              progress: job.progress,
              problem: job.problem,
              now: app.deps.now,
            });
          }
        });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err; // another job runs: its status answers
      }
      return scanStatus(ctx);
    },
  },
  getUser: {
    auth: 'user',
    handle(ctx) {
      if (required(ctx, 'username').toLowerCase() !== SUBSONIC_USER) throw notFound('User');
      return {
        user: {
          username: SUBSONIC_USER,
          scrobblingEnabled: true,
          adminRole: true,
          settingsRole: false,
          downloadRole: true,
          uploadRole: false,
          playlistRole: true,
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: true,
          jukeboxRole: false,
          shareRole: false,
          videoConversionRole: false,
          folder: ctx.app.deps.catalogue.queries.subsonic.folders().map((f) => f.id),
        },
      };
    },
  },
};
