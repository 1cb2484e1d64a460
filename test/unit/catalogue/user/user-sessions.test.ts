// Signed-in browsers in the user database: a token opens its session, a hash is all that is kept, a
// session unused for 30 days is over, last use is written at most once a minute, ending one is for good.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openUserDb } from '../../../../src-main/catalogue/user/user-db';
import { SESSION_IDLE_SECONDS } from '../../../../src-main/catalogue/user/user-sessions';

const open = () => openUserDb(join(mkdtempSync(join(tmpdir(), 'moecat-sessions-')), 'user.db'));
const T = 1_800_000_000;

describe('UserDb sessions', () => {
  it('opens a session with its token only, and keeps a SHA-256 of it, not the token', () => {
    const userDb = open();
    const made = userDb.sessions.start('Firefox on Linux', T);
    expect(made).toEqual({ id: made.id, name: 'Firefox on Linux', createdAt: T, lastUsedAt: T, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(userDb.sessions.find(made.token, T + 1)).toMatchObject({ id: made.id });
    expect(userDb.sessions.find(`${made.token.slice(0, -1)}${made.token.endsWith('A') ? 'B' : 'A'}`, T)).toBeUndefined();
    expect(userDb.sessions.find('', T)).toBeUndefined();
    const row = userDb.db.prepare('SELECT * FROM ui_session').get() as Record<string, unknown>;
    expect(Object.values(row)).not.toContain(made.token);
    userDb.close();
  });

  it('notes the last use at most once a minute, and lists the most recently used first', () => {
    const userDb = open();
    const a = userDb.sessions.start('A', T);
    const b = userDb.sessions.start('B', T);
    userDb.sessions.find(a.token, T + 30);
    expect(userDb.sessions.list(T + 30).map((s) => [s.name, s.lastUsedAt])).toEqual([
      ['B', T],
      ['A', T],
    ]);
    userDb.sessions.find(a.token, T + 90);
    expect(userDb.sessions.list(T + 90).map((s) => [s.name, s.lastUsedAt])).toEqual([
      ['A', T + 90],
      ['B', T],
    ]);
    expect(b.id).not.toBe(a.id);
    userDb.close();
  });

  it('ends a session unused for 30 days, and one the user ended, for good', () => {
    const userDb = open();
    const idle = userDb.sessions.start('Idle', T);
    const kept = userDb.sessions.start('Kept', T);
    userDb.sessions.find(kept.token, T + SESSION_IDLE_SECONDS - 100);
    expect(userDb.sessions.find(idle.token, T + SESSION_IDLE_SECONDS + 1)).toBeUndefined();
    expect(userDb.sessions.list(T + SESSION_IDLE_SECONDS + 1).map((s) => s.name)).toEqual(['Kept']);
    expect(userDb.sessions.end(kept.id)).toBe(true);
    expect(userDb.sessions.end(kept.id)).toBe(false);
    expect(userDb.sessions.find(kept.token, T + SESSION_IDLE_SECONDS)).toBeUndefined();
    userDb.close();
  });

  it('outlives a restart: the same file opened again knows the token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'moecat-sessions-'));
    const first = openUserDb(join(dir, 'user.db'));
    const made = first.sessions.start('Chrome on Linux', T);
    first.close();
    const again = openUserDb(join(dir, 'user.db'));
    expect(again.sessions.find(made.token, T + 5)?.id).toBe(made.id);
    again.close();
  });
});
