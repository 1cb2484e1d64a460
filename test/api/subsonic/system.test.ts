// The OpenSubsonic face's system endpoints and its rules for every request: both spellings and methods,
// f=json|xml, c and v required, errors as HTTP 200 with the spec's codes, unimplemented endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp } from '../../fixtures/app';
import { call, FORMATS, xmlAsJson } from './spec';

const PASSWORD = 'listen-to-moecat';
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
  ctx.userDb.subsonic.set(PASSWORD);
});
afterAll(() => ctx.close());

const withKey = () => ({ apiKey: key });

describe.each(FORMATS)('system endpoints (%s)', (format) => {
  it('ping answers ok with the server named, on /rest/ping and /rest/ping.view, GET and POST', async () => {
    for (const sent of [{}, { view: true }, { method: 'POST' as const }, { method: 'POST' as const, view: true }]) {
      const { response } = await call(ctx.app, 'ping', format, {}, { auth: withKey(), ...sent });
      expect(response).toMatchObject({ status: 'ok', version: '1.16.1', type: 'moecat', openSubsonic: true });
    }
  });

  it('getLicense is valid', async () => {
    const { response } = await call(ctx.app, 'getLicense', format, {}, { auth: withKey() });
    expect(response.license.valid).toBe(true);
  });

  it('getOpenSubsonicExtensions needs no sign-in and names apiKeyAuthentication, formPost and songLyrics', async () => {
    const { response } = await call(ctx.app, 'getOpenSubsonicExtensions', format);
    expect(response.openSubsonicExtensions.map((e: { name: string }) => e.name)).toEqual(['apiKeyAuthentication', 'formPost', 'songLyrics']);
    expect(response.openSubsonicExtensions[0].versions).toEqual([1]);
  });

  it('getMusicFolders lists the sources holding music', async () => {
    const { response } = await call(ctx.app, 'getMusicFolders', format, {}, { auth: withKey() });
    expect(response.musicFolders.musicFolder.length).toBeGreaterThan(0);
    expect(response.musicFolders.musicFolder[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('getScanStatus says whether an import runs', async () => {
    const { response } = await call(ctx.app, 'getScanStatus', format, {}, { auth: withKey() });
    expect(response.scanStatus.scanning).toBe(false);
  });

  it('startScan re-imports the imported folders (none here, on a fixed catalogue) with the password, not with a key', async () => {
    const { response } = await call(ctx.app, 'startScan', format, {}, { auth: { u: 'moecat', p: PASSWORD } });
    expect(response.scanStatus).toMatchObject({ scanning: false });
    expect((await call(ctx.app, 'startScan', format, {}, { auth: withKey() })).response.error.code).toBe(50);
  });

  it('getUser describes the one user, and no other', async () => {
    const auth = { u: 'moecat', p: PASSWORD };
    const { response } = await call(ctx.app, 'getUser', format, { username: 'moecat' }, { auth });
    expect(response.user).toMatchObject({ username: 'moecat', streamRole: true, playlistRole: true });
    expect((await call(ctx.app, 'getUser', format, { username: 'someone' }, { auth })).response.error.code).toBe(70);
    expect((await call(ctx.app, 'getUser', format, {}, { auth })).response.error.code).toBe(10);
  });

  it.each([
    ['c left out', { v: '1.16.1', c: '' }, 10],
    ['v left out', { c: 'x', v: '' }, 10],
    ['v not a version', { c: 'x', v: 'new' }, 0],
    ['a server of version 2', { c: 'x', v: '2.0.0' }, 30],
    ['a client of version 0', { c: 'x', v: '0.9' }, 20],
  ])('answers the spec error for %s', async (_what, params, code) => {
    const { response } = await call(ctx.app, 'ping', format, params, { auth: withKey() });
    expect(response).toMatchObject({ status: 'failed', error: { code } });
  });

  it('answers an endpoint of the spec Moecat does not implement with error 0, never a 404', async () => {
    const { response } = await call(ctx.app, 'getPodcasts', format, {}, { auth: withKey() });
    expect(response.error).toEqual({ code: 0, message: 'getPodcasts is not implemented by Moecat.' });
    expect((await call(ctx.app, 'jukeboxControl', format, { action: 'status' }, { auth: withKey() })).response.error.code).toBe(0);
  });
});

describe('formats', () => {
  it('answers XML when f is left out, as the spec says', async () => {
    const res = await ctx.app.inject({ url: `/rest/ping.view?c=x&v=1.16.1&apiKey=${key}`, headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok"/);
    expect(xmlAsJson(res.body)['subsonic-response'].status).toBe('ok');
  });

  it('refuses another f with error 0 in XML', async () => {
    const res = await ctx.app.inject({ url: `/rest/ping.view?c=x&v=1.16.1&apiKey=${key}&f=jsonp`, headers: { host: '127.0.0.1:7777' } });
    expect(xmlAsJson(res.body)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: '0' } });
  });

  it('takes the query of a POST whose body is not a form, and answers a body over its limit with the spec error', async () => {
    const odd = await ctx.app.inject({
      method: 'POST',
      url: `/rest/ping.view?c=x&v=1.16.1&f=json&apiKey=${key}`,
      headers: { host: '127.0.0.1:7777', 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(JSON.parse(odd.body)['subsonic-response'].status).toBe('ok');
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/rest/ping.view?f=json',
      headers: { host: '127.0.0.1:7777', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `c=x&v=1.16.1&apiKey=${key}&pad=${'x'.repeat(300 * 1024)}`,
    });
    expect(huge.statusCode).toBe(200);
    expect(JSON.parse(huge.body)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0 } });
  });

  it('answers an unknown name under /rest/ with the error, not a page', async () => {
    const res = await ctx.app.inject({ url: `/rest/nothing-here?c=x&v=1.16.1&f=json`, headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)['subsonic-response']).toMatchObject({ status: 'failed', error: { code: 0, message: 'No such endpoint.' } });
  });
});
