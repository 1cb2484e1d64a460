// The one way to declare an operation of the API: its method and path, who may call it, its parameters
// (each spec both reads and documents one), what it answers, and whether the answer may be cached.
// serve.ts registers declarations with Fastify and docs.ts describes the same declarations in OpenAPI,
// so what /docs says is what the server does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Information } from '../../contract/envelope';

/**
 * Who may call an operation:
 * - none: anyone (the portal, the UI's status);
 * - api-key: an active `api_key`, a request signed with an OAuth access token, or the app's own UI;
 * - user: the local user's own data — the app's UI or a tool connected with OAuth, Origin checked;
 * - first-party: the app's own UI only, Origin checked.
 */
export type Auth = 'none' | 'api-key' | 'user' | 'first-party';

/** The raw value of a parameter: text from the query or a form, or a JSON body's string, number or boolean. */
export type RawValue = string | number | boolean;

export interface ParamSpec<T> {
  description: string;
  example?: string;
  required?: boolean;
  /** `path`: a segment of the path (`/app/jobs/:id`); else the query, or for a POST also its body. */
  in?: 'query' | 'path';
  /** The type /docs shows (the wire carries text either way). */
  type?: 'string' | 'integer' | 'boolean';
  /** Reads and checks the parameter: its value, or an ApiError naming it. */
  read(raw: RawValue | undefined, name: string, app: FastifyInstance): T;
}

export type ParamSpecs = Record<string, ParamSpec<unknown>>;
export type ParamValues<S extends ParamSpecs> = { [K in keyof S]: S[K] extends ParamSpec<infer T> ? T : never };

/** A payload key and what it holds: a contract object's name (schemas.ts) or a JSON type. */
export interface Responds {
  list: boolean;
  object: string;
}

/** What a handler answers: the envelope's payload, with what `information` adds. */
export interface Answer {
  payload: Record<string, unknown>;
  information?: Partial<Information>;
  msg?: string[];
  /** The portal's own fields come first, then `information`. */
  informationLast?: boolean;
}

export interface OperationContext<S extends ParamSpecs> {
  p: ParamValues<S>;
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The server's own origin, e.g. http://127.0.0.1:4567 (api_url = site_url). */
  site: string;
  /** The caller acts as the local user (the app's UI, or a request signed with an OAuth access token), not with a bare API key. */
  asUser: boolean;
}

export interface Operation<S extends ParamSpecs = ParamSpecs> {
  method: 'GET' | 'POST';
  /** A GET that also answers POST, its parameters in the query or a form or JSON body (PHP widgets post). */
  alsoPost?: boolean;
  /** Without a format suffix; `:name` is a path parameter. */
  path: string;
  /**
   * The UI's page paths that answer this operation when asked with `api=json` or `api=xml`
   * (`/music/:wiki_id`); without `api` they are the UI's pages. Their `:name`s fill parameters.
   */
  pagePaths?: readonly string[];
  /**
   * `api`: `path`, `path.json` and `path.xml` (JSON without a suffix), as Moefou clients call them;
   * `json`: only `path.json` (the UI's own endpoints).
   */
  spellings: 'api' | 'json';
  /**
   * The answer is a file of this media type (a calendar), at `path` + `suffix` only, instead of an
   * envelope; failures are still the JSON envelope. The handler sends it and returns the reply.
   */
  file?: { suffix: string; type: string };
  auth: Auth;
  /** A POST body's largest size in bytes, when more than serve.ts's BODY_LIMIT (an imported playlist file). */
  bodyLimit?: number;
  summary: string;
  /** What /docs adds below the summary: decisions a caller should know. */
  notes?: string;
  params: S;
  responds: Record<string, Responds>;
  /** page, perpage and count in `information`. */
  paged?: boolean;
  /** Only some of `responds` are in every answer (on-air's requested weekdays). */
  optionalPayload?: string;
  /** A parameter that picks the format (`json`/`xml`) instead of the path, errors included. */
  formatParam?: string;
  /** Without `formatParam`, the operation answers a redirect: what /docs says of it. */
  redirects?: string;
  /** Answers besides 200, 400, 401, 403 and 500: status → when. */
  errors?: Record<number, string>;
  /**
   * Keep successful answers in the answer cache: only for answers that depend on nothing but the
   * catalogue and the query ('minute': also on the clock, kept per minute). Never for the user's data.
   */
  cache?: 'catalogue' | 'minute';
  handle(ctx: OperationContext<S>): Answer | FastifyReply | Promise<Answer | FastifyReply>;
}

/** Declares an operation, its handler typed by its parameter specs. */
export function defineOperation<S extends ParamSpecs>(op: Operation<S>): Operation {
  return op as unknown as Operation;
}
