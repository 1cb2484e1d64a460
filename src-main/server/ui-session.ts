// Who acts as the local user (docs/api.md "The UI's authority"): the served page carries no credential,
// so a process or another user that can reach the port gets the UI's files and nothing more. The UI's
// authority always travels in the X-Moecat-UI header, which a browser never sends by itself:
// - the desktop window sends the per-run UI token, which the preload hands it;
// - a browser sends a session token. It signs in once, with a link the server prints
//   (`/?token=<one-time sign-in token>`, as Jupyter does): the page posts that token to
//   /app/session/start and keeps the session token it gets back in its own origin's storage, which
//   another port's page cannot read. Nothing is set in a cookie: cookies are shared by every port of a
//   host, so a program on another port that the browser is led to would receive them.
// Opening or HEAD-ing the link uses nothing up: only the page's post does, once.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UiSession, UserSessions } from '../catalogue/user/user-sessions';
import { sameSecret } from './oauth/signature';

/** The query parameter of the sign-in link. */
export const LOGIN_PARAM = 'token';
/** The header that carries the UI token or a browser's session token. */
export const UI_HEADER = 'x-moecat-ui';
/** Sign-in tokens not yet used; more are never outstanding (old ones are forgotten first). */
const MAX_OUTSTANDING = 8;

/** The browser session a request was opened by (for "this browser" in the list). */
const sessionOf = new WeakMap<FastifyRequest, UiSession>();

export class UiSessions {
  private readonly outstanding: string[] = [];

  constructor(
    /** The per-run UI token; undefined when the server has no first-party UI (tests, --api-only). */
    readonly uiToken: string | undefined,
    private readonly sessions: UserSessions,
    private readonly nowSeconds: () => number,
    /** Where the server tells the user what they should know (a browser signed in: the next sign-in link). */
    readonly log?: (line: string) => void,
  ) {}

  /** A new one-time sign-in token (32 hex). */
  issueLoginToken(): string {
    const token = randomBytes(16).toString('hex');
    this.outstanding.push(token);
    while (this.outstanding.length > MAX_OUTSTANDING) this.outstanding.shift();
    return token;
  }

  /** Uses up a sign-in token: true when it was one not used before. */
  redeem(token: string): boolean {
    const i = this.outstanding.findIndex((t) => sameSecret(t, token));
    if (i === -1) return false;
    this.outstanding.splice(i, 1);
    return true;
  }

  /** Trades a sign-in token for a browser session: its token, or undefined when the sign-in token is not (or no longer) good. */
  startSession(loginToken: string, name: string): (UiSession & { token: string }) | undefined {
    if (!this.uiToken || !this.redeem(loginToken)) return undefined;
    return this.sessions.start(name, this.nowSeconds());
  }

  /** Whether the request carries the UI's authority: the UI token, or a live browser session's token, in X-Moecat-UI. */
  carriesUi(request: FastifyRequest): boolean {
    if (!this.uiToken) return false;
    const sent = request.headers[UI_HEADER];
    if (typeof sent !== 'string' || sent === '') return false;
    if (sameSecret(sent, this.uiToken)) return true;
    const session = this.sessions.find(sent, this.nowSeconds());
    if (session) sessionOf.set(request, session);
    return session !== undefined;
  }

  /** The browser session that opened this request (after carriesUi), if it was one. */
  sessionOf(request: FastifyRequest): UiSession | undefined {
    return sessionOf.get(request);
  }

  list(): UiSession[] {
    return this.sessions.list(this.nowSeconds());
  }

  /** The media pass of the browser session that opened this request (after carriesUi); null for the window's UI token. */
  mediaPassFor(request: FastifyRequest): string | null {
    const session = sessionOf.get(request);
    return (session && this.sessions.mediaPass(session.id)) ?? null;
  }

  /** Whether `pass` is a live browser session's media pass (plugins/media-access.ts). */
  allowsMedia(pass: string): boolean {
    return this.sessions.allowsMedia(pass, this.nowSeconds());
  }

  end(id: number): boolean {
    return this.sessions.end(id);
  }
}

/** A short name for the browser behind a User-Agent, for the list of signed-in browsers. */
export function browserName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser =
    [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chromium\//, 'Chromium'],
      [/Chrome\//, 'Chrome'],
      [/Version\/[\d.]+.*Safari\//, 'Safari'],
    ].find(([re]) => (re as RegExp).test(ua))?.[1] ?? 'A browser';
  const os = [
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([re]) => (re as RegExp).test(ua))?.[1];
  return os ? `${browser} on ${os}` : String(browser);
}
