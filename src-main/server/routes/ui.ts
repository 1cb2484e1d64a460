// Serves the built Vue app: its assets as files, and index.html for every other GET that is not an API
// path (history-mode routes such as /music/12 or /search?q=…) — to the UI's own window or a signed-in
// browser only (ui-session.ts). The page carries no credential; a browser that is not signed in gets a
// short page saying how to sign in, and a sign-in link (`?token=`) sets the session cookie and
// redirects to the same address without the token. The page and its assets carry the UI's
// Content-Security-Policy, the same one the desktop window enforces.
// The assets are served by @fastify/static, loaded on the first asset request (lazy-app.ts). The routes
// are the build's top-level files and one wildcard per top-level folder (assets/…), read once at
// start-up, so any other path is a history route; a missing file inside a folder is a 404, not the page.
// Compressed copies written at build time are sent to browsers that accept them, and the content-named
// files under assets/ are cached as immutable.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../content-security-policy';
import { refuseOtherMethods, routeHeadAsGet } from '../allowed-methods';
import { innerApp, lazyApp } from '../lazy-app';
import { sendNotFound } from '../plugins/errors';
import { siteOf } from '../site';
import { LOGIN_PARAM } from '../ui-session';

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

/** Paths that are never the UI: an API suffix in any case (a trailing slash too) or an API prefix. */
const API_PATH = /\.(json|xml)\/?$|^\/(files|covers|app|docs|oauth|fav|user)(\/|$)/i;
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

/** The sign-in page runs nothing and loads nothing: its only style is its own. */
const SIGN_IN_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The page a browser gets before it is signed in: what this is and how to get in. No script. */
function signInPage(reason: 'none' | 'used'): string {
  const why =
    reason === 'used'
      ? '<p>This sign-in link has been used already, or belongs to an earlier run of Moecat.</p>'
      : '<p>This browser is not signed in to this Moecat server.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to Moecat</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; background: #f6f6f8; color: #1d1d22; }
main { max-width: 32rem; margin: 1.5rem; padding: 1.5rem 2rem; background: #fff; border-radius: 12px; box-shadow: 0 2px 12px #0001; }
h1 { margin-top: 0; font-size: 1.4rem; } code { background: #f0f0f3; padding: 0.1rem 0.3rem; border-radius: 4px; }
@media (prefers-color-scheme: dark) { body { background: #16161a; color: #ececf1; } main { background: #222228; } code { background: #2e2e36; } }
</style></head>
<body><main>
<h1>Sign in to Moecat</h1>
${why}
<p>Open the link Moecat printed where it was started — <code>http://127.0.0.1:&lt;port&gt;/?token=…</code>. It signs this
browser in and works once; after it is used, Moecat prints a new one for the next browser.</p>
<p>The link stands in for a password: whoever can reach this port without it gets nothing but this page.
Tools that call the API use an API key instead (<code>moecat keys create</code>).</p>
</main></body></html>
`;
}

export async function uiRoutes(app: FastifyInstance, opts: { rendererDir?: string; log?: (line: string) => void }): Promise<void> {
  const dir = opts.rendererDir;
  const indexFile = dir === undefined ? undefined : join(dir, 'index.html');
  const indexHtml = indexFile !== undefined && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const { sessions } = app;
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
    for (const path of assetRoutes(dir!)) app.get(path, { schema: { hide: true } }, assets.handler);
  }

  const html = (reply: FastifyReply, status: number, body: string, csp = CONTENT_SECURITY_POLICY) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', csp).send(body);
  const signInAnswer = (reply: FastifyReply, status: number, reason: 'none' | 'used') => html(reply, status, signInPage(reason), SIGN_IN_CSP);

  /** A sign-in link: the session cookie and a redirect to the same address without the token. */
  function signIn(request: FastifyRequest, reply: FastifyReply, token: string): FastifyReply {
    if (!sessions.redeem(token)) return signInAnswer(reply, 403, 'used');
    const clean = new URL(request.url, siteOf(request));
    clean.searchParams.delete(LOGIN_PARAM);
    opts.log?.(`A browser signed in. To sign in another one, open ${siteOf(request)}/?${LOGIN_PARAM}=${sessions.issueLoginToken()}`);
    return reply.code(302).header('set-cookie', sessions.sessionCookie(request)).header('cache-control', 'no-store').redirect(`${clean.pathname}${clean.search}`, 302);
  }

  app.setNotFoundHandler((request, reply) => {
    refuseOtherMethods(request, reply, app.allowedMethods);
    if (routeHeadAsGet(app, request, reply)) return;
    const path = request.url.split('?')[0];
    const wanted = UI_PAGES.has(path) ? null : apiFormatWanted(request.url, request.headers.accept);
    if (wanted) {
      request.apiFormat = wanted;
      return sendNotFound(request, reply);
    }
    if (indexHtml === undefined || (request.method !== 'GET' && request.method !== 'HEAD') || (!UI_PAGES.has(path) && API_PATH.test(path))) return sendNotFound(request, reply);
    const token = new URL(request.url, 'http://x').searchParams.get(LOGIN_PARAM);
    if (token !== null && sessions.uiToken) return signIn(request, reply, token);
    // A server without a UI token has no first-party authority to protect: its page is anyone's.
    if (sessions.uiToken && !sessions.carriesUi(request)) return signInAnswer(reply, 401, 'none');
    return html(reply, 200, indexHtml);
  });
}
