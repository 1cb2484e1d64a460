// The page hands nobody the user's powers (docs/api.md "The UI's authority"): the served page carries no
// key or token and sets no cookie; a browser signs in by posting the one-time token of a link the server
// printed to /app/session/start, and gets a session token it sends as X-Moecat-UI. Nothing the browser
// sends by itself (cookies, the address it opened) opens anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, UI_MARKER } from '../fixtures/app';

const TOKEN = 'b7'.repeat(16);
const HOST = '127.0.0.1:7777';
const SITE = `http://${HOST}`;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
const logged: string[] = [];
let apiKey: string;

beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN, withUiKey: true, log: (line) => logged.push(line) });
  apiKey = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: HOST, ...headers } });
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { host: HOST, 'content-type': 'application/json', ...headers }, payload });
const start = (token: string, headers: Record<string, string> = {}) =>
  post('/app/session/start.json', { token }, { origin: SITE, 'user-agent': CHROME, ...headers });
/** Signs in with a fresh link, as the page does; the session the server answered. */
async function signIn(): Promise<{ id: number; token: string; name: string; current: boolean }> {
  const res = await start(ctx.app.sessions.issueLoginToken());
  expect(res.statusCode).toBe(200);
  return res.json().response.session;
}
const as = (token: string) => ({ 'x-moecat-ui': token });

describe('the served page', () => {
  it('is the same for everyone, carries no API key and no token, and sets no cookie', async () => {
    const { token } = await signIn();
    for (const res of [await get('/'), await get('/', as(token)), await get('/music/51000004'), await get(`/?token=${ctx.app.sessions.issueLoginToken()}`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(UI_MARKER);
      expect(res.body).not.toContain(apiKey);
      expect(res.body).not.toContain(TOKEN);
      expect(res.body).not.toContain(token);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('never redirects, so a sign-in link cannot lead anywhere else: /x/..//evil.example/?token=…', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    for (const url of [
      `/x/..//evil.example/?token=${token}`,
      `//evil.example/?token=${token}`,
      `/%2F%2Fevil.example/?token=${token}`,
      `/\\evil.example/?token=${token}`,
    ]) {
      const res = await get(url);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.statusCode, url).not.toBe(302);
    }
    // Opening those addresses used nothing up.
    expect((await start(token)).statusCode).toBe(200);
  });
});

describe('POST /app/session/start (trading a sign-in link for a session)', () => {
  it('answers a session token (43 base64url characters) named after the browser, and tells the server’s log the next link', async () => {
    logged.length = 0;
    const session = await signIn();
    expect(session).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), name: 'Chrome on Linux', current: true, id: expect.any(Number) });
    expect(logged).toEqual([expect.stringMatching(/^A browser signed in\. To sign in another one, open http:\/\/127\.0\.0\.1:7777\/\?token=[0-9a-f]{32}$/)]);
    const next = /token=([0-9a-f]{32})/.exec(logged[0])![1];
    expect((await start(next)).statusCode).toBe(200);
  });

  it('keeps only a hash of the session token', async () => {
    const { token } = await signIn();
    const stored = ctx.userDb.db.prepare('SELECT token_hash FROM ui_session').pluck().all() as string[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain(token);
    expect(stored.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it('works once: the same sign-in token again is refused', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    expect((await start(token)).statusCode).toBe(200);
    const again = await start(token);
    expect(again.statusCode).toBe(403);
    expect(again.json().response.information.msg[0]).toMatch(/used already/);
    expect(again.body).not.toContain(token);
  });

  it('is not used up by opening or HEAD-ing the link', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    expect((await ctx.app.inject({ method: 'HEAD', url: `/?token=${token}`, headers: { host: HOST } })).statusCode).toBe(200);
    expect((await get(`/?token=${token}`)).statusCode).toBe(200);
    expect((await get(`/music/51000004?token=${token}`)).statusCode).toBe(200);
    expect((await start(token)).statusCode).toBe(200);
  });

  it('refuses made-up tokens, the UI token itself, and anything not a sign-in token, with one message', async () => {
    for (const token of ['0'.repeat(32), TOKEN, '', 'x', 'B7'.repeat(16), `${'a'.repeat(32)}\n`]) {
      const res = await start(token);
      expect(res.statusCode, token).toBe(403);
      expect(res.json().response.information.msg[0]).toMatch(/used already/);
    }
  });

  it('refuses another Origin, and uses nothing up then', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    const res = await start(token, { origin: 'http://127.0.0.1:9999' });
    expect(res.statusCode).toBe(403);
    expect((await start(token)).statusCode).toBe(200);
  });
});

describe('a session token in X-Moecat-UI', () => {
  it('acts as the UI: the user’s own routes, and the catalogue without an API key, with the favourites', async () => {
    const { token } = await signIn();
    expect((await get('/app/keys.json', as(token))).statusCode).toBe(200);
    expect((await post('/fav/add.json', { fav_obj_type: 'wiki', fav_obj_id: 51000004 }, as(token))).statusCode).toBe(200);
    const wikis = await get('/wikis.json?wiki_type=music&wiki_id=51000004', as(token));
    expect(wikis.statusCode).toBe(200);
    expect(wikis.json().response.wikis[0].wiki_user_fav).toMatchObject({ fav_obj_id: 51000004, fav_uid: 1 });
  });

  it('is nothing in a cookie, in the query, with a wrong value, or as a sign-in token', async () => {
    const { token } = await signIn();
    const loginToken = ctx.app.sessions.issueLoginToken();
    const tries: Record<string, string>[] = [
      { cookie: `moecat_ui_7777=${token}` },
      { cookie: `moecat_ui_7777=${TOKEN}` },
      { 'x-moecat-ui': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      { 'x-moecat-ui': loginToken },
      { authorization: `Bearer ${token}` },
      {},
    ];
    for (const headers of tries) {
      expect((await get('/app/keys.json', headers)).statusCode, JSON.stringify(headers)).toBe(401);
      expect((await get('/wikis.json?wiki_type=music', headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
    expect((await get(`/app/keys.json?token=${token}`)).statusCode).toBe(401);
  });

  it('never writes for another Origin', async () => {
    const { token } = await signIn();
    const res = await post('/app/keys/create.json', { name: 'Planted' }, { ...as(token), origin: 'http://127.0.0.1:9999' });
    expect(res.statusCode).toBe(403);
    expect(ctx.userDb.listKeys().map((k) => k.name)).not.toContain('Planted');
  });
});

describe('GET /app/sessions and POST /app/sessions/end', () => {
  it('lists the signed-in browsers, marks the one asking, and signs one out for good', async () => {
    const mine = await signIn();
    const other = await signIn();
    const list = await get('/app/sessions.json', as(mine.token));
    expect(list.statusCode).toBe(200);
    const sessions = list.json().response.sessions as { id: number; current: boolean; name: string; created: number; last_used: number }[];
    expect(sessions.find((s) => s.id === mine.id)).toMatchObject({
      current: true,
      name: 'Chrome on Linux',
      created: expect.any(Number),
      last_used: expect.any(Number),
    });
    expect(sessions.find((s) => s.id === other.id)).toMatchObject({ current: false });
    expect(JSON.stringify(sessions)).not.toContain(mine.token);
    expect(JSON.stringify(sessions)).not.toContain(other.token);

    expect((await post('/app/sessions/end.json', { id: other.id }, { ...as(mine.token), origin: SITE })).statusCode).toBe(200);
    expect((await get('/app/keys.json', as(other.token))).statusCode).toBe(401);
    expect((await get('/app/keys.json', as(mine.token))).statusCode).toBe(200);
    const again = await post('/app/sessions/end.json', { id: other.id }, as(mine.token));
    expect(again.statusCode).toBe(404);
  });

  it('are the UI’s alone: an API key or no credential gets a 401', async () => {
    const { id } = await signIn();
    expect((await get(`/app/sessions.json?api_key=${apiKey}`)).statusCode).toBe(401);
    expect((await post('/app/sessions/end.json', { id })).statusCode).toBe(401);
    expect(ctx.app.sessions.list().some((s) => s.id === id)).toBe(true);
  });
});
