// The Subsonic password (docs/api.md, "The OpenSubsonic face"): the one secret a Subsonic player signs
// in with, set and cleared by the user in Settings. Subsonic's token sign-in sends md5(password + salt),
// so the server must know the password itself, not a hash of it: it is kept as the user typed it, in the
// user database only, and never answered back by any route. Also the play queue a player saves
// (savePlayQueue), to pick up on another device: in the `setting` table, as JSON.
import type { Db } from '../db/database';

export const SUBSONIC_PASSWORD_MIN = 8;
export const SUBSONIC_PASSWORD_MAX = 128;

/** A player's saved queue: song ids in order, the current one, the position in it (ms), who saved it and when. */
export interface SavedPlayQueue {
  ids: number[];
  current: number | null;
  position: number;
  /** Unix milliseconds. */
  changed: number;
  /** The client (`c`) that saved it. */
  changedBy: string;
}

export interface UserSubsonic {
  /** The password, or undefined when none is set (then only API keys open the face). */
  password(): string | undefined;
  /** When it was set (Unix seconds), or null. */
  setAt(): number | null;
  set(password: string, now?: number): void;
  /** True when there was one. */
  clear(): boolean;
  playQueue(): SavedPlayQueue | undefined;
  /** Saves the queue; an empty one forgets it. */
  savePlayQueue(queue: SavedPlayQueue): void;
}

const QUEUE_KEY = 'subsonic_play_queue';

function queueOf(json: string | undefined): SavedPlayQueue | undefined {
  try {
    const q = JSON.parse(json ?? 'null') as Partial<SavedPlayQueue> | null;
    if (!q || !Array.isArray(q.ids) || !q.ids.every(Number.isSafeInteger)) return undefined;
    return {
      ids: q.ids,
      current: Number.isSafeInteger(q.current) ? q.current! : null,
      position: Number.isSafeInteger(q.position) ? q.position! : 0,
      changed: Number.isSafeInteger(q.changed) ? q.changed! : 0,
      changedBy: typeof q.changedBy === 'string' ? q.changedBy : '',
    };
  } catch {
    return undefined;
  }
}

export function userSubsonic(db: Db): UserSubsonic {
  const read = db.prepare('SELECT password, set_at FROM subsonic_password WHERE id = 1');
  const upsert = db.prepare(`INSERT INTO subsonic_password (id, password, set_at) VALUES (1, ?, ?)
    ON CONFLICT (id) DO UPDATE SET password = excluded.password, set_at = excluded.set_at`);
  const remove = db.prepare('DELETE FROM subsonic_password WHERE id = 1');
  const row = () => read.get() as { password: string; set_at: number } | undefined;
  const readSetting = db.prepare('SELECT value FROM setting WHERE key = ?').pluck();
  const writeSetting = db.prepare('INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const deleteSetting = db.prepare('DELETE FROM setting WHERE key = ?');
  return {
    password: () => row()?.password,
    setAt: () => row()?.set_at ?? null,
    set(password, now = Math.floor(Date.now() / 1000)) {
      upsert.run(password, now);
    },
    clear: () => remove.run().changes === 1,
    playQueue: () => queueOf(readSetting.get(QUEUE_KEY) as string | undefined),
    savePlayQueue(queue) {
      if (queue.ids.length === 0) deleteSetting.run(QUEUE_KEY);
      else writeSetting.run(QUEUE_KEY, JSON.stringify(queue));
    },
  };
}
