// The working catalogue's sources for the UI (Settings → Sources): every source with its counts, and
// the removal of an imported or synced source with everything it brought, as a job.
//
//   GET  /app/sources.json          → {sources, writable, job}: each source (kind, name, locator, entry
//                                     and sub-entry counts, added/updated); whether this server can
//                                     remove; the latest remove-source job (a reopened page shows it)
//   POST /app/sources/remove.json   {source_id} → {job}   (progress: GET /app/jobs/:id.json)
//
// Decisions: first-party only, JSON envelope answers. Checked before the job starts: a source id that
// is not a whole number is 400, an unknown one 404, a bundled one 400 (it comes back with the next
// upgrade anyway); another job running is 409 (jobs run one at a time). The removal is one
// transaction in the writer (removeSource): the source and all its rows go, or nothing does; then the
// saved covers (<data dir>/covers/) that only its entries named are deleted. Audio is never touched:
// a folder's files are the user's, and synced audio lives in the size-capped cache.
// Favourites live in the user database and are never touched: a favourite of a removed entry stays,
// and the favourites list answers it with `obj: null`.
import type { FastifyInstance } from 'fastify';
import { removeCovers } from '../../catalogue/write/cover-files';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { bodyOf, firstPartyOnly, onlyAllow, sendNoStore } from '../app-route-helpers';

function sourceIdOf(body: Record<string, unknown>): number {
  const raw = body.source_id;
  if (raw === undefined || raw === null || raw === '') throw missingParameter('source_id');
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badParameter('source_id', 'must be the id of a source (a whole number)');
  return Number(text);
}

export async function sourceRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = firstPartyOnly(app);
  const { catalogue } = app.deps;
  const latestRemoval = () => app.jobs.list().find((j) => j.kind === 'remove-source') ?? null;

  app.get('/app/sources.json', { onRequest }, async (request, reply) =>
    sendNoStore(request, reply, { sources: catalogue.queries.sources.list(), writable: app.jobs.writable, job: latestRemoval() }),
  );
  onlyAllow(app, '/app/sources.json', ['GET', 'HEAD']);

  app.post('/app/sources/remove.json', { onRequest }, async (request, reply) => {
    const id = sourceIdOf(bodyOf(request));
    const source = catalogue.queries.sources.list().find((s) => s.source_id === id);
    if (!source) throw new ApiError('NOT_FOUND', `No source ${id}.`);
    if (source.kind === 'bundled') throw badParameter('source_id', `names the bundled source "${source.name}", which cannot be removed`);
    const job = app.jobs.start('remove-source', source.name, async ({ writer, progress }) => {
      progress({ phase: 'remove', done: 0, total: source.entries, current: source.name });
      const covers = catalogue.queries.sources.coverFiles(id);
      const removed = writer.removeSource(id);
      // Read after the removal committed: covers another source's entries still name stay.
      const { dataDir } = app.deps;
      if (dataDir) await removeCovers(dataDir, catalogue.queries.sources.unusedCovers(covers));
      progress({ phase: 'remove', done: source.entries, total: source.entries, current: source.name });
      return { source_id: id, ...removed };
    });
    return sendNoStore(request, reply, { job });
  });
  onlyAllow(app, '/app/sources/remove.json', ['POST']);
}
