// Settings → Subsonic players: whether a Subsonic password is set (never the password itself), setting
// one and clearing it. Players sign in to the OpenSubsonic face (/rest/, docs/api.md) with the user name
// `moecat` and this password; an API key opens the catalogue alone. The UI's alone, JSON only:
//   GET  /app/subsonic.json            → { subsonic: { user, password_set, set_at } }
//   POST /app/subsonic/password.json   password (8–128 characters, kept as typed) → the same
//   POST /app/subsonic/clear.json      → the same (players' password sign-ins stop working)
import type { FastifyInstance } from 'fastify';
import type { SubsonicSettings } from '../../contract/subsonic';
import { SUBSONIC_PASSWORD_MAX, SUBSONIC_PASSWORD_MIN } from '../../catalogue/user/user-subsonic';
import { badParameter, missingParameter } from '../api-error';
import { SUBSONIC_USER } from '../subsonic/auth';
import { defineOperation, one, shaped } from './define';
import { spec } from './params';

const CONTROL = /[\u0000-\u001f\u007f]/;

const settingsOf = (app: FastifyInstance): SubsonicSettings => {
  const setAt = app.deps.userDb.subsonic.setAt();
  return { user: SUBSONIC_USER, password_set: setAt !== null, set_at: setAt };
};

const password = spec(
  { description: `The password players sign in with, ${SUBSONIC_PASSWORD_MIN}–${SUBSONIC_PASSWORD_MAX} characters`, required: true },
  (raw, name) => {
    if (raw === undefined || raw === '') throw missingParameter(name);
    if (typeof raw !== 'string') throw badParameter(name, 'must be a string');
    const length = [...raw].length;
    if (length < SUBSONIC_PASSWORD_MIN || length > SUBSONIC_PASSWORD_MAX)
      throw badParameter(name, `must be ${SUBSONIC_PASSWORD_MIN}–${SUBSONIC_PASSWORD_MAX} characters`);
    if (CONTROL.test(raw)) throw badParameter(name, 'must not contain control characters');
    return raw;
  },
);

export const subsonicSettings = defineOperation({
  method: 'GET',
  path: '/app/subsonic',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The user name Subsonic players sign in with and whether a password is set (never the password)',
  responds: { subsonic: one(shaped<SubsonicSettings>()) },
  params: {},
  handle: ({ app }) => ({ payload: { subsonic: settingsOf(app) } }),
});

export const setSubsonicPassword = defineOperation({
  method: 'POST',
  path: '/app/subsonic/password',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Sets the password Subsonic players sign in with (the answer never holds it)',
  responds: { subsonic: one(shaped<SubsonicSettings>()) },
  params: { password },
  handle({ p, app }) {
    app.deps.userDb.subsonic.set(p.password, Math.floor(app.deps.now() / 1000));
    return { payload: { subsonic: settingsOf(app) } };
  },
});

export const clearSubsonicPassword = defineOperation({
  method: 'POST',
  path: '/app/subsonic/clear',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Clears the Subsonic password: players can sign in with an API key only',
  responds: { subsonic: one(shaped<SubsonicSettings>()) },
  params: {},
  handle({ app }) {
    app.deps.userDb.subsonic.clear();
    return { payload: { subsonic: settingsOf(app) } };
  },
});

export const SUBSONIC_OPERATIONS = [subsonicSettings, setSubsonicPassword, clearSubsonicPassword];
