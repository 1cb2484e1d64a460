// Opens an SQLite file of a known kind (catalogue or user database): checks that it is one of ours,
// refuses a schema this code does not know, and on writable opens applies the missing migrations.
import Database from 'better-sqlite3';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type Db = Database.Database;

/** A statement read through objectRows: its rows as plain objects keyed by column name. */
export interface ObjectRows<R> {
  all(...params: unknown[]): R[];
  get(...params: unknown[]): R | undefined;
}

/**
 * `stmt`'s rows as objects built here from its raw rows. better-sqlite3 makes each row object through
 * V8's API, a property at a time, several times slower for a row of many columns. Here a function made
 * once per statement from its column names returns one object literal, so every row has the same
 * shape from the start (assigning the names in a loop instead turned rows of more than 12 columns into
 * slow dictionary objects). Same keys, order and values
 * as better-sqlite3's objects (tested); `stmt` is switched to raw mode for good. The names are the
 * statement's own columns, each written as a JSON string literal.
 */
export function objectRows<R>(stmt: Database.Statement): ObjectRows<R> {
  const raw = stmt.raw(true);
  const names = raw.columns().map((c) => c.name);
  const toObject = new Function('v', `return { ${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')} };`) as (values: unknown[]) => R;
  return {
    all: (...params) => (raw.all(...params) as unknown[][]).map(toObject),
    get: (...params) => {
      const values = raw.get(...params) as unknown[] | undefined;
      return values === undefined ? undefined : toObject(values);
    },
  };
}

export class DatabaseFileError extends Error {
  constructor(
    readonly code: 'DB_MISSING' | 'DB_NOT_SQLITE' | 'DB_FOREIGN' | 'DB_TOO_NEW' | 'DB_OUTDATED' | 'DB_CORRUPT',
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseFileError';
  }
}

export interface DatabaseKind {
  /** Human name used in messages ('catalogue', 'user database'). */
  label: string;
  applicationId: number;
  migrations: readonly string[];
  /** What the user should do when the file cannot be used. */
  remedy: string;
  /**
   * Files that hold the user's own data: checked with `PRAGMA quick_check` on every writable open,
   * and copied to `<file>.bak-v<from>` before a migration runs.
   */
  precious?: boolean;
}

/** The newest `<file>.bak-v*` copy beside the file, if any (what to restore when the file is broken). */
export function latestBackup(file: string): string | undefined {
  const dir = dirname(file);
  const prefix = `${basename(file)}.bak-v`;
  let best: { path: string; mtime: number } | undefined;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const path = join(dir, name);
    const mtime = statSync(path).mtimeMs;
    if (!best || mtime >= best.mtime) best = { path, mtime };
  }
  return best?.path;
}

/** A name for the backup before migrating from `version` that no earlier backup holds. */
function backupName(file: string, version: number): string {
  const base = `${file}.bak-v${version}`;
  if (!existsSync(base)) return base;
  for (let n = 2; ; n++) if (!existsSync(`${base}.${n}`)) return `${base}.${n}`;
}

/** The remedy for a broken precious file: restore the newest backup when there is one; never overwrite. */
/** What the user can do about a file that cannot be opened: restore the latest backup when there is one, else the kind's remedy. */
function recovery(file: string, kind: DatabaseKind): string {
  const backup = kind.precious ? latestBackup(file) : undefined;
  if (!backup) return kind.remedy;
  const otherwise = `${kind.remedy[0].toLowerCase()}${kind.remedy.slice(1)}`;
  return `A backup from before its last upgrade is at ${backup} (changes made since are not in it): quit Moecat, move the broken file aside (keep it) and copy the backup to ${file}. Without the backup: ${otherwise}`;
}

/** The page cache of a read-only connection (KiB). */
export const READ_CACHE_KIB = 2000;

export interface OpenOptions {
  readonly?: boolean;
  /** Native binding path (the Electron build of better-sqlite3). */
  nativeBinding?: string;
}

function readHeader(db: Db, kind: DatabaseKind, file: string): { appId: number; version: number } {
  try {
    return {
      appId: db.pragma('application_id', { simple: true }) as number,
      version: db.pragma('user_version', { simple: true }) as number,
    };
  } catch (err) {
    db.close();
    const sqliteCode = (err as { code?: string }).code;
    const why = sqliteCode === 'SQLITE_NOTADB' ? 'is not an SQLite database' : `cannot be read (${(err as Error).message})`;
    throw new DatabaseFileError(sqliteCode === 'SQLITE_CORRUPT' ? 'DB_CORRUPT' : 'DB_NOT_SQLITE', `The ${kind.label} ${file} ${why}. ${recovery(file, kind)}`);
  }
}

function isEmpty(db: Db): boolean {
  return (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n === 0;
}

export function openDatabase(file: string, kind: DatabaseKind, options: OpenOptions = {}): Db {
  const readonly = options.readonly ?? false;
  if (readonly && !existsSync(file)) {
    throw new DatabaseFileError('DB_MISSING', `The ${kind.label} ${file} does not exist. ${kind.remedy}`);
  }
  const db = new Database(file, { readonly, fileMustExist: readonly, nativeBinding: options.nativeBinding });
  const { appId, version } = readHeader(db, kind, file);
  const known = kind.migrations.length;
  const fresh = appId === 0 && version === 0 && isEmpty(db);
  const fail = (code: DatabaseFileError['code'], what: string): never => {
    db.close();
    throw new DatabaseFileError(code, `The ${kind.label} ${file} ${what}. ${recovery(file, kind)}`);
  };
  if (!fresh && appId !== kind.applicationId) fail('DB_FOREIGN', 'belongs to another program');
  if (version > known) fail('DB_TOO_NEW', `has schema version ${version}, newer than this Moecat knows (${known})`);
  if (readonly) {
    if (version < known) fail('DB_OUTDATED', `has schema version ${version}, older than this Moecat needs (${known})`);
    // better-sqlite3 builds SQLite with a 16 MB page cache per connection; the server's read connection
    // filled it and kept ~14 MiB more RSS, for no faster queries (the file stays in the OS page cache).
    db.pragma(`cache_size = -${READ_CACHE_KIB}`);
    return db;
  }
  if (kind.precious && !fresh) {
    // Checked before anything is written, so a damaged file is left exactly as it was found.
    let problems: string[];
    try {
      // quick_check reads every page as integrity_check does, but does not compare each index with its
      // table: ~6 ms instead of ~17 ms on a user database of 20,000 favourites, on every start.
      problems = (db.pragma('quick_check', { simple: false }) as { quick_check: string }[]).map((r) => r.quick_check);
    } catch (err) {
      problems = [(err as Error).message];
    }
    if (problems.length !== 1 || problems[0] !== 'ok') fail('DB_CORRUPT', `is damaged (integrity check: ${problems.slice(0, 3).join('; ')})`);
  }
  db.pragma('foreign_keys = ON');
  if (version < known && kind.precious && !fresh) {
    // VACUUM INTO writes a consistent copy synchronously (WAL content included), before any migration step.
    db.prepare('VACUUM INTO ?').run(backupName(file, version));
  }
  if (version < known) {
    db.transaction(() => {
      for (let v = version; v < known; v++) db.exec(kind.migrations[v]);
      db.pragma(`application_id = ${kind.applicationId}`);
      db.pragma(`user_version = ${known}`);
    })();
  }
  return db;
}
