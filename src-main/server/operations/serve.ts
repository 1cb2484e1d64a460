// Serves declared operations (define.ts) with Fastify: each spelling of each path, the methods it takes
// (others are a 405 from the not-found handler), the authority it asks for, its parameters read from the
// query (parsed once and kept for the envelope) or, for a POST, also from a form or JSON body — every
// form read by the one parser here, OAuth's signed ones included — the answer cache, and the envelope in
// the format asked for (or, for OAuth's token steps, form fields).
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ApiFormat } from '../../contract/envelope';
import { keptForm, plainFormAdded } from '../answer-encoding';
import { ApiError, badParameter } from '../api-error';
import { refuseOtherMethods } from '../allowed-methods';
import { formatOfUrl, renderEnvelope, sendAnswer } from '../envelope';
import { innerApp, lazyApp } from '../lazy-app';
import { requireApiKeyOrOAuth } from '../plugins/auth';
import { isFirstParty, requireFirstParty, userAuthority } from '../plugins/first-party';
import { sendNotFound } from '../plugins/errors';
import { withoutFolderPaths } from '../folder-paths';
import { percentEncode } from '../oauth/signature';
import { isObjectKey, parseQuery, type ParsedQuery } from '../query';
import { siteOf } from '../site';
import { withUserFavs } from '../user-favs';
import type { Answer, Operation, RawValue } from './define';

declare module 'fastify' {
  interface FastifyRequest {
    /** The query as parseQuery read it, once per request (the envelope echoes it). */
    parsedQuery: ParsedQuery | null;
  }
}

/** A POST's body: form fields (what Moefou clients post) or a JSON object, at most this many bytes. */
export const BODY_LIMIT = 4096;

/**
 * The router's options for every app that serves operations: a trailing slash names the same operation
 * (`/search/wiki.json/`); the query is read once, by the operation (Fastify's own parse of it into
 * request.query, which nothing reads, is skipped); and the one regular expression in a route is
 * routePaths' own, so the router's check of each for catastrophic backtracking is skipped.
 */
export const OPERATION_ROUTER_OPTIONS = {
  maxParamLength: 500,
  querystringParser: () => ({}),
  ignoreTrailingSlash: true,
  allowUnsafeRegex: true,
} satisfies FastifyServerOptions['routerOptions'];

/** The spellings of an API operation's path: bare (JSON), `.json` and `.xml`. */
export const API_SUFFIXES: readonly string[] = ['', '.json', '.xml'];

export const suffixesOf = (op: Pick<Operation, 'spellings' | 'file'>): readonly string[] =>
  op.file ? [op.file.suffix] : op.spellings === 'api' ? API_SUFFIXES : ['.json'];

/**
 * The router's paths for `path` + each of `suffixes`. The three API spellings are one route whose last
 * part is a parameter the router matches against them (every route costs start-up time, which has a
 * target: docs/search-and-performance.md, "Ready") — unless the path ends in a parameter, which another
 * cannot follow in the same segment.
 */
export function routePaths(path: string, suffixes: readonly string[]): string[] {
  if (suffixes === API_SUFFIXES && !/\/:[^/]+$/.test(path)) return [`${path}:spelling(^(\\.json|\\.xml)?$)`];
  return suffixes.map((suffix) => `${path}${suffix}`);
}

/**
 * parseQuery's answers for recent raw URLs: a repeated request — one the answer cache serves — skips
 * the parse. Parsing is a pure function of the URL; a bad query throws and is never kept. At most
 * PARSED_URLS URLs of at most 1 KB each.
 */
const PARSED_URLS = 2000;
const parsedUrls = new Map<string, ParsedQuery>();
function parsedQuery(url: string): ParsedQuery {
  let query = parsedUrls.get(url);
  if (query === undefined) {
    query = parseQuery(url);
    if (url.length <= 1024) {
      if (parsedUrls.size >= PARSED_URLS) parsedUrls.clear();
      parsedUrls.set(url, query);
    }
  }
  return query;
}

/** A lenient early read of the format parameter, so even a malformed query is answered in that format. */
function formatFromParam(url: string, name: string): ApiFormat | null {
  const q = url.indexOf('?');
  const value = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get(name)?.toLowerCase();
  return value === 'json' || value === 'xml' ? value : null;
}

/** The query's parameters, and for a POST its body's: a name in both is refused rather than guessed. */
function inputOf(request: FastifyRequest, query: ParsedQuery): Map<string, RawValue> {
  const input = new Map<string, RawValue>(query.params);
  const body = request.body;
  if (body === undefined || body === null || body === '') return input;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_PARAMETER', 'The body must be form fields or a JSON object.');
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (isObjectKey(name)) throw badParameter(name, 'is not accepted as a parameter name');
    if (input.has(name)) throw badParameter(name, 'is given more than once');
    if (value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw badParameter(name, 'must be a string, a number or true or false');
    input.set(name, value);
  }
  return input;
}

/** Format, origin and the request without credentials (and the clock's minute, when asked). */
function cacheKey(request: FastifyRequest, withoutCredentials: string, now?: number): string {
  const format = request.apiFormat ?? formatOfUrl(request.url);
  return `${format} ${siteOf(request)} ${withoutCredentials}${now === undefined ? '' : ` @${Math.floor(now / 60_000)}`}`;
}

/**
 * Whether `api=json|xml` chooses the format, over the path's suffix: on every spelling of the API's
 * operations that answer the envelope.
 */
const takesFormatParam = (op: Operation, page: boolean) => page || op.formatParam !== undefined || (op.spellings === 'api' && !op.file && !op.answersForm);

/** Form fields as OAuth answers them (RFC 5849 §2.1, §2.3: names and values percent-encoded as in §3.6). */
function sendForm(reply: FastifyReply, fields: Record<string, unknown>): FastifyReply {
  const body = Object.entries(fields)
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(String(v))}`)
    .join('&');
  return reply.code(200).header('cache-control', 'no-store').type('application/x-www-form-urlencoded').send(body);
}

/**
 * The route's hooks: the authority of the UI's and the user's operations, checked before the body is
 * read. The format a parameter asks for is chosen first, so that their refusals — and a body that cannot
 * be read — answer in it; other routes choose it in `answer`, with no hook to run.
 */
function hooksOf(op: Operation, page = false) {
  const chooseFormat = takesFormatParam(op, page)
    ? (request: FastifyRequest) => void (request.apiFormat = formatFromParam(request.url, op.formatParam ?? 'api'))
    : undefined;
  const authority = op.auth === 'first-party' ? requireFirstParty : op.auth === 'user' ? userAuthority.onRequest : undefined;
  if (!authority && !(chooseFormat && (op.method === 'POST' || op.alsoPost))) return {};
  const onRequest = async (request: FastifyRequest) => {
    chooseFormat?.(request);
    await authority?.(request);
  };
  return op.auth === 'user' ? { onRequest, preHandler: userAuthority.preHandler } : { onRequest };
}

async function answer(op: Operation, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, page = false): Promise<FastifyReply> {
  if (takesFormatParam(op, page)) request.apiFormat = formatFromParam(request.url, op.formatParam ?? 'api');
  const query = parsedQuery(request.url);
  request.parsedQuery = query;
  // A signed request's parameters are read where they were signed (oauth/verify.ts), never merged.
  const input = op.auth === 'oauth-consumer' ? new Map<string, RawValue>(query.params) : inputOf(request, query);
  // The UI's own reads need no key; they and OAuth-signed ones carry the user's favourites, so they
  // bypass the shared cache.
  const ui = op.auth === 'api-key' && isFirstParty(request);
  const asUser = ui || (op.auth === 'api-key' && requireApiKeyOrOAuth(request, input) === 'oauth');
  const key = !asUser && op.cache && cacheKey(request, query.request, op.cache === 'minute' ? app.deps.now() : undefined);
  const cached = key && app.answerCache.get(key);
  if (key && cached)
    return sendAnswer(
      reply,
      plainFormAdded(request, cached, (whole) => app.answerCache.setForm(key, whole)),
    );
  const generation = app.answerCache.generation;
  const startedAt = performance.now();

  const pathParams = (request.params ?? {}) as Record<string, string>;
  const p: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(op.params)) {
    const fromPage = page ? pathParams[name] : undefined;
    if (fromPage !== undefined && input.has(name)) throw badParameter(name, 'is given in the path and again in the query');
    p[name] = spec.read(spec.in === 'path' ? pathParams[name] : (fromPage ?? input.get(name)), name, app);
  }
  const result = await op.handle({ p, app, request, reply, site: siteOf(request), asUser });
  if ((result as unknown) === reply) return reply;
  if (op.answersForm) return sendForm(reply, (result as Answer).payload);
  const { information, msg, informationLast } = result as Answer;
  // Where an imported album lies on this machine is for the app's own UI alone (folder-paths.ts).
  const ownUi = ui || op.auth === 'first-party' || (op.auth === 'user' && isFirstParty(request));
  const shown = ownUi ? (result as Answer).payload : withoutFolderPaths((result as Answer).payload);
  const payload = asUser ? withUserFavs(shown, app.deps.userDb) : shown;
  const rendered = await renderEnvelope(request, { information, msg, payload, informationLast });
  if (key && rendered.status === 200)
    app.answerCache.set(key, keptForm(rendered), { generation, reads: op.reads?.(p as never), costMs: performance.now() - startedAt });
  // The user's own data, and anything the UI alone may see, is never stored by a browser or proxy.
  if (op.auth === 'user' || op.auth === 'first-party') reply.header('cache-control', 'no-store');
  return sendAnswer(reply, rendered);
}

/**
 * Form posts, parsed in the operations' scope only (JSON uses Fastify's own parser): a repeated field is a
 * 400, and so is a name that would be an object's own key (isObjectKey); any other name, `toString`
 * included, is a field like the rest.
 */
function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    try {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        if (isObjectKey(k)) return done(badParameter(k, 'is not accepted as a parameter name'));
        if (Object.hasOwn(fields, k)) return done(badParameter(k, 'is given more than once'));
        fields[k] = v;
      }
      done(null, fields);
    } catch (err) {
      done(err as Error);
    }
  });
}

/** The methods each spelling of each operation's path takes: the not-found handler answers others 405. */
export function allowOperationMethods(app: FastifyInstance, operations: readonly Operation[]): void {
  const methods = new Map<string, Set<string>>();
  for (const op of operations) {
    for (const suffix of suffixesOf(op)) {
      const url = `${op.path}${suffix}`;
      const taken = methods.get(url) ?? new Set<string>();
      // GET first: the order `Allow` and the 405's message list them in.
      if (op.alsoGet) taken.add('GET');
      taken.add(op.method);
      if (op.alsoPost) taken.add('POST');
      if (op.method === 'GET') taken.add('HEAD');
      methods.set(url, taken);
    }
  }
  for (const [url, taken] of methods) app.allowedMethods.add(url, [...taken]);
}

/**
 * Registers the routes of `operations` on `into` — the app itself, or an app of their own — answered
 * with `app`'s catalogue, cache and authority.
 */
export async function serveOperations(app: FastifyInstance, operations: readonly Operation[], into = app): Promise<void> {
  into.decorateRequest('parsedQuery', null);
  await into.register(async (scope) => {
    acceptFormBodies(scope);
    for (const op of operations) {
      // Another process (a `moecat import` run) may write the catalogue: the cache follows its data_version.
      if (op.cache) app.answerCache.followSource(app.deps.catalogue.dataVersion, app.deps.catalogue.sectionStamps);
      const opMethods = op.alsoPost ? [op.method, 'POST' as const] : op.alsoGet ? [op.method, 'GET' as const] : [op.method];
      for (const url of routePaths(op.path, suffixesOf(op))) {
        scope.route({
          method: opMethods,
          url,
          bodyLimit: op.bodyLimit ?? BODY_LIMIT,
          ...hooksOf(op),
          handler: (request, reply) => answer(op, app, request, reply),
        });
      }
      // A UI page asked for the API (`/music/12?api=json`); without `api` it is the UI's page.
      for (const url of op.pagePaths ?? []) {
        scope.route({
          method: 'GET',
          url,
          ...hooksOf(op, true),
          handler: (request, reply) => (formatFromParam(request.url, 'api') ? answer(op, app, request, reply, true) : reply.callNotFound()),
        });
      }
    }
  });
}

/**
 * Serves `operations`, every path under `prefix`, from an app of their own built on the first request
 * under `prefix`: their routes cost start-up nothing (docs/search-and-performance.md, "Start-up"). The
 * server's host check has run when a request is handed over, before its body is read; the app has the
 * server's authority (`sessions`, `deps`) for the operations' own checks, and its not-found handler
 * answers 405 by the server's rules (allowOperationMethods) and else 404.
 */
export function serveOnFirstUse(app: FastifyInstance, prefix: string, operations: readonly Operation[]): void {
  const own = lazyApp(async () => {
    const inner = await innerApp({
      routerOptions: OPERATION_ROUTER_OPTIONS,
      notFound: (request, reply) => {
        refuseOtherMethods(request, reply, app.allowedMethods);
        return sendNotFound(request, reply);
      },
    });
    inner.decorate('sessions', app.sessions);
    inner.decorate('deps', app.deps);
    await serveOperations(app, operations, inner);
    return inner;
  });
  app.addHook('onClose', own.close);
  app.route({ method: ['GET', 'POST'], url: `${prefix}*`, onRequest: own.handler, handler: own.handler });
}
