// The OAuth store over a real user database: nonces are pruned once out of the timestamp window,
// expired request tokens once a new one is made, a request token is answered and exchanged once, and
// Connected tools leaves out revoked tokens and tokens of revoked keys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUserDb, type UserDb } from '../../../../src-main/catalogue/user/user-db';
import { oauthStore, type OAuthStore } from '../../../../src-main/catalogue/user/user-oauth';

const NOW = 1_700_000_000;
let dir: string;
let userDb: UserDb;
let store: OAuthStore;
let key: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'moecat-oauth-store-'));
  userDb = openUserDb(join(dir, 'user.db'));
  store = oauthStore(userDb.db);
  key = userDb.createKey('Tool', NOW).key;
});
afterEach(() => {
  userDb.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = (table: string) => userDb.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

describe('oauthStore()', () => {
  it('is one store per database', () => {
    expect(oauthStore(userDb.db)).toBe(store);
  });

  it('refuses a nonce seen with the same consumer, token and timestamp; another timestamp or token is new', () => {
    expect(store.recordUse(key, '', 'n', NOW, NOW, NOW - 300)).toBe(true);
    expect(store.recordUse(key, '', 'n', NOW, NOW, NOW - 300)).toBe(false);
    expect(store.recordUse(key, '', 'n', NOW + 1, NOW, NOW - 300)).toBe(true);
    expect(store.recordUse(key, 'tok', 'n', NOW, NOW, NOW - 300)).toBe(true);
  });

  it('prunes nonces whose timestamp fell out of the window', () => {
    store.recordUse(key, '', 'old', NOW - 400, NOW - 400, NOW - 700);
    store.recordUse(key, '', 'recent', NOW - 100, NOW - 100, NOW - 400);
    expect(count('oauth_nonce')).toBe(2);
    store.recordUse(key, '', 'new', NOW, NOW, NOW - 300);
    expect(userDb.db.prepare('SELECT nonce FROM oauth_nonce ORDER BY timestamp').pluck().all()).toEqual(['recent', 'new']);
  });

  it('deletes expired request tokens when it makes a new one, and keeps access tokens', () => {
    const old = store.createRequestToken(key, 'oob', NOW - 700, 0);
    store.decide(old.token, 'approved', NOW - 690);
    const access = store.exchange(old.token, NOW - 680)!;
    const stale = store.createRequestToken(key, 'oob', NOW - 650, 0);
    const fresh = store.createRequestToken(key, 'oob', NOW, NOW - 600);
    expect(store.find(old.token)).toBeUndefined();
    expect(store.find(stale.token)).toBeUndefined();
    expect(store.find(fresh.token)).toMatchObject({ kind: 'request', status: 'pending' });
    expect(store.find(access.token)).toMatchObject({ kind: 'access', status: 'approved' });
  });

  it('answers a request token once and exchanges it once', () => {
    const request = store.createRequestToken(key, 'https://tool.example/cb', NOW, 0);
    expect(request).toMatchObject({ token: expect.stringMatching(/^[0-9a-f]{32}$/), secret: expect.stringMatching(/^[0-9a-f]{32}$/), verifier: null });
    expect(store.exchange(request.token, NOW)).toBeUndefined(); // not approved yet
    const approved = store.decide(request.token, 'approved', NOW)!;
    expect(approved.verifier).toMatch(/^[0-9a-f]{32}$/);
    expect(store.decide(request.token, 'denied', NOW)).toBeUndefined();
    const access = store.exchange(request.token, NOW + 5)!;
    expect(access).toMatchObject({ kind: 'access', apiKey: key, approvedAt: NOW + 5 });
    expect(store.exchange(request.token, NOW + 6)).toBeUndefined();
    expect(store.find(request.token)!.status).toBe('used');
  });

  it('lists connected tools without revoked tokens or tokens of revoked keys; touches last use', () => {
    const connect = (apiKey: string, at: number) => {
      const r = store.createRequestToken(apiKey, 'oob', at, 0);
      store.decide(r.token, 'approved', at);
      return store.exchange(r.token, at)!;
    };
    const a = connect(key, NOW);
    const other = userDb.createKey('Other', NOW);
    const b = connect(other.key, NOW + 10);
    store.recordUse(key, a.token, 'x', NOW + 20, NOW + 20, NOW - 280);
    expect(store.listConnected().map((t) => [t.name, t.lastUsedAt])).toEqual([
      ['Other', null],
      ['Tool', NOW + 20],
    ]);
    userDb.revokeKey(other.key, NOW + 30);
    expect(store.listConnected().map((t) => t.token)).toEqual([a.token]);
    expect(store.revokeAccess(a.token, NOW + 40)).toBe(true);
    expect(store.revokeAccess(a.token, NOW + 50)).toBe(false);
    expect(store.listConnected()).toEqual([]);
    expect(store.findConnected(a.token)!.revokedAt).toBe(NOW + 40);
    expect(store.findConnected(b.token)).toBeDefined();
  });
});
