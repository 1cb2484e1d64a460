// A job's writer (server/catalogue-jobs.ts) loads the better-sqlite3 binding the server was given: the
// desktop app's is built for Electron, and the one in node_modules would not load there. A job that writes in another
// thread (a folder import) is given the file and the binding, and opens no writer here.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../src-main/catalogue/db/catalogue-files';
import { CatalogueJobs } from '../../../src-main/server/catalogue-jobs';
import { fixtureCatalogueDir } from '../../fixtures/app';
import { tempDir } from '../../fixtures/temp-dir';

function catalogueCopy(): string {
  const file = join(tempDir('moecat-jobs-unit-'), CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  return file;
}

describe('CatalogueJobs', () => {
  it('opens the job’s writer with the binding it was given', async () => {
    const missing = join(tempDir('moecat-jobs-binding-'), 'better_sqlite3.node');
    const jobs = new CatalogueJobs(catalogueCopy(), () => {}, Date.now, missing);
    const { id } = jobs.start('import', 'a folder', async ({ writer }) => writer.nativeBinding);
    await jobs.idle();
    expect(jobs.get(id)).toMatchObject({ status: 'failed' });

    const plain = new CatalogueJobs(catalogueCopy(), () => {});
    const ok = plain.start('import', 'a folder', async ({ writer }) => writer.nativeBinding ?? 'the default');
    await plain.idle();
    expect(plain.get(ok.id)).toMatchObject({ status: 'done', result: 'the default' });
  });

  it('gives a job that writes in another thread the catalogue file and that binding, and opens no writer for it', async () => {
    const file = catalogueCopy();
    const missing = join(tempDir('moecat-jobs-binding-'), 'better_sqlite3.node');
    const jobs = new CatalogueJobs(file, () => {}, Date.now, missing);
    // A writer opened with the missing binding would fail the job.
    const { id } = jobs.startOnCatalogue('import', 'a folder', async (ctx) => ('writer' in ctx ? 'a writer' : ctx.catalogue));
    await jobs.idle();
    expect(jobs.get(id)).toMatchObject({ status: 'done', result: { file, nativeBinding: missing } });
    expect(() => new CatalogueJobs(undefined, () => {}).startOnCatalogue('import', 'a folder', async () => null)).toThrow(/fixed catalogue file/);
  });

  it('says while a job that writes the catalogue runs (the answer cache then drops its sections less often), and not for one that writes none', async () => {
    const jobs = new CatalogueJobs(catalogueCopy(), () => {});
    const seen: boolean[] = [];
    jobs.start('import', 'a folder', async () => seen.push(jobs.writingCatalogue));
    await jobs.idle();
    jobs.startOnCatalogue('import', 'a folder', async () => seen.push(jobs.writingCatalogue));
    await jobs.idle();
    jobs.startWithoutWriter('posters', 'posters', async () => seen.push(jobs.writingCatalogue));
    await jobs.idle();
    expect(seen).toEqual([true, true, false]);
    expect(jobs.writingCatalogue).toBe(false);
  });
});
