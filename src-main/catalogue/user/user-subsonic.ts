// The Subsonic password (docs/api.md, "The OpenSubsonic face"): the one secret a Subsonic player signs
// in with, set and cleared by the user in Settings. Subsonic's token sign-in sends md5(password + salt),
// so the server must know the password itself, not a hash of it: it is kept as the user typed it, in the
// user database only, and never answered back by any route.
import type { Db } from '../db/database';

export const SUBSONIC_PASSWORD_MIN = 8;
export const SUBSONIC_PASSWORD_MAX = 128;

export interface UserSubsonic {
  /** The password, or undefined when none is set (then only API keys open the face). */
  password(): string | undefined;
  /** When it was set (Unix seconds), or null. */
  setAt(): number | null;
  set(password: string, now?: number): void;
  /** True when there was one. */
  clear(): boolean;
}

export function userSubsonic(db: Db): UserSubsonic {
  const read = db.prepare('SELECT password, set_at FROM subsonic_password WHERE id = 1');
  const upsert = db.prepare(`INSERT INTO subsonic_password (id, password, set_at) VALUES (1, ?, ?)
    ON CONFLICT (id) DO UPDATE SET password = excluded.password, set_at = excluded.set_at`);
  const remove = db.prepare('DELETE FROM subsonic_password WHERE id = 1');
  const row = () => read.get() as { password: string; set_at: number } | undefined;
  return {
    password: () => row()?.password,
    setAt: () => row()?.set_at ?? null,
    set(password, now = Math.floor(Date.now() / 1000)) {
      upsert.run(password, now);
    },
    clear: () => remove.run().changes === 1,
  };
}
