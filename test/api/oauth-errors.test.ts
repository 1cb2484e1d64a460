// OAuth 1.0a refusals over real HTTP, in JSON and XML: replayed nonces, stale timestamps, wrong
// secrets, revoked tokens and keys, wrong verifiers and reused request tokens are 401; malformed
// headers, repeated or missing parameters and unsupported methods are 400 — each in the envelope,
// saying why, and none of them writes anything.
import OAuth from 'oauth-1.0a';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { decodeXml, FORMATS, type Format } from '../fixtures/api';
import { answerOf, formAnswer, formBody, listeningOAuthApp, oauthClient, oauthDriver, UI_TOKEN, type Answer, type Consumer } from '../fixtures/oauth';

const SAKURA = DEMO_WIKI_ID_BASE + 4;

let ctx: Awaited<ReturnType<typeof listeningOAuthApp>>;
let consumer: Consumer;
let driver: ReturnType<typeof oauthDriver>;
let access: OAuth.Token;
beforeAll(async () => {
  ctx = await listeningOAuthApp();
  const key = ctx.userDb.createKey('Checker');
  consumer = { key: key.key, secret: key.secret };
  driver = oauthDriver(ctx.url, oauthClient(consumer));
  access = await driver.connect();
});
afterAll(() => ctx?.close());
beforeEach(() => {
  ctx.userDb.db.exec('DELETE FROM fav');
});

function envelope(answer: Answer, format: Format): any {
  expect(answer.type).toContain(format === 'xml' ? 'application/xml' : 'application/json');
  return format === 'xml' ? (decodeXml(answer.text) as any).response : JSON.parse(answer.text).response;
}

function expectRefusal(answer: Answer, format: Format, status: 400 | 401 | 403, msg: RegExp) {
  expect(answer.status, answer.text).toBe(status);
  const { information } = envelope(answer, format);
  expect(information).toMatchObject({ has_error: true, error: status });
  expect(information.msg.join(' ')).toMatch(msg);
}

/** Everything a refusal must leave as it was. */
const written = () => ({
  tokens: ctx.userDb.db.prepare('SELECT token, status, verifier, last_used_at, revoked_at FROM oauth_token ORDER BY token').all(),
  nonces: ctx.userDb.db.prepare('SELECT count(*) FROM oauth_nonce').pluck().get(),
  favs: ctx.userDb.db.prepare('SELECT count(*) FROM fav').pluck().get(),
});

const wikisPath = (format: Format) => `/wikis.${format}?wiki_type=music&wiki_id=${SAKURA}`;
const client = (c: Consumer = consumer, offset = 0) => oauthClient(c, { offset });

describe.each(FORMATS)('OAuth refusals with 401 (%s)', (format) => {
  it('a replayed request (same nonce and timestamp) is refused the second time', async () => {
    const url = `${ctx.url}${wikisPath(format)}`;
    const c = client();
    const headers = c.toHeader(c.authorize({ url, method: 'GET' }, access));
    expect((await answerOf(await fetch(url, { headers: { ...headers } }))).status).toBe(200);
    const before = written();
    expectRefusal(await answerOf(await fetch(url, { headers: { ...headers } })), format, 401, /oauth_nonce was already used/);
    expect(written()).toEqual(before);
  });

  it.each([
    ['301 s behind', -301],
    ['301 s ahead', 301],
  ])('a timestamp %s of the server is refused; 299 s is accepted', async (_what, offset) => {
    const before = written();
    const stale = await oauthDriver(ctx.url, client(consumer, offset)).signed('GET', wikisPath(format), { token: access });
    expectRefusal(stale, format, 401, /oauth_timestamp \d+ is more than 300 seconds from this server's clock/);
    expect(written()).toEqual(before);
    const near = await oauthDriver(ctx.url, client(consumer, Math.sign(offset) * 299)).signed('GET', wikisPath(format), { token: access });
    expect(near.status).toBe(200);
  });

  it('a wrong consumer secret or token secret is a bad signature', async () => {
    const before = written();
    const wrongConsumer = await oauthDriver(ctx.url, client({ key: consumer.key, secret: 'f'.repeat(32) })).signed('GET', wikisPath(format), { token: access });
    expectRefusal(wrongConsumer, format, 401, /oauth_signature does not match/);
    const wrongToken = await driver.signed('GET', wikisPath(format), { token: { key: access.key, secret: 'e'.repeat(32) } });
    expectRefusal(wrongToken, format, 401, /oauth_signature does not match/);
    const wrongRequestSecret = await oauthDriver(ctx.url, client({ key: consumer.key, secret: 'f'.repeat(32) })).signed(
      'POST',
      `/oauth/request_token.${format}`,
      { data: { oauth_callback: 'oob' } },
    );
    expectRefusal(wrongRequestSecret, format, 401, /oauth_signature does not match/);
    expect(written()).toEqual(before);
  });

  it('a signature over another URL (port, path or parameter) does not match', async () => {
    const c = client();
    const sent = `${ctx.url}${wikisPath(format)}`;
    for (const signedFor of [
      sent.replace(/:(\d+)\//, (_m, p) => `:${Number(p) + 1}/`),
      sent.replace('/wikis', '/wikis2'),
      sent.replace('wiki_type=music', 'wiki_type=radio'),
    ]) {
      const headers = c.toHeader(c.authorize({ url: signedFor, method: 'GET' }, access));
      expectRefusal(await answerOf(await fetch(sent, { headers: { ...headers } })), format, 401, /oauth_signature does not match/);
    }
  });

  it('an unknown consumer key, a request token on a read, and another consumer’s token are refused', async () => {
    const unknown = await oauthDriver(ctx.url, client({ key: 'a'.repeat(41), secret: 'b'.repeat(32) })).signed('GET', wikisPath(format), { token: access });
    expectRefusal(unknown, format, 401, /oauth_consumer_key is not an active API key/);
    const request = await driver.requestToken('oob');
    expectRefusal(await driver.signed('GET', wikisPath(format), { token: request }), format, 401, /oauth_token is not an access token of this consumer key/);
    const other = ctx.userDb.createKey('Other tool');
    const otherClient = oauthDriver(ctx.url, client({ key: other.key, secret: other.secret }));
    expectRefusal(
      await otherClient.signed('GET', wikisPath(format), { token: access }),
      format,
      401,
      /oauth_token is not an access token of this consumer key/,
    );
  });

  it('a wrong verifier is refused and the request token stays usable; a reused request token is refused', async () => {
    const request = await driver.requestToken('oob');
    const { verifier } = (await driver.page('/app/oauth/approve.json', { token: request.key })).response.oauth_request;
    const before = written();
    expectRefusal(
      await driver.accessToken(request, '0'.repeat(32), `/oauth/access_token.${format}`),
      format,
      401,
      /oauth_verifier is not the verifier given to the user/,
    );
    expect(written()).toEqual(before);
    expect((await driver.accessToken(request, verifier, `/oauth/access_token.${format}`)).status).toBe(200);
    expectRefusal(await driver.accessToken(request, verifier, `/oauth/access_token.${format}`), format, 401, /already exchanged for an access token/);
  });

  it('a revoked access token, and every token of a revoked API key, are refused for reads and writes', async () => {
    const mine = await driver.connect();
    expect((await driver.signed('GET', wikisPath(format), { token: mine })).status).toBe(200);
    await driver.page('/app/oauth/tools/revoke.json', { token: mine.key });
    expectRefusal(await driver.signed('GET', wikisPath(format), { token: mine }), format, 401, /This access token was revoked/);
    expectRefusal(
      await driver.signed('POST', `/fav/add.${format}`, { token: mine, data: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA) } }),
      format,
      401,
      /This access token was revoked/,
    );

    const key = ctx.userDb.createKey('Short-lived');
    const shortLived = oauthDriver(ctx.url, client({ key: key.key, secret: key.secret }));
    const token = await shortLived.connect();
    expect((await driver.page('/app/oauth/tools.json')).response.tools.map((t: { token: string }) => t.token)).toContain(token.key);
    ctx.userDb.revokeKey(key.key);
    expectRefusal(await shortLived.signed('GET', wikisPath(format), { token }), format, 401, /oauth_consumer_key is not an active API key/);
    expect((await driver.page('/app/oauth/tools.json')).response.tools.map((t: { token: string }) => t.token)).not.toContain(token.key);
    expect(written().favs).toBe(0);
  });
});

describe.each(FORMATS)('malformed OAuth requests answer 400 (%s)', (format) => {
  /** A valid header for a signed GET of `path`, as text, to be spoiled. */
  const validHeader = (path: string) => {
    const c = client();
    return c.toHeader(c.authorize({ url: `${ctx.url}${path}`, method: 'GET' }, access)).Authorization;
  };
  const get = async (path: string, authorization: string) => answerOf(await fetch(`${ctx.url}${path}`, { headers: { authorization } }));

  it.each([
    ['a value without quotes', (h: string) => h.replace(/oauth_nonce="([^"]*)"/, 'oauth_nonce=$1'), /Authorization header is malformed near/],
    ['an unclosed quote', (h: string) => h.replace(/oauth_nonce="([^"]*)"/, 'oauth_nonce="$1'), /Authorization header is malformed near/],
    ['a missing comma', (h: string) => h.replace(/", oauth_nonce/, '" oauth_nonce'), /Authorization header is malformed near/],
    ['a repeated parameter', (h: string) => `${h}, oauth_nonce="again"`, /"oauth_nonce" is given more than once/],
    ['a parameter that is not oauth_*', (h: string) => `${h}, wiki_type="music"`, /"wiki_type" is not an OAuth protocol parameter/],
    ['another version', (h: string) => h.replace('oauth_version="1.0"', 'oauth_version="2.0"'), /"oauth_version" must be 1\.0/],
    ['no nonce', (h: string) => h.replace(/, oauth_nonce="[^"]*"/, ''), /"oauth_nonce" is required/],
    [
      'a timestamp that is not a number',
      (h: string) => h.replace(/oauth_timestamp="\d+"/, 'oauth_timestamp="soon"'),
      /"oauth_timestamp" must be a whole number/,
    ],
  ])('%s', async (_what, spoil, msg) => {
    const path = wikisPath(format);
    const before = written();
    expectRefusal(await get(path, spoil(validHeader(path))), format, 400, msg);
    expect(written()).toEqual(before);
  });

  it('a protocol parameter both in the header and in the query', async () => {
    const path = wikisPath(format);
    const header = validHeader(path);
    const nonce = /oauth_nonce="([^"]*)"/.exec(header)![1];
    const before = written();
    expectRefusal(await get(`${path}&oauth_nonce=${nonce}`, header), format, 400, /"oauth_nonce" is given more than once/);
    expect(written()).toEqual(before);
  });

  it('an unsupported signature method (PLAINTEXT), for request_token and for reads', async () => {
    const plain = new OAuth({ consumer, signature_method: 'PLAINTEXT' });
    const before = written();
    for (const path of [`/oauth/request_token.${format}`, wikisPath(format)]) {
      const forToken = path.startsWith('/oauth');
      const headers = plain.toHeader(
        plain.authorize({ url: `${ctx.url}${path}`, method: 'GET', data: forToken ? { oauth_callback: 'oob' } : {} }, forToken ? undefined : access),
      );
      expectRefusal(
        await answerOf(await fetch(`${ctx.url}${path}`, { headers: { ...headers } })),
        format,
        400,
        /"oauth_signature_method" is "PLAINTEXT", but this server supports only HMAC-SHA1/,
      );
    }
    expect(written()).toEqual(before);
  });

  it('request_token without a callback, or with one that is not oob or an http(s) URL', async () => {
    const before = written();
    expectRefusal(await driver.signed('POST', `/oauth/request_token.${format}`), format, 400, /"oauth_callback" is required/);
    expectRefusal(
      await driver.signed('POST', `/oauth/request_token.${format}`, { data: { oauth_callback: 'javascript:alert(1)' } }),
      format,
      400,
      /"oauth_callback" must be "oob" or an absolute http\(s\) URL/,
    );
    expectRefusal(
      await driver.signed('POST', `/oauth/request_token.${format}`, { data: { oauth_callback: '/relative' } }),
      format,
      400,
      /"oauth_callback" must be "oob"/,
    );
    expect(written()).toEqual(before);
  });

  it('a signed favourite write with a malformed header adds nothing', async () => {
    const path = `/fav/add.${format}`;
    const c = client();
    const data = { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA) };
    const header = c.toHeader(c.authorize({ url: `${ctx.url}${path}`, method: 'POST', data: { ...data } }, access)).Authorization;
    const before = written();
    const res = await fetch(`${ctx.url}${path}`, {
      method: 'POST',
      headers: { authorization: header.replace(/oauth_signature="/, 'oauth_signature='), 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(data),
    });
    expectRefusal(await answerOf(res), format, 400, /Authorization header is malformed/);
    expect(written()).toEqual(before);
  });
});

describe.each(FORMATS)('signed favourite writes (%s)', (format) => {
  const data = { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA) };

  it('are refused from another Origin, even correctly signed', async () => {
    const before = written();
    const answer = await driver.signed('POST', `/fav/add.${format}`, { token: access, data, headers: { origin: 'http://evil.example' } });
    expectRefusal(answer, format, 403, /Origin "http:\/\/evil\.example" may not write/);
    expect(written()).toEqual(before);
  });

  it('need an access token: the consumer alone, or no OAuth at all, is not the user', async () => {
    const c = client();
    const url = `${ctx.url}/fav/add.${format}`;
    const consumerOnly = c.toHeader(c.authorize({ url, method: 'POST', data: { ...data } }));
    const answer = await answerOf(
      await fetch(url, { method: 'POST', headers: { ...consumerOnly, 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(data) }),
    );
    expectRefusal(answer, format, 400, /"oauth_token" is required/);
    const plain = await answerOf(await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(data) }));
    expectRefusal(plain, format, 401, /Only the Moecat app itself, or a tool you connected with OAuth/);
    expect(written().favs).toBe(0);
  });

  it('may carry every protocol parameter in the form body (RFC 5849 §3.5.2)', async () => {
    const c = client();
    const url = `${ctx.url}/fav/add.${format}`;
    const auth = c.authorize({ url, method: 'POST', data: { ...data } }, access);
    const fields = {
      ...data,
      ...Object.fromEntries(
        Object.entries(auth)
          .filter(([k]) => k.startsWith('oauth_'))
          .map(([k, v]) => [k, String(v)]),
      ),
    };
    const answer = await answerOf(
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(fields) }),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(envelope(answer, format).fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA });
    // The envelope never echoes the credentials.
    expect(answer.text).not.toContain(auth.oauth_signature);
  });

  it('a body field changed after signing breaks the signature', async () => {
    const c = client();
    const url = `${ctx.url}/fav/add.${format}`;
    const headers = c.toHeader(c.authorize({ url, method: 'POST', data: { ...data } }, access));
    const answer = await answerOf(
      await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody({ ...data, fav_type: '9' }),
      }),
    );
    expectRefusal(answer, format, 401, /oauth_signature does not match/);
    expect(written().favs).toBe(0);
  });
});

// Token requests' form bodies are read by the same parser as every operation's: a name that is an
// object's own key (__proto__, constructor) is refused in the same words, and any other — toString
// included — is a field like the rest, signed with them.
describe.each(FORMATS)("form fields named like an object's keys in a token request (%s)", (format) => {
  const post = async (path: string, body: string, headers: Record<string, string> = {}) =>
    answerOf(await fetch(`${ctx.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body }));

  it.each(['constructor', '__proto__'])('%s is refused as every operation refuses it', async (name) => {
    const before = written();
    const token = await post(`/oauth/request_token.${format}`, `${name}=1`);
    const other = await post(`/app/history/clear.${format}`, `${name}=1`, { 'x-moecat-ui': UI_TOKEN });
    expectRefusal(token, format, 400, new RegExp(`"${name}" is not accepted as a parameter name`));
    expectRefusal(other, format, 400, new RegExp(`"${name}" is not accepted as a parameter name`));
    expect(envelope(token, format).information.msg).toEqual(envelope(other, format).information.msg);
    expect(written()).toEqual(before);
  });

  it.each(['toString', 'valueOf', 'hasOwnProperty'])('%s is a field like any other, signed with the rest', async (name) => {
    const token = await driver.signed('POST', `/oauth/request_token.${format}`, { data: { oauth_callback: 'oob', [name]: '1' } });
    expect(token.status, token.text).toBe(200);
    expect(formAnswer(token.text)).toMatchObject({ oauth_callback_confirmed: 'true' });
    const other = await post(`/app/history/clear.${format}`, `${name}=1`, { 'x-moecat-ui': UI_TOKEN });
    expect(other.status, other.text).toBe(200);
  });
});
