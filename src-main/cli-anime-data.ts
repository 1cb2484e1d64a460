// `moecat update-catalogue [--registry URL]`: brings the anime data of the data folder's working
// catalogue up to date from bangumi-data's newest release (catalogue/upgrade/anime-data.ts), with a
// progress bar on stderr and a summary on stdout. A server running on the same data folder has the
// catalogue open, so the command then stops and points at Settings → Anime data instead.
//
// The server runs the same command with --prepare-only to do the work in a process of its own — the
// dictionary and the rebuild take a core and a hundred MB for a few seconds, which the server's own
// process keeps for its answers — and puts the prepared file in place itself. That mode prints one JSON
// object a line on stdout: {"progress":…} as it goes, then {"outcome":…} or {"error":"…"}.
import { join } from 'node:path';
import { CATALOGUE_FILE } from './catalogue/db/catalogue-files';
import type { AnimeDataOutcome, AnimeDataProgress } from './catalogue/upgrade/anime-data';
import { phasePrinter } from './cli-progress';
import { workingCatalogueFor } from './cli-working-catalogue';
import { runningServer } from './server/running-mark';
import { printable } from './terminal-text';

const LABELS: Record<AnimeDataProgress['phase'] | 'done', string> = {
  ask: 'Asking the registry for bangumi-data',
  download: 'Downloading',
  read: 'Reading the release',
  copy: 'Copying the catalogue',
  romanise: 'Loading the reading dictionary',
  write: 'Writing the anime',
  check: 'Checking',
  done: 'Done',
};

/** One JSON line for the server that started this process. */
const say = (message: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(message)}\n`);

export async function updateCatalogueCommand(
  options: { registry: string; dataDir: string; prepareOnly: boolean },
  print: (line: string) => void = console.log,
): Promise<void> {
  const { prepareAnimeData, finishAnimeUpdate } = await import('./catalogue/upgrade/anime-data');
  if (options.prepareOnly) {
    try {
      // The desktop app runs this under Electron, whose better-sqlite3 binding it names.
      const nativeBinding = process.env.MOECAT_SQLITE_BINDING || undefined;
      const outcome = await prepareAnimeData({
        registry: options.registry,
        working: join(options.dataDir, CATALOGUE_FILE),
        progress: (p) => say({ progress: p }),
        nativeBinding,
      });
      say({ outcome });
    } catch (err) {
      say({ error: (err as Error).message });
      process.exitCode = 1;
    }
    return;
  }
  const server = runningServer(options.dataDir);
  if (server) {
    throw new Error(
      `Moecat is running on this data folder (process ${server.pid}, ${server.url}): update the anime data there, in Settings → Anime data, or stop it first.`,
    );
  }
  const working = await workingCatalogueFor(options.dataDir);
  const show = phasePrinter(LABELS);
  const outcome: AnimeDataOutcome = await prepareAnimeData({ registry: options.registry, working, progress: show });
  show({ phase: 'done', done: 1, total: 1 });
  const out = (line: string) => print(printable(line));
  if (outcome.status === 'current') {
    out(`The anime data is current: bangumi-data ${outcome.version} is the newest release of ${options.registry}.`);
    return;
  }
  finishAnimeUpdate(working, outcome.prepared);
  const p = outcome.prepared;
  out(
    `Updated the anime data to bangumi-data ${p.version}: ${p.entries} anime (${p.added} new, ${p.removed} gone), ${p.scheduled} with a weekly or daily schedule.`,
  );
}
