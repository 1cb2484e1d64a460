// Playlists in the user database: made, renamed, reordered, deleted; and a writer killed with SIGKILL
// mid-change leaves the order before or after a change, never half of one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openUserDb } from '../../../../src-main/catalogue/user/user-db';
import { killMidLoop } from './helpers/kill-mid-loop';

const tmp = () => mkdtempSync(join(tmpdir(), 'moecat-playlists-'));

describe('UserDb playlists', () => {
  it('makes, lists newest changed first, renames, keeps an order with repeats, and deletes', () => {
    const userDb = openUserDb(join(tmp(), 'user.db'));
    const a = userDb.playlists.create('Morning', [3, 1, 3], 100);
    const b = userDb.playlists.create('Night', [], 200);
    expect(a).toEqual({ playlist_id: a.playlist_id, name: 'Morning', item_count: 3, created_at: 100, updated_at: 100 });
    expect(userDb.playlists.list().map((p) => p.name)).toEqual(['Night', 'Morning']);
    expect(userDb.playlists.items(a.playlist_id)).toEqual([3, 1, 3]);
    userDb.playlists.setItems(a.playlist_id, [1, 3], 300);
    expect(userDb.playlists.list().map((p) => p.name)).toEqual(['Morning', 'Night']);
    expect(userDb.playlists.rename(b.playlist_id, 'Late night', 400)?.name).toBe('Late night');
    expect(userDb.playlists.rename(999, 'x')).toBeUndefined();
    expect(userDb.playlists.remove(a.playlist_id)).toBe(true);
    expect(userDb.playlists.remove(a.playlist_id)).toBe(false);
    expect(userDb.db.prepare('SELECT count(*) FROM playlist_item').pluck().get()).toBe(0);
    userDb.close();
  });

  it('keeps a whole order when the writer is killed with SIGKILL mid-loop', async () => {
    const dir = tmp();
    const file = join(dir, 'user.db');
    openUserDb(file).close();
    const out = await killMidLoop('playlist-writer', file, dir, 300);
    const committed = Math.max(
      ...out
        .split('\n')
        .filter((l) => /^\d+$/.test(l))
        .map(Number),
    );
    const userDb = openUserDb(file);
    expect(userDb.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const [playlist] = userDb.playlists.list();
    const items = userDb.playlists.items(playlist.playlist_id);
    // Every committed change is there, and the order is one the writer wrote whole: 1, 2, … n.
    expect(items.length).toBeGreaterThanOrEqual(committed);
    expect(items).toEqual(Array.from({ length: items.length }, (_, i) => i + 1));
    userDb.close();
  }, 120_000);
});
