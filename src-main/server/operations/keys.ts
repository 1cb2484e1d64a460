// The UI's API-key management (Settings): list, create and revoke keys in the user database; and its
// side of OAuth: the approval page's answer to a request token (/oauth/authorize) and the connected
// tools (access tokens) with their revocation. Only the app's own UI may call these — even the lists,
// since they show keys and tokens. Answers use the JSON envelope.
import type { FastifyInstance } from 'fastify';
import type { ApiKey } from '../../catalogue/user/user-db';
import { oauthStore, type ConnectedTool, type OAuthToken } from '../../catalogue/user/user-oauth';
import type { ApiKeyView, ConnectedToolView, OAuthRequestView } from '../../contract/app';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { REQUEST_TOKEN_LIFETIME_SECONDS } from '../oauth/verify';
import { CONTROL } from '../query';
import { defineOperation, many, one, shaped } from './define';
import { spec, textOf } from './params';

export const KEY_NAME_MAX = 64;
const KEY_SHAPE = /^[0-9a-f]{41}$/;
const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

const viewOf =
  (app: FastifyInstance) =>
  (k: ApiKey): ApiKeyView => ({ key: k.key, name: k.name, created: k.createdAt, revoked: k.revokedAt, in_use: k.key === app.deps.uiKey });
const toolView = (t: ConnectedTool): ConnectedToolView => ({
  token: t.token,
  name: t.name,
  key: t.apiKey,
  connected: t.connectedAt,
  last_used: t.lastUsedAt,
  revoked: t.revokedAt,
});
const nowSeconds = (app: FastifyInstance) => Math.floor(app.deps.now() / 1000);

const keyName = spec({ description: `The key's name, at most ${KEY_NAME_MAX} characters`, example: 'My player', required: true }, (raw, name) => {
  if (raw !== undefined && typeof raw !== 'string') throw badParameter(name, 'must be a string');
  if (raw !== undefined && CONTROL.test(raw.trim())) throw badParameter(name, 'must not contain control characters');
  const value = textOf(raw, name, 4096);
  if (value === undefined) throw missingParameter(name);
  if ([...value].length > KEY_NAME_MAX) throw badParameter(name, `must be at most ${KEY_NAME_MAX} characters`);
  return value;
});
/** A value of a fixed shape (a key, a token), required. */
const fixedShape = (shape: RegExp, what: string, description: string) =>
  spec({ description, required: true }, (raw, name) => {
    if (raw === undefined || raw === '') throw missingParameter(name);
    if (typeof raw !== 'string' || !shape.test(raw)) throw badParameter(name, `must be ${what}`);
    return raw;
  });
const apiKey = fixedShape(KEY_SHAPE, 'an API key (41 lower-case hex characters)', 'The API key');
const oauthToken = fixedShape(TOKEN_SHAPE, 'an OAuth token (32 lower-case hex characters)', 'The OAuth token');

export const listKeys = defineOperation({
  method: 'GET',
  path: '/app/keys',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The API keys, active and revoked (without their secrets)',
  responds: { api_keys: many(shaped<ApiKeyView>()) },
  params: {},
  handle: ({ app }) => ({ payload: { api_keys: app.deps.userDb.listKeys().map(viewOf(app)) } }),
});

export const createKey = defineOperation({
  method: 'POST',
  path: '/app/keys/create',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Creates an API key; its secret (the OAuth consumer secret) is in this answer only',
  responds: { api_key: one(shaped<ApiKeyView>()) },
  params: { name: keyName },
  handle({ p, app }) {
    const created = app.deps.userDb.createKey(p.name, nowSeconds(app));
    return { payload: { api_key: { ...viewOf(app)(created), secret: created.secret } } };
  },
});

export const revokeKey = defineOperation({
  method: 'POST',
  path: '/app/keys/revoke',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Revokes an API key (and the tools connected with it)',
  responds: { api_key: one(shaped<ApiKeyView>()) },
  errors: { 404: 'There is no such key' },
  params: { key: apiKey },
  handle({ p, app }) {
    const { userDb, uiKey } = app.deps;
    if (!userDb.listKeys().some((k) => k.key === p.key)) throw new ApiError('NOT_FOUND', `There is no API key ${p.key}.`);
    if (p.key === uiKey) throw badParameter('key', 'is the key this server printed for tools at start, and cannot be revoked while it runs');
    // Revoking a revoked key changes nothing and says so: the answer shows when it was revoked.
    userDb.revokeKey(p.key, nowSeconds(app));
    return { payload: { api_key: viewOf(app)(userDb.listKeys().find((k) => k.key === p.key)!) } };
  },
});

/** The callback with the answer in its query (RFC 5849 §2.2; a denial says oauth_problem=user_refused). */
function redirectOf(t: OAuthToken): string | null {
  if (!t.callback || t.callback === 'oob' || (t.status !== 'approved' && t.status !== 'denied')) return null;
  const url = new URL(t.callback);
  url.searchParams.set('oauth_token', t.token);
  if (t.status === 'approved') url.searchParams.set('oauth_verifier', t.verifier!);
  else url.searchParams.set('oauth_problem', 'user_refused');
  return url.toString();
}

/** The request token behind an approval page, or a 404 (unknown, an access token, or its key revoked). */
function requestOf(app: FastifyInstance, token: string): OAuthRequestView {
  const found = oauthStore(app.deps.userDb.db).find(token);
  const key = found?.kind === 'request' ? app.deps.userDb.listKeys().find((k) => k.key === found.apiKey && k.revokedAt === null) : undefined;
  if (!found || !key)
    throw new ApiError('NOT_FOUND', 'There is no such authorization request: it may have expired, or its key was revoked. Start again from the tool.');
  const expires = found.createdAt + REQUEST_TOKEN_LIFETIME_SECONDS;
  const expired = expires < nowSeconds(app) && (found.status === 'pending' || found.status === 'approved');
  return {
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
}

export const oauthRequest = defineOperation({
  method: 'GET',
  path: '/app/oauth/request',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The authorization request a tool sent the user to approve (the approval page reads it)',
  responds: { oauth_request: one(shaped<OAuthRequestView>()) },
  errors: { 404: 'No such request, or it expired, or its key was revoked' },
  params: { token: oauthToken },
  handle: ({ p, app }) => ({ payload: { oauth_request: requestOf(app, p.token) } }),
});

const decide = (decision: 'approve' | 'deny') =>
  defineOperation({
    method: 'POST',
    path: `/app/oauth/${decision}`,
    spellings: 'json',
    auth: 'first-party',
    summary: decision === 'approve' ? 'The user allows the tool: the request token gets its verifier' : 'The user refuses the tool',
    responds: { oauth_request: one(shaped<OAuthRequestView>()) },
    errors: { 404: 'No such request, or it expired', 409: 'The request was already answered' },
    params: { token: oauthToken },
    handle({ p, app }) {
      const before = requestOf(app, p.token);
      if (before.status === 'expired') throw new ApiError('NOT_FOUND', 'This authorization request has expired. Start again from the tool.');
      if (before.status !== 'pending') throw new ApiError('CONFLICT', `This authorization request was already answered (${before.status}).`);
      oauthStore(app.deps.userDb.db).decide(p.token, decision === 'approve' ? 'approved' : 'denied', nowSeconds(app));
      return { payload: { oauth_request: requestOf(app, p.token) } };
    },
  });

export const connectedTools = defineOperation({
  method: 'GET',
  path: '/app/oauth/tools',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The tools connected with OAuth, with when they connected and were last used',
  responds: { tools: many(shaped<ConnectedToolView>()) },
  params: {},
  handle: ({ app }) => ({ payload: { tools: oauthStore(app.deps.userDb.db).listConnected().map(toolView) } }),
});

export const revokeTool = defineOperation({
  method: 'POST',
  path: '/app/oauth/tools/revoke',
  spellings: 'json',
  auth: 'first-party',
  summary: "Ends a connected tool's access (its access token)",
  responds: { tool: one(shaped<ConnectedToolView>()) },
  errors: { 404: 'There is no such connected tool' },
  params: { token: oauthToken },
  handle({ p, app }) {
    const store = oauthStore(app.deps.userDb.db);
    // Revoking a revoked token changes nothing and says so: the answer shows when it was revoked.
    store.revokeAccess(p.token, nowSeconds(app));
    const tool = store.findConnected(p.token);
    if (!tool) throw new ApiError('NOT_FOUND', 'There is no such connected tool.');
    return { payload: { tool: toolView(tool) } };
  },
});

export const KEY_OPERATIONS = [listKeys, createKey, revokeKey, oauthRequest, decide('approve'), decide('deny'), connectedTools, revokeTool];
