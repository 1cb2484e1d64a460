import Database from 'better-sqlite3';
import { killMidLoop } from './helpers/kill-mid-loop';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseFileError } from '../../../../src-main/catalogue/db/database';
import { openUserDb, USER_DB_KIND } from '../../../../src-main/catalogue/user/user-db';
import { tempDir } from '../../../fixtures/temp-dir';

const tmp = () => tempDir('moecat-user-');

function errorOf(fn: () => unknown): DatabaseFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DatabaseFileError) return err;
    throw err;
  }
  throw new Error('expected a DatabaseFileError');
}

/** A user database exactly as version 1 shipped it, holding one API key. */
function writeV1(file: string, key: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(USER_DB_KIND.migrations[0]);
  db.pragma(`application_id = ${USER_DB_KIND.applicationId}`);
  db.pragma('user_version = 1');
  db.prepare("INSERT INTO api_key (api_key, secret, name, created_at) VALUES (?, ?, 'Old tool', 1700000000)").run(key, 'a'.repeat(32));
  db.close();
}

describe('openUserDb()', () => {
  it('upgrades a version 1 file to version 2, keeping its keys and leaving a backup of the old file', () => {
    const file = join(tmp(), 'user.db');
    const key = 'b'.repeat(41);
    writeV1(file, key);
    const userDb = openUserDb(file);
    expect(userDb.db.pragma('user_version', { simple: true })).toBe(USER_DB_KIND.migrations.length);
    expect(userDb.listKeys().map((k) => [k.key, k.name])).toEqual([[key, 'Old tool']]);
    expect(userDb.addFav('wiki', 5, 1, 1)).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: 5 });
    userDb.close();

    const backup = `${file}.bak-v1`;
    expect(existsSync(backup)).toBe(true);
    const old = new Database(backup, { readonly: true });
    expect(old.pragma('user_version', { simple: true })).toBe(1);
    expect(old.prepare('SELECT api_key FROM api_key').pluck().all()).toEqual([key]);
    old.close();
  });

  it('makes no backup when nothing is migrated', () => {
    const dir = tmp();
    openUserDb(join(dir, 'user.db')).close();
    openUserDb(join(dir, 'user.db')).close();
    expect(existsSync(join(dir, 'user.db.bak-v0'))).toBe(false);
    expect(existsSync(join(dir, `user.db.bak-v${USER_DB_KIND.migrations.length}`))).toBe(false);
  });

  it('refuses a damaged file with a clear message naming the backup, and leaves the file untouched', () => {
    const file = join(tmp(), 'user.db');
    writeV1(file, 'c'.repeat(41));
    const upgraded = openUserDb(file); // leaves user.db.bak-v1
    for (let i = 1; i <= 300; i++) upgraded.addFav('wiki', i, 1, i);
    upgraded.db.pragma('wal_checkpoint(TRUNCATE)');
    upgraded.close();
    // Scribble over the middle of the file (past the header page): the b-tree pages become garbage.
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(3 * 4096);
    bytes.fill(0x5a, 4096 + 100, bytes.length - 100);
    writeFileSync(file, bytes);

    const err = errorOf(() => openUserDb(file));
    expect(err.code).toBe('DB_CORRUPT');
    expect(err.message).toContain(file);
    expect(err.message).toContain(`${file}.bak-v1`);
    expect(err.message).toMatch(/move the broken file aside/);
    expect(err.message).toMatch(
      /copy the backup to .*user\.db\. Without the backup: move it aside \(your favourites and keys are in it; never delete it\) and start Moecat again/,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('says what to do about a damaged file that has no backup, in sentences that read right', () => {
    const file = join(tmp(), 'user.db');
    const fresh = openUserDb(file); // no upgrade: no backup
    for (let i = 1; i <= 300; i++) fresh.addFav('wiki', i, 1, i);
    fresh.db.pragma('wal_checkpoint(TRUNCATE)');
    fresh.close();
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 + 100, bytes.length - 100);
    writeFileSync(file, bytes);

    const err = errorOf(() => openUserDb(file));
    expect(err.code).toBe('DB_CORRUPT');
    expect(err.message).toMatch(
      /^The user database .*user\.db is damaged \(integrity check: [^)]*\)\. Move it aside \(your favourites and keys are in it; never delete it\) and start Moecat again to create a new one\.$/,
    );
    expect(err.message).not.toMatch(/Otherwise|backup/);
  });

  it('keeps every committed favourite when the writer is killed with SIGKILL mid-loop', async () => {
    const dir = tmp();
    const file = join(dir, 'user.db');
    openUserDb(file).close();
    const out = await killMidLoop('fav-writer', file, dir, 500);
    const committed = out
      .split('\n')
      .filter((l) => /^\d+$/.test(l))
      .map(Number);
    expect(committed.length).toBeGreaterThanOrEqual(500);

    const userDb = openUserDb(file); // runs the integrity check
    expect(userDb.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(userDb.db.prepare('SELECT fav_obj_id FROM fav').pluck().all() as number[]);
    expect(committed.filter((id) => !stored.has(id))).toEqual([]);
    userDb.close();
  }, 120_000);
});

describe('UserDb favourites', () => {
  it('adds once, refuses a duplicate without writing, lists newest first and deletes', () => {
    const userDb = openUserDb(join(tmp(), 'user.db'));
    expect(userDb.addFav('wiki', 7, 1, 100)).toEqual({ fav_id: 1, fav_obj_id: 7, fav_obj_type: 'wiki', fav_uid: 1, fav_date: 100, fav_type: 1 });
    expect(userDb.addFav('wiki', 7, 2, 200)).toBeUndefined();
    expect(userDb.findFav('wiki', 7)?.fav_type).toBe(1);
    userDb.addFav('wiki', 8, 1, 300);
    userDb.addFav('sub', 7, 1, 300);
    expect(userDb.listFavs('wiki', 10, 0)).toEqual({
      count: 2,
      favs: [expect.objectContaining({ fav_obj_id: 8 }), expect.objectContaining({ fav_obj_id: 7 })],
    });
    expect(userDb.deleteFav('wiki', 7)?.fav_id).toBe(1);
    expect(userDb.deleteFav('wiki', 7)).toBeUndefined();
    expect(userDb.listFavs('wiki', 10, 0).count).toBe(1);
    userDb.close();
  });
});
