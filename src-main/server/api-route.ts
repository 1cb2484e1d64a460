// Registers one API operation under its three spellings (`/x`, `/x.json`, `/x.xml`) with the shared
// steps: parse the query, check authority, run the handler, wrap the answer in the envelope.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ApiFormat, Information } from '../contract/envelope';
import { keptForm, plainFormAdded } from './answer-encoding';
import { formatOfUrl, renderEnvelope, sendAnswer } from './envelope';
import { parseQuery, Params, type ParsedQuery } from './params';
import { requireApiKeyOrOAuth } from './plugins/auth';
import { isFirstParty } from './plugins/first-party';
import { siteOf } from './site';
import { withUserFavs } from './user-favs';

export interface ApiResult {
  information?: Partial<Information>;
  msg?: string[];
  payload: Record<string, unknown>;
  informationLast?: boolean;
}

export interface ApiContext {
  params: Params;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The server's own origin, e.g. http://127.0.0.1:4567 (api_url = site_url). */
  site: string;
}

export interface ParamDoc {
  description: string;
  required?: boolean;
  /** An example value for the documentation. */
  example?: string;
}

export interface ApiRouteOptions {
  auth: 'api-key' | 'none';
  /** Short description for the OpenAPI document. */
  summary: string;
  /** The query parameters the operation reads (besides api_key), for the OpenAPI document. */
  params: Record<string, ParamDoc>;
  /** What the envelope carries besides `information`: payload key → contract object name ('WikiDto', …). */
  responds: Record<string, { list: boolean; object: string }>;
  /** True for operations with page, perpage and count. */
  paged: boolean;
  /** A parameter that picks the answer's format (`json`/`xml`) instead of the path suffix, errors included. */
  formatParam?: string;
  /**
   * Keep successful answers in the app's AnswerCache: only for answers that depend on nothing but the
   * catalogue and the query. `'minute'` for answers that also depend on the clock (kept per minute).
   */
  cache?: true | 'minute';
}

export interface ApiOperation extends ApiRouteOptions {
  path: string;
}

/** Every operation registered with apiRoute, in order: the OpenAPI document is generated from it. */
export const API_OPERATIONS: ApiOperation[] = [];

export type ApiHandler = (ctx: ApiContext) => ApiResult | FastifyReply | Promise<ApiResult | FastifyReply>;

/** A lenient early read of the format parameter, so even a malformed query is answered in that format. */
function formatFromParam(url: string, name: string): ApiFormat | null {
  const q = url.indexOf('?');
  const value = q === -1 ? null : new URLSearchParams(url.slice(q + 1)).get(name)?.toLowerCase();
  return value === 'json' || value === 'xml' ? value : null;
}

/**
 * parseQuery's answers for recent raw URLs: a repeated request — one the answer cache serves — skips
 * the parse (decoding every parameter was the largest step left on that path). Parsing is a pure
 * function of the URL; a bad query throws and is never kept; the answers are only read. At most
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


/** Format, origin and the request without credentials (and the clock's minute, when asked). */
function cacheKey(request: FastifyRequest, withoutCredentials: string, now?: number): string {
  const format = request.apiFormat ?? formatOfUrl(request.url);
  return `${format} ${siteOf(request)} ${withoutCredentials}${now === undefined ? '' : ` @${Math.floor(now / 60_000)}`}`;
}

export function apiRoute(app: FastifyInstance, path: string, options: ApiRouteOptions, handler: ApiHandler): void {
  if (!API_OPERATIONS.some((op) => op.path === path)) API_OPERATIONS.push({ path, ...options });
  // Another process (a `moecat import` run) may write the catalogue: the cache follows its data_version.
  if (options.cache) app.answerCache.followSource(app.deps.catalogue.dataVersion);
  for (const suffix of ['', '.json', '.xml']) {
    app.get(`${path}${suffix}`, { schema: { summary: options.summary, tags: ['catalogue'] } as FastifySchema }, async (request, reply) => {
      if (options.formatParam) request.apiFormat = formatFromParam(request.url, options.formatParam);
      const query = parsedQuery(request.url);
      const params = new Params(query.params);
      const signed = options.auth === 'api-key' && requireApiKeyOrOAuth(request, params) === 'oauth';
      // The UI's own reads and OAuth-signed ones carry the user's favourites, so they bypass the shared answer cache.
      const asUser = signed || isFirstParty(request, app.deps.uiToken);
      const key = !asUser && options.cache && cacheKey(request, query.request, options.cache === 'minute' ? app.deps.now() : undefined);
      const cached = key && app.answerCache.get(key);
      if (key && cached) return sendAnswer(reply, plainFormAdded(request, cached, (whole) => app.answerCache.set(key, whole)));
      const generation = app.answerCache.generation;
      const result = await handler({ params, request, reply, site: siteOf(request) });
      if ((result as unknown) === reply) return reply;
      const { information, msg, informationLast } = result as ApiResult;
      const payload = asUser ? withUserFavs((result as ApiResult).payload, app.deps.userDb) : (result as ApiResult).payload;
      const answer = await renderEnvelope(request, { information, msg, payload, informationLast });
      if (key && answer.status === 200) app.answerCache.set(key, keptForm(answer), generation);
      return sendAnswer(reply, answer);
    });
  }
}
