// Settings → Subsonic players: /app/subsonic says whether a password is set (never the password), sets
// it and clears it; only the app's own UI may; the face takes the password from then on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAsUser } from '../../fixtures/api';
import { fixtureApp } from '../../fixtures/app';
import { call } from './spec';

const TOKEN = 'c3'.repeat(16);
const PASSWORD = 'sing along, moecat';
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
});
afterAll(() => ctx.close());

const ui = (path: string, sent: Parameters<typeof callAsUser>[4] = {}) => callAsUser(ctx.app, path, 'json', TOKEN, sent);
const signIn = async () => (await call(ctx.app, 'ping', 'json', {}, { auth: { u: 'moecat', p: PASSWORD }, remoteAddress: '10.1.1.1' })).response.status;

describe('/app/subsonic', () => {
  it('has no password at first', async () => {
    expect((await ui('/app/subsonic')).response.subsonic).toEqual({ user: 'moecat', password_set: false, set_at: null });
  });

  it('sets the password, never answers it, and the face takes it', async () => {
    const res = await ui('/app/subsonic/password', { method: 'POST', form: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.response.subsonic).toMatchObject({ user: 'moecat', password_set: true, set_at: expect.any(Number) });
    expect(JSON.stringify(res.response)).not.toContain(PASSWORD);
    expect(JSON.stringify((await ui('/app/subsonic')).response)).not.toContain(PASSWORD);
    expect(await signIn()).toBe('ok');
  });

  it.each([
    ['too short', 'short'],
    ['too long', 'x'.repeat(129)],
    ['with a control character', 'new\nline-password'],
  ])('refuses a password %s and keeps the one set', async (_what, password) => {
    const res = await ui('/app/subsonic/password', { method: 'POST', form: { password } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.response)).not.toContain(password);
    expect(await signIn()).toBe('ok');
  });

  it('never echoes a password sent in the query', async () => {
    const res = await ui('/app/subsonic/password', { method: 'POST', query: { password: 'query-password-1' } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.response)).not.toContain('query-password-1');
  });

  it('is the UI’s alone', async () => {
    expect((await ui('/app/subsonic', { token: null })).status).toBe(401);
    expect((await ui('/app/subsonic/clear', { method: 'POST', token: null })).status).toBe(401);
  });

  it('clears the password: password sign-ins stop working', async () => {
    expect((await ui('/app/subsonic/clear', { method: 'POST' })).response.subsonic.password_set).toBe(false);
    expect(await signIn()).toBe('failed');
  });
});
