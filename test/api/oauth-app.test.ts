// The UI's side of OAuth (/app/oauth/…): the approval page's look-up and answer, and Settings'
// "Connected tools" list and revocation. Only the app's own UI may call them; bad input is a 4xx in
// the envelope that changes nothing. Also: the OpenAPI document describes the /oauth endpoints.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthStore } from '../../src-main/catalogue/user/user-oauth';
import { fixtureApp, UI_MARKER } from '../fixtures/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';

const HOST = '127.0.0.1:7777';
const TOKEN = 'c3'.repeat(16);
const NOW = Math.floor(FIXTURE_NOW / 1000);

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: { key: string; name: string };
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
  key = ctx.userDb.createKey('Tag Editor', NOW - 1000);
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.userDb.db.exec('DELETE FROM oauth_token');
});

const store = () => oauthStore(ctx.userDb.db);
const tokens = () => ctx.userDb.db.prepare('SELECT token, kind, status, verifier, revoked_at FROM oauth_token ORDER BY token').all();

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = { 'x-moecat-ui': TOKEN }) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { host: HOST, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, response: res.json().response };
}

describe('GET /app/oauth/request.json', () => {
  it('describes a pending request: the tool is the key’s name, with its callback and expiry', async () => {
    const made = store().createRequestToken(key.key, 'https://tool.example/back', NOW - 60, 0);
    const { status, headers, response } = await call('GET', `/app/oauth/request.json?token=${made.token}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(response.oauth_request).toEqual({
      token: made.token,
      tool: 'Tag Editor',
      key: key.key,
      callback: 'https://tool.example/back',
      status: 'pending',
      created: NOW - 60,
      expires: NOW - 60 + 600,
      verifier: null,
      redirect: null,
    });
  });

  it('answers 404 for an unknown token, an access token, or a request whose key was revoked', async () => {
    expect((await call('GET', `/app/oauth/request.json?token=${'d'.repeat(32)}`)).status).toBe(404);
    const other = ctx.userDb.createKey('Gone', NOW);
    const made = store().createRequestToken(other.key, 'oob', NOW, 0);
    ctx.userDb.revokeKey(other.key, NOW);
    const gone = await call('GET', `/app/oauth/request.json?token=${made.token}`);
    expect(gone.status).toBe(404);
    expect(gone.response.information.msg.join(' ')).toMatch(/no such authorization request/);
  });

  it('answers 400 for a token that is not 32 hex characters, and 401 without the UI token', async () => {
    const bad = await call('GET', '/app/oauth/request.json?token=xyz');
    expect(bad.status).toBe(400);
    expect(bad.response.information.msg).toEqual(['Parameter "token" must be an OAuth token (32 lower-case hex characters).']);
    expect((await call('GET', '/app/oauth/request.json')).status).toBe(400);
    const made = store().createRequestToken(key.key, 'oob', NOW, 0);
    expect((await call('GET', `/app/oauth/request.json?token=${made.token}`, undefined, {})).status).toBe(401);
  });
});

describe('POST /app/oauth/approve.json and deny.json', () => {
  it('approve sets a verifier once; a second answer is 409 and changes nothing', async () => {
    const made = store().createRequestToken(key.key, 'oob', NOW, 0);
    const approved = await call('POST', '/app/oauth/approve.json', { token: made.token });
    expect(approved.status).toBe(200);
    expect(approved.response.oauth_request).toMatchObject({ status: 'approved', verifier: expect.stringMatching(/^[0-9a-f]{32}$/), redirect: null });
    const after = tokens();
    const again = await call('POST', '/app/oauth/deny.json', { token: made.token });
    expect(again.status).toBe(409);
    expect(again.response.information.msg).toEqual(['This authorization request was already answered (approved).']);
    expect(tokens()).toEqual(after);
  });

  it('deny records the refusal without a verifier', async () => {
    const made = store().createRequestToken(key.key, 'http://127.0.0.1:5000/cb', NOW, 0);
    const denied = await call('POST', '/app/oauth/deny.json', { token: made.token });
    expect(denied.response.oauth_request).toMatchObject({
      status: 'denied',
      verifier: null,
      redirect: `http://127.0.0.1:5000/cb?oauth_token=${made.token}&oauth_problem=user_refused`,
    });
    expect(tokens()).toEqual([{ token: made.token, kind: 'request', status: 'denied', verifier: null, revoked_at: null }]);
  });

  it('refuses without the UI token, from another Origin, with a bad body, and GET', async () => {
    const made = store().createRequestToken(key.key, 'oob', NOW, 0);
    const before = tokens();
    expect((await call('POST', '/app/oauth/approve.json', { token: made.token }, {})).status).toBe(401);
    expect((await call('POST', '/app/oauth/approve.json', { token: made.token }, { 'x-moecat-ui': TOKEN, origin: 'http://evil.example' })).status).toBe(403);
    expect((await call('POST', '/app/oauth/approve.json', { token: 42 })).status).toBe(400);
    expect((await call('POST', '/app/oauth/approve.json', {})).status).toBe(400);
    expect((await call('POST', '/app/oauth/approve.json', { token: 'e'.repeat(32) })).status).toBe(404);
    const get = await call('GET', '/app/oauth/approve.json');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(tokens()).toEqual(before);
  });
});

describe('Connected tools: GET /app/oauth/tools.json, POST /app/oauth/tools/revoke.json', () => {
  function connect(name: string, at: number) {
    const k = ctx.userDb.createKey(name, at);
    const request = store().createRequestToken(k.key, 'oob', at, 0);
    store().decide(request.token, 'approved', at);
    return { key: k.key, access: store().exchange(request.token, at)! };
  }

  it('lists access tokens newest first with the tool’s name, when connected and last used; never secrets', async () => {
    const older = connect('Old Tool', NOW - 500);
    const newer = connect('New Tool', NOW - 100);
    store().recordUse(older.key, older.access.token, 'n1', NOW, NOW, NOW - 300);
    const { status, response } = await call('GET', '/app/oauth/tools.json');
    expect(status).toBe(200);
    expect(response.tools).toEqual([
      { token: newer.access.token, name: 'New Tool', key: newer.key, connected: NOW - 100, last_used: null, revoked: null },
      { token: older.access.token, name: 'Old Tool', key: older.key, connected: NOW - 500, last_used: NOW, revoked: null },
    ]);
    expect(JSON.stringify(response)).not.toContain(older.access.secret);
  });

  it('revokes one tool; revoking it again says when; unknown tokens 404', async () => {
    const tool = connect('Revoked Tool', NOW - 50);
    const first = await call('POST', '/app/oauth/tools/revoke.json', { token: tool.access.token });
    expect(first.status).toBe(200);
    expect(first.response.tool).toMatchObject({ token: tool.access.token, name: 'Revoked Tool', revoked: NOW });
    expect((await call('GET', '/app/oauth/tools.json')).response.tools).toEqual([]);
    const again = await call('POST', '/app/oauth/tools/revoke.json', { token: tool.access.token });
    expect(again.response.tool.revoked).toBe(NOW);
    expect((await call('POST', '/app/oauth/tools/revoke.json', { token: 'f'.repeat(32) })).status).toBe(404);
  });

  it('are the app’s own: 401 without the UI token, 405 for other methods', async () => {
    expect((await call('GET', '/app/oauth/tools.json', undefined, {})).status).toBe(401);
    const tool = connect('Kept Tool', NOW);
    expect((await call('POST', '/app/oauth/tools/revoke.json', { token: tool.access.token }, {})).status).toBe(401);
    expect(tokens().find((t) => (t as { token: string }).token === tool.access.token)).toMatchObject({ revoked_at: null });
    expect((await call('DELETE', '/app/oauth/tools.json')).status).toBe(405);
  });
});

describe('/oauth/authorize', () => {
  it('is a page of the UI, not an API path (the server answers the app’s index.html, which decides only through /app/oauth/…)', async () => {
    const res = await ctx.app.inject({ url: '/oauth/authorize?oauth_token=abc', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(UI_MARKER);
    // The page alone opens nothing: the request behind it needs the UI's authority.
    const stranger = await ctx.app.inject({ url: `/app/oauth/request.json?token=${'a'.repeat(32)}`, headers: { host: HOST } });
    expect(stranger.statusCode).toBe(401);
    const other = await ctx.app.inject({ url: '/oauth/elsewhere', headers: { host: HOST } });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('GET /docs/openapi.json', () => {
  it('describes the three OAuth endpoints, and stays a valid OpenAPI 3 document', async () => {
    const res = await ctx.app.inject({ url: '/docs/openapi.json', headers: { host: HOST } });
    const doc = res.json();
    for (const suffix of ['', '.json', '.xml']) {
      for (const path of ['/oauth/request_token', '/oauth/access_token']) {
        for (const method of ['get', 'post']) {
          const op = doc.paths[`${path}${suffix}`]?.[method];
          expect(op, `${method} ${path}${suffix}`).toBeDefined();
          expect(op.security).toEqual([{ OAuth1: [] }]);
          expect(Object.keys(op.responses['200'].content)).toEqual(['application/x-www-form-urlencoded']);
          expect(Object.keys(op.responses['401'].content)).toEqual([suffix === '.xml' ? 'application/xml' : 'application/json']);
        }
      }
    }
    expect(doc.paths['/oauth/request_token'].post.responses['200'].content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'oauth_token',
      'oauth_token_secret',
      'oauth_callback_confirmed',
    ]);
    expect(doc.paths['/oauth/authorize'].get.parameters).toEqual([expect.objectContaining({ name: 'oauth_token', in: 'query', required: true })]);
    expect(doc.components.parameters.ApiKey.description).toMatch(/OAuth 1\.0a access token/);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });
});
