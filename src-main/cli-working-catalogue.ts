// The working catalogue for the CLI commands that write it (import, sync): builds the shipped
// catalogue when it is missing, installs or upgrades the working copy in the data directory exactly as
// the server does at start (an upgrade merges, keeping imported and synced rows), and says on stderr
// what it did, so a merge's outcome or failure is never silent.
import { join } from 'node:path';
import { projectDirs } from './app-dirs';
import { CATALOGUE_FILE } from './catalogue/db/catalogue-files';
import { ensureWorkingCatalogue, needsBuild } from './catalogue/upgrade/working-copy';
import { progressPrinter } from './cli-progress';
import { shippedCatalogueDir } from './server/start';
import { printable } from './terminal-text';

/** The path of the data directory's working catalogue, current with the shipped build. */
export async function workingCatalogueFor(dataDir: string, log: (line: string) => void = (line) => console.error(printable(line))): Promise<string> {
  const shippedDir = shippedCatalogueDir(projectDirs().resourcesDir);
  const shipped = join(shippedDir, CATALOGUE_FILE);
  if (needsBuild(shipped)) {
    log(`Building the catalogue in ${shippedDir} …`);
    const { buildCatalogue } = await import('./catalogue/build/builder');
    await buildCatalogue({ outDir: shippedDir, onProgress: progressPrinter() });
  }
  const working = join(dataDir, CATALOGUE_FILE);
  await ensureWorkingCatalogue(shipped, working, { log });
  return working;
}
