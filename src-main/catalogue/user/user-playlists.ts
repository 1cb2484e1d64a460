// The user's playlists: a name and songs or episodes by catalogue sub id (ids survive rebuilds), in the
// user's order. A song may appear twice; positions are 0… without gaps, rewritten whole by each change
// (one transaction, so a kill -9 leaves the list before or after a change, never half of one).
import type { Db } from '../db/database';

export const PLAYLIST_NAME_MAX = 100;
/** Items a playlist holds at most. */
export const PLAYLIST_MAX_ITEMS = 5000;

export interface Playlist {
  playlist_id: number;
  name: string;
  item_count: number;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

export interface UserPlaylists {
  /** Most recently changed first. */
  list(): Playlist[];
  find(id: number): Playlist | undefined;
  /** The sub ids in order. */
  items(id: number): number[];
  create(name: string, subIds?: number[], now?: number): Playlist;
  rename(id: number, name: string, now?: number): Playlist | undefined;
  /** True when it existed. */
  remove(id: number): boolean;
  /** Sets the whole order (add, remove, move are computed by the caller); the playlist, or undefined. */
  setItems(id: number, subIds: number[], now?: number): Playlist | undefined;
}

export function userPlaylists(db: Db): UserPlaylists {
  const COLUMNS = `p.playlist_id, p.name, (SELECT count(*) FROM playlist_item i WHERE i.playlist_id = p.playlist_id) AS item_count, p.created_at, p.updated_at`;
  const all = db.prepare(`SELECT ${COLUMNS} FROM playlist p ORDER BY p.updated_at DESC, p.playlist_id DESC`);
  const one = db.prepare(`SELECT ${COLUMNS} FROM playlist p WHERE p.playlist_id = ?`);
  const itemsOf = db.prepare('SELECT sub_id FROM playlist_item WHERE playlist_id = ? ORDER BY position').pluck();
  const insert = db.prepare('INSERT INTO playlist (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING playlist_id').pluck();
  const renameStmt = db.prepare('UPDATE playlist SET name = ?, updated_at = ? WHERE playlist_id = ?');
  const touch = db.prepare('UPDATE playlist SET updated_at = ? WHERE playlist_id = ?');
  const drop = db.prepare('DELETE FROM playlist WHERE playlist_id = ?');
  const clearItems = db.prepare('DELETE FROM playlist_item WHERE playlist_id = ?');
  const addItem = db.prepare('INSERT INTO playlist_item (playlist_id, position, sub_id) VALUES (?, ?, ?)');
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const find = (id: number) => one.get(id) as Playlist | undefined;

  const writeItems = (id: number, subIds: number[]) => {
    clearItems.run(id);
    subIds.slice(0, PLAYLIST_MAX_ITEMS).forEach((subId, position) => addItem.run(id, position, subId));
  };
  const create = db.transaction((name: string, subIds: number[], now: number) => {
    const id = insert.get(name, now, now) as number;
    writeItems(id, subIds);
    return id;
  });
  const setItems = db.transaction((id: number, subIds: number[], now: number) => {
    if (!find(id)) return false;
    writeItems(id, subIds);
    touch.run(now, id);
    return true;
  });

  return {
    list: () => all.all() as Playlist[],
    find,
    items: (id) => itemsOf.all(id) as number[],
    create: (name, subIds = [], now = nowSeconds()) => find(create(name, subIds, now))!,
    rename(id, name, now = nowSeconds()) {
      return renameStmt.run(name, now, id).changes === 1 ? find(id) : undefined;
    },
    remove: (id) => drop.run(id).changes === 1,
    setItems: (id, subIds, now = nowSeconds()) => (setItems(id, subIds, now) ? find(id) : undefined),
  };
}
