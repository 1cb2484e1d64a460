// Serves the built Vue app: its assets as files, and index.html for every other GET that is not an
// API path (history-mode routes such as /music/12 or /search?q=…).
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const API_PATH = /\.(json|xml)$|^\/(files|covers|app)\//;

export async function uiRoutes(app: FastifyInstance, opts: { rendererDir?: string }): Promise<void> {
  const dir = opts.rendererDir;
  const hasUi = dir !== undefined && existsSync(join(dir, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, { root: dir, prefix: '/', wildcard: false, index: ['index.html'], decorateReply: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (hasUi && request.method === 'GET' && !API_PATH.test(path)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ error: 404, has_error: true, msg: [`Nothing at ${path}.`] });
  });
}
