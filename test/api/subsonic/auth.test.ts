// Sign-in on the OpenSubsonic face: a Moecat API key (apiKey) or the Subsonic password from Settings
// (u with t = md5(password + s), or p in clear or enc:-hex); the spec's codes for each refusal; wrong
// credentials limited per address; no answer echoes a credential; an API key never opens the user's data.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAILURE_LIMIT } from '../../../src-main/server/subsonic/auth';
import { fixtureApp } from '../../fixtures/app';
import { call, FORMATS } from './spec';

const PASSWORD = 'listen-to-moecat';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
let address = 0;
/** Each test signs in from an address of its own, so the failures of one never block another. */
const from = () => `10.0.0.${++address}`;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());
beforeEach(() => ctx.userDb.subsonic.set(PASSWORD));

describe.each(FORMATS)('signing in (%s)', (format) => {
  const ping = (auth: Record<string, string>, remoteAddress = from()) => call(ctx.app, 'ping', format, {}, { auth, remoteAddress });

  it.each([
    ['an API key', () => ({ apiKey: key })],
    ['a token and its salt', () => ({ u: 'moecat', t: md5(`${PASSWORD}c0ffee42`), s: 'c0ffee42' })],
    ['the password in clear', () => ({ u: 'moecat', p: PASSWORD })],
    ['the password as enc: hex', () => ({ u: 'Moecat', p: `enc:${hex(PASSWORD)}` })],
  ])('takes %s', async (_what, auth) => {
    expect((await ping(auth())).response.status).toBe('ok');
  });

  it.each([
    ['a wrong password', { u: 'moecat', p: 'not-it' }, 40],
    ['another user name', { u: 'admin', p: PASSWORD }, 40],
    ['a token of another salt', { u: 'moecat', t: md5(`${PASSWORD}aaaaaaaa`), s: 'bbbbbbbb' }, 40],
    ['a salt under six characters', { u: 'moecat', t: md5(`${PASSWORD}abc`), s: 'abc' }, 40],
    ['a token without its salt', { u: 'moecat', t: md5(`${PASSWORD}abcdef`) }, 40],
    ['enc: that is not hex', { u: 'moecat', p: 'enc:zz' }, 40],
    ['no user name', { p: PASSWORD }, 10],
    ['a user name and no password', { u: 'moecat' }, 10],
    ['an unknown API key', { apiKey: 'f'.repeat(41) }, 44],
    ['a key of another shape', { apiKey: 'short' }, 44],
    ['an API key and a user name', { apiKey: 'KEY', u: 'moecat', p: PASSWORD }, 43],
  ] as [string, Record<string, string>, number][])('refuses %s with error %i', async (_what, auth, code) => {
    const sent: Record<string, string> = { ...auth, ...(auth.apiKey === 'KEY' ? { apiKey: key } : {}) };
    const { response, raw } = await ping(sent);
    expect(response).toMatchObject({ status: 'failed', error: { code } });
    for (const value of [PASSWORD, key, sent.t, hex(PASSWORD)].filter(Boolean)) expect(raw).not.toContain(value);
  });

  it('refuses the password once it is cleared in Settings', async () => {
    ctx.userDb.subsonic.clear();
    const { response } = await ping({ u: 'moecat', p: PASSWORD });
    expect(response.error.code).toBe(40);
    expect(response.error.message).toMatch(/Settings/);
  });

  it('asks for sign-in on every endpoint but getOpenSubsonicExtensions', async () => {
    expect((await call(ctx.app, 'getAlbumList2', format, { type: 'newest' })).response.error.code).toBe(10);
    expect((await call(ctx.app, 'getOpenSubsonicExtensions', format)).response.status).toBe('ok');
  });

  it("refuses the user's own data to an API key with error 50, and changes nothing", async () => {
    for (const [endpoint, params] of [
      ['star', { id: '51000401' }],
      ['scrobble', { id: '51000401' }],
      ['getPlaylists', {}],
      ['createPlaylist', { name: 'Mine' }],
    ] as const) {
      const { response } = await call(ctx.app, endpoint, format, params, { auth: { apiKey: key }, remoteAddress: from() });
      expect(response.error.code, endpoint).toBe(50);
    }
    expect(ctx.userDb.listFavs('sub', 10, 0).count).toBe(0);
    expect(ctx.userDb.playlists.list()).toEqual([]);
  });

  it(`refuses an address after ${FAILURE_LIMIT} wrong sign-ins, even with the right password, and no other address`, async () => {
    const address = from();
    for (let i = 0; i < FAILURE_LIMIT; i++) expect((await ping({ u: 'moecat', p: `wrong-${i}` }, address)).response.error.code).toBe(40);
    const blocked = await ping({ u: 'moecat', p: PASSWORD }, address);
    expect(blocked.response.error).toMatchObject({ code: 40, message: expect.stringMatching(/Too many/) });
    expect((await ping({ u: 'moecat', p: PASSWORD }, from())).response.status).toBe('ok');
  });
});
