// Who acts as the local user (DESIGN.md §5): the served page carries no credential, so a process or
// another user that can reach the port gets the UI's files and nothing more. The desktop window holds
// the per-run UI token (the preload hands it over; the UI sends it as X-Moecat-UI). A browser is signed
// in once, by a link the server prints — `/?token=<one-time login token>`, as Jupyter does — which
// the server exchanges for an HttpOnly, SameSite=Strict cookie holding the UI token, then redirects to
// the clean address. Each login token works once; after it is used the server prints a new one, for
// another browser.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sameSecret } from './oauth/signature';

/** The query parameter of the sign-in link. */
export const LOGIN_PARAM = 'token';
/** How long a signed-in browser stays signed in (the cookie dies sooner when the server restarts: its UI token changes). */
const SESSION_SECONDS = 30 * 24 * 3600;
/** Login tokens not yet used; more are never outstanding (old ones are forgotten first). */
const MAX_OUTSTANDING = 8;

/** Cookies are shared by every port of a host: the name carries the port, so two servers keep their own. */
export const sessionCookieName = (request: FastifyRequest) => `moecat_ui_${request.port ?? ''}`;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class UiSessions {
  private readonly outstanding: string[] = [];

  constructor(
    /** The per-run UI token; undefined when the server has no first-party UI (tests, --api-only). */
    readonly uiToken: string | undefined,
  ) {}

  /** A new one-time login token (32 hex). */
  issueLoginToken(): string {
    const token = randomBytes(16).toString('hex');
    this.outstanding.push(token);
    while (this.outstanding.length > MAX_OUTSTANDING) this.outstanding.shift();
    return token;
  }

  /** Uses up a login token: true when it was one not used before. */
  redeem(token: string): boolean {
    const i = this.outstanding.findIndex((t) => sameSecret(t, token));
    if (i === -1) return false;
    this.outstanding.splice(i, 1);
    return true;
  }

  /** Whether the request carries the UI's authority: its token in X-Moecat-UI, or a signed-in browser's cookie. */
  carriesUi(request: FastifyRequest): boolean {
    if (!this.uiToken) return false;
    const sent = request.headers['x-moecat-ui'];
    if (typeof sent === 'string' && sameSecret(sent, this.uiToken)) return true;
    const cookie = cookieOf(request, sessionCookieName(request));
    return cookie !== undefined && sameSecret(cookie, this.uiToken);
  }

  /** The Set-Cookie header that signs a browser in. */
  sessionCookie(request: FastifyRequest): string {
    return `${sessionCookieName(request)}=${this.uiToken}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}`;
  }
}
