// The UI's API-key management: /app/keys.json, /app/keys/create.json, /app/keys/revoke.json. Only the
// app's own UI (the X-Moecat-UI token, same Origin) may use them; every refusal leaves the keys as they were.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';

const HOST = '127.0.0.1:7777';
const SITE = `http://${HOST}`;
const TOKEN = 'a1'.repeat(16);
const NOW = Math.floor(FIXTURE_NOW / 1000);

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let tokenless: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
  tokenless = await fixtureApp();
});
afterAll(async () => {
  await ctx.close();
  await tokenless.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Sent {
  method?: Method;
  body?: unknown;
  /** Raw body text instead of JSON. */
  raw?: string;
  token?: string | null;
  origin?: string;
  contentType?: string;
}

async function send(url: string, sent: Sent = {}, app = ctx.app) {
  const headers: Record<string, string> = { host: HOST };
  const token = sent.token === undefined ? TOKEN : sent.token;
  if (token !== null) headers['x-moecat-ui'] = token;
  if (sent.origin) headers.origin = sent.origin;
  const options: InjectOptions = { method: sent.method ?? 'GET', url, headers };
  if (sent.raw !== undefined || sent.body !== undefined) {
    headers['content-type'] = sent.contentType ?? 'application/json';
    options.payload = sent.raw ?? JSON.stringify(sent.body);
  }
  const res = await app.inject(options);
  return { status: res.statusCode, headers: res.headers, body: res.json() as { response: Record<string, any> } };
}

const list = (sent: Sent = {}) => send('/app/keys.json', sent);
const create = (body: unknown, sent: Sent = {}) => send('/app/keys/create.json', { method: 'POST', body, ...sent });
const revoke = (body: unknown, sent: Sent = {}) => send('/app/keys/revoke.json', { method: 'POST', body, ...sent });

/** The user database's keys, to prove what a request did or did not change. */
const keysInDb = () => ctx.userDb.listKeys();
const wikisWith = (key: string) => ctx.app.inject({ url: `/wikis.json?wiki_type=music&api_key=${key}`, headers: { host: HOST } });

function expectError(answer: Awaited<ReturnType<typeof send>>, status: number, mention?: RegExp) {
  expect(answer.status).toBe(status);
  const info = answer.body.response.information;
  expect(info.has_error).toBe(true);
  expect(info.error).toBe(status);
  if (mention) expect(info.msg.join(' ')).toMatch(mention);
  expect(Object.keys(answer.body.response)).toEqual(['information']);
}

describe('GET /app/keys.json', () => {
  it('lists every key with its name, creation time and state, never its secret', async () => {
    const active = ctx.userDb.createKey('Listed active', NOW - 100);
    const gone = ctx.userDb.createKey('Listed revoked', NOW - 50);
    ctx.userDb.revokeKey(gone.key, NOW - 10);

    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.response.information).toMatchObject({ has_error: false, error: 0, msg: [] });
    const keys = answer.body.response.api_keys as Record<string, unknown>[];
    expect(keys).toHaveLength(keysInDb().length);
    expect(keys).toContainEqual({ key: active.key, name: 'Listed active', created: NOW - 100, revoked: null, in_use: false });
    expect(keys).toContainEqual({ key: gone.key, name: 'Listed revoked', created: NOW - 50, revoked: NOW - 10, in_use: false });
    expect(JSON.stringify(keys)).not.toContain(active.secret);
  });

  it('accepts the same Origin as the server', async () => {
    expect((await list({ origin: SITE })).status).toBe(200);
  });
});

describe('POST /app/keys/create.json', () => {
  it('creates an active key with the (trimmed) name and answers its key and secret once', async () => {
    const before = keysInDb().length;
    const answer = await create({ name: '  My player  ' }, { origin: SITE });
    expect(answer.status).toBe(200);
    const made = answer.body.response.api_key;
    expect(made).toMatchObject({ name: 'My player', created: NOW, revoked: null });
    expect(made.key).toMatch(/^[0-9a-f]{41}$/);
    expect(made.secret).toMatch(/^[0-9a-f]{32}$/);

    expect(keysInDb()).toHaveLength(before + 1);
    expect(keysInDb()).toContainEqual({ key: made.key, secret: made.secret, name: 'My player', createdAt: NOW, revokedAt: null });
    expect(ctx.userDb.isActiveKey(made.key)).toBe(true);
    // It really is an API key now: the catalogue answers with it.
    expect((await wikisWith(made.key)).statusCode).toBe(200);
    // The list shows it, without the secret.
    const listed = ((await list()).body.response.api_keys as { key: string }[]).find((k) => k.key === made.key);
    expect(listed).toEqual({ key: made.key, name: 'My player', created: NOW, revoked: null, in_use: false });
  });

  it('keeps names in any script, up to 64 characters', async () => {
    const name = '星河漫游の鍵 🔑'.padEnd(64, '・');
    const answer = await create({ name });
    expect(answer.status).toBe(200);
    expect(answer.body.response.api_key.name).toBe(name);
  });
});

describe('POST /app/keys/revoke.json', () => {
  it('revokes an active key: marked revoked in the list and refused by the API', async () => {
    const key = ctx.userDb.createKey('To revoke', NOW - 5).key;
    expect((await wikisWith(key)).statusCode).toBe(200);

    const answer = await revoke({ key }, { origin: SITE });
    expect(answer.status).toBe(200);
    expect(answer.body.response.api_key).toEqual({ key, name: 'To revoke', created: NOW - 5, revoked: NOW, in_use: false });
    expect(ctx.userDb.isActiveKey(key)).toBe(false);
    expect(keysInDb().find((k) => k.key === key)?.revokedAt).toBe(NOW);
    expect((await wikisWith(key)).statusCode).toBe(401);
    const listed = ((await list()).body.response.api_keys as { key: string; revoked: number | null }[]).find((k) => k.key === key);
    expect(listed?.revoked).toBe(NOW);
  });

  it('refuses to revoke the key the server printed for tools, marks it in the list, and keeps it active', async () => {
    const own = await fixtureApp({ uiToken: TOKEN, withUiKey: true });
    const key = own.userDb.defaultKey().key;
    const res = await own.app.inject({
      method: 'POST',
      url: '/app/keys/revoke.json',
      headers: { host: HOST, 'x-moecat-ui': TOKEN, 'content-type': 'application/json' },
      payload: { key },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().response.information.msg.join(' ')).toMatch(/printed for tools at start, and cannot be revoked while it runs/);
    expect(own.userDb.isActiveKey(key)).toBe(true);
    const listed = await own.app.inject({ url: '/app/keys.json', headers: { host: HOST, 'x-moecat-ui': TOKEN } });
    expect(
      listed
        .json()
        .response.api_keys.filter((k: { in_use: boolean }) => k.in_use)
        .map((k: { key: string }) => k.key),
    ).toEqual([key]);
    await own.close();
  });

  it('answers a key revoked earlier with its first revocation time, unchanged', async () => {
    const key = ctx.userDb.createKey('Revoked before', NOW - 9).key;
    ctx.userDb.revokeKey(key, NOW - 3);
    const answer = await revoke({ key });
    expect(answer.status).toBe(200);
    expect(answer.body.response.api_key.revoked).toBe(NOW - 3);
    expect(keysInDb().find((k) => k.key === key)?.revokedAt).toBe(NOW - 3);
  });
});

describe('first-party refusals (keys endpoints)', () => {
  let victim: string;
  let snapshot: ReturnType<typeof keysInDb>;
  beforeEach(() => {
    victim = ctx.userDb.createKey('Must survive', NOW - 1).key;
    snapshot = keysInDb();
  });

  const requests: [string, (sent: Sent) => ReturnType<typeof send>][] = [
    ['GET /app/keys.json', (sent) => list(sent)],
    ['POST /app/keys/create.json', (sent) => create({ name: 'Intruder' }, sent)],
    ['POST /app/keys/revoke.json', (sent) => revoke({ key: victim }, sent)],
  ];

  describe.each(requests)('%s', (_name, call) => {
    it('answers 401 without the UI token and changes nothing', async () => {
      expectError(await call({ token: null }), 401, /Moecat app/);
      expect(keysInDb()).toEqual(snapshot);
    });

    it('answers 401 with a wrong token (same length or not) and changes nothing', async () => {
      expectError(await call({ token: 'b2'.repeat(16) }), 401);
      expectError(await call({ token: TOKEN.slice(1) }), 401);
      expectError(await call({ token: '' }), 401);
      expect(keysInDb()).toEqual(snapshot);
    });

    it('answers 403 to another Origin even with the right token, and changes nothing', async () => {
      expectError(await call({ origin: 'http://evil.example' }), 403, /evil\.example/);
      expectError(await call({ origin: 'http://127.0.0.1:7778' }), 403);
      expect(keysInDb()).toEqual(snapshot);
    });
  });

  it('answers 401 on a server that has no UI token, whatever is sent', async () => {
    for (const url of ['/app/keys.json', '/app/keys/create.json', '/app/keys/revoke.json']) {
      const method = url === '/app/keys.json' ? 'GET' : 'POST';
      expectError(await send(url, { method, body: method === 'POST' ? { name: 'x', key: victim } : undefined, token: '' }, tokenless.app), 401);
      expectError(await send(url, { method, body: method === 'POST' ? { name: 'x', key: victim } : undefined, token: 'undefined' }, tokenless.app), 401);
    }
    expect(tokenless.userDb.listKeys()).toEqual([]);
  });

  it('checks the token before reading the body', async () => {
    expectError(await create(undefined, { raw: '{not json', token: null }), 401);
    expect(keysInDb()).toEqual(snapshot);
  });

  it.each([
    ['GET', '/app/keys/create.json', 'POST'],
    ['GET', '/app/keys/revoke.json', 'POST'],
    ['PUT', '/app/keys/create.json', 'POST'],
    ['DELETE', '/app/keys/revoke.json', 'POST'],
    ['POST', '/app/keys.json', 'GET, HEAD'],
  ] as const)('answers %s %s with 405 and Allow: %s', async (method, url, allow) => {
    const answer = await send(url, { method, body: method === 'GET' ? undefined : { name: 'x', key: victim } });
    expectError(answer, 405, new RegExp(method));
    expect(answer.headers.allow).toBe(allow);
    expect(keysInDb()).toEqual(snapshot);
  });

  it.each([
    ['no body', undefined, /"name" is required/],
    ['an empty object', {}, /"name" is required/],
    ['a blank name', { name: '   ' }, /"name" is required/],
    ['a number as name', { name: 42 }, /"name" must be a string/],
    ['a name of 65 characters', { name: 'x'.repeat(65) }, /"name" must be at most 64/],
    ['a control character', { name: 'bad\u0007name' }, /"name" must not contain control/],
    ['a JSON array', [{ name: 'x' }], /JSON object/],
  ])('refuses to create a key from %s with 400', async (_what, body, why) => {
    expectError(await create(body), 400, why);
    expect(keysInDb()).toEqual(snapshot);
  });

  it('refuses a body that is not JSON with 400', async () => {
    expectError(await create(undefined, { raw: '{"name": ' }), 400);
    expectError(await create(undefined, { raw: 'name=x', contentType: 'text/plain' }), 400, /JSON object/);
    expect(keysInDb()).toEqual(snapshot);
  });

  it.each([
    ['no key', {}, /"key" is required/],
    ['a short key', { key: 'abc' }, /"key" must be an API key/],
    ['an upper-case key', { key: 'A'.repeat(41) }, /"key" must be an API key/],
    ['a key that is not a string', { key: 12345 }, /"key" must be an API key/],
  ])('refuses to revoke %s with 400', async (_what, body, why) => {
    expectError(await revoke(body), 400, why);
    expect(keysInDb()).toEqual(snapshot);
  });

  it('answers 404 for a well-formed key it does not have', async () => {
    expectError(await revoke({ key: 'f'.repeat(41) }), 404, /no API key/);
    expect(keysInDb()).toEqual(snapshot);
  });
});
