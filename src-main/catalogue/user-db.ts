// The user database: API keys now; favourites, OAuth and history join it later. WAL mode, migrations
// keyed on user_version; never touched by a catalogue build.
import { randomBytes } from 'node:crypto';
import { openDatabase, type Db, type DatabaseKind, type OpenOptions } from './database';

const USER_MIGRATIONS: readonly string[] = [
  /* 1 */ `
  CREATE TABLE api_key (
    api_key TEXT PRIMARY KEY CHECK (length(api_key) = 41 AND api_key NOT GLOB '*[^0-9a-f]*'),
    secret TEXT NOT NULL CHECK (length(secret) = 32),
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  ) STRICT;

  CREATE TABLE setting (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;
  `,
];

export const USER_DB_KIND: DatabaseKind = {
  label: 'user database',
  applicationId: 0x4d6f6555, // 'MoeU'
  migrations: USER_MIGRATIONS,
  remedy: 'Move it aside (your favourites and keys are in it) and start Moecat again to create a new one.',
};

export interface ApiKey {
  key: string;
  secret: string;
  name: string;
  createdAt: number;
  revokedAt: number | null;
}

/** 41 lower-case hex characters, as Moefou API keys are. */
export function newApiKey(): string {
  return randomBytes(21).toString('hex').slice(0, 41);
}

export function newSecret(): string {
  return randomBytes(16).toString('hex');
}

export interface UserDb {
  readonly db: Db;
  createKey(name: string, now?: number): ApiKey;
  listKeys(): ApiKey[];
  /** True when the key existed and was active. */
  revokeKey(key: string, now?: number): boolean;
  isActiveKey(key: string): boolean;
  /** The first active key, created (named 'Default') when there is none. */
  defaultKey(): ApiKey;
  close(): void;
}

const KEY_COLUMNS = 'api_key AS key, secret, name, created_at AS createdAt, revoked_at AS revokedAt';

export function openUserDb(file: string, options: Omit<OpenOptions, 'readonly'> = {}): UserDb {
  const db = openDatabase(file, USER_DB_KIND, options);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const insertKey = db.prepare('INSERT INTO api_key (api_key, secret, name, created_at) VALUES (?, ?, ?, ?)');
  const listKeys = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_key ORDER BY created_at, api_key`);
  const firstActive = db.prepare(`SELECT ${KEY_COLUMNS} FROM api_key WHERE revoked_at IS NULL ORDER BY created_at, api_key LIMIT 1`);
  const revoke = db.prepare('UPDATE api_key SET revoked_at = ? WHERE api_key = ? AND revoked_at IS NULL');
  const active = db.prepare('SELECT 1 FROM api_key WHERE api_key = ? AND revoked_at IS NULL').pluck();
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  const createKey = (name: string, now = nowSeconds()): ApiKey => {
    const key: ApiKey = { key: newApiKey(), secret: newSecret(), name, createdAt: now, revokedAt: null };
    insertKey.run(key.key, key.secret, key.name, key.createdAt);
    return key;
  };
  return {
    db,
    createKey,
    listKeys: () => listKeys.all() as ApiKey[],
    revokeKey: (key, now = nowSeconds()) => revoke.run(now, key).changes === 1,
    isActiveKey: (key) => active.get(key) !== undefined,
    defaultKey: () => (firstActive.get() as ApiKey | undefined) ?? createKey('Default'),
    close: () => db.close(),
  };
}
