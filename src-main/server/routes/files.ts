// /files/…: the catalogue's audio, with Range, ETag and Last-Modified from @fastify/static (>= 10.1.3,
// which resolves and confines every path to the root).
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function fileRoutes(app: FastifyInstance, opts: { root: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/files/',
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
