// Authority of the app's own UI for writes (keys, settings, favourites): a POST carrying the per-run UI
// token in `X-Moecat-UI` and, when the browser sends one, an Origin equal to this server's. A custom
// header cannot be sent cross-origin without a CORS preflight, which this server never grants.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { siteOf } from '../api-route';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function requireFirstParty(request: FastifyRequest, uiToken: string | undefined): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== siteOf(request)) {
    throw new ApiError('FORBIDDEN_HOST', `Origin "${origin}" may not write to this server.`);
  }
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
