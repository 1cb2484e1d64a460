// The UI's API-key management (Settings): list, create and revoke keys in the user database; and its
// side of OAuth: the approval page's answer to a request token (/oauth/authorize) and the connected
// tools (access tokens) with their revocation. Only the app's own UI may call these — even the lists,
// since they show keys and tokens — so every route checks the first-party token before the body is
// read. Answers use the JSON envelope.
import type { FastifyInstance } from 'fastify';
import type { ApiKey } from '../../catalogue/user/user-db';
import { oauthStore, type ConnectedTool, type OAuthToken } from '../../catalogue/user/user-oauth';
import { REQUEST_TOKEN_LIFETIME_SECONDS } from '../oauth/verify';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { bodyOf, firstPartyOnly, onlyAllow as onlyAllowOn, sendNoStore } from '../app-route-helpers';
import { parseQuery } from '../params';
import type { ApiKeyView, ConnectedToolView, OAuthRequestView } from '../../contract/app';

export type { ApiKeyView, ConnectedToolView, OAuthRequestView } from '../../contract/app';

export const KEY_NAME_MAX = 64;
const KEY_SHAPE = /^[0-9a-f]{41}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const view = (k: ApiKey): ApiKeyView => ({ key: k.key, name: k.name, created: k.createdAt, revoked: k.revokedAt });

const toolView = (t: ConnectedTool): ConnectedToolView => ({ token: t.token, name: t.name, key: t.apiKey, connected: t.connectedAt, last_used: t.lastUsedAt, revoked: t.revokedAt });
const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

/** The callback with the answer in its query (RFC 5849 §2.2; a denial says oauth_problem=user_refused). */
function redirectOf(t: OAuthToken): string | null {
  if (!t.callback || t.callback === 'oob' || (t.status !== 'approved' && t.status !== 'denied')) return null;
  const url = new URL(t.callback);
  url.searchParams.set('oauth_token', t.token);
  if (t.status === 'approved') url.searchParams.set('oauth_verifier', t.verifier!);
  else url.searchParams.set('oauth_problem', 'user_refused');
  return url.toString();
}

function keyName(body: Record<string, unknown>): string {
  const raw = body.name;
  if (raw === undefined || raw === null) throw missingParameter('name');
  if (typeof raw !== 'string') throw badParameter('name', 'must be a string');
  const name = raw.trim();
  if (name === '') throw missingParameter('name');
  if ([...name].length > KEY_NAME_MAX) throw badParameter('name', `must be at most ${KEY_NAME_MAX} characters`);
  if (CONTROL.test(name)) throw badParameter('name', 'must not contain control characters');
  return name;
}

function tokenOf(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') throw missingParameter('token');
  if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) throw badParameter('token', 'must be an OAuth token (32 lower-case hex characters)');
  return raw;
}

function keyOf(body: Record<string, unknown>): string {
  const raw = body.key;
  if (raw === undefined || raw === null || raw === '') throw missingParameter('key');
  if (typeof raw !== 'string' || !KEY_SHAPE.test(raw)) throw badParameter('key', 'must be an API key (41 lower-case hex characters)');
  return raw;
}

export async function appKeysRoutes(app: FastifyInstance): Promise<void> {
  const firstParty = firstPartyOnly(app);
  const send = sendNoStore;
  const onlyAllow = (url: string, allowed: readonly string[]) => onlyAllowOn(app, url, allowed);

  app.get('/app/keys.json', { onRequest: firstParty }, async (request, reply) => send(request, reply, { api_keys: app.deps.userDb.listKeys().map(view) }));
  onlyAllow('/app/keys.json', ['GET', 'HEAD']);

  app.post('/app/keys/create.json', { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
    const name = keyName(bodyOf(request));
    const created = app.deps.userDb.createKey(name, Math.floor(app.deps.now() / 1000));
    return send(request, reply, { api_key: { ...view(created), secret: created.secret } });
  });
  onlyAllow('/app/keys/create.json', ['POST']);

  app.post('/app/keys/revoke.json', { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
    const key = keyOf(bodyOf(request));
    const { userDb, now } = app.deps;
    if (!userDb.listKeys().some((k) => k.key === key)) throw new ApiError('NOT_FOUND', `There is no API key ${key}.`);
    if (key === app.deps.uiKey) throw badParameter('key', 'is the key this app itself uses and cannot be revoked while it runs');
    // Revoking a revoked key changes nothing and says so: the answer shows when it was revoked.
    userDb.revokeKey(key, Math.floor(now() / 1000));
    return send(request, reply, { api_key: view(userDb.listKeys().find((k) => k.key === key)!) });
  });
  onlyAllow('/app/keys/revoke.json', ['POST']);

  const oauth = oauthStore(app.deps.userDb.db);
  const nowSeconds = () => Math.floor(app.deps.now() / 1000);
  /** The request token behind an approval page, or a 404 (unknown, an access token, or its key revoked). */
  const requestOf = (token: string) => {
    const found = oauth.find(token);
    const key = found?.kind === 'request' ? app.deps.userDb.listKeys().find((k) => k.key === found.apiKey && k.revokedAt === null) : undefined;
    if (!found || !key) throw new ApiError('NOT_FOUND', 'There is no such authorization request: it may have expired, or its key was revoked. Start again from the tool.');
    const expires = found.createdAt + REQUEST_TOKEN_LIFETIME_SECONDS;
    const expired = expires < nowSeconds() && (found.status === 'pending' || found.status === 'approved');
    const request: OAuthRequestView = {
      token: found.token,
      tool: key.name,
      key: key.key,
      callback: found.callback ?? 'oob',
      status: expired ? 'expired' : found.status,
      created: found.createdAt,
      expires,
      verifier: found.status === 'approved' && !expired ? found.verifier : null,
      redirect: expired ? null : redirectOf(found),
    };
    return request;
  };

  app.get('/app/oauth/request.json', { onRequest: firstParty }, async (request, reply) => {
    const token = tokenOf(parseQuery(request.url).params.get('token'));
    return send(request, reply, { oauth_request: requestOf(token) });
  });
  onlyAllow('/app/oauth/request.json', ['GET', 'HEAD']);

  for (const decision of ['approve', 'deny'] as const) {
    app.post(`/app/oauth/${decision}.json`, { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
      const token = tokenOf(bodyOf(request).token);
      const before = requestOf(token);
      if (before.status === 'expired') throw new ApiError('NOT_FOUND', 'This authorization request has expired. Start again from the tool.');
      if (before.status !== 'pending') throw new ApiError('CONFLICT', `This authorization request was already answered (${before.status}).`);
      oauth.decide(token, decision === 'approve' ? 'approved' : 'denied', nowSeconds());
      return send(request, reply, { oauth_request: requestOf(token) });
    });
    onlyAllow(`/app/oauth/${decision}.json`, ['POST']);
  }

  app.get('/app/oauth/tools.json', { onRequest: firstParty }, async (request, reply) => send(request, reply, { tools: oauth.listConnected().map(toolView) }));
  onlyAllow('/app/oauth/tools.json', ['GET', 'HEAD']);

  app.post('/app/oauth/tools/revoke.json', { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
    const token = tokenOf(bodyOf(request).token);
    // Revoking a revoked token changes nothing and says so: the answer shows when it was revoked.
    oauth.revokeAccess(token, nowSeconds());
    const tool = oauth.findConnected(token);
    if (!tool) throw new ApiError('NOT_FOUND', 'There is no such connected tool.');
    return send(request, reply, { tool: toolView(tool) });
  });
  onlyAllow('/app/oauth/tools/revoke.json', ['POST']);
}
