// The UI's authority, sent as X-Moecat-UI with every request (docs/api.md "The UI's authority"). The
// desktop window has the per-run UI token from its preload. A browser signs in with the link the server
// printed (`?token=` once): the page trades that one-time token for a session token and keeps it in this
// origin's own storage — never in a cookie, which the browser would also send to any other port of this
// host.
const STORAGE_KEY = 'moecat.session';
/** The sign-in link's parameter. */
const LOGIN_PARAM = 'token';

/** What a browser keeps: its session token, and the session's id (to end it when it signs in again). */
interface Kept {
  token: string;
  id: number;
}

function stored(): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Kept> | null;
    return typeof kept?.token === 'string' && typeof kept.id === 'number' ? { token: kept.token, id: kept.id } : null;
  } catch {
    return null; // storage turned off, or not ours: the browser is not signed in
  }
}

const bridgeToken = window.moecat?.uiToken;
let kept = bridgeToken === undefined ? stored() : null;
let credential: string | null = bridgeToken ?? kept?.token ?? null;

/** The header that carries the UI's authority, or none before sign-in. */
export function uiHeaders(): Record<string, string> {
  return credential ? { 'x-moecat-ui': credential } : {};
}

export const isDesktopWindow = (): boolean => bridgeToken !== undefined;
export const isSignedIn = (): boolean => credential !== null;

/** Forgets this browser's session (ended in Settings, or refused by the server). */
export function forgetSession(): void {
  if (bridgeToken !== undefined) return;
  credential = null;
  kept = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/** The sign-in token in this page's address, if it was opened by a sign-in link. */
export function loginTokenInAddress(): string | null {
  return new URL(location.href).searchParams.get(LOGIN_PARAM);
}

/** The address without the sign-in token: a whole URL of this origin, whatever the path looks like. */
function addressWithoutToken(): string {
  const clean = new URL(location.href);
  clean.searchParams.delete(LOGIN_PARAM);
  return clean.href;
}

export type SignInResult = 'signed-in' | 'refused' | 'unreachable';
/** Why the sign-in page shows: never signed in, a used link, no server, or signed out while the app ran. */
export type SignInReason = 'none' | 'used' | 'unreachable' | 'signed-out';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(new URL(path, `${location.origin}/`), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    cache: 'no-store',
  });

/**
 * Trades the sign-in link's token for a session, and takes the token out of the address either way. A
 * browser signed in already ends its earlier session once it has the new one.
 */
export async function signInWith(loginToken: string): Promise<SignInResult> {
  history.replaceState(history.state, '', addressWithoutToken());
  let response: Response;
  try {
    response = await post('app/session/start.json', { token: loginToken });
  } catch {
    return 'unreachable';
  }
  if (!response.ok) return 'refused';
  const session = ((await response.json()) as { response?: { session?: Partial<Kept> } }).response?.session;
  if (typeof session?.token !== 'string' || typeof session.id !== 'number') return 'refused';
  const earlier = kept;
  kept = { token: session.token, id: session.id };
  credential = kept.token;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // kept for this page only
  }
  if (earlier && earlier.id !== kept.id) void post('app/sessions/end.json', { id: earlier.id }, uiHeaders()).catch(() => {});
  return 'signed-in';
}

/** Tells the app that the server no longer takes this browser's session. */
export const SIGNED_OUT_EVENT = 'moecat:signed-out';
