// Anime posters fetched from Bangumi (catalogue/sync/posters.ts), kept in the user database by Bangumi
// subject id: a catalogue build replaces the bundled rows, and the posters must outlive it. The picture
// itself is a content-addressed cover folder under the data directory (write/cover-files.ts).
import type { Db } from '../db/database';

export interface UserPosters {
  /** The saved poster's cover folder; null when Bangumi has none; undefined when never asked. */
  coverOf(bgmId: number): string | null | undefined;
  /** Records what Bangumi gave: a saved cover folder, or null for none. */
  record(bgmId: number, coverFile: string | null, now?: number): void;
  /** How many were asked for, and how many of those have a picture. */
  counts(): { asked: number; saved: number };
  /** Every Bangumi id asked for already (with or without a poster). */
  askedIds(): Set<number>;
}

export function userPosters(db: Db): UserPosters {
  const byId = db.prepare('SELECT cover_file FROM poster WHERE bgm_id = ?');
  const upsert = db.prepare(`INSERT INTO poster (bgm_id, cover_file, fetched_at) VALUES (?, ?, ?)
    ON CONFLICT (bgm_id) DO UPDATE SET cover_file = excluded.cover_file, fetched_at = excluded.fetched_at`);
  const counts = db.prepare('SELECT count(*) AS asked, count(cover_file) AS saved FROM poster');
  const ids = db.prepare('SELECT bgm_id FROM poster').pluck();
  return {
    coverOf(bgmId) {
      const row = byId.get(bgmId) as { cover_file: string | null } | undefined;
      return row === undefined ? undefined : row.cover_file;
    },
    record(bgmId, coverFile, now = Math.floor(Date.now() / 1000)) {
      upsert.run(bgmId, coverFile, now);
    },
    counts: () => counts.get() as { asked: number; saved: number },
    askedIds: () => new Set(ids.all() as number[]),
  };
}
