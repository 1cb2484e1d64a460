// Signed-in browsers (docs/api.md "The UI's authority"). A browser trades the server's one-time sign-in
// link for a session token that it keeps in its own origin's storage and sends in a header: nothing a
// browser sends by itself to another port (cookies are shared by every port of a host) can open Moecat.
// Only a SHA-256 of each token is stored, so the file alone signs nobody in. Sessions outlive restarts,
// so a browser stays signed in while the server keeps its port; one unused for SESSION_IDLE_SECONDS
// ends by itself, and the user can end any of them in Settings.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';

/** A session unused this long is over (30 days). */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;
/** Last use is written at most this often per session, so a busy page does not write at every request. */
const TOUCH_EVERY_SECONDS = 60;
/** A session token: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface UiSession {
  id: number;
  /** Which browser, from its User-Agent ("Chromium on Linux"). */
  name: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface UserSessions {
  /** A new session: its token is in this answer only. */
  start(name: string, now: number): UiSession & { token: string };
  /** The live session a token opens (its last use noted), or undefined. */
  find(token: string, now: number): UiSession | undefined;
  /** Live sessions, the most recently used first. */
  list(now: number): UiSession[];
  /** True when there was such a session. */
  end(id: number): boolean;
  /** The session's media pass (its page appends it to audio and cover addresses fetched from another computer). */
  mediaPass(id: number): string | undefined;
  /** Whether `pass` is the media pass of a live session. */
  allowsMedia(pass: string, now: number): boolean;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Derived from the stored hash, so the server can answer and check it while the token stays the browser's alone. */
const passOf = (tokenHash: string) => createHmac('sha256', tokenHash).update('moecat media pass').digest('base64url');
const PASS_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function userSessions(db: Db): UserSessions {
  const COLUMNS = 'session_id AS id, name, created_at AS createdAt, last_used_at AS lastUsedAt';
  const insert = db.prepare(`INSERT INTO ui_session (token_hash, name, created_at, last_used_at) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`);
  const byHash = db.prepare(`SELECT ${COLUMNS} FROM ui_session WHERE token_hash = ?`);
  const touch = db.prepare('UPDATE ui_session SET last_used_at = ? WHERE session_id = ?');
  const list = db.prepare(`SELECT ${COLUMNS} FROM ui_session WHERE last_used_at >= ? ORDER BY last_used_at DESC, session_id DESC`);
  const remove = db.prepare('DELETE FROM ui_session WHERE session_id = ?');
  const prune = db.prepare('DELETE FROM ui_session WHERE last_used_at < ?');
  const hashById = db.prepare('SELECT token_hash FROM ui_session WHERE session_id = ?').pluck();
  const liveHashes = db.prepare('SELECT token_hash FROM ui_session WHERE last_used_at >= ?').pluck();
  return {
    start(name, now) {
      prune.run(now - SESSION_IDLE_SECONDS);
      const token = randomBytes(32).toString('base64url');
      return { ...(insert.get(hashOf(token), name, now, now) as UiSession), token };
    },
    find(token, now) {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const session = byHash.get(hashOf(token)) as UiSession | undefined;
      if (!session) return undefined;
      if (session.lastUsedAt < now - SESSION_IDLE_SECONDS) {
        remove.run(session.id);
        return undefined;
      }
      if (now - session.lastUsedAt >= TOUCH_EVERY_SECONDS) {
        touch.run(now, session.id);
        session.lastUsedAt = now;
      }
      return session;
    },
    list: (now) => list.all(now - SESSION_IDLE_SECONDS) as UiSession[],
    end: (id) => remove.run(id).changes === 1,
    mediaPass(id) {
      const hash = hashById.get(id) as string | undefined;
      return hash === undefined ? undefined : passOf(hash);
    },
    allowsMedia(pass, now) {
      if (!PASS_SHAPE.test(pass)) return false;
      const sent = Buffer.from(pass);
      return (liveHashes.all(now - SESSION_IDLE_SECONDS) as string[]).some((hash) => timingSafeEqual(Buffer.from(passOf(hash)), sent));
    },
  };
}
