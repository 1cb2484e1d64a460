// GET /docs: the OpenAPI document describes every registered operation, is valid OpenAPI 3, and
// describes what the server really answers; the Swagger UI page and its assets are served locally.
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS as ALL_OPERATIONS } from '../../src-main/server/operations';
import { suffixesOf } from '../../src-main/server/operations/serve';
import { call, FORMATS } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';

// Built at collection time: the operations are known only once the route plugins have run.
const ctx = await fixtureApp();
const key = ctx.userDb.defaultKey().key;
afterAll(() => ctx.close());

// The catalogue's reads, as Moefou clients call them: GET under three spellings, with a key or none.
const OPERATIONS = ALL_OPERATIONS.filter((op) => op.method === 'GET' && op.spellings === 'api' && (op.auth === 'api-key' || op.auth === 'none'));
const THE_FIVE = ['/search/direct', '/on-air', '/search/sub', '/wikis', '/search/wiki'];
type Doc = any;

async function openApi(): Promise<Doc> {
  const res = await ctx.app.inject({ url: '/docs/openapi.json', headers: { host: '127.0.0.1:7777' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

describe('GET /docs/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const doc = await openApi();
    expect(doc.openapi).toMatch(/^3\.0\.\d$/);
    expect(doc.info).toMatchObject({ title: 'Moecat API' });
    // swagger-parser checks the document against the OpenAPI 3.0 schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('describes the entry list at least', () => {
    expect(OPERATIONS.map((op) => op.path)).toContain('/wikis');
  });

  it('describes every operation the server declares, under each of its spellings and its methods', async () => {
    const doc = await openApi();
    for (const op of ALL_OPERATIONS) {
      const methods = [op.method, ...(op.alsoPost ? ['POST'] : []), ...(op.alsoGet ? ['GET'] : [])];
      for (const suffix of suffixesOf(op)) {
        const path = `${op.path}${suffix}`.replace(/:([a-z_]+)/g, '{$1}');
        for (const method of methods) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toMatchObject({ summary: op.summary });
      }
    }
    expect(ALL_OPERATIONS.length).toBeGreaterThan(30);
    expect(ALL_OPERATIONS.map((op) => op.path)).toEqual(expect.arrayContaining(['/oauth/request_token', '/oauth/access_token']));
  });

  // Their security and answers are checked in oauth-app.test.ts; here what their declarations add.
  it("describes OAuth's token steps as declared: POST and GET, never HEAD, a signed body only as a form", async () => {
    const doc = await openApi();
    for (const [path, param] of [
      ['/oauth/request_token', 'oauth_callback'],
      ['/oauth/access_token', 'oauth_verifier'],
    ]) {
      for (const suffix of ['', '.json', '.xml']) {
        const item = doc.paths[`${path}${suffix}`];
        expect(Object.keys(item).sort(), `${path}${suffix}`).toEqual(['get', 'post']);
        expect(item.get.parameters.map((p: Doc) => p.name)).toEqual([param]);
        expect(Object.keys(item.post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
        expect(Object.keys(item.post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '405', '500']));
      }
    }
  });

  it('describes what /oauth/request_token really answers', async () => {
    const consumer = ctx.userDb.createKey('Docs check');
    const client = new OAuth({
      consumer: { key: consumer.key, secret: consumer.secret },
      signature_method: 'HMAC-SHA1',
      hash_function: (base, k) => createHmac('sha1', k).update(base).digest('base64'),
    });
    client.getTimeStamp = () => Math.floor(FIXTURE_NOW / 1000);
    const url = 'http://127.0.0.1:7777/oauth/request_token';
    const headers = client.toHeader(client.authorize({ url, method: 'POST', data: { oauth_callback: 'oob' } }));
    const res = await ctx.app.inject({ method: 'POST', url: '/oauth/request_token', headers: { host: '127.0.0.1:7777', ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const doc: Doc = await SwaggerParser.dereference(structuredClone(await openApi()));
    const validate = new Ajv({ strict: false }).compile({
      ...doc.paths['/oauth/request_token'].post.responses['200'].content['application/x-www-form-urlencoded'].schema,
      additionalProperties: false,
    });
    const answer = Object.fromEntries(new URLSearchParams(res.body));
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(THE_FIVE)('describes %s under its three spellings', async (path) => {
    expect(OPERATIONS.map((op) => op.path)).toContain(path);
    const doc = await openApi();
    for (const suffix of ['', '.json', '.xml']) expect(doc.paths[`${path}${suffix}`]?.get, `${path}${suffix}`).toBeDefined();
  });

  it.each(OPERATIONS.map((op) => [op.path, op] as const))('gives %s its parameters, auth and answers', async (path, op) => {
    const doc = await openApi();
    for (const suffix of ['', '.json', '.xml']) {
      const get = doc.paths[`${path}${suffix}`].get;
      const params = get.parameters.map((p: Doc) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p));
      const byName = Object.fromEntries(params.map((p: Doc) => [p.name, p]));
      for (const [name, paramDoc] of Object.entries(op.params) as [string, { required?: boolean }][]) {
        expect(byName[name], `${path}${suffix} ${name}`).toMatchObject({ in: 'query', required: paramDoc.required === true });
      }
      expect(Object.keys(byName).sort()).toEqual([...Object.keys(op.params), ...(op.auth === 'api-key' ? ['api_key'] : [])].sort());
      if (op.auth === 'api-key') expect(byName.api_key).toMatchObject({ required: true });
      expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400']));
      expect('401' in get.responses).toBe(op.auth === 'api-key');
      expect('302' in get.responses).toBe(path === '/search/direct');
      const types = Object.keys(get.responses['200'].content);
      if (op.formatParam) expect(types).toEqual(['application/json', 'application/xml']);
      else expect(types).toEqual([suffix === '.xml' ? 'application/xml' : 'application/json']);
    }
  });

  // One real answer per operation, in both formats: the XML is decoded by a real parser into the JSON
  // shape, so both are checked against the JSON envelope schema of the document. Each sends a parameter:
  // XML cannot tell an empty `parameters` object from an empty string.
  const SAMPLES: { path: string; query: Record<string, string>; list?: string }[] = [
    { path: '/wikis', query: { wiki_type: 'music,anime', perpage: '50' }, list: 'wikis' },
    { path: '/on-air', query: { week: '0' }, list: 'onair_1' },
    { path: '/search/wiki', query: { keyword: 'touhou' }, list: 'wikis' },
    { path: '/search/sub', query: { keyword: 'touhou' }, list: 'subs' },
    { path: '/search/direct', query: { title: 'Sakura Letters' }, list: undefined },
  ];
  const cases = SAMPLES.flatMap((sample) => FORMATS.map((format) => [sample.path, format, sample] as const));
  it.each(cases)('describes what GET %s really answers in %s', async (path, format, { query, list }) => {
    const doc: Doc = await SwaggerParser.dereference(structuredClone(await openApi()));
    const schema = doc.paths[path].get.responses['200'].content['application/json'].schema;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    // The portal picks its format with `api`, the others with the suffix.
    const portal = path === '/search/direct';
    const { status, body } = portal
      ? await call(ctx.app, path, 'none', { ...query, api: format })
      : await call(ctx.app, path, format, { api_key: key, ...query });
    expect(status).toBe(200);
    if (list) expect(body.response[list].length).toBeGreaterThan(0);
    expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it.each(FORMATS)('describes the error envelope GET /wikis answers in %s', async (format) => {
    const doc: Doc = await SwaggerParser.dereference(structuredClone(await openApi()));
    const schema = doc.paths['/wikis.json'].get.responses['400'].content['application/json'].schema;
    const validate = new Ajv({ strict: false }).compile(schema);
    const { status, body } = await call(ctx.app, '/wikis', format, { api_key: key, wiki_type: 'opera' });
    expect(status).toBe(400);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('GET /docs', () => {
  it('answers the Swagger UI page', async () => {
    const res = await ctx.app.inject({ url: '/docs', headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Moecat API</title>');
    expect(res.body).toContain('/docs/static/swagger-ui-bundle.js');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the UI assets from the package, so the page works offline', async () => {
    const res = await ctx.app.inject({ url: '/docs/static/swagger-ui-bundle.js', headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeGreaterThan(100_000);
  });

  it('feeds the UI the same document', async () => {
    const res = await ctx.app.inject({ url: '/docs/json', headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await openApi());
  });

  it('answers an unknown /docs path with a 404 envelope, not the UI', async () => {
    const res = await ctx.app.inject({ url: '/docs/nothing.json', headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().response.information).toMatchObject({ has_error: true, error: 404 });
  });
});

describe('GET /docs/openapi.json: favourites and recently played', () => {
  const TOKEN = 'd0'.repeat(16);
  // Favourites are open to a tool connected with OAuth as well; recently played to the UI only.
  const USER_OPS = [
    ['post', '/fav/add', ['fav_obj_type', 'fav_obj_id', 'fav_type'], ['404', '405', '409'], true],
    ['post', '/fav/delete', ['fav_obj_type', 'fav_obj_id', 'fav_type'], ['404', '405'], true],
    ['get', '/user/favs/wiki', ['page', 'perpage'], ['405'], true],
    ['get', '/user/favs/sub', ['page', 'perpage'], ['405'], true],
    ['post', '/app/history/add', ['sub_id'], ['404', '405'], false],
    ['get', '/app/history', ['page', 'perpage'], ['405'], false],
    ['post', '/app/history/clear', [], ['405'], false],
  ] as const;

  it.each(USER_OPS)('describes %s %s under its three spellings, with who may call it', async (method, path, params, errors, oauth) => {
    const doc = await openApi();
    expect(doc.components.securitySchemes.MoecatUi).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Moecat-UI' });
    expect(doc.components.securitySchemes.OAuth1).toMatchObject({ in: 'header', name: 'Authorization' });
    for (const suffix of ['', '.json', '.xml']) {
      const op = doc.paths[`${path}${suffix}`]?.[method];
      expect(op, `${method} ${path}${suffix}`).toBeDefined();
      expect(op.security).toEqual(oauth ? [{ MoecatUi: [] }, { OAuth1: [] }] : [{ MoecatUi: [] }]);
      const names =
        method === 'get'
          ? op.parameters.map((p: Doc) => p.name)
          : Object.keys(op.requestBody?.content['application/x-www-form-urlencoded'].schema.properties ?? {});
      expect(names.sort()).toEqual([...params].sort());
      if (method === 'post' && params.length > 0)
        expect(Object.keys(op.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', ...errors]));
      expect(Object.keys(op.responses['200'].content)).toEqual([suffix === '.xml' ? 'application/xml' : 'application/json']);
    }
  });

  it('describes what the favourites and history operations really answer', async () => {
    const ui = await fixtureApp({ uiToken: TOKEN });
    try {
      const doc: Doc = await SwaggerParser.dereference(structuredClone(await openApi()));
      const ajv = new Ajv({ allErrors: true, strict: false });
      const check = async (method: 'GET' | 'POST', path: string, payload?: object) => {
        const headers = { host: '127.0.0.1:7777', 'x-moecat-ui': TOKEN, ...(payload ? { 'content-type': 'application/json' } : {}) };
        const res = await ui.app.inject({ method, url: `${path}.json`, headers, payload: payload && JSON.stringify(payload) });
        expect(res.statusCode, res.body).toBe(200);
        const validate = ajv.compile(doc.paths[path][method.toLowerCase()].responses['200'].content['application/json'].schema);
        expect(validate(res.json()), ajv.errorsText(validate.errors)).toBe(true);
        return res.json().response;
      };
      await check('POST', '/fav/add', { fav_obj_type: 'wiki', fav_obj_id: 51000004 });
      await check('POST', '/fav/add', { fav_obj_type: 'sub', fav_obj_id: 51000401 });
      expect((await check('GET', '/user/favs/wiki')).favs).toHaveLength(1);
      expect((await check('GET', '/user/favs/sub')).favs).toHaveLength(1);
      await check('POST', '/fav/delete', { fav_obj_type: 'sub', fav_obj_id: 51000401 });
      await check('POST', '/app/history/add', { sub_id: 51000401 });
      expect((await check('GET', '/app/history')).plays).toHaveLength(1);
      expect((await check('POST', '/app/history/clear')).cleared).toBe(1);
    } finally {
      await ui.close();
    }
  });
});
