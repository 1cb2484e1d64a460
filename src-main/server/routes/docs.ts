// The OpenAPI 3 description of the API at /docs/openapi.json, generated from the operations' own
// declarations (operations/define.ts: path, method, who may call, parameters, answer) and the
// contract's schemas, and a readable page at /docs (Swagger UI, whose assets ship in the package).
// @fastify/swagger and Swagger UI (which loads @fastify/static) are loaded on the first /docs request,
// in an app of their own (lazy-app.ts): they would cost every start-up time for a page rarely opened.
// Not an operation itself: it answers the description of the operations and a page to read it, not the
// envelope. @fastify/swagger runs in that inner app, in static mode, so it never sees the server's
// routes and nothing here needs hiding from it.
import type { StaticDocumentSpec } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_SCHEMAS } from '../../contract/schemas';
import { innerApp, lazyApp } from '../lazy-app';
import { isShaped, type Operation, type Responded } from '../operations/define';
import { OAUTH_PATHS } from '../operations/oauth';
import { suffixesOf } from '../operations/serve';

type Json = Record<string, unknown>;

const FORMATS = { json: 'application/json', xml: 'application/xml' } as const;
type Format = keyof typeof FORMATS;

const NOTE_OF_SUFFIX: Record<string, string> = {
  '': 'Without a suffix the answer is JSON (real clients call this spelling).',
  '.json': 'Answers JSON.',
  '.xml': 'Answers XML: root `<response>`, a list is its key repeated once per item, strings in CDATA, null or an empty list is the text `NULL`.',
};

const PAGED_NOTE = 'Paged: `information` carries `page`, `perpage` (at most 50) and `count` (total matches).';
const AUTH_NOTE: Record<Operation['auth'], string> = {
  none: 'Open to anyone who can reach the server.',
  'api-key':
    "Needs `api_key`, or a request signed with an OAuth 1.0a access token (which also shows the user's favourites in `wiki_user_fav` / `sub_user_fav`).",
  user: "The user's own data: Moecat's UI (its per-run token in `X-Moecat-UI`) or a tool the user connected with OAuth 1.0a (a request signed with its access token, HMAC-SHA1); never another Origin.",
  'first-party': "Only Moecat's own UI may call this: it sends its per-run token in `X-Moecat-UI` (and, from a browser, this server's Origin).",
  'oauth-consumer':
    'Protocol parameters go in the `Authorization: OAuth` header, the query or a form body (each once), signed with HMAC-SHA1; the consumer is an API key and its secret.',
};
const SECURITY: Record<Operation['auth'], Json[] | undefined> = {
  none: undefined,
  'api-key': undefined,
  user: [{ MoecatUi: [] }, { OAuth1: [] }],
  'first-party': [{ MoecatUi: [] }],
  'oauth-consumer': [{ OAuth1: [] }],
};
const UNAUTHORIZED: Record<Exclude<Operation['auth'], 'none'>, string> = {
  'api-key': '`api_key` is missing or not an active key, or a bad OAuth signature',
  user: 'Neither the UI token nor a valid OAuth signature',
  'first-party': 'Without the UI token (`X-Moecat-UI`)',
  'oauth-consumer': 'Unknown consumer key, timestamp more than 300 s off, used nonce or bad signature',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pascal = (path: string) =>
  path
    .split(/[/:-]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
/** OpenAPI writes a path parameter `{id}` where Fastify writes `:id`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** A deep copy in which every nested named schema (same object) becomes a $ref, so the UI shows models. */
function withRefs(schema: unknown, named: Map<unknown, string>, root = true): unknown {
  if (!root && named.has(schema)) return ref(named.get(schema)!);
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s, named, false));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v, named, false)]));
}

/** Each contract schema object, by the name /docs gives it. */
const NAMED = new Map<unknown, string>(Object.entries(CONTRACT_SCHEMAS).map(([name, schema]) => [schema, name]));

/** A payload value's schema: a JSON type, a bare object (shaped), or a $ref to the contract schema it points at. */
function valueSchema(op: Operation, object: Responded, named = NAMED): Json {
  if (typeof object === 'string') return { type: object };
  if (isShaped(object)) return { type: 'object' };
  const name = named.get(object);
  if (name === undefined) throw new Error(`${op.path} responds with a schema that schemas.ts does not name in CONTRACT_SCHEMAS.`);
  return ref(name);
}

/** The schemas of `responds`' keys. */
const payloadProperties = (op: Operation): Json =>
  Object.fromEntries(
    Object.entries(op.responds).map(([key, { list, object }]) => [key, list ? { type: 'array', items: valueSchema(op, object) } : valueSchema(op, object)]),
  );

/** The envelope of one operation's success: `information` plus the payload keys of `responds`. */
function envelopeBody(op: Operation): Json {
  const properties: Json = { information: ref(op.paged ? 'PagedInformation' : 'Information'), ...payloadProperties(op) };
  const required = op.optionalPayload ? ['information'] : Object.keys(properties);
  return { type: 'object', required, properties, ...(op.optionalPayload ? { description: op.optionalPayload } : {}) };
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

/**
 * One method of one spelling of `op`: `method` POST for a GET that also takes POST (`alsoPost`);
 * `pagePath` for a UI page that answers the API when asked with `api` (its `:name`s are path parameters).
 */
function operationObject(op: Operation, suffix: string, method: Operation['method'] = op.method, pagePath?: string): Json {
  const name = `${op.method === 'GET' ? '' : 'Post'}${pascal(op.path)}`;
  const formats: Format[] = op.formatParam || pagePath ? ['json', 'xml'] : [suffix === '.xml' ? 'xml' : 'json'];
  const pageParams = new Set([...(pagePath ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]));
  const fields = Object.entries(op.params).map(([param, spec]): [string, typeof spec] =>
    pageParams.has(param) ? [param, { ...spec, in: 'path' }] : [param, spec],
  );
  const describe = (spec: (typeof fields)[number][1]) => ({
    type: spec.type ?? 'string',
    description: spec.description,
    ...(spec.example === undefined ? {} : { example: spec.example }),
  });
  if (pagePath && !fields.some(([param]) => param === 'api'))
    fields.push(['api', { description: "json or xml: without it, this address is the UI's page", example: 'json', read: () => undefined }]);
  const inPath = fields.filter(([, spec]) => spec.in === 'path');
  const inQuery = fields.filter(([, spec]) => spec.in !== 'path');
  const post = method === 'POST';
  const signed = op.auth === 'oauth-consumer';
  const parameters: Json[] = [
    ...inPath.map(([param, spec]) => ({ name: param, in: 'path', required: true, description: spec.description, schema: { type: spec.type ?? 'string' } })),
    ...(post
      ? []
      : inQuery.map(([param, spec]) => ({
          name: param,
          in: 'query',
          required: spec.required === true || (pagePath !== undefined && param === 'api'),
          description: spec.description,
          schema: { type: 'string' },
          ...(spec.example === undefined ? {} : { example: spec.example }),
        }))),
  ];
  if (op.auth === 'api-key') parameters.push({ $ref: '#/components/parameters/ApiKey' });
  const body = {
    type: 'object',
    required: inQuery.filter(([, s]) => s.required).map(([n]) => n),
    properties: Object.fromEntries(inQuery.map(([n, s]) => [n, describe(s)])),
  };
  if ((body.required as string[]).length === 0) delete (body as Json).required;
  const errors = Object.fromEntries(Object.entries(op.errors ?? {}).map(([status, why]) => [status, { description: why, content: content('Error', formats) }]));
  const formatNote =
    (op.formatParam && `The format is chosen by \`${op.formatParam}\` (json or xml), whatever the suffix.`) ||
    (op.answersForm && `Answers application/x-www-form-urlencoded fields; errors are the envelope in ${suffix === '.xml' ? 'XML' : 'JSON'}.`);
  const apiNote =
    !op.formatParam && op.spellings === 'api' && !op.file && !op.answersForm ? '`api=json` or `api=xml` chooses the format over the suffix.' : undefined;
  const notes = [
    pagePath && `The UI's page at this address answers as \`${op.path}\` when asked with \`api=json\` or \`api=xml\`; without \`api\` it is the page.`,
    op.alsoPost && `Answers GET and POST alike${post ? '' : ' (a form or JSON body with POST)'}.`,
    op.alsoGet && 'Answers POST and GET alike (some clients use GET), never HEAD.',
    formatNote || NOTE_OF_SUFFIX[suffix],
    apiNote,
    op.paged ? PAGED_NOTE : undefined,
    AUTH_NOTE[op.auth],
    op.redirects,
    post && inQuery.length > 0 && !signed ? 'Parameters may be in the query or in a form or JSON body, not the same one in both.' : undefined,
    op.notes,
  ];
  const security = SECURITY[op.auth];
  return {
    tags: [op.path.slice(1).replace(/\/:.*$/, '')],
    operationId: `${method.toLowerCase()}${pascal(pagePath ?? op.path)}${suffix.replace('.', '_')}`,
    summary: op.summary,
    description: notes.filter(Boolean).join(' '),
    ...(security ? { security } : {}),
    parameters,
    // A signed request's body is read only as a form (oauth/verify.ts).
    ...(post && inQuery.length > 0
      ? {
          requestBody: {
            required: false,
            content: { 'application/x-www-form-urlencoded': { schema: body }, ...(signed ? {} : { 'application/json': { schema: body } }) },
          },
        }
      : {}),
    responses: {
      200: op.file
        ? { description: `The ${op.file.type} file`, content: { [op.file.type]: { schema: { type: 'string' } } } }
        : op.answersForm
          ? {
              description: 'The fields, application/x-www-form-urlencoded',
              content: {
                'application/x-www-form-urlencoded': { schema: { type: 'object', required: Object.keys(op.responds), properties: payloadProperties(op) } },
              },
            }
          : { description: 'The envelope with the answer', content: content(name, formats) },
      ...(op.redirects ? { 302: { description: op.redirects, headers: { Location: { schema: { type: 'string' } } } } } : {}),
      400: { description: 'A parameter is missing or invalid; `msg` says which and why', content: content('Error', formats) },
      ...(op.auth === 'none' ? {} : { 401: { description: UNAUTHORIZED[op.auth], content: content('Error', formats) } }),
      ...(op.auth === 'user' || op.auth === 'first-party'
        ? { 403: { description: "An Origin other than this server's", content: content('Error', formats) } }
        : {}),
      ...errors,
      500: { description: 'Server fault (no stack trace)', content: content('Error', formats) },
    },
  };
}

/**
 * OAuth's step 2, between the two token operations: a page of the UI (routes/ui.ts) where the user allows
 * or denies the tool, not an operation — described here because a tool must send the user to it.
 */
const AUTHORIZE_PAGE = {
  get: {
    tags: ['oauth'],
    operationId: 'oauthAuthorize',
    summary: 'Step 2: the page of the UI where the user allows or denies the tool (named by its API key)',
    parameters: [{ name: 'oauth_token', in: 'query', required: true, description: 'The request token from step 1', schema: { type: 'string' } }],
    responses: { 200: { description: 'The approval page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } } },
  },
};

/** Fills `doc` in place: @fastify/swagger's static mode holds on to the object it was given. */
export function fillOpenApiDocument(doc: Json, operations: readonly Operation[]): void {
  const schemas: Json = Object.fromEntries(Object.entries(CONTRACT_SCHEMAS).map(([name, schema]) => [name, withRefs(schema, NAMED)]));
  schemas.PagedInformation = { allOf: [ref('Information'), { type: 'object', required: ['page', 'perpage', 'count'] }] };
  Object.assign(schemas, formatSchemas('Error', { type: 'object', required: ['information'], properties: { information: ref('Information') } }));
  const paths: Json = {};
  for (const op of operations) {
    if (!op.answersForm) Object.assign(schemas, formatSchemas(`${op.method === 'GET' ? '' : 'Post'}${pascal(op.path)}`, envelopeBody(op)));
    for (const suffix of suffixesOf(op)) {
      const path = openApiPath(`${op.path}${suffix}`);
      paths[path] = { ...(paths[path] as Json | undefined), [op.method.toLowerCase()]: operationObject(op, suffix) };
      if (op.alsoPost) (paths[path] as Json).post = operationObject(op, suffix, 'POST');
      if (op.alsoGet) (paths[path] as Json).get = operationObject(op, suffix, 'GET');
    }
    for (const pagePath of op.pagePaths ?? []) paths[openApiPath(pagePath)] = { get: operationObject(op, '', 'GET', pagePath) };
  }
  if (operations.some((op) => op.path === OAUTH_PATHS.requestToken)) paths[OAUTH_PATHS.authorize] = AUTHORIZE_PAGE;
  const moecatUi = { type: 'apiKey', in: 'header', name: 'X-Moecat-UI', description: "The per-run token of Moecat's own UI (not available to other tools)." };
  // OpenAPI 3.0 has no OAuth 1.0a scheme: described as the header it travels in (or the oauth_* query parameters).
  const oauth1 = {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'OAuth 1.0a (RFC 5849), HMAC-SHA1: `Authorization: OAuth …` (or `oauth_*` query parameters) signed with an API key and its secret as consumer and an access token the user approved.',
  };
  const apiKey = {
    name: 'api_key',
    in: 'query',
    required: true,
    description:
      "An active API key: 41 lower-case hex characters (Settings, or `moecat keys create`). Never echoed back. A request signed with an OAuth 1.0a access token (see /oauth/request_token) may carry that instead, and then gets the user's favourites in `wiki_user_fav` / `sub_user_fav`.",
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

export async function docsRoutes(app: FastifyInstance, opts: { operations: readonly Operation[] }): Promise<void> {
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
  // Built on first use, not at every start-up.
  let filled = false;
  const ensureFilled = () => {
    if (filled) return;
    fillOpenApiDocument(doc, opts.operations);
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
      uiHooks: {
        onRequest: (_request, _reply, done) => {
          ensureFilled();
          done();
        },
      },
    });
    return inner;
  });
  app.addHook('onClose', swagger.close);
  app.get('/docs', swagger.handler);
  app.get('/docs/*', swagger.handler);
  app.get('/docs/openapi.json', async (_request, reply) => {
    ensureFilled();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(doc));
  });
}
