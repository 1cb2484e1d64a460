// OAuth 1.0a's token steps (RFC 5849; the provider's decisions are in ../oauth/verify.ts), as a tool
// calls them:
//   POST|GET /oauth/request_token   signed with the consumer (API key + secret), oauth_callback → a request token
//   GET      /oauth/authorize       the UI's approval page (served by routes/ui.ts; it decides through /app/oauth/…)
//   POST|GET /oauth/access_token    signed with the approved request token, oauth_verifier → an access token
// Success answers are application/x-www-form-urlencoded fields; errors the envelope (XML for a .xml path).
import { oauthStore } from '../../catalogue/user/user-oauth';
import { REQUEST_TOKEN_LIFETIME_SECONDS, verifyOAuth } from '../oauth/verify';
import { defineOperation, one, type Operation, type ParamSpec } from './define';

/** The paths a tool is told about (README, /docs). */
export const OAUTH_PATHS = { requestToken: '/oauth/request_token', authorize: '/oauth/authorize', accessToken: '/oauth/access_token' } as const;

/**
 * A protocol parameter: verifyOAuth reads it with the rest of the signed request, from the
 * Authorization header, the query or a form body, so the spec describes it and reads nothing.
 */
const protocolParam = (description: string): ParamSpec<undefined> => ({ description, read: () => undefined });

const nowSeconds = (now: () => number) => Math.floor(now() / 1000);

const step = {
  method: 'POST',
  alsoGet: true,
  spellings: 'api',
  auth: 'oauth-consumer',
  answersForm: true,
} as const;

const REFUSED = {
  400: 'A malformed Authorization header, a missing or repeated parameter, or a signature method other than HMAC-SHA1',
  405: 'Any method but POST or GET',
};

export const requestToken = defineOperation({
  ...step,
  path: OAUTH_PATHS.requestToken,
  summary: 'Step 1: a request token for the consumer (the API key), to send the user to /oauth/authorize with',
  errors: REFUSED,
  params: { oauth_callback: protocolParam('Required: `oob`, or an absolute http(s) URL the user returns to (with oauth_token and oauth_verifier added)') },
  responds: { oauth_token: one('string'), oauth_token_secret: one('string'), oauth_callback_confirmed: one('string') },
  handle({ app, request }) {
    const { apiKey, callback } = verifyOAuth(request, 'request_token');
    const now = nowSeconds(app.deps.now);
    const made = oauthStore(app.deps.userDb.db).createRequestToken(apiKey, callback!, now, now - REQUEST_TOKEN_LIFETIME_SECONDS);
    return { payload: { oauth_token: made.token, oauth_token_secret: made.secret, oauth_callback_confirmed: 'true' } };
  },
});

export const accessToken = defineOperation({
  ...step,
  path: OAUTH_PATHS.accessToken,
  summary: 'Step 3: the access token for an approved request token (signed with it) and its verifier',
  errors: {
    ...REFUSED,
    401: 'Unknown consumer key, timestamp more than 300 s off, used nonce or bad signature; or the request token is unknown, not approved, denied, already used or older than 10 minutes, or the verifier is wrong',
  },
  params: { oauth_verifier: protocolParam('Required: the verifier the user got (in the callback, or shown by the page for oob)') },
  responds: { oauth_token: one('string'), oauth_token_secret: one('string') },
  handle({ app, request }) {
    const { token } = verifyOAuth(request, 'access_token');
    const access = oauthStore(app.deps.userDb.db).exchange(token!.token, nowSeconds(app.deps.now));
    // verifyOAuth saw it approved and nothing ran in between: only a broken database gets here.
    if (!access) throw new Error('An approved request token could not be exchanged.');
    return { payload: { oauth_token: access.token, oauth_token_secret: access.secret } };
  },
});

export const OAUTH_OPERATIONS: Operation[] = [requestToken, accessToken];
