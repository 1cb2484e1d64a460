// Serves the built Vue app: its assets as files, and index.html for every other GET that is not an
// API path (history-mode routes such as /music/12 or /search?q=…). The page carries the first-party
// key in a meta tag: other origins cannot read it (no CORS headers, and the host check stops DNS
// rebinding), so only the page this server serves acts as the local user. The page and its assets
// carry the UI's Content-Security-Policy, the same one the desktop window enforces.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../content-security-policy';
import { sendNotFound } from '../plugins/errors';

const API_PATH = /\.(json|xml)$|^\/(files|covers|app|docs|oauth|fav|user)(\/|$)/;
/** UI pages under an API prefix: the OAuth approval page. */
const UI_PAGES = new Set(['/oauth/authorize']);

export async function uiRoutes(app: FastifyInstance, opts: { rendererDir?: string; uiKey?: string; uiToken?: string }): Promise<void> {
  const dir = opts.rendererDir;
  const indexFile = dir === undefined ? undefined : join(dir, 'index.html');
  const hasUi = indexFile !== undefined && existsSync(indexFile);
  let indexHtml: string | undefined;
  if (hasUi) {
    const meta = [
      opts.uiKey ? `<meta name="moecat-api-key" content="${opts.uiKey}">` : '',
      opts.uiToken ? `<meta name="moecat-ui-token" content="${opts.uiToken}">` : '',
    ].join('');
    indexHtml = readFileSync(indexFile, 'utf8').replace('</head>', `${meta}</head>`);
    // index.html itself is answered below (with the key); everything else in the folder is a file.
    await app.register(fastifyStatic, {
      root: dir!,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      allowedPath: (path) => path !== '/index.html',
      setHeaders: (reply) => reply.header('content-security-policy', CONTENT_SECURITY_POLICY),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (indexHtml !== undefined && (request.method === 'GET' || request.method === 'HEAD') && (UI_PAGES.has(path) || !API_PATH.test(path))) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .send(indexHtml);
    }
    return sendNotFound(request, reply);
  });
}
