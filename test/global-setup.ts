// Builds the small fixture catalogue once per test run and hands its folder to the test files; builds
// the real bundled catalogue too when it is missing, so end-to-end tests never race to build it.
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectDirs } from '../src-main/app-dirs';
import { buildCatalogue, CATALOGUE_FILE } from '../src-main/catalogue/build/builder';
import { needsBuild } from '../src-main/catalogue/upgrade/working-copy';
import { shippedCatalogueDir } from '../src-main/server/start';
import { FIXTURE_BANGUMI } from './fixtures/bangumi-fixture';
import { keptSynthesiser } from './fixtures/demo-audio';

declare module 'vitest' {
  export interface ProvidedContext {
    fixtureCatalogueDir: string;
    /** The demo's MP3s, encoded once per run (fixtures/demo-audio.ts). */
    demoAudioDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // One folder per run, so two test runs at once never rebuild each other's fixture.
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'test-results', 'fixture-catalogue-'));
  const demoAudio = mkdtempSync(join(process.cwd(), 'test-results', 'demo-audio-'));
  // Both builds share one encoding of the demo's MP3s, as the test files' builds do after them.
  const synthesise = keptSynthesiser(demoAudio);
  await buildCatalogue({ outDir: dir, bangumi: FIXTURE_BANGUMI, synthesise });
  project.provide('fixtureCatalogueDir', dir);
  project.provide('demoAudioDir', demoAudio);
  const bundled = shippedCatalogueDir(projectDirs().resourcesDir);
  await withBuildLock(bundled, async () => {
    if (needsBuild(join(bundled, CATALOGUE_FILE))) await buildCatalogue({ outDir: bundled, synthesise });
  });
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(demoAudio, { recursive: true, force: true });
  };
}

/**
 * Runs `work` holding a lock on the bundled catalogue's folder, so two test runs at once (a file run
 * beside the whole suite) never build into the same place together: the second waits, then finds it built.
 */
async function withBuildLock(folder: string, work: () => Promise<void>): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const lock = join(folder, '.build-lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock left by a run that was killed: older than any build takes.
      if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    await work();
  } finally {
    rmSync(lock, { force: true });
  }
}
