// Remote sync for the UI (Settings → Sync): start a sync job, list the remote sources, and serve the
// cached copies of synced audio. The job runs the same syncRemote() as `moecat sync`.
//
//   POST /app/sync/start.json  {url, key?, cache_audio?, covers?} → {job}   (progress: GET /app/jobs/:id.json)
//   GET  /app/sync.json        → {sources, writable, job}: each remote with its counts, last complete
//                                sync, and whether an interrupted run waits to be resumed; whether this
//                                server can sync at all (not with --catalogue); the latest sync job
//   GET  /files/cache/<name>   a cached song (up_url of a cached song points here)
//
// Decisions: first-party only, JSON envelope answers. `url` must be http or https (else 400); `key` may
// be left out when this remote's key was saved by an earlier sync ("Sync again"); `cache_audio` needs
// the user's cache directory and `covers` (save the remote's covers) the data directory — 400 when the
// server has none. The sync module (and Ajv with it) is loaded on first use, so the server starts
// without it.
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { audioCacheDir } from '../../catalogue/sync/audio-cache';
import { badParameter, missingParameter } from '../api-error';
import { bodyOf, firstPartyOnly, onlyAllow, sendNoStore, stringField } from '../app-route-helpers';
import { innerApp, lazyApp } from '../lazy-app';
import type { RemoteSourceView } from '../../contract/app';

export type { RemoteSourceView } from '../../contract/app';

const loadSync = () => import('../../catalogue/sync/remote-sync');

function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name] ?? false;
  if (typeof value !== 'boolean') throw badParameter(name, 'must be true or false');
  return value;
}
const CACHED_NAME = /^\/[0-9A-Za-z_-]+\.mp3$/;

export async function syncRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = firstPartyOnly(app);
  const { cacheDir } = app.deps;

  const sources = async (): Promise<RemoteSourceView[]> =>
    (await loadSync()).listRemoteSources(app.deps.catalogue.db).map((s) => ({
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

  app.get('/app/sync.json', { onRequest }, async (request, reply) =>
    sendNoStore(request, reply, { sources: await sources(), writable: app.jobs.writable, job: app.jobs.list().find((j) => j.kind === 'sync') ?? null }),
  );
  onlyAllow(app, '/app/sync.json', ['GET', 'HEAD']);

  app.post('/app/sync/start.json', { onRequest }, async (request, reply) => {
    const body = bodyOf(request);
    const { normaliseRemoteUrl, syncRemote } = await loadSync();
    let url: string;
    try {
      url = normaliseRemoteUrl(stringField(body, 'url', 2048));
    } catch (err) {
      if (err instanceof RangeError) throw badParameter('url', 'must be an http or https URL (http://host:port)');
      throw err;
    }
    const key = body.key === undefined || body.key === null || body.key === '' ? undefined : stringField(body, 'key', 256).trim();
    if (key === undefined && !(await sources()).some((s) => s.url === url && s.has_key)) throw missingParameter('key');
    const cacheAudio = flag(body, 'cache_audio');
    if (cacheAudio && !cacheDir) throw badParameter('cache_audio', 'cannot be used: this server has no cache directory');
    const covers = flag(body, 'covers');
    if (covers && !app.deps.dataDir) throw badParameter('covers', 'cannot be used: this server has no data directory');
    const coversDir = covers ? app.deps.dataDir : undefined;
    const job = app.jobs.start('sync', url, (ctx) =>
      syncRemote({ writer: ctx.writer, url, key, cacheAudio, cacheDir, coversDir, signal: ctx.signal, progress: ctx.progress, problem: ctx.problem }),
    );
    return sendNoStore(request, reply, { job });
  });
  onlyAllow(app, '/app/sync/start.json', ['POST']);

  if (cacheDir) {
    // @fastify/static is loaded on the first request, in an app of its own (lazy-app.ts), as /files does.
    const root = audioCacheDir(cacheDir);
    const cached = lazyApp(async () => {
      const { default: fastifyStatic } = await import('@fastify/static');
      mkdirSync(root, { recursive: true });
      const inner = await innerApp();
      await inner.register(fastifyStatic, {
        root,
        prefix: '/files/cache/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        acceptRanges: true,
        etag: true,
        lastModified: true,
        // Only the audio: never the sidecars or a download in progress.
        allowedPath: (pathName) => CACHED_NAME.test(pathName),
      });
      return inner;
    });
    app.addHook('onClose', cached.close);
    app.get('/files/cache/*', { schema: { hide: true } }, cached.handler);
  }
}
