// Shared steps of the routes over the local user's own data (favourites, recently played): each path
// under its three spellings, parameters from the query or a form/JSON body (never the same name in
// both), 405 with `Allow` for other methods, and answers that no cache may keep.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badParameter } from './api-error';
import { sendEnvelope } from './envelope';
import { parseQuery, Params } from './params';

export { onlyAllow } from './app-route-helpers';

/** Like apiRoute: `/x` and `/x.json` answer JSON, `/x.xml` XML. */
export const SUFFIXES = ['', '.json', '.xml'] as const;
export const BODY_LIMIT = 4096;

/** Query and body parameters as one map; a name in both is refused rather than guessed. */
export function paramsOf(request: FastifyRequest): Params {
  const all = parseQuery(request.url).params;
  const body = request.body;
  if (body === undefined || body === null || body === '') return new Params(all);
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_PARAMETER', 'The body must be form fields or a JSON object.');
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (all.has(name)) throw badParameter(name, 'is given more than once');
    if (typeof value !== 'string' && typeof value !== 'number') throw badParameter(name, 'must be a string or a number');
    all.set(name, String(value));
  }
  return new Params(all);
}

/**
 * Form posts (what Moefou clients send), parsed in this plugin's scope only; JSON bodies use Fastify's
 * own parser. A repeated field is a 400, as in the query.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    try {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        if (k in fields) return done(badParameter(k, 'is given more than once'));
        fields[k] = v;
      }
      done(null, fields);
    } catch (err) {
      done(err as Error);
    }
  });
}


/** The envelope, marked as never to be stored: it shows the user's own data. */
export function sendPrivate(request: FastifyRequest, reply: FastifyReply, content: Parameters<typeof sendEnvelope>[2]): Promise<FastifyReply> {
  return sendEnvelope(request, reply.header('cache-control', 'no-store'), content);
}

export interface UserParamDoc {
  description: string;
  required?: boolean;
  example?: string;
}

/** What the OpenAPI document says about one of these operations (docs.ts renders it). */
export interface UserOperation {
  method: 'GET' | 'POST';
  /** Without suffix; documented under its three spellings. */
  path: string;
  summary: string;
  params: Record<string, UserParamDoc>;
  /** Payload key → contract object name, as apiRoute's `responds`. */
  responds: Record<string, { list: boolean; object: string }>;
  paged: boolean;
  /** Answers besides 200, 400, 401, 403 and 500: status → when. */
  errors: Record<number, string>;
  /** Also open to a tool connected with OAuth (a request signed with its access token), not only the UI. */
  oauth?: boolean;
}

/** Every such operation a route module registered, in order (per process, like API_OPERATIONS). */
export const USER_OPERATIONS: UserOperation[] = [];

export function documentUserOperation(op: UserOperation): void {
  if (!USER_OPERATIONS.some((o) => o.method === op.method && o.path === op.path)) USER_OPERATIONS.push(op);
}
