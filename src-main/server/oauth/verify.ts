// The OAuth 1.0a provider (RFC 5849, HMAC-SHA1 only): checks a signed request for one of its three
// steps. Decisions:
// - Consumer: key = an active API key (41 hex), secret = that key's secret (shown once, when the key is
//   created). Revoking the key ends every token issued to it.
// - Parameters come from the `Authorization: OAuth` header, the query and a form-encoded body (§3.5),
//   and all of them are signed (§3.4.1.3). A protocol parameter given twice (in one place or across
//   two) is a 400; `realm` is ignored; `oauth_version`, when sent, must be 1.0.
// - Timestamp window: ±300 s around the app's clock (app.deps.now), so tests can move it.
// - Nonces are unique per consumer, token and timestamp (§3.3), kept in oauth_nonce and pruned once
//   their timestamp is out of the window (such a request is refused by its timestamp anyway).
// - A request token lives 10 minutes, from request_token to access_token, and is exchanged once; an
//   access token lives until revoked (Settings → Connected tools, or by revoking its key).
// - Tokens, token secrets and verifiers are 32 random hex characters (128 bits).
// - request_token needs oauth_callback: `oob` or an absolute http(s) URL; its answer says
//   oauth_callback_confirmed=true. After approval the UI sends the user to the callback with
//   oauth_token and oauth_verifier added to its query (after a denial: oauth_token and
//   oauth_problem=user_refused); with `oob` the page shows the verifier to type into the tool.
// - request_token and access_token answer application/x-www-form-urlencoded (§2.1, §2.3); errors are
//   the Moefou envelope, in XML when the path ends in .xml, else JSON.
// - The base string URI uses the scheme and Host header as the client sent them (plain HTTP on loopback).
// - Status (§3.2): a malformed header, a repeated or missing parameter, another signature method or
//   version → 400; an unknown consumer, a stale timestamp, a bad signature, an unknown, expired, used,
//   denied or revoked token, a wrong verifier, a used nonce → 401.
// - Checks run format, consumer, timestamp, token, signature, verifier; the nonce (and the token's last
//   use) is written only when all of them passed, so a refused request writes nothing.
import type { FastifyRequest } from 'fastify';
import { oauthStore, type OAuthToken } from '../../catalogue/user/user-oauth';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { parseQuery } from '../query';
import { isOAuthHeader, parseOAuthHeader } from './header';
import { baseStringUri, hmacSha1Signature, sameSecret, signatureBaseString } from './signature';

export const TIMESTAMP_WINDOW_SECONDS = 300;
export const REQUEST_TOKEN_LIFETIME_SECONDS = 600;
export const MAX_CALLBACK_LENGTH = 1024;
const MAX_PROTOCOL_VALUE = 1024;

/** request_token: consumer only; access_token: a request token and its verifier; resource: an access token. */
export type OAuthStep = 'request_token' | 'access_token' | 'resource';

export interface VerifiedOAuth {
  apiKey: string;
  /** The request token (access_token step) or access token (resource step). */
  token?: OAuthToken;
  /** request_token: the callback the client asked for. */
  callback?: string;
}

const isForm = (request: FastifyRequest) => /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');

function formFields(request: FastifyRequest): [string, string][] {
  const body = request.body;
  if (!isForm(request) || body === null || typeof body !== 'object') return [];
  return Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
}

/** Whether the request could be OAuth-signed before its body is read (header, query, or a form body to come). */
export function mayCarryOAuth(request: FastifyRequest): boolean {
  return isOAuthHeader(request.headers.authorization) || /[?&]oauth_/.test(request.url) || isForm(request);
}

/** Whether the request carries any OAuth protocol parameter (call once the body is read). */
export function carriesOAuth(request: FastifyRequest): boolean {
  return isOAuthHeader(request.headers.authorization) || /[?&]oauth_/.test(request.url) || formFields(request).some(([k]) => k.startsWith('oauth_'));
}

interface Collected {
  /** oauth_* parameters by name, oauth_signature included. */
  protocol: Map<string, string>;
  /** Every parameter that is signed: all of them but realm and oauth_signature. */
  signed: [string, string][];
}

function collect(request: FastifyRequest): Collected {
  const header = request.headers.authorization;
  const sources: [string, string][][] = [
    isOAuthHeader(header) ? parseOAuthHeader(header) : [],
    [...(request.parsedQuery ?? parseQuery(request.url)).params],
    formFields(request),
  ];
  const protocol = new Map<string, string>();
  const signed: [string, string][] = [];
  for (const pairs of sources) {
    for (const [name, value] of pairs) {
      if (name.startsWith('oauth_')) {
        if (protocol.has(name)) throw badParameter(name, 'is given more than once (in the Authorization header, the query or the body)');
        if (value.length > MAX_PROTOCOL_VALUE) throw badParameter(name, `is longer than ${MAX_PROTOCOL_VALUE} characters`);
        protocol.set(name, value);
      }
      if (name !== 'oauth_signature') signed.push([name, value]);
    }
  }
  return { protocol, signed };
}

function required(protocol: Map<string, string>, name: string): string {
  const value = protocol.get(name);
  if (value === undefined || value === '') throw missingParameter(name);
  return value;
}

const unauthorized = (why: string) => new ApiError('UNAUTHORIZED', why);

function checkCallback(value: string): string {
  if (value === 'oob') return value;
  if (value.length > MAX_CALLBACK_LENGTH) throw badParameter('oauth_callback', `is longer than ${MAX_CALLBACK_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badParameter('oauth_callback', 'must be "oob" or an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badParameter('oauth_callback', 'must be "oob" or an absolute http(s) URL');
  return value;
}

/** Checks a signed request for `step`; throws a 400 or 401 ApiError, or records its nonce and answers who signed. */
export function verifyOAuth(request: FastifyRequest, step: OAuthStep): VerifiedOAuth {
  const { protocol, signed } = collect(request);
  const consumerKey = required(protocol, 'oauth_consumer_key');
  const method = required(protocol, 'oauth_signature_method');
  if (method !== 'HMAC-SHA1') throw badParameter('oauth_signature_method', `is "${method}", but this server supports only HMAC-SHA1`);
  const signature = required(protocol, 'oauth_signature');
  const timestampText = required(protocol, 'oauth_timestamp');
  if (!/^\d{1,12}$/.test(timestampText)) throw badParameter('oauth_timestamp', 'must be a whole number of seconds since 1970');
  const nonce = required(protocol, 'oauth_nonce');
  const version = protocol.get('oauth_version');
  if (version !== undefined && version !== '1.0') throw badParameter('oauth_version', 'must be 1.0 when given');
  const tokenValue = protocol.get('oauth_token') ?? '';
  let callback: string | undefined;
  if (step === 'request_token') {
    callback = checkCallback(required(protocol, 'oauth_callback'));
    if (tokenValue !== '') throw badParameter('oauth_token', 'must be empty or absent when asking for a request token');
  } else {
    required(protocol, 'oauth_token');
    if (step === 'access_token') required(protocol, 'oauth_verifier');
  }

  const { userDb, now: clock } = request.server.deps;
  const store = oauthStore(userDb.db);
  const now = Math.floor(clock() / 1000);
  const consumerSecret = store.consumerSecret(consumerKey);
  if (consumerSecret === undefined) throw unauthorized('oauth_consumer_key is not an active API key.');
  const timestamp = Number(timestampText);
  if (Math.abs(timestamp - now) > TIMESTAMP_WINDOW_SECONDS) {
    throw unauthorized(`oauth_timestamp ${timestamp} is more than ${TIMESTAMP_WINDOW_SECONDS} seconds from this server's clock (${now}).`);
  }

  let token: OAuthToken | undefined;
  if (step !== 'request_token') {
    const wanted = step === 'access_token' ? 'request' : 'access';
    token = store.find(tokenValue);
    if (!token || token.kind !== wanted || token.apiKey !== consumerKey) {
      throw unauthorized(`oauth_token is not ${wanted === 'request' ? 'a request' : 'an access'} token of this consumer key.`);
    }
  }

  const uri = baseStringUri(request.protocol, request.headers.host ?? '', request.url);
  let expected: string;
  try {
    expected = hmacSha1Signature(signatureBaseString(request.method, uri, signed), consumerSecret, token?.secret ?? '');
  } catch {
    throw new ApiError('BAD_PARAMETER', 'A parameter is not valid Unicode text, so the request cannot be signed.');
  }
  if (!sameSecret(expected, signature)) {
    throw unauthorized('oauth_signature does not match: check the consumer secret, the token secret and the signed method, URL and parameters.');
  }

  if (token && step === 'access_token') {
    if (token.createdAt < now - REQUEST_TOKEN_LIFETIME_SECONDS) throw unauthorized('The request token has expired: ask for a new one.');
    if (token.status === 'pending') throw unauthorized('The user has not approved this request token yet.');
    if (token.status === 'denied') throw unauthorized('The user denied this request token.');
    if (token.status === 'used') throw unauthorized('This request token was already exchanged for an access token: ask for a new one.');
    if (!sameSecret(token.verifier ?? '', required(protocol, 'oauth_verifier'))) throw unauthorized('oauth_verifier is not the verifier given to the user.');
  }
  if (token && step === 'resource' && token.revokedAt !== null) throw unauthorized('This access token was revoked.');

  if (!store.recordUse(consumerKey, tokenValue, nonce, timestamp, now, now - TIMESTAMP_WINDOW_SECONDS)) {
    throw unauthorized('This oauth_nonce was already used with this timestamp: a replayed request.');
  }
  return { apiKey: consumerKey, token, callback };
}
