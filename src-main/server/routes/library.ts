// Folder import for the UI (Settings → Library): start an import job and list the imported folders.
// The job runs the same importFolder() as `moecat import`.
//
//   POST /app/library/import.json  {folder} → {job}   (progress: GET /app/jobs/:id.json)
//   GET  /app/library.json         → {folders, writable, job}: each imported folder with its album and
//                                    song counts and last import; whether this server can import; the
//                                    latest import job (so a reopened page shows the one running)
//
// Decisions: first-party only, JSON envelope answers. `folder` must be an absolute path to a folder
// that exists and can be read, checked before the job starts (else 400 saying which); re-importing is
// the same call with the folder's path. The import module (music-metadata, sharp) is loaded on first use.
import type { FastifyInstance } from 'fastify';
import { ApiError, badParameter } from '../api-error';
import { bodyOf, firstPartyOnly, onlyAllow, sendNoStore, stringField } from '../app-route-helpers';

const loadImport = () => import('../../catalogue/import/folder-import');

export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = firstPartyOnly(app);
  const latestImport = () => app.jobs.list().find((j) => j.kind === 'import') ?? null;

  app.get('/app/library.json', { onRequest }, async (request, reply) =>
    sendNoStore(request, reply, {
      folders: app.deps.catalogue.queries.library.folders(),
      writable: app.jobs.writable && app.deps.dataDir !== undefined,
      job: latestImport(),
    }),
  );
  onlyAllow(app, '/app/library.json', ['GET', 'HEAD']);

  app.post('/app/library/import.json', { onRequest }, async (request, reply) => {
    const raw = stringField(bodyOf(request), 'folder');
    const { checkFolder, importFolder, FolderImportError } = await loadImport();
    let folder: string;
    try {
      folder = await checkFolder(raw);
    } catch (err) {
      if (err instanceof FolderImportError) throw new ApiError('BAD_PARAMETER', `Parameter "folder": ${err.message}`);
      throw err;
    }
    const { dataDir } = app.deps;
    if (!dataDir) throw badParameter('folder', 'cannot be imported: this server has no data directory for the covers');
    const job = app.jobs.start('import', folder, async (ctx) => {
      const result = await importFolder({ writer: ctx.writer, folder, dataDir, signal: ctx.signal, progress: ctx.progress, problem: ctx.problem, now: app.deps.now });
      // The problems themselves are the job's `problems`; the result says how many there were.
      return { ...result, problems: result.problems.length };
    });
    return sendNoStore(request, reply, { job });
  });
  onlyAllow(app, '/app/library/import.json', ['POST']);
}
