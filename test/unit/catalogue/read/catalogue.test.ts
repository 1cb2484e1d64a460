// openCatalogue(): reopen() follows a file renamed into the catalogue's place (the anime data's update
// swaps the working copy so), and keeps the old connection when the new file cannot serve.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCatalogue } from '../../../../src-main/catalogue/read/catalogue';
import { CATALOGUE_KIND, CATALOGUE_SCHEMA_FINGERPRINT } from '../../../../src-main/catalogue/db/catalogue-kind';
import { openDatabase } from '../../../../src-main/catalogue/db/database';
import { tempDir } from '../../../fixtures/temp-dir';

/** A catalogue file whose meta says `build_id` = `id`. */
function catalogueFile(file: string, id: string): string {
  const db = openDatabase(file, CATALOGUE_KIND);
  db.prepare("INSERT INTO meta (key, value) VALUES ('schema_fingerprint', ?), ('build_id', ?)").run(CATALOGUE_SCHEMA_FINGERPRINT, id);
  db.close();
  return file;
}

describe('Catalogue.reopen()', () => {
  it('answers from the file renamed into its place, through the same object', () => {
    const dir = tempDir('moecat-reopen-');
    const file = catalogueFile(join(dir, 'catalogue.db'), 'old');
    const catalogue = openCatalogue(file);
    const queries = catalogue.queries;
    expect(catalogue.meta('build_id')).toBe('old');
    renameSync(catalogueFile(join(dir, 'next.db'), 'new'), file);
    // Until reopened, the open connection still reads the file it opened.
    expect(catalogue.meta('build_id')).toBe('old');
    catalogue.reopen();
    expect(catalogue.meta('build_id')).toBe('new');
    expect(catalogue.queries).not.toBe(queries);
    expect(catalogue.stats(0)).toEqual({ entries: 0, subs: 0, uploads: 0, onAir: 0 });
    catalogue.close();
  });

  it('keeps the old connection and throws when the file in its place cannot serve', () => {
    const dir = tempDir('moecat-reopen-');
    const file = catalogueFile(join(dir, 'catalogue.db'), 'old');
    const catalogue = openCatalogue(file);
    writeFileSync(join(dir, 'broken.db'), 'not a database');
    renameSync(join(dir, 'broken.db'), file);
    expect(() => catalogue.reopen()).toThrow();
    expect(catalogue.meta('build_id')).toBe('old');
    catalogue.close();
  });
});
