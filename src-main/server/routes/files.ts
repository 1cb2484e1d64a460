// /files/…: the catalogue's audio, with Range, ETag and Last-Modified from @fastify/static (>= 10.1.3,
// which confines every path spelling to the root), plus a real-path check it lacks: it follows symlinks.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
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

export async function fileRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  const root = realRoot(opts.root);
  // Encapsulated in this plugin: runs only for /files/… requests.
  app.addHook('onRequest', async (request, reply) => {
    if (await staysInside(root, request.url)) return;
    await sendNotFound(request, reply);
    return reply;
  });
  await app.register(fastifyStatic, {
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
}
