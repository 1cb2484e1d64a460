// Signed-in browsers (ui-session.ts): the page trades the sign-in link's one-time token for a session
// token here, and Settings lists the sessions and ends them. Answers use the JSON envelope.
import type { FastifyRequest } from 'fastify';
import type { UiSession } from '../../catalogue/user/user-sessions';
import type { UiSessionView } from '../../contract/app';
import { ApiError } from '../api-error';
import { checkOrigin } from '../plugins/first-party';
import { browserName } from '../ui-session';
import { defineOperation, many, one, shaped } from './define';
import { requiredId, spec } from './params';

const LOGIN_TOKEN_SHAPE = /^[0-9a-f]{32}$/;
const SIGN_IN_REFUSED = 'This sign-in link has been used already, or belongs to an earlier run of Moecat. Open the newest link Moecat printed.';

const viewOf =
  (request: FastifyRequest) =>
  (s: UiSession): UiSessionView => ({
    id: s.id,
    name: s.name,
    created: s.createdAt,
    last_used: s.lastUsedAt,
    current: request.server.sessions.sessionOf(request)?.id === s.id,
  });

const loginToken = spec({ description: 'The one-time token of the sign-in link the server printed (32 hex characters)', required: true }, (raw) => {
  // Any wrong token is the same refusal: the answer tells nothing about which tokens exist.
  if (typeof raw !== 'string' || !LOGIN_TOKEN_SHAPE.test(raw)) throw new ApiError('FORBIDDEN', SIGN_IN_REFUSED);
  return raw;
});

export const startSession = defineOperation({
  method: 'POST',
  path: '/app/session/start',
  spellings: 'json',
  auth: 'none',
  summary: "Signs a browser in: the sign-in link's one-time token for a session token (sent as X-Moecat-UI from then on)",
  notes: 'The session token is in this answer only; the server keeps only its hash. The sign-in token works once, whatever the answer.',
  responds: { session: one(shaped<UiSessionView>()) },
  errors: { 403: 'The sign-in token was used already, is unknown, or comes from another Origin' },
  params: { token: loginToken },
  handle({ p, app, request, site }) {
    checkOrigin(request);
    const started = app.sessions.startSession(p.token, browserName(request.headers['user-agent']));
    if (!started) throw new ApiError('FORBIDDEN', SIGN_IN_REFUSED);
    app.sessions.log?.(`A browser signed in. To sign in another one, open ${site}/?token=${app.sessions.issueLoginToken()}`);
    const { token, ...session } = started;
    return { payload: { session: { ...viewOf(request)(session), current: true, token } } };
  },
});

export const listSessions = defineOperation({
  method: 'GET',
  path: '/app/sessions',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The signed-in browsers, the most recently used first (`current`: the one asking)',
  responds: { sessions: many(shaped<UiSessionView>()) },
  params: {},
  handle: ({ app, request }) => ({ payload: { sessions: app.sessions.list().map(viewOf(request)) } }),
});

export const endSession = defineOperation({
  method: 'POST',
  path: '/app/sessions/end',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Signs a browser out: its session token opens nothing from then on',
  responds: { ended: one('integer') },
  errors: { 404: 'There is no such session' },
  params: { id: requiredId({ description: 'The session, as /app/sessions lists it' }) },
  handle({ p, app }) {
    if (!app.sessions.end(p.id)) throw new ApiError('NOT_FOUND', `There is no signed-in browser ${p.id}.`);
    return { payload: { ended: p.id } };
  },
});

export const mediaPass = defineOperation({
  method: 'GET',
  path: '/app/media-pass',
  spellings: 'json',
  auth: 'first-party',
  summary: "The signed-in browser's media pass: appended as `mp` to /files/… and /covers/… addresses, it opens them from another computer",
  notes: 'null for the desktop window, whose requests come from this computer. The pass ends with its session.',
  responds: { media_pass: one(shaped<string | null>()) },
  params: {},
  handle: ({ app, request }) => ({ payload: { media_pass: app.sessions.mediaPassFor(request) } }),
});

export const SESSION_OPERATIONS = [startSession, listSessions, endSession, mediaPass];
