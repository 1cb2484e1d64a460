// Authority of the app's own UI (keys, settings, favourites, history): `X-Moecat-UI` carrying the
// per-run UI token (the desktop window) or a signed-in browser's session token (ui-session.ts) and,
// when the browser sends one, an Origin equal to this server's. A custom header cannot be sent
// cross-origin without a CORS preflight, which this server never grants, and the browser never sends
// it by itself: another site's page, or a program on another port, gets nothing to replay. The user's own data (favourites) also accepts a tool
// connected with OAuth: userAuthority() below.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { carriesOAuth, mayCarryOAuth, verifyOAuth } from '../oauth/verify';
import { siteOf } from '../site';

/** A request from a page sends its Origin: only this server's own may act. */
export function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== siteOf(request)) throw new ApiError('FORBIDDEN_HOST', `Origin "${origin}" may not write to this server.`);
}

export function requireFirstParty(request: FastifyRequest): void {
  checkOrigin(request);
  if (!request.server.sessions.carriesUi(request)) throw new ApiError('UNAUTHORIZED', 'Only the Moecat app itself may do this.');
}

/** True when a request carries the UI's authority (its answers may then show the user's favourites); never throws. */
export function isFirstParty(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return request.server.sessions.carriesUi(request) && (origin === undefined || origin === siteOf(request));
}

const NOT_THE_USER = 'Only the Moecat app itself, or a tool you connected with OAuth (a signed request), may do this.';
/** Requests the UI's authority already authorised, so the body-time check lets them through. */
const byUi = new WeakSet<FastifyRequest>();

/**
 * Hooks for routes over the user's own data: the UI's authority, or a request signed with an OAuth
 * access token, and in both cases no foreign Origin. The UI's token and the Origin are checked before
 * the body is read; a signature, which may cover form fields, once it is (preHandler).
 */
export const userAuthority = {
  onRequest: async (request: FastifyRequest) => {
    checkOrigin(request);
    if (request.server.sessions.carriesUi(request)) byUi.add(request);
    else if (!mayCarryOAuth(request)) throw new ApiError('UNAUTHORIZED', NOT_THE_USER);
  },
  preHandler: async (request: FastifyRequest) => {
    if (byUi.has(request)) return;
    if (!carriesOAuth(request)) throw new ApiError('UNAUTHORIZED', NOT_THE_USER);
    verifyOAuth(request, 'resource');
  },
};
