// What every operation shares: the envelope, query parsing, authority and errors, in both formats.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrl, FORMATS } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

describe.each(FORMATS)('the envelope (%s)', (format) => {
  const url = (query: string) => `/wikis.${format}?${query}`;

  it('echoes every parameter decoded, as strings, without credentials', async () => {
    const { body } = await callUrl(ctx.app, url(`wiki_type=music&api_key=${key}&oauth_token=abc&tag=%E6%9D%B1+x&page=1&whatever=7`));
    expect(body.response.information.parameters).toEqual({ wiki_type: 'music', tag: '東 x', page: '1', whatever: '7' });
    expect(body.response.information.request).toBe(`/wikis.${format}?wiki_type=music&tag=%E6%9D%B1+x&page=1&whatever=7`);
  });

  it('ignores unknown parameters', async () => {
    const { status, body } = await callUrl(ctx.app, url(`wiki_type=radio&api_key=${key}&colour=blue`));
    expect(status).toBe(200);
    expect(body.response.wikis).toHaveLength(1);
  });

  it.each([
    ['a repeated parameter', 'wiki_type=music&wiki_type=radio', /"wiki_type" is given more than once/],
    ['bytes that are not UTF-8', 'wiki_type=music&tag=%FF%FE', /"tag" is not valid percent-encoded UTF-8/],
    ['a control character', 'wiki_type=music&tag=a%01b', /"tag" contains control characters/],
    ['a huge value', `wiki_type=music&tag=${'x'.repeat(300)}`, /"tag" is longer than/],
    ['a huge number', 'wiki_type=music&page=99999999999999999999999', /"page" must be a whole number/],
  ])('answers 400 for %s, saying which parameter', async (_what, query, message) => {
    const { status, contentType, body } = await callUrl(ctx.app, url(`${query}&api_key=${key}`));
    expect(status).toBe(400);
    expect(contentType).toContain(format);
    expect(body.response.information).toMatchObject({ has_error: true, error: 400 });
    expect(body.response.information.msg.join(' ')).toMatch(message);
  });

  it.each([
    ['missing', ''],
    ['malformed', '&api_key=123'],
    ['unknown', `&api_key=${'a'.repeat(41)}`],
    ['upper-case', () => `&api_key=${key.toUpperCase()}`],
  ])('answers 401 when the API key is %s', async (_what, suffix) => {
    const { status, contentType, body } = await callUrl(ctx.app, url(`wiki_type=music${typeof suffix === 'function' ? suffix() : suffix}`));
    expect(status).toBe(401);
    expect(contentType).toContain(format);
    expect(body.response.information).toMatchObject({ has_error: true, error: 401 });
    expect(body.response.information.msg.join(' ')).toMatch(/api_key/);
  });

  it('answers 401 for a revoked key', async () => {
    const revoked = ctx.userDb.createKey('to revoke');
    ctx.userDb.revokeKey(revoked.key);
    expect((await callUrl(ctx.app, url(`wiki_type=music&api_key=${revoked.key}`))).status).toBe(401);
  });

  it('answers an unknown path with 404 in the same format', async () => {
    const { status, contentType, body } = await callUrl(ctx.app, `/no/such/operation.${format}?x=1`);
    expect(status).toBe(404);
    expect(contentType).toContain(format);
    expect(body.response.information).toMatchObject({ has_error: true, error: 404, parameters: { x: '1' } });
  });
});

describe('XML answers', () => {
  it('start with the declaration, root <response>, and write an empty msg as NULL', async () => {
    const { raw } = await callUrl(ctx.app, `/wikis.xml?wiki_type=radio&api_key=${key}`);
    expect(raw.startsWith('<?xml version="1.0" encoding="UTF-8"?><response><information>')).toBe(true);
    expect(raw).toContain('<msg>NULL</msg>');
    expect(raw).toContain('<wiki_user_fav>NULL</wiki_user_fav>');
    expect(raw).toContain('<wiki_title><![CDATA[ラジオ・もえキャット 放課後Time]]></wiki_title>');
  });
});

describe('a server fault', () => {
  it.each(FORMATS)('answers 500 in %s with no stack trace', async (format) => {
    const broken = await fixtureApp();
    const brokenKey = broken.userDb.defaultKey().key;
    sqlOf(broken.catalogue).close(); // every query now throws inside the handler
    const { status, contentType, raw, body } = await callUrl(broken.app, `/wikis.${format}?wiki_type=music&api_key=${brokenKey}`);
    expect(status).toBe(500);
    expect(contentType).toContain(format);
    expect(body.response.information).toMatchObject({ has_error: true, error: 500 });
    expect(raw).not.toMatch(/at .*\.ts:\d+|node_modules|Error:/);
    await broken.app.close();
    broken.userDb.close();
  });
});
