// Serves the built Vue app: its assets as files, and index.html for every other GET that is not an
// API path (history-mode routes such as /music/12 or /search?q=…). The page carries the first-party
// key in a meta tag: other origins cannot read it (no CORS headers, and the host check stops DNS
// rebinding), so only the page this server serves acts as the local user. The page and its assets
// carry the UI's Content-Security-Policy, the same one the desktop window enforces.
// The assets are served by @fastify/static, loaded on the first asset request (lazy-app.ts). The routes
// are the build's top-level files and one wildcard per top-level folder (assets/…), read once at
// start-up — a route per file cost ~10 ms of start-up for 40 files — so any other path is a history
// route; a missing file inside a folder is a 404, not the page.
import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../content-security-policy';
import { refuseOtherMethods } from '../allowed-methods';
import { innerApp, lazyApp } from '../lazy-app';
import { sendNotFound } from '../plugins/errors';

const API_PATH = /\.(json|xml)$|^\/(files|covers|app|docs|oauth|fav|user)(\/|$)/;
/** UI pages under an API prefix: the OAuth approval page. */
const UI_PAGES = new Set(['/oauth/authorize']);

/** Routes for the build's top-level files but index.html, and its top-level folders; no dotfiles. */
function assetRoutes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((f) => !f.name.startsWith('.') && f.name !== 'index.html' && (f.isFile() || f.isDirectory()))
    .map((f) => (f.isDirectory() ? `/${f.name}/*` : `/${f.name}`));
}

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
    const assets = lazyApp(async () => {
      const { default: fastifyStatic } = await import('@fastify/static');
      const inner = await innerApp();
      await inner.register(fastifyStatic, {
        root: dir!,
        prefix: '/',
        index: false,
        dotfiles: 'ignore',
        decorateReply: false,
        allowedPath: (path) => path !== '/index.html',
        setHeaders: (reply) => reply.header('content-security-policy', CONTENT_SECURITY_POLICY),
      });
      return inner;
    });
    app.addHook('onClose', assets.close);
    for (const path of assetRoutes(dir!)) app.get(path, { schema: { hide: true } }, assets.handler);
  }
  app.setNotFoundHandler((request, reply) => {
    refuseOtherMethods(request, reply, app.allowedMethods);
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
