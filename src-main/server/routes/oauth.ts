// The OAuth 1.0a endpoints a tool calls (RFC 5849; decisions in ../oauth/verify.ts):
//   POST|GET /oauth/request_token   signed with the consumer (API key + secret), oauth_callback → a request token
//   GET      /oauth/authorize       the UI's approval page (served by ui.ts; it decides through /app/oauth/…)
//   POST|GET /oauth/access_token    signed with the approved request token, oauth_verifier → an access token
// Success answers are application/x-www-form-urlencoded; errors the envelope (XML for a .xml path).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { oauthStore } from '../../catalogue/user/user-oauth';
import { badParameter } from '../api-error';
import { onlyAllow } from '../allowed-methods';
import { percentEncode } from '../oauth/signature';
import { REQUEST_TOKEN_LIFETIME_SECONDS, verifyOAuth } from '../oauth/verify';
import { API_SUFFIXES, BODY_LIMIT, routePaths } from '../operations/serve';


/** The paths a tool is told about (README, /docs). */
export const OAUTH_PATHS = { requestToken: '/oauth/request_token', authorize: '/oauth/authorize', accessToken: '/oauth/access_token' } as const;

type Json = Record<string, unknown>;

/**
 * The OpenAPI paths of the three endpoints, which docs.ts adds to /docs: they answer form-encoded
 * credentials rather than the envelope, so the generated catalogue operations do not fit them.
 */
export function oauthOpenApiPaths(): Json {
  const paths: Json = {};
  const errorOf = (suffix: string) => {
    const [type, schema] = suffix === '.xml' ? ['application/xml', 'ErrorXml'] : ['application/json', 'ErrorEnvelope'];
    return (description: string) => ({ description, content: { [type]: { schema: { $ref: `#/components/schemas/${schema}` } } } });
  };
  const param = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } });
  const form = (fields: string[]) => ({
    description: 'The credentials, application/x-www-form-urlencoded',
    content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: fields, properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) } } },
  });
  const where = 'Protocol parameters go in the `Authorization: OAuth` header, the query or a form body (each once), signed with HMAC-SHA1; the consumer is an API key and its secret.';
  const steps = [
    {
      path: OAUTH_PATHS.requestToken,
      id: 'oauthRequestToken',
      summary: 'Step 1: a request token for the consumer (the API key), to send the user to /oauth/authorize with',
      params: [param('oauth_callback', 'Required: `oob`, or an absolute http(s) URL the user returns to (with oauth_token and oauth_verifier added)')],
      answer: form(['oauth_token', 'oauth_token_secret', 'oauth_callback_confirmed']),
      denied: 'Unknown consumer key, timestamp more than 300 s off, used nonce or bad signature',
    },
    {
      path: OAUTH_PATHS.accessToken,
      id: 'oauthAccessToken',
      summary: 'Step 3: the access token for an approved request token (signed with it) and its verifier',
      params: [param('oauth_verifier', 'Required: the verifier the user got (in the callback, or shown by the page for oob)')],
      answer: form(['oauth_token', 'oauth_token_secret']),
      denied: 'As for request_token, or the request token is unknown, not approved, denied, already used or older than 10 minutes, or the verifier is wrong',
    },
  ];
  for (const step of steps) {
    for (const suffix of API_SUFFIXES) {
      const error = errorOf(suffix);
      const operation = (method: 'get' | 'post') => ({
        tags: ['oauth'],
        operationId: `${step.id}_${method}${suffix.replace('.', '_')}`,
        summary: step.summary,
        description: `${where} Errors are the envelope${suffix === '.xml' ? ' in XML' : ' in JSON'}.`,
        security: [{ OAuth1: [] }],
        parameters: step.params,
        responses: {
          200: step.answer,
          400: error('A malformed Authorization header, a missing or repeated parameter, or a signature method other than HMAC-SHA1'),
          401: error(step.denied),
          405: error('Any method but POST or GET'),
          500: error('Server fault (no stack trace)'),
        },
      });
      paths[`${step.path}${suffix}`] = { post: operation('post'), get: operation('get') };
    }
  }
  paths[OAUTH_PATHS.authorize] = {
    get: {
      tags: ['oauth'],
      operationId: 'oauthAuthorize',
      summary: 'Step 2: the page of the UI where the user allows or denies the tool (named by its API key)',
      parameters: [{ name: 'oauth_token', in: 'query', required: true, description: 'The request token from step 1', schema: { type: 'string' } }],
      responses: { 200: { description: 'The approval page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  };
  return paths;
}

function sendForm(reply: FastifyReply, fields: Record<string, string>): FastifyReply {
  const body = Object.entries(fields)
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join('&');
  return reply.code(200).header('cache-control', 'no-store').type('application/x-www-form-urlencoded').send(body);
}

export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  const store = oauthStore(app.deps.userDb.db);
  const nowSeconds = () => Math.floor(app.deps.now() / 1000);

  // Form bodies carry signed parameters (§3.4.1.3), so they are parsed here; a repeated field is a 400.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      if (k in fields) return done(badParameter(k, 'is given more than once'));
      fields[k] = v;
    }
    done(null, fields);
  });

  const steps = {
    [OAUTH_PATHS.requestToken]: async (request: FastifyRequest, reply: FastifyReply) => {
      const { apiKey, callback } = verifyOAuth(request, 'request_token');
      const now = nowSeconds();
      const made = store.createRequestToken(apiKey, callback!, now, now - REQUEST_TOKEN_LIFETIME_SECONDS);
      return sendForm(reply, { oauth_token: made.token, oauth_token_secret: made.secret, oauth_callback_confirmed: 'true' });
    },
    [OAUTH_PATHS.accessToken]: async (request: FastifyRequest, reply: FastifyReply) => {
      const { token } = verifyOAuth(request, 'access_token');
      const access = store.exchange(token!.token, nowSeconds());
      // verifyOAuth saw it approved and nothing ran in between: only a broken database gets here.
      if (!access) throw new Error('An approved request token could not be exchanged.');
      return sendForm(reply, { oauth_token: access.token, oauth_token_secret: access.secret });
    },
  };
  for (const [path, handler] of Object.entries(steps)) {
    // GET too (some clients use it); not HEAD (the rule below leaves it out), whose answer would lose
    // the credentials it made.
    for (const url of routePaths(path, API_SUFFIXES)) app.route({ method: ['GET', 'POST'], url, bodyLimit: BODY_LIMIT, handler });
    for (const suffix of API_SUFFIXES) onlyAllow(app, `${path}${suffix}`, ['GET', 'POST']);
  }
}
