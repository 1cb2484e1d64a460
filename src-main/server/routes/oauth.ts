// The OAuth 1.0a endpoints a tool calls (RFC 5849; decisions in ../oauth/verify.ts):
//   POST|GET /oauth/request_token   signed with the consumer (API key + secret), oauth_callback → a request token
//   GET      /oauth/authorize       the UI's approval page (served by ui.ts; it decides through /app/oauth/…)
//   POST|GET /oauth/access_token    signed with the approved request token, oauth_verifier → an access token
// Success answers are application/x-www-form-urlencoded; errors the envelope (XML for a .xml path).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { oauthStore } from '../../catalogue/user-oauth';
import { ApiError, badParameter } from '../api-error';
import { percentEncode } from '../oauth/signature';
import { REQUEST_TOKEN_LIFETIME_SECONDS, verifyOAuth } from '../oauth/verify';

const SUFFIXES = ['', '.json', '.xml'];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const BODY_LIMIT = 4096;

/** The paths a tool is told about (README, /docs). */
export const OAUTH_PATHS = { requestToken: '/oauth/request_token', authorize: '/oauth/authorize', accessToken: '/oauth/access_token' } as const;

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

  for (const suffix of SUFFIXES) {
    // GET too (some clients use it); not HEAD, whose answer would lose the credentials it made.
    app.route({
      method: ['GET', 'POST'],
      url: `${OAUTH_PATHS.requestToken}${suffix}`,
      exposeHeadRoute: false,
      bodyLimit: BODY_LIMIT,
      handler: async (request, reply) => {
        const { apiKey, callback } = verifyOAuth(request, 'request_token');
        const now = nowSeconds();
        const made = store.createRequestToken(apiKey, callback!, now, now - REQUEST_TOKEN_LIFETIME_SECONDS);
        return sendForm(reply, { oauth_token: made.token, oauth_token_secret: made.secret, oauth_callback_confirmed: 'true' });
      },
    });

    app.route({
      method: ['GET', 'POST'],
      url: `${OAUTH_PATHS.accessToken}${suffix}`,
      exposeHeadRoute: false,
      bodyLimit: BODY_LIMIT,
      handler: async (request, reply) => {
        const { token } = verifyOAuth(request, 'access_token');
        const access = store.exchange(token!.token, nowSeconds());
        // verifyOAuth saw it approved and nothing ran in between: only a broken database gets here.
        if (!access) throw new Error('An approved request token could not be exchanged.');
        return sendForm(reply, { oauth_token: access.token, oauth_token_secret: access.secret });
      },
    });

    for (const url of [OAUTH_PATHS.requestToken, OAUTH_PATHS.accessToken]) {
      app.route({
        method: ALL_METHODS.filter((m) => m !== 'GET' && m !== 'POST'),
        url: `${url}${suffix}`,
        handler: async (request, reply) => {
          reply.header('allow', 'GET, POST');
          throw new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url}; use POST or GET.`);
        },
      });
    }
  }
}
