// The page hands nobody the user's powers (DESIGN.md §5): the served UI carries no key or token; a
// browser is signed in by a one-time link the server printed, exchanged for an HttpOnly, SameSite=Strict
// cookie and a redirect to the clean address; the cookie then acts as the UI (no API key needed), only
// on this server's port and never for another Origin's writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp, UI_MARKER } from '../fixtures/app';

const TOKEN = 'b7'.repeat(16);
const HOST = '127.0.0.1:7777';
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
const logged: string[] = [];
let apiKey: string;

beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN, withUiKey: true, log: (line) => logged.push(line) });
  apiKey = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: HOST, ...headers } });
/** Signs in with a fresh link; the cookie (name=value) the server set. */
async function signIn(path = '/'): Promise<string> {
  const res = await get(`${path}${path.includes('?') ? '&' : '?'}token=${ctx.app.sessions.issueLoginToken()}`);
  expect(res.statusCode).toBe(302);
  return String(res.headers['set-cookie']).split(';')[0];
}

describe('the served page', () => {
  it('carries no API key and no UI token, signed in or not', async () => {
    const cookie = await signIn();
    for (const res of [await get('/'), await get('/', { cookie }), await get('/music/51000004', { cookie })]) {
      expect(res.body).not.toContain(apiKey);
      expect(res.body).not.toContain(TOKEN);
      expect(res.body).not.toMatch(/moecat-api-key|moecat-ui-token/);
    }
  });

  it('is a page saying how to sign in for a browser that is not signed in, and runs nothing', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Sign in to Moecat');
    expect(res.body).not.toContain(UI_MARKER);
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('GET /?token= (the sign-in link)', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for this port and redirects to the address without the token', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    const res = await get(`/music/51000004?x=1&token=${token}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/music/51000004?x=1');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^moecat_ui_7777=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    const page = await get('/music/51000004?x=1', { cookie: cookie.split(';')[0] });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(UI_MARKER);
  });

  it('works once: the same link again is refused, and the server prints the next one', async () => {
    const token = ctx.app.sessions.issueLoginToken();
    logged.length = 0;
    expect((await get(`/?token=${token}`)).statusCode).toBe(302);
    const again = await get(`/?token=${token}`);
    expect(again.statusCode).toBe(403);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('has been used already');
    expect(logged).toEqual([expect.stringMatching(/^A browser signed in\. To sign in another one, open http:\/\/127\.0\.0\.1:7777\/\?token=[0-9a-f]{32}$/)]);
    const next = /token=([0-9a-f]{32})/.exec(logged[0])![1];
    expect((await get(`/?token=${next}`)).statusCode).toBe(302);
  });

  it('refuses a made-up token', async () => {
    for (const token of ['0'.repeat(32), TOKEN, '', 'x']) expect((await get(`/?token=${token}`)).statusCode, token).toBe(403);
  });
});

describe('the session cookie', () => {
  it('acts as the UI: the user’s own routes, and the catalogue without an API key, with the favourites', async () => {
    const cookie = await signIn();
    expect((await get('/app/keys.json', { cookie })).statusCode).toBe(200);
    const fav = await ctx.app.inject({ method: 'POST', url: '/fav/add.json', headers: { host: HOST, cookie, 'content-type': 'application/json' }, payload: { fav_obj_type: 'wiki', fav_obj_id: 51000004 } });
    expect(fav.statusCode).toBe(200);
    const wikis = await get('/wikis.json?wiki_type=music&wiki_id=51000004', { cookie });
    expect(wikis.statusCode).toBe(200);
    expect(wikis.json().response.wikis[0].wiki_user_fav).toMatchObject({ fav_obj_id: 51000004, fav_uid: 1 });
  });

  it('is nothing without it, with a wrong value, or under another port’s name', async () => {
    const [, value] = (await signIn()).split('=');
    for (const cookie of [undefined, `moecat_ui_7777=${'0'.repeat(32)}`, `moecat_ui_8888=${value}`]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect((await get('/app/keys.json', headers)).statusCode, cookie).toBe(401);
      expect((await get('/wikis.json?wiki_type=music', headers)).statusCode, cookie).toBe(401);
      expect((await get('/', headers)).statusCode, cookie).toBe(401);
    }
  });

  it('never writes for another Origin', async () => {
    const cookie = await signIn();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/app/keys/create.json',
      headers: { host: HOST, cookie, origin: 'http://evil.example', 'content-type': 'application/json' },
      payload: { name: 'Planted' },
    });
    expect(res.statusCode).toBe(403);
    expect(ctx.userDb.listKeys().map((k) => k.name)).not.toContain('Planted');
  });
});
