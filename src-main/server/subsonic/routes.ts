// The OpenSubsonic face at /rest/ (docs/api.md, "The OpenSubsonic face"): `/rest/<name>` and
// `/rest/<name>.view`, GET or a form POST (the formPost extension), `f=json|xml` (XML by default, as the
// spec says), `c` and `v` required. Every answer — errors included — is HTTP 200 with the spec's body:
// an endpoint of the spec that Moecat does not answer is error 0 "not implemented", any other name
// error 0 too, never a 404 page. Not an operation (operations/): the spec decides its envelope, auth and
// parameters (repeated names included), none of which the Moefou envelope has.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { siteOf } from '../site';
import { authenticate, FailedSignIns } from './auth';
import type { Endpoint, SubsonicContext } from './context';
import { BROWSING_ENDPOINTS } from './browsing';
import { LIST_ENDPOINTS } from './lists';
import { MEDIA_ENDPOINTS } from './media';
import { SYSTEM_ENDPOINTS } from './system';
import { USER_ENDPOINTS } from './user-data';
import { SPEC_ENDPOINTS } from './spec-endpoints';
import { SUBSONIC_CODES, SubsonicError, renderSubsonic, sendSubsonic, sendSubsonicError, type SubsonicFormat } from './response';
import type { CachedAnswer } from '../answer-cache';
import { encodedBody, keptForm, plainFormAdded } from '../answer-encoding';

export const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  ...SYSTEM_ENDPOINTS,
  ...BROWSING_ENDPOINTS,
  ...LIST_ENDPOINTS,
  ...MEDIA_ENDPOINTS,
  ...USER_ENDPOINTS,
};

/** A form POST's body: enough for a playlist's worth of repeated song ids. */
const BODY_LIMIT = 256 * 1024;

function paramsOf(request: FastifyRequest): Map<string, string[]> {
  const params = new Map<string, string[]>();
  const add = (text: string) => {
    for (const [k, v] of new URLSearchParams(text)) params.set(k, [...(params.get(k) ?? []), v]);
  };
  const q = request.url.indexOf('?');
  if (q !== -1) add(request.url.slice(q + 1));
  if (typeof request.body === 'string') add(request.body);
  return params;
}

function checkVersion(v: string): void {
  const m = /^(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?$/.exec(v);
  if (!m) throw new SubsonicError(SUBSONIC_CODES.GENERIC, 'Parameter "v" must be a version such as 1.16.1.');
  if (Number(m[1]) > 1) throw new SubsonicError(SUBSONIC_CODES.SERVER_MUST_UPGRADE, 'Incompatible Subsonic REST protocol version. Server must upgrade.');
  if (Number(m[1]) < 1) throw new SubsonicError(SUBSONIC_CODES.CLIENT_MUST_UPGRADE, 'Incompatible Subsonic REST protocol version. Client must upgrade.');
}

/** Parameters that say who asks, not what: left out of a kept answer's key. */
const CREDENTIALS = new Set(['apiKey', 'u', 'p', 't', 's']);
const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

/**
 * The answer cache's key of a request whose answer may be kept (Endpoint.keep), else undefined: the
 * endpoint, format, host and parameters without credentials, and what the answer shows of the user —
 * nothing for an API key, the favourites' stamp for the password's sign-in (a star added or removed
 * makes new keys). The cache is cleared when the catalogue changes (answer-cache.ts).
 */
function keptKey(name: string, endpoint: Endpoint, ctx: SubsonicContext, format: SubsonicFormat): string | undefined {
  const keep = typeof endpoint.keep === 'function' ? endpoint.keep(ctx) : endpoint.keep === true;
  if (!keep) return undefined;
  const who = ctx.auth === 'user' ? `user ${ctx.app.deps.userDb.favsStamp()}` : ctx.auth;
  const what: string[] = [];
  for (const [k, values] of ctx.params) if (!CREDENTIALS.has(k)) for (const v of values) what.push(`${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `subsonic ${name} ${format} ${ctx.site} ${who} ${what.join('&')}`;
}

/** A kept answer, compressed for a client that takes it (answer-encoding.ts); never stored by a browser or proxy. */
function sendKept(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.code(200).header('cache-control', 'no-store').type(answer.contentType);
  return reply.send(encodedBody(reply, answer));
}

async function answer(app: FastifyInstance, failures: FailedSignIns, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const params = paramsOf(request);
  const f = params.get('f')?.[0];
  const format: SubsonicFormat = f === 'json' ? 'json' : 'xml';
  try {
    if (f !== undefined && f !== 'json' && f !== 'xml') throw new SubsonicError(SUBSONIC_CODES.GENERIC, `Parameter "f" must be json or xml.`);
    const name = request.url
      .split('?')[0]
      .slice('/rest/'.length)
      .replace(/\.view$/, '');
    const endpoint = Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name] : undefined;
    if (!endpoint) {
      const known = SPEC_ENDPOINTS.has(name);
      throw new SubsonicError(SUBSONIC_CODES.GENERIC, known ? `${name} is not implemented by Moecat.` : 'No such endpoint.');
    }
    for (const p of ['c', 'v']) if (!params.get(p)?.[0]) throw new SubsonicError(SUBSONIC_CODES.MISSING_PARAMETER, `Required parameter "${p}" is missing.`);
    checkVersion(params.get('v')![0]);
    const input = (n: string) => params.get(n)?.[0];
    const auth = endpoint.auth === 'none' ? 'none' : authenticate(input, app.deps.userDb, failures, request.ip);
    if (endpoint.auth === 'user' && auth !== 'user')
      throw new SubsonicError(SUBSONIC_CODES.NOT_AUTHORIZED, 'An API key opens the catalogue only: sign in with the Subsonic password for your own data.');
    const userDb = app.deps.userDb;
    const ctx: SubsonicContext = {
      app,
      request,
      reply,
      site: siteOf(request),
      auth,
      params,
      m: {
        timeZone: app.deps.catalogue.timeZone,
        starred: auth === 'user' ? (type, id) => userDb.findFav(type, id)?.fav_date : () => undefined,
      },
    };
    const key = keptKey(name, endpoint, ctx, format);
    const cached = key && app.answerCache.get(key);
    if (key && cached)
      return sendKept(
        reply,
        plainFormAdded(request, cached, (whole) => app.answerCache.setForm(key, whole)),
      );
    const generation = app.answerCache.generation;
    const startedAt = performance.now();
    const result = await endpoint.handle(ctx);
    if ((result as unknown) === reply) return reply;
    if (!key) return await sendSubsonic(reply, format, result as Record<string, unknown>);
    const body = Buffer.from(await renderSubsonic(format, result as Record<string, unknown>));
    const rendered: CachedAnswer = { status: 200, contentType: format === 'xml' ? XML_TYPE : JSON_TYPE, body };
    app.answerCache.set(key, keptForm(rendered), { generation, costMs: performance.now() - startedAt });
    return sendKept(reply, rendered);
  } catch (err) {
    if (err instanceof SubsonicError) return sendSubsonicError(reply, format, err);
    // The catalogue's own refusals (a search keyword over its limits …) are the spec's generic error.
    if (err instanceof ApiError) return sendSubsonicError(reply, format, new SubsonicError(SUBSONIC_CODES.GENERIC, err.messages.join(' ')));
    request.log.error(err);
    return sendSubsonicError(reply, format, new SubsonicError(SUBSONIC_CODES.GENERIC, 'The server failed to answer this request.'));
  }
}

export async function subsonicRoutes(app: FastifyInstance): Promise<void> {
  const failures = new FailedSignIns(app.deps.now);
  // Another process (a `moecat import` run) may write the catalogue: kept answers follow its data_version.
  app.answerCache.followSource(app.deps.catalogue.dataVersion, app.deps.catalogue.sectionStamps);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    // Any other body is no parameters (the spec's POST is a form); the query still is.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, _body, done) => done(null, undefined));
    // What Fastify refuses before the handler (a body over the limit) is the spec's error too, never another envelope.
    scope.setErrorHandler((error, request, reply) => {
      const format = new URLSearchParams(request.url.split('?')[1] ?? '').get('f') === 'json' ? 'json' : 'xml';
      return sendSubsonicError(reply, format, new SubsonicError(SUBSONIC_CODES.GENERIC, (error as Error).message || 'The request cannot be read.'));
    });
    scope.route({ method: ['GET', 'POST'], url: '/rest/*', bodyLimit: BODY_LIMIT, handler: (request, reply) => answer(app, failures, request, reply) });
  });
}
