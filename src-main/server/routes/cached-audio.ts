// GET /files/cache/<name>: the cached copies of synced audio (a cached song's up_url points here).
// @fastify/static is loaded on the first request, in an app of its own (lazy-app.ts), as /files does.
// Not an operation: it answers a file's bytes (Range, ETag) at whatever address a song's up_url names,
// with no parameter to read and no envelope, so there is nothing to declare or to describe at /docs.
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { audioCacheDir } from '../../catalogue/sync/audio-cache';
import { innerApp, lazyApp } from '../lazy-app';

const CACHED_NAME = /^\/[0-9A-Za-z_-]+\.mp3$/;

export async function cachedAudioRoutes(app: FastifyInstance): Promise<void> {
  const { cacheDir } = app.deps;
  if (!cacheDir) return;
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
  app.get('/files/cache/*', cached.handler);
}
