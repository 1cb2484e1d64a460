// /files/…: the catalogue's audio, with Range, ETag and Last-Modified from @fastify/static (>= 10.1.3,
// which confines every path spelling to the root), plus a real-path check it lacks: it follows symlinks.
// /files/folder/<source id>/<path>: the audio files of an imported folder, served where they are, under
// the same rules: the path is confined to that folder by its real path, so neither '..' nor a symlink
// leaves it; only files with an audio extension an import reads (contract/audio-formats.ts), each with
// its format's MIME type (send's own table knows few of them), no hidden ones. They can change on
// re-import, so they are revalidated. Formats the browser cannot decode are played through
// transcoded-audio.ts.
// @fastify/static is loaded on the first /files request, in an app of its own (lazy-app.ts).
// Not operations: they answer files' bytes (Range, ETag, Last-Modified) at the addresses up_url names,
// with no parameter to read and no envelope, so there is nothing to declare or to describe at /docs.
import type { FastifyInstance } from 'fastify';
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { AUDIO_EXTENSIONS, extensionOf } from '../../contract/audio-formats';
import { transcoderFromEnv } from '../transcoder';
import { folderFile } from './folder-file';
import { transcodedAudioRoutes } from './transcoded-audio';
import { innerApp, lazyApp } from '../lazy-app';
import { sendNotFound } from '../plugins/errors';

const PREFIX = '/files';

function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root); // no audio folder (yet): nothing under it can be served anyway
  }
}

/**
 * False when the requested file exists but its real path (every symlink resolved) lies outside the
 * root. Spellings that do not resolve to a file are left to @fastify/static, which refuses them.
 */
async function staysInside(root: string, url: string): Promise<boolean> {
  const rawPath = url.split('?')[0].slice(PREFIX.length);
  let target: string;
  try {
    target = await realpath(join(root, decodeURIComponent(rawPath)));
  } catch {
    return true;
  }
  return target === root || target.startsWith(root + sep);
}

/** The imported folders' files: an inner app (lazyApp) whose sendFile gives ranges and validators. */
function folderFiles(app: FastifyInstance) {
  return lazyApp(async () => {
    const { default: fastifyStatic } = await import('@fastify/static');
    const inner = await innerApp();
    await inner.register(fastifyStatic, { serve: false, decorateReply: true });
    inner.get<{ Params: { sourceId: string; '*': string } }>(`${PREFIX}/folder/:sourceId/*`, async (request, reply) => {
      const file = await folderFile(app, request.params.sourceId, request.params['*']);
      if (!file) return sendNotFound(request, reply);
      reply.header('cache-control', 'no-cache').type(AUDIO_EXTENSIONS[extensionOf(file.path)] ?? 'application/octet-stream');
      return reply.sendFile(file.path, file.root, {
        acceptRanges: true,
        etag: true,
        lastModified: true,
        cacheControl: false,
        contentType: false,
        dotfiles: 'deny',
        index: false,
      });
    });
    return inner;
  });
}

export async function fileRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  const root = realRoot(opts.root);
  const files = lazyApp(async () => {
    const { default: fastifyStatic } = await import('@fastify/static');
    const inner = await innerApp();
    inner.addHook('onRequest', async (request, reply) => {
      if (await staysInside(root, request.url)) return;
      await sendNotFound(request, reply);
      return reply;
    });
    await inner.register(fastifyStatic, {
      root,
      prefix: `${PREFIX}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      acceptRanges: true,
      etag: true,
      lastModified: true,
      cacheControl: true,
      maxAge: '1h',
    });
    return inner;
  });
  app.addHook('onClose', files.close);
  app.get(`${PREFIX}/*`, files.handler);
  const folders = folderFiles(app);
  app.addHook('onClose', folders.close);
  app.get(`${PREFIX}/folder/:sourceId/*`, folders.handler);
  transcodedAudioRoutes(app, transcoderFromEnv());
}
