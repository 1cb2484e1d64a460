// Long catalogue work the UI started (catalogue-jobs.ts) and the operations that start it, for the
// app's own UI only, JSON envelope answers:
//   GET  /app/jobs.json, /app/jobs/:id.json, POST /app/jobs/:id/cancel.json   the jobs, one job, cancel
//   GET  /app/library.json, POST /app/library/import.json {folder}             Settings → Library
//   GET  /app/sources.json, POST /app/sources/remove.json {source_id}          Settings → Sources
//   GET  /app/sync.json, POST /app/sync/start.json {url, key?, cache_audio?, covers?}   Settings → Sync
// Each job runs the same code as its command (`moecat import`, `moecat sync`); the modules behind them
// (music-metadata, sharp, Ajv) are loaded on first use, not at start-up.
//
// Decisions: a folder must be an absolute path to a folder that exists and can be read, checked before
// the job starts (else 400 saying which); re-importing is the same call. A source id that is not a
// whole number is 400, an unknown one 404, a bundled one 400 (it comes back with the next upgrade);
// another job running is 409 (jobs run one at a time). Removing a source is one transaction in the
// writer, then the saved covers only its entries named are deleted; audio is never touched (a folder's
// files are the user's, synced audio lives in the size-capped cache) and neither are favourites (one
// of a removed entry stays, listed with `obj: null`). A sync's `url` must be http or https; `key` may be
// left out when an earlier sync of this remote saved it; `cache_audio` needs the cache directory and
// `covers` the data directory — 400 when the server has none.
import type { FastifyInstance } from 'fastify';
import type { FolderWatch, ImportJobResult, JobState, LibraryFolder, RemoteSourceView } from '../../contract/app';
import { unavailableReason } from '../../catalogue/import/folder-availability';
import type { SourceDto } from '../../contract/objects';
import { removeCovers } from '../../catalogue/write/cover-files';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { defineOperation, many, one, shaped } from './define';
import { flag, pathSegment, requiredText, spec, text, textOf } from './params';

const loadImport = () => import('../../catalogue/import/folder-check');
const loadSync = () => import('../../catalogue/sync/remote-sync');

const jobId = pathSegment({ description: 'The job id' });
const jobOf = (app: FastifyInstance, id: string) => {
  const job = app.jobs.get(id);
  if (!job) throw new ApiError('NOT_FOUND', `No job ${id}.`);
  return job;
};
const latest = (app: FastifyInstance, kind: 'import' | 'sync' | 'remove-source') => app.jobs.list().find((j) => j.kind === kind) ?? null;
/** The latest job of the section's kind, null before the first. */
const LATEST_JOB = one(shaped<JobState | null>());

export const listJobs = defineOperation({
  method: 'GET',
  path: '/app/jobs',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The catalogue jobs (imports, syncs, source removals), newest first',
  responds: { jobs: many(shaped<JobState>()) },
  params: {},
  handle: ({ app }) => ({ payload: { jobs: app.jobs.list() } }),
});

export const getJob = defineOperation({
  method: 'GET',
  path: '/app/jobs/:id',
  spellings: 'json',
  auth: 'first-party',
  summary: 'One job: its progress, problems and, when it ends, its result or why it failed',
  responds: { job: one(shaped<JobState>()) },
  errors: { 404: 'No such job' },
  params: { id: jobId },
  handle: ({ p, app }) => ({ payload: { job: jobOf(app, p.id) } }),
});

export const cancelJob = defineOperation({
  method: 'POST',
  path: '/app/jobs/:id/cancel',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Cancels a running job (what it committed stays)',
  responds: { job: one(shaped<JobState>()) },
  errors: { 404: 'No such job', 409: 'The job is not running' },
  params: { id: jobId },
  handle({ p, app }) {
    const job = jobOf(app, p.id);
    if (!app.jobs.cancel(job.id)) throw new ApiError('CONFLICT', `Job ${job.id} is not running (it is ${job.status}).`);
    return { payload: { job } };
  },
});

const UNWATCHED: FolderWatch = { watch_state: 'unwatched', watch_since: 0, watch_reason: '', watch_reason_code: '' };
const watchOf = (app: FastifyInstance, sourceId: number) => app.libraryWatch?.stateOf(sourceId) ?? UNWATCHED;

export const library = defineOperation({
  method: 'GET',
  path: '/app/library',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The imported folders with their counts, whether this server can import, and the latest import job',
  responds: { folders: many(shaped<LibraryFolder>()), writable: one('boolean'), job: LATEST_JOB },
  params: {},
  handle: ({ app }) => ({
    payload: {
      folders: app.deps.catalogue.queries.library.folders().map((f) => ({ ...f, ...watchOf(app, f.source_id) })),
      writable: app.jobs.writable && app.deps.dataDir !== undefined,
      job: latest(app, 'import'),
    },
  }),
});

/** A string a JSON body must give as one (a number is refused, not read as text). */
const bodyText = (description: string, max: number) =>
  spec({ description, required: true }, (raw, name) => {
    if (raw !== undefined && typeof raw !== 'string') throw badParameter(name, 'must be a string');
    const value = textOf(raw, name, max);
    if (value === undefined) throw missingParameter(name);
    return value;
  });

export const importFolder = defineOperation({
  method: 'POST',
  path: '/app/library/import',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Imports (or re-imports) a folder of MP3 files as a job',
  responds: { job: one(shaped<JobState>()) },
  errors: { 409: 'Another job is running' },
  params: { folder: bodyText('The absolute path of a folder of MP3 files', 4096) },
  async handle({ p, app }) {
    const { checkFolder, FolderImportError } = await loadImport();
    const { importFolderOffThread: run } = await import('../../catalogue/import/import-thread');
    let folder: string;
    try {
      folder = await checkFolder(p.folder);
    } catch (err) {
      if (err instanceof FolderImportError) throw new ApiError('BAD_PARAMETER', `Parameter "folder": ${err.message}`);
      throw err;
    }
    const { dataDir } = app.deps;
    if (!dataDir) throw badParameter('folder', 'cannot be imported: this server has no data directory for the covers');
    // An imported folder that is empty now is a disk not mounted: importing it would remove its albums.
    const { library } = app.deps.catalogue.queries;
    const known = library.folders().find((f) => f.path === folder);
    const unavailable = known && (await unavailableReason(folder, library.hasSongs(known.source_id)));
    if (unavailable) throw badParameter('folder', `cannot be imported now: ${unavailable.text}; its albums are kept`);
    const job = app.jobs.startOnCatalogue('import', folder, async (ctx): Promise<ImportJobResult> => {
      const { catalogue, signal, progress, problem } = ctx;
      const result = await run({ catalogue, folder, dataDir, signal, progress, problem, now: app.deps.now });
      app.libraryWatch?.follow(result.sourceId, result.folder, true);
      // The problems themselves are the job's `problems`; the result says how many there were.
      return { ...result, problems: result.problems.length };
    });
    return { payload: { job } };
  },
});

export const listSources = defineOperation({
  method: 'GET',
  path: '/app/sources',
  spellings: 'json',
  auth: 'first-party',
  summary: "The working catalogue's sources with their counts, whether this server can remove, and the latest removal job",
  responds: { sources: many(shaped<SourceDto>()), writable: one('boolean'), job: LATEST_JOB },
  params: {},
  handle: ({ app }) => ({ payload: { sources: app.deps.catalogue.queries.sources.list(), writable: app.jobs.writable, job: latest(app, 'remove-source') } }),
});

const sourceId = spec({ description: 'The id of an imported or synced source', required: true, type: 'integer' }, (raw, name) => {
  if (raw === undefined || raw === '') throw missingParameter(name);
  const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw badParameter(name, 'must be the id of a source (a whole number)');
  return Number(value);
});

export const removeSource = defineOperation({
  method: 'POST',
  path: '/app/sources/remove',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Removes an imported or synced source with everything it brought, as a job',
  responds: { job: one(shaped<JobState>()) },
  errors: { 404: 'No such source', 409: 'Another job is running' },
  params: { source_id: sourceId },
  handle({ p, app }) {
    const { catalogue } = app.deps;
    const id = p.source_id;
    const source = catalogue.queries.sources.list().find((s) => s.source_id === id);
    if (!source) throw new ApiError('NOT_FOUND', `No source ${id}.`);
    if (source.kind === 'bundled') throw badParameter('source_id', `names the bundled source "${source.name}", which cannot be removed`);
    const job = app.jobs.start('remove-source', source.name, async ({ writer, progress }) => {
      progress({ phase: 'remove', done: 0, total: source.entries, current: source.name });
      const covers = catalogue.queries.sources.coverFiles(id);
      app.libraryWatch?.forget(id);
      const removed = writer.removeSource(id);
      // Read after the removal committed: covers another source's entries still name stay.
      const { dataDir } = app.deps;
      if (dataDir) await removeCovers(dataDir, catalogue.queries.sources.unusedCovers(covers));
      progress({ phase: 'remove', done: source.entries, total: source.entries, current: source.name });
      return { source_id: id, ...removed };
    });
    return { payload: { job } };
  },
});

async function remoteSources(app: FastifyInstance): Promise<RemoteSourceView[]> {
  return (await loadSync()).listRemoteSources(app.deps.catalogue).map((s) => ({
    source_id: s.sourceId,
    url: s.url,
    name: s.name,
    entries: s.entries,
    subs: s.subs,
    added_at: s.addedAt,
    last_sync: s.lastSyncAt,
    interrupted: s.interrupted,
    has_key: s.hasKey,
  }));
}

export const syncState = defineOperation({
  method: 'GET',
  path: '/app/sync',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The remote sources with their counts and last sync, whether this server can sync, and the latest sync job',
  responds: { sources: many(shaped<RemoteSourceView>()), writable: one('boolean'), job: LATEST_JOB },
  params: {},
  handle: async ({ app }) => ({ payload: { sources: await remoteSources(app), writable: app.jobs.writable, job: latest(app, 'sync') } }),
});

export const startSync = defineOperation({
  method: 'POST',
  path: '/app/sync/start',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Syncs (or syncs again) a remote Moefou-compatible API into the working catalogue, as a job',
  responds: { job: one(shaped<JobState>()) },
  errors: { 409: 'Another job is running' },
  params: {
    url: requiredText({ description: "The remote API's base URL (http or https)", example: 'http://127.0.0.1:8080', max: 2048 }),
    key: text({ description: "The remote's API key; left out, the key an earlier sync of this remote saved", max: 256 }),
    cache_audio: flag({ description: "Keep copies of the remote's audio in the size-capped cache" }),
    covers: flag({ description: "Save the remote's covers" }),
  },
  async handle({ p, app }) {
    const { cacheDir, dataDir } = app.deps;
    const { normaliseRemoteUrl, syncRemote } = await loadSync();
    let url: string;
    try {
      url = normaliseRemoteUrl(p.url);
    } catch (err) {
      if (err instanceof RangeError) throw badParameter('url', 'must be an http or https URL (http://host:port)');
      throw err;
    }
    if (p.key === undefined && !(await remoteSources(app)).some((s) => s.url === url && s.has_key)) throw missingParameter('key');
    if (p.cache_audio && !cacheDir) throw badParameter('cache_audio', 'cannot be used: this server has no cache directory');
    if (p.covers && !dataDir) throw badParameter('covers', 'cannot be used: this server has no data directory');
    const coversDir = p.covers ? dataDir : undefined;
    const job = app.jobs.start('sync', url, (ctx) =>
      syncRemote({
        writer: ctx.writer,
        url,
        key: p.key,
        cacheAudio: p.cache_audio,
        cacheDir,
        coversDir,
        signal: ctx.signal,
        progress: ctx.progress,
        problem: ctx.problem,
      }),
    );
    return { payload: { job } };
  },
});

export const JOB_OPERATIONS = [listJobs, getJob, cancelJob, library, importFolder, listSources, removeSource, syncState, startSync];
