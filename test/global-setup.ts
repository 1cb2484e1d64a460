// Builds the small fixture catalogue once per test run and hands its folder to the test files; builds
// the real bundled catalogue too when it is missing, so end-to-end tests never race to build it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectDirs } from '../src-main/app-dirs';
import { buildCatalogue, CATALOGUE_FILE } from '../src-main/catalogue/build/builder';
import { needsBuild } from '../src-main/catalogue/upgrade/working-copy';
import { shippedCatalogueDir } from '../src-main/server/start';
import { FIXTURE_BANGUMI } from './fixtures/bangumi-fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureCatalogueDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // One folder per run, so two test runs at once never rebuild each other's fixture.
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'test-results', 'fixture-catalogue-'));
  await buildCatalogue({ outDir: dir, bangumi: FIXTURE_BANGUMI });
  project.provide('fixtureCatalogueDir', dir);
  const bundled = shippedCatalogueDir(projectDirs().resourcesDir);
  if (needsBuild(join(bundled, CATALOGUE_FILE))) await buildCatalogue({ outDir: bundled });
  return () => rmSync(dir, { recursive: true, force: true });
}
