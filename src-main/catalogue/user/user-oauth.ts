// OAuth 1.0a credentials in the user database (tables of migration 3): request tokens waiting for the
// user's answer, access tokens of connected tools, and the nonces seen inside the timestamp window.
// The consumer is an API key and its secret the consumer secret. Statements are prepared once per
// database (oauthStore caches the store), never per request. Times are Unix seconds.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export type OAuthTokenKind = 'request' | 'access';
export type OAuthTokenStatus = 'pending' | 'approved' | 'denied' | 'used';

export interface OAuthToken {
  token: string;
  secret: string;
  kind: OAuthTokenKind;
  apiKey: string;
  /** Request tokens: an absolute URL, or 'oob'. */
  callback: string | null;
  verifier: string | null;
  status: OAuthTokenStatus;
  createdAt: number;
  approvedAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** An access token as Settings lists it ("Connected tools"): the tool is the key it was issued to. */
export interface ConnectedTool {
  token: string;
  apiKey: string;
  /** The API key's name. */
  name: string;
  /** When the user approved it. */
  connectedAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** 128 random bits as 32 lower-case hex characters: tokens, secrets and verifiers alike. */
export const newOAuthValue = (): string => randomBytes(16).toString('hex');

export interface OAuthStore {
  /** The consumer secret of an active API key; undefined for an unknown or revoked key. */
  consumerSecret(apiKey: string): string | undefined;
  /** A new pending request token; request tokens older than `expiredBefore` are deleted first. */
  createRequestToken(apiKey: string, callback: string, now: number, expiredBefore: number): OAuthToken;
  find(token: string): OAuthToken | undefined;
  /** The user's answer to a pending request token (approval sets a verifier); undefined when it is not pending. */
  decide(token: string, decision: 'approved' | 'denied', now: number): OAuthToken | undefined;
  /** Marks an approved request token used and issues its access token, in one transaction. */
  exchange(requestToken: string, now: number): OAuthToken | undefined;
  /**
   * Records a nonce (false when already seen: a replay) and, for an access token, its last use; older
   * nonces than `windowStart` are pruned, since their timestamps can no longer be accepted anyway.
   */
  recordUse(apiKey: string, token: string, nonce: string, timestamp: number, now: number, windowStart: number): boolean;
  /** Access tokens not revoked, whose key is active, newest first. */
  listConnected(): ConnectedTool[];
  findConnected(token: string): ConnectedTool | undefined;
  /** True when an access token was active and is now revoked. */
  revokeAccess(token: string, now: number): boolean;
}

const TOKEN_COLUMNS = `token, secret, kind, api_key AS apiKey, callback, verifier, status, created_at AS createdAt,
  approved_at AS approvedAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt`;
const CONNECTED_COLUMNS = `t.token, t.api_key AS apiKey, k.name, coalesce(t.approved_at, t.created_at) AS connectedAt,
  t.last_used_at AS lastUsedAt, t.revoked_at AS revokedAt`;

function createOAuthStore(db: Db): OAuthStore {
  const secretOf = db.prepare('SELECT secret FROM api_key WHERE api_key = ? AND revoked_at IS NULL').pluck();
  const insert = db.prepare(`INSERT INTO oauth_token (token, secret, kind, api_key, callback, verifier, status, created_at, approved_at)
    VALUES (@token, @secret, @kind, @apiKey, @callback, @verifier, @status, @createdAt, @approvedAt)`);
  const pruneRequests = db.prepare("DELETE FROM oauth_token WHERE kind = 'request' AND created_at < ?");
  const byToken = db.prepare(`SELECT ${TOKEN_COLUMNS} FROM oauth_token WHERE token = ?`);
  const decide = db.prepare(`UPDATE oauth_token SET status = ?, verifier = ?, approved_at = ?
    WHERE token = ? AND kind = 'request' AND status = 'pending' RETURNING ${TOKEN_COLUMNS}`);
  const markUsed = db.prepare(`UPDATE oauth_token SET status = 'used', last_used_at = ?
    WHERE token = ? AND kind = 'request' AND status = 'approved' RETURNING ${TOKEN_COLUMNS}`);
  const insertNonce = db.prepare('INSERT INTO oauth_nonce (api_key, token, nonce, timestamp) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
  const pruneNonces = db.prepare('DELETE FROM oauth_nonce WHERE timestamp < ?');
  const touch = db.prepare("UPDATE oauth_token SET last_used_at = ? WHERE token = ? AND kind = 'access'");
  const connected = db.prepare(`SELECT ${CONNECTED_COLUMNS} FROM oauth_token t JOIN api_key k USING (api_key)
    WHERE t.kind = 'access' AND t.revoked_at IS NULL AND k.revoked_at IS NULL ORDER BY connectedAt DESC, t.token`);
  const connectedOne = db.prepare(`SELECT ${CONNECTED_COLUMNS} FROM oauth_token t JOIN api_key k USING (api_key)
    WHERE t.kind = 'access' AND t.token = ?`);
  const revoke = db.prepare("UPDATE oauth_token SET revoked_at = ? WHERE token = ? AND kind = 'access' AND revoked_at IS NULL");

  const add = (row: OAuthToken) => {
    insert.run(row);
    return row;
  };
  const blank = { verifier: null, lastUsedAt: null, revokedAt: null, approvedAt: null, callback: null };

  const createRequestToken = db.transaction((apiKey: string, callback: string, now: number, expiredBefore: number) => {
    pruneRequests.run(expiredBefore);
    return add({ ...blank, token: newOAuthValue(), secret: newOAuthValue(), kind: 'request', apiKey, callback, status: 'pending', createdAt: now });
  });
  const exchange = db.transaction((requestToken: string, now: number) => {
    const used = markUsed.get(now, requestToken) as OAuthToken | undefined;
    if (!used) return undefined;
    return add({
      ...blank,
      token: newOAuthValue(),
      secret: newOAuthValue(),
      kind: 'access',
      apiKey: used.apiKey,
      status: 'approved',
      createdAt: now,
      approvedAt: now,
    });
  });
  const recordUse = db.transaction((apiKey: string, token: string, nonce: string, timestamp: number, now: number, windowStart: number) => {
    pruneNonces.run(windowStart);
    if (insertNonce.run(apiKey, token, nonce, timestamp).changes === 0) return false;
    if (token !== '') touch.run(now, token);
    return true;
  });

  return {
    consumerSecret: (apiKey) => secretOf.get(apiKey) as string | undefined,
    createRequestToken: (apiKey, callback, now, expiredBefore) => createRequestToken(apiKey, callback, now, expiredBefore),
    find: (token) => byToken.get(token) as OAuthToken | undefined,
    decide: (token, decision, now) =>
      decide.get(decision, decision === 'approved' ? newOAuthValue() : null, decision === 'approved' ? now : null, token) as OAuthToken | undefined,
    exchange: (requestToken, now) => exchange(requestToken, now),
    recordUse: (apiKey, token, nonce, timestamp, now, windowStart) => recordUse(apiKey, token, nonce, timestamp, now, windowStart),
    listConnected: () => connected.all() as ConnectedTool[],
    findConnected: (token) => connectedOne.get(token) as ConnectedTool | undefined,
    revokeAccess: (token, now) => revoke.run(now, token).changes === 1,
  };
}

const stores = new WeakMap<Db, OAuthStore>();

/** The OAuth store of an open user database (made on first use, then shared). */
export function oauthStore(db: Db): OAuthStore {
  let store = stores.get(db);
  if (!store) {
    store = createOAuthStore(db);
    stores.set(db, store);
  }
  return store;
}
