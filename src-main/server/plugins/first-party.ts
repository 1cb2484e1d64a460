// Authority of the app's own UI for writes (keys, settings, favourites): a POST carrying the per-run UI
// token in `X-Moecat-UI` and, when the browser sends one, an Origin equal to this server's. A custom
// header cannot be sent cross-origin without a CORS preflight, which this server never grants.
// The user's own data (favourites) also accepts a tool connected with OAuth: userAuthority() below.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { siteOf } from '../site';
import { sameSecret } from '../oauth/signature';
import { carriesOAuth, mayCarryOAuth, verifyOAuth } from '../oauth/verify';

function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== siteOf(request)) throw new ApiError('FORBIDDEN_HOST', `Origin "${origin}" may not write to this server.`);
}

export function requireFirstParty(request: FastifyRequest, uiToken: string | undefined): void {
  checkOrigin(request);
  const sent = request.headers['x-moecat-ui'];
  if (!uiToken || typeof sent !== 'string' || !sameSecret(sent, uiToken)) {
    throw new ApiError('UNAUTHORIZED', 'Only the Moecat app itself may do this.');
  }
}

/** True when a read carries the UI token (its answers may then show the user's favourites); never throws. */
export function isFirstParty(request: FastifyRequest, uiToken: string | undefined): boolean {
  const sent = request.headers['x-moecat-ui'];
  const origin = request.headers.origin;
  return !!uiToken && typeof sent === 'string' && sameSecret(sent, uiToken) && (origin === undefined || origin === siteOf(request));
}

const NOT_THE_USER = 'Only the Moecat app itself, or a tool you connected with OAuth (a signed request), may do this.';
/** Requests the UI token already authorised, so the body-time check lets them through. */
const byUiToken = new WeakSet<FastifyRequest>();

/**
 * Hooks for routes over the user's own data: the UI token, or a request signed with an OAuth access
 * token, and in both cases no foreign Origin. The token and Origin are checked before the body is read;
 * a signature, which may cover form fields, once it is (preHandler).
 */
export function userAuthority(uiToken: string | undefined) {
  return {
    onRequest: async (request: FastifyRequest) => {
      checkOrigin(request);
      const sent = request.headers['x-moecat-ui'];
      if (uiToken && typeof sent === 'string' && sameSecret(sent, uiToken)) byUiToken.add(request);
      else if (!mayCarryOAuth(request)) throw new ApiError('UNAUTHORIZED', NOT_THE_USER);
    },
    preHandler: async (request: FastifyRequest) => {
      if (byUiToken.has(request)) return;
      if (!carriesOAuth(request)) throw new ApiError('UNAUTHORIZED', NOT_THE_USER);
      verifyOAuth(request, 'resource');
    },
  };
}
