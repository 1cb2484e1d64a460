// The OpenAPI 3 description of the API at /docs/openapi.json, generated from API_OPERATIONS (and
// USER_OPERATIONS: favourites and recently played) and the contract schemas, and a readable page at
// /docs (Swagger UI, whose assets ship in the package). @fastify/swagger and Swagger UI (which loads
// @fastify/static) are loaded on the first /docs request, in an app of their own (lazy-app.ts): they
// would cost every start-up time for a page rarely opened.
import type { StaticDocumentSpec } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_SCHEMAS } from '../../contract/schemas';
import { API_OPERATIONS, type ApiOperation } from '../api-route';
import { innerApp, lazyApp } from '../lazy-app';
import { USER_OPERATIONS, type UserOperation } from '../user-routes';
import { OAUTH_PATHS, oauthOpenApiPaths } from './oauth';

type Json = Record<string, unknown>;

const FORMATS = { json: 'application/json', xml: 'application/xml' } as const;
type Format = keyof typeof FORMATS;

/** The three spellings apiRoute registers, and what each answers. */
const SPELLINGS: { suffix: string; format: Format; note: string }[] = [
  { suffix: '', format: 'json', note: 'Without a suffix the answer is JSON (real clients call this spelling).' },
  { suffix: '.json', format: 'json', note: 'Answers JSON.' },
  { suffix: '.xml', format: 'xml', note: 'Answers XML: root `<response>`, a list is its key repeated once per item, strings in CDATA, null or an empty list is the text `NULL`.' },
];

/** What apiRoute's options cannot say about an operation, by path. */
const QUIRKS: Record<string, { redirect?: string; optionalPayload?: string }> = {
  '/search/direct': { redirect: 'Without `api=json|xml`: a redirect to the album page, the player or a search.' },
  '/on-air': { optionalPayload: 'Only the requested weekdays (`week`) have their `onair_<n>` list.' },
};

/** Payload values that are plain JSON types rather than contract objects (the portal's fields). */
const PRIMITIVES = new Set(['string', 'boolean', 'integer', 'number']);

const PAGED_NOTE = 'Paged: `information` carries `page`, `perpage` (at most 50) and `count` (total matches).';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (path: string) => path.split(/[/-]/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/** A deep copy in which every nested named schema (same object) becomes a $ref, so the UI shows models. */
function withRefs(schema: unknown, named: Map<unknown, string>, root = true): unknown {
  if (!root && named.has(schema)) return ref(named.get(schema)!);
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s, named, false));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, named, false)]));
}

/** The envelope of one operation's success: `information` plus the payload keys of `responds`. */
function envelopeBody(op: Pick<ApiOperation, 'path' | 'responds' | 'paged'>): Json {
  const properties: Json = { information: ref(op.paged ? 'PagedInformation' : 'Information') };
  for (const [key, { list, object }] of Object.entries(op.responds)) {
    if (!PRIMITIVES.has(object) && !(object in CONTRACT_SCHEMAS)) throw new Error(`${op.path} responds with "${object}", which schemas.ts does not describe.`);
    const item = PRIMITIVES.has(object) ? { type: object } : ref(object);
    properties[key] = list ? { type: 'array', items: item } : item;
  }
  const optional = QUIRKS[op.path]?.optionalPayload;
  const required = optional ? ['information'] : Object.keys(properties);
  return { type: 'object', required, properties, ...(optional ? { description: optional } : {}) };
}

/** JSON wraps the body in `{ response: … }`; XML makes the body the `<response>` root element. */
function formatSchemas(name: string, body: Json): Json {
  return {
    [`${name}Envelope`]: { type: 'object', required: ['response'], properties: { response: body } },
    [`${name}Xml`]: { ...body, xml: { name: 'response' } },
  };
}

const schemaOf = (name: string, format: Format) => ref(`${name}${format === 'json' ? 'Envelope' : 'Xml'}`);

function content(name: string, formats: Format[]): Json {
  return Object.fromEntries(formats.map((f) => [FORMATS[f], { schema: schemaOf(name, f) }]));
}

function operationObject(op: ApiOperation, spelling: (typeof SPELLINGS)[number]): Json {
  const name = pascal(op.path);
  const parameters: Json[] = Object.entries(op.params).map(([param, doc]) => ({
    name: param,
    in: 'query',
    required: doc.required === true,
    description: doc.description,
    schema: { type: 'string' },
    ...(doc.example === undefined ? {} : { example: doc.example }),
  }));
  if (op.auth === 'api-key') parameters.push({ $ref: '#/components/parameters/ApiKey' });
  const quirks = QUIRKS[op.path] ?? {};
  const formats: Format[] = op.formatParam ? ['json', 'xml'] : [spelling.format];
  const responses: Json = {
    200: { description: 'The envelope with the answer', content: content(name, formats) },
    400: { description: 'A parameter is missing or invalid; `msg` says which and why', content: content('Error', formats) },
    ...(op.auth === 'api-key' ? { 401: { description: '`api_key` is missing or not an active key', content: content('Error', formats) } } : {}),
    500: { description: 'Server fault (no stack trace)', content: content('Error', formats) },
  };
  if (quirks.redirect) responses[302] = { description: quirks.redirect, headers: { Location: { schema: { type: 'string' } } } };
  const formatNote = op.formatParam && `The format is chosen by \`${op.formatParam}\` (json or xml), whatever the suffix.`;
  const notes = [formatNote || spelling.note, op.paged ? PAGED_NOTE : undefined, quirks.redirect];
  return {
    tags: [op.path.slice(1)],
    operationId: `${name[0].toLowerCase()}${name.slice(1)}${spelling.suffix.replace('.', '_')}`,
    summary: op.summary,
    description: notes.filter(Boolean).join(' '),
    parameters,
    responses,
  };
}

const UI_NOTE = 'Only Moecat\'s own UI may call this: it sends its per-run token in `X-Moecat-UI` (and, from a browser, this server\'s Origin).';
const USER_NOTE =
  'The user\'s own data: Moecat\'s UI (its per-run token in `X-Moecat-UI`) or a tool the user connected with OAuth 1.0a (a request signed with its access token, HMAC-SHA1); never another Origin.';

/** A favourites or history operation: first-party only; a POST takes its parameters in the query or the body. */
function userOperationObject(op: UserOperation, spelling: (typeof SPELLINGS)[number]): Json {
  const name = pascal(op.path);
  const formats: Format[] = [spelling.format];
  const fields = Object.entries(op.params);
  const asSchema = (doc: UserOperation['params'][string]) => ({ type: 'string', description: doc.description, ...(doc.example === undefined ? {} : { example: doc.example }) });
  const body = { type: 'object', required: fields.filter(([, d]) => d.required).map(([n]) => n), properties: Object.fromEntries(fields.map(([n, d]) => [n, asSchema(d)])) };
  if ((body.required as string[]).length === 0) delete (body as Json).required;
  const post = op.method === 'POST';
  const errors = Object.fromEntries(Object.entries(op.errors).map(([status, why]) => [status, { description: why, content: content('Error', formats) }]));
  return {
    tags: [op.path.slice(1)],
    operationId: `${op.method.toLowerCase()}${name}${spelling.suffix.replace('.', '_')}`,
    summary: op.summary,
    description: [spelling.note, op.paged ? PAGED_NOTE : undefined, op.oauth ? USER_NOTE : UI_NOTE, post && fields.length > 0 ? 'Parameters may be in the query or in a form or JSON body, not the same one in both.' : undefined].filter(Boolean).join(' '),
    security: op.oauth ? [{ MoecatUi: [] }, { OAuth1: [] }] : [{ MoecatUi: [] }],
    parameters: post ? [] : fields.map(([param, doc]) => ({ name: param, in: 'query', required: doc.required === true, description: doc.description, schema: { type: 'string' }, ...(doc.example === undefined ? {} : { example: doc.example }) })),
    ...(post && fields.length > 0 ? { requestBody: { required: false, content: { 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } } } } : {}),
    responses: {
      200: { description: 'The envelope with the answer', content: content(name, formats) },
      400: { description: 'A parameter is missing or invalid; `msg` says which and why', content: content('Error', formats) },
      401: { description: op.oauth ? 'Neither the UI token nor a valid OAuth signature' : 'Without the UI token (`X-Moecat-UI`)', content: content('Error', formats) },
      403: { description: "An Origin other than this server's", content: content('Error', formats) },
      ...errors,
      500: { description: 'Server fault (no stack trace)', content: content('Error', formats) },
    },
  };
}

/** Fills `doc` in place: @fastify/swagger's static mode holds on to the object it was given. */
export function fillOpenApiDocument(doc: Json, operations: ApiOperation[], userOperations: UserOperation[] = []): void {
  const named = new Map<unknown, string>(Object.entries(CONTRACT_SCHEMAS).map(([name, schema]) => [schema, name]));
  const schemas: Json = Object.fromEntries(Object.entries(CONTRACT_SCHEMAS).map(([name, schema]) => [name, withRefs(schema, named)]));
  schemas.PagedInformation = { allOf: [ref('Information'), { type: 'object', required: ['page', 'perpage', 'count'] }] };
  Object.assign(schemas, formatSchemas('Error', { type: 'object', required: ['information'], properties: { information: ref('Information') } }));
  const paths: Json = {};
  for (const op of operations) {
    Object.assign(schemas, formatSchemas(pascal(op.path), envelopeBody(op)));
    for (const spelling of SPELLINGS) paths[`${op.path}${spelling.suffix}`] = { get: operationObject(op, spelling) };
  }
  for (const op of userOperations) {
    Object.assign(schemas, formatSchemas(pascal(op.path), envelopeBody(op)));
    for (const spelling of SPELLINGS) {
      const path = `${op.path}${spelling.suffix}`;
      paths[path] = { ...(paths[path] as Json | undefined), [op.method.toLowerCase()]: userOperationObject(op, spelling) };
    }
  }
  const moecatUi = { type: 'apiKey', in: 'header', name: 'X-Moecat-UI', description: "The per-run token of Moecat's own UI (not available to other tools)." };
  // OpenAPI 3.0 has no OAuth 1.0a scheme: described as the header it travels in (or the oauth_* query parameters).
  const oauth1 = {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'OAuth 1.0a (RFC 5849), HMAC-SHA1: `Authorization: OAuth …` (or `oauth_*` query parameters) signed with an API key and its secret as consumer and an access token the user approved.',
  };
  const apiKey = {
    name: 'api_key',
    in: 'query',
    required: true,
    description: 'An active API key: 41 lower-case hex characters (Settings, or `moecat keys create`). Never echoed back. A request signed with an OAuth 1.0a access token (see /oauth/request_token) may carry that instead, and then gets the user\'s favourites in `wiki_user_fav` / `sub_user_fav`.',
    schema: { type: 'string', pattern: '^[0-9a-f]{41}$' },
  };
  Object.assign(doc, { paths, components: { schemas, parameters: { ApiKey: apiKey }, securitySchemes: { MoecatUi: moecatUi, OAuth1: oauth1 } } });
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Swagger UI sets inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export async function docsRoutes(app: FastifyInstance): Promise<void> {
  const doc: Json = {
    openapi: '3.0.3',
    info: {
      title: 'Moecat API',
      version: '1',
      description: 'A Moefou-compatible API over the local catalogue. Every answer, errors included, is the envelope `response` with `information`.',
    },
    servers: [{ url: '/' }],
    paths: {},
  };
  // Route plugins fill API_OPERATIONS as they run, so the document is built on first use, from the
  // operations this app really serves (the list is per process, the routes are per app).
  let filled = false;
  const ensureFilled = () => {
    if (filled) return;
    fillOpenApiDocument(
      doc,
      API_OPERATIONS.filter((op) => app.hasRoute({ method: 'GET', url: op.path })),
      USER_OPERATIONS.filter((op) => app.hasRoute({ method: op.method, url: op.path })),
    );
    if (app.hasRoute({ method: 'POST', url: OAUTH_PATHS.requestToken })) Object.assign(doc.paths as Json, oauthOpenApiPaths());
    filled = true;
  };
  const swagger = lazyApp(async () => {
    const [{ default: fastifySwagger }, { default: fastifySwaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    const inner = await innerApp();
    await inner.register(fastifySwagger, { mode: 'static', specification: { document: doc as unknown as StaticDocumentSpec['document'] } });
    await inner.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      staticCSP: CSP,
      theme: { title: 'Moecat API' },
      uiConfig: { docExpansion: 'list', deepLinking: true },
      uiHooks: { onRequest: async () => ensureFilled() },
    });
    return inner;
  });
  app.addHook('onClose', swagger.close);
  app.get('/docs', { schema: { hide: true } }, swagger.handler);
  app.get('/docs/*', { schema: { hide: true } }, swagger.handler);
  app.get('/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    ensureFilled();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(doc));
  });
}
