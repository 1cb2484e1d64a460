// OAuth 1.0a, three-legged, over real HTTP on 127.0.0.1, signed by the `oauth-1.0a` client library:
// request_token (a callback URL or oob), the user's answer through the same first-party endpoints the
// approval page uses, access_token with the verifier, then signed reads that carry the user's
// favourites and signed favourite writes; revocation from Settings ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type OAuth from 'oauth-1.0a';
import { DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { UI_MARKER } from '../fixtures/app';
import { formAnswer, listeningOAuthApp, oauthClient, oauthDriver, UI_TOKEN, type Answer, type Consumer } from '../fixtures/oauth';

const SAKURA = DEMO_WIKI_ID_BASE + 4; // Sakura Letters, an album with songs
const SAKURA_SONG = DEMO_WIKI_ID_BASE + 4 * 100 + 1; // its first song (sub ids: base + album × 100 + track)
const HEX32 = /^[0-9a-f]{32}$/;

let ctx: Awaited<ReturnType<typeof listeningOAuthApp>>;
let consumer: Consumer;
let client: OAuth;
let signed: ReturnType<typeof oauthDriver>['signed'];
let page: ReturnType<typeof oauthDriver>['page'];
let requestToken: ReturnType<typeof oauthDriver>['requestToken'];
let accessToken: ReturnType<typeof oauthDriver>['accessToken'];
beforeAll(async () => {
  ctx = await listeningOAuthApp();
  const key = ctx.userDb.createKey('Sakura Player');
  consumer = { key: key.key, secret: key.secret };
  client = oauthClient(consumer, ctx.clock);
  ({ signed, page, requestToken, accessToken } = oauthDriver(ctx.url, client));
});
afterAll(() => ctx?.close());

const json = (answer: Answer) => JSON.parse(answer.text).response;

describe('three-legged OAuth 1.0a with a callback URL', () => {
  let request: OAuth.Token;
  let verifier: string;
  let access: OAuth.Token;

  it('request_token answers a request token, form-encoded, with oauth_callback_confirmed=true', async () => {
    const { key, secret, answer, fields } = await requestToken('http://127.0.0.1:9/done?state=abc');
    expect(answer.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(key).toMatch(HEX32);
    expect(secret).toMatch(HEX32);
    expect(fields.oauth_callback_confirmed).toBe('true');
    request = { key, secret };
  });

  it('the approval page is the UI at /oauth/authorize, and names the tool', async () => {
    // Opened in the signed-in app (its UI token; a browser's session cookie does the same).
    const res = await fetch(`${ctx.url}/oauth/authorize?oauth_token=${request.key}`, { headers: { 'x-moecat-ui': UI_TOKEN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(UI_MARKER);
    const { status, response } = await page(`/app/oauth/request.json?token=${request.key}`);
    expect(status).toBe(200);
    expect(response.oauth_request).toMatchObject({
      token: request.key,
      tool: 'Sakura Player',
      key: consumer.key,
      callback: 'http://127.0.0.1:9/done?state=abc',
      status: 'pending',
      verifier: null,
      redirect: null,
    });
  });

  it('access_token refuses the request token until the user answers', async () => {
    const answer = await accessToken(request, 'f'.repeat(32));
    expect(answer.status).toBe(401);
    expect(json(answer).information).toMatchObject({ has_error: true, error: 401, msg: ['The user has not approved this request token yet.'] });
  });

  it('approving gives a verifier and the callback to return to, with oauth_token and oauth_verifier added', async () => {
    const { status, response } = await page('/app/oauth/approve.json', { token: request.key });
    expect(status).toBe(200);
    verifier = response.oauth_request.verifier;
    expect(verifier).toMatch(HEX32);
    expect(response.oauth_request.status).toBe('approved');
    const redirect = new URL(response.oauth_request.redirect);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://127.0.0.1:9/done');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ state: 'abc', oauth_token: request.key, oauth_verifier: verifier });
  });

  it('access_token refuses a wrong verifier and writes nothing', async () => {
    const tokensBefore = ctx.userDb.db.prepare('SELECT count(*) FROM oauth_token').pluck().get();
    const answer = await accessToken(
      request,
      verifier.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    );
    expect(answer.status).toBe(401);
    expect(json(answer).information.msg).toEqual(['oauth_verifier is not the verifier given to the user.']);
    expect(ctx.userDb.db.prepare('SELECT count(*) FROM oauth_token').pluck().get()).toBe(tokensBefore);
  });

  it('access_token exchanges the approved request token and its verifier for an access token', async () => {
    const answer = await accessToken(request, verifier);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.type).toMatch(/^application\/x-www-form-urlencoded/);
    const fields = formAnswer(answer.text);
    expect(Object.keys(fields).sort()).toEqual(['oauth_token', 'oauth_token_secret']);
    expect(fields.oauth_token).toMatch(HEX32);
    expect(fields.oauth_token).not.toBe(request.key);
    access = { key: fields.oauth_token, secret: fields.oauth_token_secret };
  });

  it('refuses the request token a second time', async () => {
    const answer = await accessToken(request, verifier);
    expect(answer.status).toBe(401);
    expect(json(answer).information.msg).toEqual(['This request token was already exchanged for an access token: ask for a new one.']);
  });

  it('a signed read carries wiki_user_fav once the tool adds a favourite with a signed POST /fav/add', async () => {
    const read = async () => json(await signed('GET', `/music/detail?wiki_id=${SAKURA}`, { token: access }));
    const before = await read();
    expect(before.information.error).toBe(0);
    expect(before.wiki.wiki_user_fav).toBeNull();

    const added = await signed('POST', '/fav/add', { token: access, data: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA), fav_type: '2' } });
    expect(added.status, added.text).toBe(200);
    expect(json(added).fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA, fav_type: 2 });
    expect(await signed('POST', '/fav/add.json', { token: access, data: { fav_obj_type: 'sub', fav_obj_id: String(SAKURA_SONG) } }).then((a) => a.status)).toBe(
      200,
    );

    const after = await read();
    expect(after.wiki.wiki_user_fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA, fav_type: 2 });
    expect(after.subs[0]).toMatchObject({ sub_id: SAKURA_SONG, sub_user_fav: { fav_obj_type: 'sub', fav_obj_id: SAKURA_SONG } });
  });

  it('the same read with only the API key has null fav fields, before and after the signed one (no shared cache)', async () => {
    const byKey = () => fetch(`${ctx.url}/wikis.json?wiki_type=music&wiki_id=${SAKURA}&api_key=${consumer.key}`).then((r) => r.json());
    expect((await byKey()).response.wikis[0].wiki_user_fav).toBeNull();
    const bySignature = json(await signed('GET', `/wikis.json?wiki_type=music&wiki_id=${SAKURA}`, { token: access }));
    expect(bySignature.wikis[0].wiki_user_fav).toMatchObject({ fav_obj_id: SAKURA });
    expect((await byKey()).response.wikis[0].wiki_user_fav).toBeNull();
  });

  it('a signed GET /user/favs/wiki lists the favourites', async () => {
    const favs = json(await signed('GET', '/user/favs/wiki.json', { token: access }));
    expect(favs.favs.map((f: { fav_obj_id: number }) => f.fav_obj_id)).toEqual([SAKURA]);
  });

  it('Settings lists the connected tool with its last use, and revoking it ends its access', async () => {
    const listed = await page('/app/oauth/tools.json');
    expect(listed.response.tools).toEqual([
      { token: access.key, name: 'Sakura Player', key: consumer.key, connected: expect.any(Number), last_used: expect.any(Number), revoked: null },
    ]);
    const revoked = await page('/app/oauth/tools/revoke.json', { token: access.key });
    expect(revoked.status).toBe(200);
    expect(revoked.response.tool.revoked).toEqual(expect.any(Number));
    expect((await page('/app/oauth/tools.json')).response.tools).toEqual([]);

    const refused = await signed('GET', `/wikis?wiki_type=music&wiki_id=${SAKURA}`, { token: access });
    expect(refused.status).toBe(401);
    expect(json(refused).information.msg).toEqual(['This access token was revoked.']);
    const write = await signed('POST', '/fav/delete', { token: access, data: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA) } });
    expect(write.status).toBe(401);
    expect(ctx.userDb.findFav('wiki', SAKURA)).toBeDefined();
  });
});

describe('three-legged OAuth 1.0a out of band (oob)', () => {
  it('request_token over GET with the parameters in the query; the approval shows a verifier and no redirect', async () => {
    const url = `${ctx.url}/oauth/request_token?oauth_callback=oob`;
    const auth = client.authorize({ url, method: 'GET' });
    // Everything in the query this time (RFC 5849 §3.5.3).
    const query = new URLSearchParams({ oauth_callback: 'oob', ...Object.fromEntries(Object.entries(auth).map(([k, v]) => [k, String(v)])) });
    const res = await fetch(`${ctx.url}/oauth/request_token?${query}`);
    expect(res.status).toBe(200);
    const fields = formAnswer(await res.text());
    expect(fields.oauth_callback_confirmed).toBe('true');

    expect((await page(`/app/oauth/request.json?token=${fields.oauth_token}`)).response.oauth_request).toMatchObject({ callback: 'oob', status: 'pending' });
    const approved = (await page('/app/oauth/approve.json', { token: fields.oauth_token })).response.oauth_request;
    expect(approved).toMatchObject({ callback: 'oob', status: 'approved', redirect: null, verifier: expect.stringMatching(HEX32) });

    const answer = await accessToken({ key: fields.oauth_token, secret: fields.oauth_token_secret }, approved.verifier);
    expect(answer.status, answer.text).toBe(200);
    const access = formAnswer(answer.text);
    const read = json(await signed('GET', `/search/wiki?keyword=sakura`, { token: { key: access.oauth_token, secret: access.oauth_token_secret } }));
    expect(read.information.error).toBe(0);
  });
});

describe('the user denies', () => {
  it('sends the user back with oauth_problem=user_refused, and access_token refuses the request token', async () => {
    const { key, secret } = await requestToken('https://tool.example/cb');
    const denied = (await page('/app/oauth/deny.json', { token: key })).response.oauth_request;
    expect(denied).toMatchObject({ status: 'denied', verifier: null });
    expect(denied.redirect).toBe(`https://tool.example/cb?oauth_token=${key}&oauth_problem=user_refused`);
    const answer = await accessToken({ key, secret }, 'a'.repeat(32));
    expect(answer.status).toBe(401);
    expect(json(answer).information.msg).toEqual(['The user denied this request token.']);
    // An answered request cannot be answered again.
    expect((await page('/app/oauth/approve.json', { token: key })).status).toBe(409);
  });
});

describe('request token lifetime', () => {
  it('expires after 10 minutes: the page cannot approve it, access_token refuses it', async () => {
    const pending = await requestToken('oob');
    const approved = await requestToken('oob');
    const { verifier } = (await page('/app/oauth/approve.json', { token: approved.key })).response.oauth_request;
    ctx.clock.offset = 601;
    try {
      expect((await page(`/app/oauth/request.json?token=${pending.key}`)).response.oauth_request.status).toBe('expired');
      const late = await page('/app/oauth/approve.json', { token: pending.key });
      expect(late.status).toBe(404);
      expect(late.response.information.msg).toEqual(['This authorization request has expired. Start again from the tool.']);
      const answer = await accessToken({ key: approved.key, secret: approved.secret }, verifier);
      expect(answer.status).toBe(401);
      expect(json(answer).information.msg).toEqual(['The request token has expired: ask for a new one.']);
    } finally {
      ctx.clock.offset = 0;
    }
  });
});
