// No answer echoes a credential: whatever credential a request carries — an API key, an OAuth token or
// signature, a feed or sign-in token, the Subsonic API's apiKey/p/t/s, the UI's X-Moecat-UI, an
// Authorization or Cookie header, a form field, a `name=value` piece of the path — and whatever the
// request (a good path, a bad escape, a parameter over the limit, a 404, a 405, any format), the
// credential comes back in neither the body nor a header. A property test (fast-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src-main/server/operations';
import { suffixesOf } from '../../src-main/server/operations/serve';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'c3'.repeat(16);
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const CREDENTIAL_PARAMS = [
  'api_key',
  'token',
  'apiKey',
  'p',
  't',
  's',
  'oauth_token',
  'oauth_consumer_key',
  'oauth_signature',
  'oauth_nonce',
  'oauth_verifier',
  'oauth_token_secret',
];

/** A credential as tools send them: hex keys, base64url tokens, with the odd `-_.~`. */
const secret = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFXYZxyz-_.~'), minLength: 10, maxLength: 48 });

/** Every address the server answers: each operation's spellings and page paths, and others of its routes. */
const ADDRESSES = [
  ...OPERATIONS.flatMap((op) => [
    ...suffixesOf(op).map((suffix) => ({ method: op.method, path: `${op.path}${suffix}` })),
    ...(op.pagePaths ?? []).map((path) => ({ method: 'GET' as const, path })),
  ]),
  ...[
    '/covers/:id/small',
    '/files/remote/:id',
    '/files/nothing.mp3',
    '/files/cache/x',
    '/docs/x',
    '/oauth/request_token',
    '/oauth/access_token.xml',
    '/',
    '/music/:id',
  ].map((path) => ({ method: 'GET' as const, path })),
];

/** What is wrong with the request, if anything: nothing, a bad escape, a path parameter over 500 characters, an unknown path, a method the path does not take. */
const TROUBLE = ['none', 'bad-escape', 'long-param', 'not-found', 'wrong-method'] as const;
/** Where the format is asked: the path's suffix as it is, .xml, .json, api=xml|json, Accept. */
const FORMAT = ['as-is', '.xml', '.json', 'api=xml', 'api=json', 'accept-xml', 'accept-json'] as const;
/** Where the credential goes. */
const PLACE = [
  'query',
  'query-encoded',
  'ui-header',
  'oauth-header',
  'oauth-header-malformed',
  'other-authorization',
  'cookie',
  'form',
  'json-body',
  'path-piece',
  'path-encoded-query',
] as const;

/** Every character percent-encoded: what a client that encodes everything sends. */
const encodedAll = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

const requestOf = fc
  .record({
    address: fc.constantFrom(...ADDRESSES),
    trouble: fc.constantFrom(...TROUBLE),
    format: fc.constantFrom(...FORMAT),
    places: fc.uniqueArray(fc.constantFrom(...PLACE), { minLength: 1, maxLength: 4 }),
    name: fc.constantFrom(...CREDENTIAL_PARAMS),
    secrets: fc.array(secret, { minLength: 4, maxLength: 4 }),
    realKey: fc.boolean(),
  })
  .map(({ address, trouble, format, places, name, secrets, realKey }) => {
    let path = address.path.replace(/:[A-Za-z_]+/g, trouble === 'long-param' ? '9'.repeat(501) : trouble === 'bad-escape' ? '%FF' : '51000004');
    if (trouble === 'not-found') path = `/no/such${path}`;
    if (format === '.xml' || format === '.json') path = `${path.replace(/\.(json|xml|ics|m3u8)$/, '')}${format}`;
    const method = trouble === 'wrong-method' ? (address.method === 'GET' ? 'DELETE' : 'GET') : address.method;
    const query: string[] = [];
    const headers: Record<string, string> = { host: '127.0.0.1:7777' };
    let payload: string | undefined;
    const sent = secrets.slice();
    for (const [i, place] of places.entries()) {
      const s = secrets[i];
      if (place === 'query') query.push(`${name}=${s}`);
      else if (place === 'query-encoded') query.push(`${encodedAll(name)}=${encodedAll(s)}`);
      else if (place === 'ui-header') headers['x-moecat-ui'] = s;
      else if (place === 'oauth-header')
        headers.authorization = `OAuth oauth_consumer_key="${s}", oauth_token="${s}", oauth_signature_method="HMAC-SHA1", oauth_signature="${s}%3D"`;
      else if (place === 'oauth-header-malformed') headers.authorization = `OAuth oauth_token=${s}, oauth_signature="${s}`;
      else if (place === 'other-authorization') headers.authorization = `Bearer ${s}`;
      else if (place === 'cookie') headers.cookie = `moecat_ui_7777=${s}; other=${s}`;
      else if (place === 'path-piece') path = path.replace(/^(\/[^/]*)/, `$1;${name}=${s}`);
      else if (place === 'path-encoded-query') path = `${path}%3F${name}%3D${s}`;
      else if (method === 'POST' && payload === undefined) {
        if (place === 'form') {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          payload = `${name}=${s}`;
        } else {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify({ [name]: s });
        }
      } else sent[i] = ''; // a body only goes with a POST
    }
    if (realKey && !query.some((q) => q.startsWith('api_key='))) query.push(`api_key=${key}`);
    if (format === 'api=xml' || format === 'api=json') query.push(format);
    if (format === 'accept-xml') headers.accept = 'application/xml';
    if (format === 'accept-json') headers.accept = 'application/json';
    const url = query.length ? `${path}?${query.join('&')}` : path;
    return { method, url, headers, payload, secrets: [...sent.filter(Boolean), ...(realKey ? [key] : [])] };
  });

describe('credentials are never echoed', () => {
  it('in any answer, body or header', async () => {
    await fc.assert(
      fc.asyncProperty(requestOf, async ({ method, url, headers, payload, secrets }) => {
        const res = await ctx.app.inject({ method, url, headers, payload });
        expect(res.statusCode, url).toBeLessThan(500);
        const answered = `${res.body}\n${JSON.stringify(res.headers)}`;
        for (const s of secrets) {
          expect(answered, `${method} ${url} ${JSON.stringify(headers)} echoed ${s}`).not.toContain(s);
          expect(answered).not.toContain(encodedAll(s));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('in the examples the issue names', async () => {
    const s = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed1';
    for (const url of [
      `/music/%FF?api=xml&api_key=${s}`,
      `/music/${'1'.repeat(600)}?api_key=${s}`,
      `/app/playlists/%FF.xml?token=${s}`,
      `/files/remote/%FF?api_key=${s}`,
      `/covers/%FF/small?api_key=${s}`,
      `/nothing;api_key=${s}/x.json`,
      `/nothing%3Fapi_key%3D${s}.xml`,
    ]) {
      const res = await ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': `${s}2` } });
      expect(res.body, url).not.toContain(s);
      expect(JSON.stringify(res.headers), url).not.toContain(s);
    }
  });
});
