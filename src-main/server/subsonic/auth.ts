// Who a Subsonic request is (docs/api.md, "The OpenSubsonic face", Auth): a Moecat API key (`apiKey`, the
// apiKeyAuthentication extension) opens the catalogue, streams and covers; the Subsonic password the user
// set in Settings — `u` with `t` = md5(password + `s`), or `p` in clear or `enc:`-hex — also opens the
// user's own data (favourites, plays, playlists). Both at once is the spec's error 43. Wrong credentials
// are counted per address: past FAILURE_LIMIT within FAILURE_WINDOW_MS, that address is refused without a
// look at what it sends until the window has passed, so a password cannot be guessed at speed.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { UserDb } from '../../catalogue/user/user-db';
import { SUBSONIC_CODES, SubsonicError, missing } from './response';

/** The user name a player signs in with: Moecat has one user. */
export const SUBSONIC_USER = 'moecat';
export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 60_000;
/** The shortest salt taken (the spec asks clients for at least six characters). */
const MIN_SALT = 6;

export type SubsonicAuthority = 'user' | 'key';

const KEY_SHAPE = /^[0-9a-f]{41}$/;

/** Failed sign-ins per remote address, forgotten once their window has passed. */
export class FailedSignIns {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly now: () => number) {}

  blocked(address: string): boolean {
    return this.recent(address).length >= FAILURE_LIMIT;
  }

  add(address: string): void {
    if (this.failures.size > 10_000) this.failures.clear();
    this.failures.set(address, [...this.recent(address), this.now()]);
  }

  private recent(address: string): number[] {
    const since = this.now() - FAILURE_WINDOW_MS;
    const kept = (this.failures.get(address) ?? []).filter((t) => t > since);
    if (kept.length === 0) this.failures.delete(address);
    return kept;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `p` as sent: clear text, or `enc:` and the UTF-8 bytes in hex. */
function clearPassword(p: string): string | undefined {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^(?:[0-9a-fA-F]{2})+$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : undefined;
}

function passwordMatches(password: string, input: (name: string) => string | undefined): boolean {
  const t = input('t');
  const p = input('p');
  if (t !== undefined) {
    const s = input('s');
    if (s === undefined || s.length < MIN_SALT) return false;
    const token = createHash('md5')
      .update(password + s, 'utf8')
      .digest('hex');
    return sameText(token, t.toLowerCase());
  }
  const clear = p === undefined ? undefined : clearPassword(p);
  return clear !== undefined && sameText(clear, password);
}

/**
 * The authority the request carries, or a SubsonicError (codes 10, 40, 43, 44). `address` is whom
 * failures are counted against.
 */
export function authenticate(input: (name: string) => string | undefined, userDb: UserDb, failures: FailedSignIns, address: string): SubsonicAuthority {
  const apiKey = input('apiKey');
  const u = input('u');
  if (apiKey !== undefined && (u !== undefined || input('p') !== undefined || input('t') !== undefined))
    throw new SubsonicError(SUBSONIC_CODES.CONFLICTING_MECHANISMS, 'Multiple conflicting authentication mechanisms provided.');
  if (failures.blocked(address)) throw new SubsonicError(SUBSONIC_CODES.WRONG_CREDENTIALS, 'Too many wrong sign-ins from this address: wait a minute.');
  if (apiKey !== undefined) {
    if (KEY_SHAPE.test(apiKey) && userDb.isActiveKey(apiKey)) return 'key';
    failures.add(address);
    throw new SubsonicError(SUBSONIC_CODES.INVALID_API_KEY, 'Invalid API key.');
  }
  if (u === undefined) throw missing('u');
  if (input('t') === undefined && input('p') === undefined) throw missing('p');
  const password = userDb.subsonic.password();
  if (password !== undefined && u.toLowerCase() === SUBSONIC_USER && passwordMatches(password, input)) return 'user';
  failures.add(address);
  throw new SubsonicError(
    SUBSONIC_CODES.WRONG_CREDENTIALS,
    password === undefined ? 'Wrong username or password: set a Subsonic password in Moecat’s Settings first.' : 'Wrong username or password.',
  );
}
