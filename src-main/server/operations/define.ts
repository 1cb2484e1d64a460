// The one way to declare an operation of the API: its method and path, who may call it, its parameters
// (each spec both reads and documents one), what it answers, and whether the answer may be cached.
// serve.ts registers declarations with Fastify and docs.ts describes the same declarations in OpenAPI,
// so what /docs says is what the server does.
//
// What an operation answers is typed from what it declares: each payload key of `responds` points at a
// contract schema (contract/schemas.ts, whose types objects.ts reads), a plain JSON type, or `shaped<T>()`
// — an object without a schema of its own, which /docs shows as a bare `object` (the UI's views in
// contract/app.ts, a playlist, a job) but whose TypeScript type T the handler must still answer. So
// `handle` that returns a payload key `responds` does not declare, leaves one out (unless the payload is
// optional), or puts another type under one, fails the typecheck. The check is of the payload's own keys
// and the types of their values: an object nested in a value is held to its type, not to exactness.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Information } from '../../contract/envelope';
import type { EntrySection } from '../../contract/sections';
import type { CONTRACT_SCHEMAS, FromSchema } from '../../contract/schemas';

/**
 * Who may call an operation:
 * - none: anyone (the portal, the UI's status);
 * - api-key: an active `api_key`, a request signed with an OAuth access token, or the app's own UI;
 * - user: the local user's own data — the app's UI or a tool connected with OAuth, Origin checked;
 * - first-party: the app's own UI only, Origin checked;
 * - oauth-consumer: a tool signing with its API key and secret as OAuth consumer, in OAuth's own token
 *   steps. The handler checks the signature (oauth/verify.ts), which covers every parameter wherever it
 *   was sent — the Authorization header, the query or a form body — and reads them from there; so the
 *   body is not merged into the parameters, and the declared ones are only described.
 */
export type Auth = 'none' | 'api-key' | 'user' | 'first-party' | 'oauth-consumer';

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

/** A JSON type /docs names for a payload value that is not an object: a count, a flag, the portal's url. */
export type JsonType = 'string' | 'integer' | 'boolean';

/** A payload object without a schema: /docs shows a bare `object`, and the handler must answer a T. */
export interface Shaped<T> {
  readonly shaped: true;
  /** Never present: it carries T for the typecheck. */
  readonly of?: T;
}

const SHAPED: Shaped<never> = Object.freeze({ shaped: true });

/** A payload object of type T that has no schema (see Shaped). */
export const shaped = <T>(): Shaped<T> => SHAPED;

export const isShaped = (object: unknown): object is Shaped<unknown> => object === SHAPED;

/** A schema /docs names in its components. */
export type ContractSchema = (typeof CONTRACT_SCHEMAS)[keyof typeof CONTRACT_SCHEMAS];

/** What a payload value is: a contract schema's object, a JSON type or a shaped object. */
export type Responded = ContractSchema | JsonType | Shaped<unknown>;

/** What a payload key holds: one value, or a list of them. */
export interface Responds<O extends Responded = Responded> {
  readonly list: boolean;
  readonly object: O;
}
export type One<O extends Responded> = Responds<O> & { readonly list: false };
export type Many<O extends Responded> = Responds<O> & { readonly list: true };

/** One value under a payload key. */
export const one = <O extends Responded>(object: O): One<O> => ({ list: false, object });
/** A list under a payload key. */
export const many = <O extends Responded>(object: O): Many<O> => ({ list: true, object });

export type Payloads = Record<string, Responds>;

type ValueOf<O> = O extends 'string' ? string : O extends 'integer' ? number : O extends 'boolean' ? boolean : O extends Shaped<infer T> ? T : FromSchema<O>;

/** The payload `responds` declares, as TypeScript. */
export type PayloadOf<R extends Payloads> = { -readonly [K in keyof R]: R[K] extends { list: true; object: infer O } ? ValueOf<O>[] : ValueOf<R[K]['object']> };

/** What a handler answers: the envelope's payload, with what `information` adds. */
export interface Answer<P extends object = Record<string, unknown>> {
  payload: P;
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

/** An operation: `S` its parameter specs, `R` what it responds, `A` its handler's answer. */
export interface Operation<S extends ParamSpecs = ParamSpecs, R extends Payloads = Payloads, A extends Answer<object> = Answer> {
  method: 'GET' | 'POST';
  /** A GET that also answers POST, its parameters in the query or a form or JSON body (PHP widgets post). */
  alsoPost?: boolean;
  /**
   * A POST that also answers GET, as some OAuth clients send it; never HEAD, whose answer would drop
   * what the request made.
   */
  alsoGet?: boolean;
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
  /**
   * The payload is sent as application/x-www-form-urlencoded fields instead of the envelope, as OAuth's
   * token answers are (RFC 5849 §2.1, §2.3): each `responds` value a string, in the handler's order,
   * never stored by a cache. Failures are still the envelope, in the format of the path's suffix.
   */
  answersForm?: boolean;
  auth: Auth;
  /** A POST body's largest size in bytes, when more than serve.ts's BODY_LIMIT (an imported playlist file). */
  bodyLimit?: number;
  summary: string;
  /** What /docs adds below the summary: decisions a caller should know. */
  notes?: string;
  params: S;
  /** The payload's keys and what each holds, in the order they are sent; `handle`'s answer is typed from it. */
  responds: R;
  /** page, perpage and count in `information`. */
  paged?: boolean;
  /** Only some of `responds` are in every answer (on-air's requested weekdays): what /docs says of it. */
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
  /**
   * The catalogue's sections a cached answer is made of, when it is made of some alone (On air: anime):
   * it is kept while the others change (answer-cache.ts). Undefined: any change clears it.
   */
  reads?(p: ParamValues<S>): readonly EntrySection[] | undefined;
  handle(ctx: OperationContext<S>): A | FastifyReply | Promise<A | FastifyReply>;
}

/** The payload keys an answer has that `responds` does not declare. */
type Undeclared<A, R> = A extends { payload: infer P } ? Exclude<keyof P, keyof R> : never;
/** Nothing when `A` keeps to `R`; else a demand no handler meets, whose text says which keys are undeclared. */
type Declared<A, R> = [Undeclared<A, R>] extends [never]
  ? unknown
  : { handle: `answers payload keys its responds does not declare: ${Undeclared<A, R> & string}` };

/**
 * Declares an operation: its handler typed by its parameter specs (`p`) and its answer by `responds`
 * (every declared key, unless `optionalPayload` says only some are sent, and no other key).
 */
export function defineOperation<
  S extends ParamSpecs,
  R extends Payloads,
  O extends string | undefined = undefined,
  A extends Answer<O extends string ? Partial<PayloadOf<R>> : PayloadOf<R>> = Answer<O extends string ? Partial<PayloadOf<R>> : PayloadOf<R>>,
>(op: Operation<S, R, A> & { optionalPayload?: O } & Declared<A, R>): Operation {
  return op as unknown as Operation;
}
