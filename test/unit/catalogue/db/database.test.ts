import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogue } from '../../../../src-main/catalogue/read/catalogue';
import { CATALOGUE_KIND, CATALOGUE_SCHEMA_FINGERPRINT } from '../../../../src-main/catalogue/db/catalogue-kind';
import { DatabaseFileError, objectRows, openDatabase, READ_CACHE_KIB } from '../../../../src-main/catalogue/db/database';
import { CATALOGUE_APPLICATION_ID, CATALOGUE_SCHEMA_VERSION } from '../../../../src-main/catalogue/db/schema';
import { tempDir } from '../../../fixtures/temp-dir';

const tmp = () => tempDir('moecat-db-');

function errorOf(fn: () => unknown): DatabaseFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DatabaseFileError) return err;
    throw err;
  }
  throw new Error('expected a DatabaseFileError');
}

describe('openDatabase()', () => {
  it('creates a fresh catalogue with the current schema, marked as ours', () => {
    const file = join(tmp(), 'c.db');
    const db = openDatabase(file, CATALOGUE_KIND);
    expect(db.pragma('user_version', { simple: true })).toBe(CATALOGUE_SCHEMA_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(CATALOGUE_APPLICATION_ID);
    const strict = db.prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND strict = 0 AND name NOT LIKE 'sqlite_%'").all();
    expect(strict).toEqual([]);
    db.close();
  });

  it('opens the catalogue read-only', () => {
    const file = join(tmp(), 'c.db');
    const db = openDatabase(file, CATALOGUE_KIND);
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema_fingerprint', ?)").run(CATALOGUE_SCHEMA_FINGERPRINT);
    db.close();
    const catalogue = openCatalogue(file);
    expect(() => sqlOf(catalogue).exec("INSERT INTO meta VALUES ('x', 'y')")).toThrow(/readonly/);
    catalogue.close();
  });

  it('gives a read-only connection a small page cache, and leaves writers the default', () => {
    const file = join(tmp(), 'c.db');
    const writer = openDatabase(file, CATALOGUE_KIND);
    const writerCache = writer.pragma('cache_size', { simple: true });
    writer.prepare("INSERT INTO meta (key, value) VALUES ('schema_fingerprint', ?)").run(CATALOGUE_SCHEMA_FINGERPRINT);
    writer.close();
    const catalogue = openCatalogue(file);
    expect(sqlOf(catalogue).pragma('cache_size', { simple: true })).toBe(-READ_CACHE_KIB);
    expect(writerCache).not.toBe(-READ_CACHE_KIB);
    catalogue.close();
  });

  it('refuses a file that is not SQLite, and leaves it untouched', () => {
    const file = join(tmp(), 'c.db');
    writeFileSync(file, 'these are my notes, not a database\n'.repeat(200));
    const before = readFileSync(file);
    const err = errorOf(() => openCatalogue(file));
    expect(err.code).toBe('DB_NOT_SQLITE');
    expect(err.message).toContain(file);
    expect(err.message).toMatch(/build-catalogue/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it("refuses another program's SQLite database, even when writable", () => {
    const file = join(tmp(), 'foreign.db');
    const other = new Database(file);
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)');
    other.close();
    expect(errorOf(() => openDatabase(file, CATALOGUE_KIND)).code).toBe('DB_FOREIGN');
    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all()).toEqual(['invoices']);
    check.close();
  });

  it('refuses a catalogue from a newer Moecat', () => {
    const file = join(tmp(), 'c.db');
    const db = openDatabase(file, CATALOGUE_KIND);
    db.pragma(`user_version = ${CATALOGUE_SCHEMA_VERSION + 1}`);
    db.close();
    const err = errorOf(() => openCatalogue(file));
    expect(err.code).toBe('DB_TOO_NEW');
    expect(err.message).toMatch(/newer/);
  });

  it('refuses a read-only catalogue with an older schema instead of reading it wrongly', () => {
    const file = join(tmp(), 'c.db');
    const db = new Database(file);
    db.pragma(`application_id = ${CATALOGUE_APPLICATION_ID}`);
    db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
    db.pragma('user_version = 0');
    db.close();
    expect(errorOf(() => openCatalogue(file)).code).toBe('DB_OUTDATED');
  });

  it('says a missing catalogue is missing', () => {
    expect(errorOf(() => openCatalogue(join(tmp(), 'nope.db'))).code).toBe('DB_MISSING');
  });
});

describe('needsBuild()', () => {
  it('is true for a missing catalogue and for one built with another schema, false for a current one', async () => {
    const { needsBuild } = await import('../../../../src-main/catalogue/upgrade/working-copy');
    const { fixtureCatalogueDir } = await import('../../../fixtures/app');
    const dir = tmp();
    expect(needsBuild(join(dir, 'missing.db'))).toBe(true);
    const current = join(fixtureCatalogueDir(), 'catalogue.db');
    expect(needsBuild(current)).toBe(false);
    const stale = join(dir, 'stale.db');
    writeFileSync(stale, readFileSync(current));
    const db = new Database(stale);
    db.prepare("UPDATE meta SET value = 'an-older-schema' WHERE key = 'schema_fingerprint'").run();
    db.close();
    expect(needsBuild(stale)).toBe(true);
    expect(errorOf(() => openCatalogue(stale)).code).toBe('DB_OUTDATED');
  });

  it('refuses to treat a foreign file as a build output', async () => {
    const { needsBuild } = await import('../../../../src-main/catalogue/upgrade/working-copy');
    const file = join(tmp(), 'notes.db');
    writeFileSync(file, 'my notes');
    expect(() => needsBuild(file)).toThrow(DatabaseFileError);
  });
});

describe('objectRows()', () => {
  it('answers the rows better-sqlite3 answers as objects: same keys in the same order, same values, undefined when none', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, title TEXT, n REAL, b BLOB, missing TEXT);
      INSERT INTO t VALUES (1, '東方', 1.5, x'00ff', NULL), (2, '', -3, NULL, 'x'), (3, 'c', 0, x'', NULL)`);
    const sql = 'SELECT id, title, n AS renamed, b, missing, id * 2 AS twice FROM t WHERE id >= ? ORDER BY id DESC';
    const rows = objectRows<Record<string, unknown>>(db.prepare(sql));
    const expected = db.prepare(sql).all(1) as Record<string, unknown>[];
    expect(expected).toHaveLength(3);
    const got = rows.all(1);
    expect(got).toEqual(expected);
    expect(got.map((r) => Object.keys(r))).toEqual(expected.map((r) => Object.keys(r)));
    expect(rows.get(3)).toEqual(db.prepare(sql).get(3));
    expect(rows.get(4)).toBeUndefined();
    expect(rows.all(4)).toEqual([]);
    db.close();
  });

  it('keeps names that are not identifiers, a repeated name (the last value, the first place) and a column named __proto__', () => {
    const db = new Database(':memory:');
    const sql = `SELECT 1 AS "a b", 2 AS "it's ""quoted"" ", 3 AS "line\nbreak", 4 AS x, 5 AS x, 6 AS "__proto__", 7 AS "10"`;
    const expected = db.prepare(sql).get() as Record<string, unknown>;
    const got = objectRows<Record<string, unknown>>(db.prepare(sql)).get()!;
    expect(got).toEqual(expected);
    expect(Object.keys(got)).toEqual(Object.keys(expected));
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    const odd = `SELECT 1 AS "a b", 2 AS "it's ""quoted"" ", 3 AS "line\nbreak", 4 AS x, 5 AS x, 7 AS "10"`;
    const plain = objectRows<Record<string, unknown>>(db.prepare(odd)).get()!;
    expect(plain).toEqual(db.prepare(odd).get());
    expect(Object.keys(plain)).toEqual(['10', 'a b', `it's "quoted" `, 'line\nbreak', 'x']);
    expect(plain.x).toBe(5);
    db.close();
  });
});
