// Opens an SQLite file of a known kind (catalogue or user database): checks that it is one of ours,
// refuses a schema this code does not know, and on writable opens applies the missing migrations.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';

export type Db = Database.Database;

export class DatabaseFileError extends Error {
  constructor(
    readonly code: 'DB_MISSING' | 'DB_NOT_SQLITE' | 'DB_FOREIGN' | 'DB_TOO_NEW' | 'DB_OUTDATED',
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
}

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
    const why = (err as { code?: string }).code === 'SQLITE_NOTADB' ? 'is not an SQLite database' : `cannot be read (${(err as Error).message})`;
    throw new DatabaseFileError('DB_NOT_SQLITE', `The ${kind.label} ${file} ${why}. ${kind.remedy}`);
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
    throw new DatabaseFileError(code, `The ${kind.label} ${file} ${what}. ${kind.remedy}`);
  };
  if (!fresh && appId !== kind.applicationId) fail('DB_FOREIGN', 'belongs to another program');
  if (version > known) fail('DB_TOO_NEW', `has schema version ${version}, newer than this Moecat knows (${known})`);
  if (readonly) {
    if (version < known) fail('DB_OUTDATED', `has schema version ${version}, older than this Moecat needs (${known})`);
    return db;
  }
  db.pragma('foreign_keys = ON');
  if (version < known) {
    db.transaction(() => {
      for (let v = version; v < known; v++) db.exec(kind.migrations[v]);
      db.pragma(`application_id = ${kind.applicationId}`);
      db.pragma(`user_version = ${known}`);
    })();
  }
  return db;
}
