// UserDb.isActiveKey() remembers keys it found active (user-db.ts activeKeyCache): a revocation must
// still take effect, whether this connection makes it or another one (`moecat keys revoke` in another
// process) does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_RECHECK_MS, openUserDb, type UserDb } from '../../../../src-main/catalogue/user/user-db';

const opened: UserDb[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function userDbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'moecat-keys-'));
  dirs.push(dir);
  return join(dir, 'user.db');
}

function open(file: string): UserDb {
  const db = openUserDb(file);
  opened.push(db);
  return db;
}

describe('UserDb.isActiveKey()', () => {
  it('refuses a key revoked through the same connection at once, though it was just found active', () => {
    const userDb = open(userDbFile());
    const { key } = userDb.createKey('Player');
    expect(userDb.isActiveKey(key)).toBe(true);
    expect(userDb.isActiveKey(key)).toBe(true);
    expect(userDb.revokeKey(key)).toBe(true);
    expect(userDb.isActiveKey(key)).toBe(false);
  });

  it('refuses a key another connection revoked, once the recheck interval has passed', async () => {
    const file = userDbFile();
    const server = open(file);
    const { key } = server.createKey('Player');
    const other = server.createKey('Other tool');
    expect(server.isActiveKey(key)).toBe(true);
    expect(server.isActiveKey(other.key)).toBe(true);

    const cli = open(file); // as `moecat keys revoke` in another process would
    expect(cli.revokeKey(key)).toBe(true);
    await sleep(KEY_RECHECK_MS + 50);
    expect(server.isActiveKey(key)).toBe(false);
    expect(server.isActiveKey(other.key)).toBe(true);
  });

  it('accepts a key another connection created, and never one that does not exist', () => {
    const file = userDbFile();
    const server = open(file);
    expect(server.isActiveKey('a'.repeat(41))).toBe(false);
    const made = open(file).createKey('New tool');
    expect(server.isActiveKey(made.key)).toBe(true);
    expect(server.isActiveKey('a'.repeat(41))).toBe(false);
  });
});
