// Serves the built Vue app: its assets as files, and index.html for every other GET that is not an API
// path (history-mode routes such as /music/12 or /search?q=…). The page is anyone's and carries no
// credential: the app shows a browser that is not signed in how to sign in, and trades a sign-in link's
// token (`?token=`) for a session itself (ui-session.ts), so the server never redirects and never sets a
// cookie. The page and its assets carry the UI's Content-Security-Policy, the same one the desktop
// window enforces.
// The assets are served by @fastify/static, loaded on the first asset request (lazy-app.ts). The routes
// are the build's top-level files and one wildcard per top-level folder (assets/…), read once at
// start-up, so any other path is a history route; a missing file inside a folder is a 404, not the page.
// Compressed copies written at build time are sent to browsers that accept them, and the content-named
// files under assets/ are cached as immutable.
// Not operations: these are the pages and files of the app, not answers of the API; the UI pages that
// do answer the API when asked with `api=json|xml` are declared with their operations (`pagePaths`).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../content-security-policy';
import { refuseOtherMethods, routeHeadAsGet } from '../allowed-methods';
import { innerApp, lazyApp } from '../lazy-app';
import { sendNotFound } from '../plugins/errors';

/**
 * The API format a request to an unknown path asks for, if it asks for one: `api=json|xml`, or an
 * Accept header naming JSON (or XML) but not HTML, as API clients send and browsers never do.
 */
export function apiFormatWanted(url: string, accept: string | undefined): 'json' | 'xml' | null {
  const q = url.indexOf('?');
  const api = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get('api')?.toLowerCase();
  if (api === 'json' || api === 'xml') return api;
  const types = (accept ?? '').toLowerCase();
  if (!types || types.includes('text/html')) return null;
  if (/application\/(?:[\w.+-]*\+)?json/.test(types)) return 'json';
  if (/(?:application|text)\/xml/.test(types)) return 'xml';
  return null;
}

/** Paths that are never the UI: an API suffix in any case (trailing slashes too, written or encoded) or an API prefix. */
const API_PATH = /\.(json|xml)(\/|%2f)*$|^\/(files|covers|app|docs|oauth|fav|user)(\/|%2f|$)/i;
/** UI pages under an API prefix: the OAuth approval page. */
const UI_PAGES = new Set(['/oauth/authorize']);

/** The build's folder of content-named files (Vite's assets/): cached for good. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Routes for the build's top-level files but index.html and compressed copies, and its top-level folders; no dotfiles. */
function assetRoutes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((f) => !f.name.startsWith('.') && f.name !== 'index.html' && !/\.(br|gz)$/.test(f.name) && (f.isFile() || f.isDirectory()))
    .map((f) => (f.isDirectory() ? `/${f.name}/*` : `/${f.name}`));
}

export async function uiRoutes(app: FastifyInstance, opts: { rendererDir?: string }): Promise<void> {
  const dir = opts.rendererDir;
  const indexFile = dir === undefined ? undefined : join(dir, 'index.html');
  const indexHtml = indexFile !== undefined && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml !== undefined) {
    // index.html itself is answered below (to a signed-in browser); everything else in the folder is a file.
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
        // The build's .br and .gz copies (tools/precompress.ts), chosen by the browser's Accept-Encoding.
        preCompressed: true,
        setHeaders: (reply, path) => {
          reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
          // Vite names what it puts under assets/ by content: a name never changes meaning, so no revalidation.
          if (relative(dir!, path).split(sep)[0] === HASHED_DIR) reply.header('cache-control', IMMUTABLE);
        },
      });
      return inner;
    });
    app.addHook('onClose', assets.close);
    for (const path of assetRoutes(dir!)) app.get(path, assets.handler);
  }

  // The page is the same for everyone and holds no credential. A sign-in link's token is in its address
  // until the page trades it: no Referer carries it anywhere.
  const page = (reply: FastifyReply) =>
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(indexHtml);

  app.setNotFoundHandler((request, reply) => {
    refuseOtherMethods(request, reply, app.allowedMethods);
    if (routeHeadAsGet(app, request, reply)) return;
    const path = request.url.split('?')[0];
    const wanted = UI_PAGES.has(path) ? null : apiFormatWanted(request.url, request.headers.accept);
    if (wanted) {
      request.apiFormat = wanted;
      return sendNotFound(request, reply);
    }
    if (indexHtml === undefined || (request.method !== 'GET' && request.method !== 'HEAD') || (!UI_PAGES.has(path) && API_PATH.test(path)))
      return sendNotFound(request, reply);
    return page(reply);
  });
}
