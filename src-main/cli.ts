// The headless entry point (`moecat …`): serve, build-catalogue, import, sync, update-catalogue and keys.
// Never imports electron.
// Every failure ends in one line on stderr and a non-zero exit code.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { defaultDataDir, projectDirs } from './app-dirs';
import { DatabaseFileError } from './catalogue/db/database';
import { openUserDb } from './catalogue/user/user-db';
import { progressPrinter } from './cli-progress';
import { ListenError } from './server/bind';
import { shippedCatalogueDir, startMoecat, StartError } from './server/start';
import { printable } from './terminal-text';

const USAGE = `Usage:
  moecat serve [--port N] [--host 127.0.0.1] [--data-dir DIR] [--catalogue FILE]
  moecat build-catalogue [--out DIR]
  moecat import FOLDER
  moecat sync --from URL --key KEY [--rate N] [--cache-audio [--cache-cap MIB]] [--covers]
  moecat update-catalogue [--registry URL]
  moecat keys create --name NAME | keys list | keys revoke KEY
Every command takes --data-dir DIR (default: ${defaultDataDir()}).`;

class UsageError extends Error {}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        catalogue: { type: 'string' },
        out: { type: 'string' },
        name: { type: 'string' },
        'print-key': { type: 'boolean' },
        from: { type: 'string' },
        key: { type: 'string' },
        rate: { type: 'string' },
        'cache-audio': { type: 'boolean' },
        'cache-cap': { type: 'string' },
        covers: { type: 'boolean' },
        registry: { type: 'string' },
        'prepare-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The --port asked for; undefined without one (the server then takes the port of its last run, when free). */
function portOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new UsageError(`--port must be a number from 1 to 65535, not "${value}".`);
  return port;
}

async function serve(flags: ReturnType<typeof parse>['values'], dataDir: string): Promise<void> {
  const dirs = projectDirs();
  const server = await startMoecat({
    dataDir,
    ...dirs,
    port: portOf(flags.port),
    host: flags.host ?? '127.0.0.1',
    catalogueFile: flags.catalogue ? resolve(flags.catalogue) : undefined,
    log: (line) => console.log(printable(line)),
    onBuildProgress: progressPrinter(),
    // This same command line, in a process of its own, does the anime data's update.
    helper: { command: process.execPath, args: [process.argv[1]] },
  });
  console.log(`Moecat is running at ${server.loginUrl()}`);
  console.log('  Open that link in your browser: it signs the browser in. It works once; Moecat prints a new one after.');
  console.log(`API key: ${server.apiKey}   (for other tools: moecat keys create makes more)`);
  console.log(printable(`Data: ${dataDir}   (Ctrl+C to stop)`));
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function buildCommand(flags: ReturnType<typeof parse>['values']): Promise<void> {
  const outDir = flags.out ? resolve(flags.out) : shippedCatalogueDir(projectDirs().resourcesDir);
  const started = Date.now();
  const { buildCatalogue } = await import('./catalogue/build/builder');
  const { formatBuildChanges } = await import('./catalogue/build/build-report');
  const report = await buildCatalogue({ outDir, onProgress: progressPrinter() });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    printable(
      `Built ${report.file}: ${report.entries} entries, ${report.subs} sub-entries, ${report.uploads} audio files, ${report.onAir} with an on-air schedule (${seconds} s).`,
    ),
  );
  // bangumi-data's titles.
  for (const line of formatBuildChanges(report.changes, outDir)) console.log(printable(line));
}

async function syncFromFlags(flags: ReturnType<typeof parse>['values'], dataDir: string): Promise<void> {
  if (!flags.from) throw new UsageError('sync needs --from URL (the remote API, http://host:port).');
  if (!/^https?:\/\//i.test(flags.from)) throw new UsageError(`--from must be an http or https URL, not "${flags.from}".`);
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) throw new UsageError(`--${name} must be a number above 0, not "${value}".`);
    return Number(value);
  };
  const cap = number('cache-cap', flags['cache-cap']);
  const { syncCommand } = await import('./cli-sync');
  await syncCommand(
    {
      url: flags.from,
      key: flags.key,
      rate: number('rate', flags.rate),
      cacheAudio: flags['cache-audio'] ?? false,
      cacheCap: cap && cap * 1024 * 1024,
      covers: flags.covers ?? false,
    },
    dataDir,
  );
}

function keysCommand(positionals: string[], flags: ReturnType<typeof parse>['values'], dataDir: string): void {
  const [, action, arg] = positionals;
  const userDb = openUserDb(join(dataDir, 'user.db'));
  try {
    if (action === 'create') {
      if (!flags.name?.trim()) throw new UsageError('keys create needs --name NAME.');
      const key = userDb.createKey(flags.name.trim());
      console.log(`key:    ${key.key}\nsecret: ${key.secret}\nname:   ${printable(key.name)}`);
    } else if (action === 'list') {
      for (const k of userDb.listKeys()) {
        const state = k.revokedAt === null ? 'active' : 'revoked';
        // A key's name may have been given by a tool through the UI's endpoints.
        console.log(`${k.key}  ${state.padEnd(7)}  ${new Date(k.createdAt * 1000).toISOString().slice(0, 10)}  ${printable(k.name)}`);
      }
    } else if (action === 'revoke') {
      if (!arg) throw new UsageError('keys revoke needs the KEY to revoke.');
      if (!userDb.revokeKey(arg)) throw new Error(`No active key ${arg}.`);
      console.log(printable(`Revoked ${arg}.`));
    } else {
      throw new UsageError(`Unknown keys action "${action ?? ''}": use create, list or revoke.`);
    }
  } finally {
    userDb.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    const { values: flags, positionals } = parse(argv);
    const command = positionals[0];
    if (flags.help || !command) {
      console.log(USAGE);
      return command || flags.help ? 0 : 2;
    }
    const dataDir = flags['data-dir'] ? resolve(flags['data-dir']) : defaultDataDir();
    if (command === 'serve') await serve(flags, dataDir);
    else if (command === 'build-catalogue') await buildCommand(flags);
    else if (command === 'keys') keysCommand(positionals, flags, dataDir);
    else if (command === 'import') {
      if (!positionals[1] || positionals.length > 2) throw new UsageError('import needs exactly one FOLDER to import.');
      const { importCommand } = await import('./cli-import');
      await importCommand(resolve(positionals[1]), dataDir);
    } else if (command === 'sync') await syncFromFlags(flags, dataDir);
    else if (command === 'update-catalogue') {
      const { updateCatalogueCommand } = await import('./cli-anime-data');
      const { NPM_REGISTRY, registryOf } = await import('./catalogue/sync/bangumi-release');
      let registry: string;
      try {
        registry = registryOf(flags.registry ?? NPM_REGISTRY);
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      await updateCatalogueCommand({ registry, dataDir, prepareOnly: flags['prepare-only'] ?? false });
    } else throw new UsageError(`Unknown command "${command}". Run moecat --help.`);
    return 0;
  } catch (err) {
    const known = err instanceof UsageError || err instanceof DatabaseFileError || err instanceof ListenError || err instanceof StartError;
    // Messages quote paths, addresses and what a remote answered.
    console.error(`moecat: ${printable(err instanceof Error ? err.message : String(err))}`);
    if (!known && process.env.MOECAT_DEBUG) console.error(err);
    return err instanceof UsageError ? 2 : 1;
  }
}

const invokedDirectly = process.argv[1] && /cli\.(js|ts)$/.test(process.argv[1]);
if (invokedDirectly) {
  void main(process.argv.slice(2)).then((code) => {
    if (code !== 0) process.exit(code);
  });
}
