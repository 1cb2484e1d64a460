// `npm run rebuild:native`: builds better-sqlite3 from source for the installed Electron's ABI into
// native/electron-<abi>/better_sqlite3.node, where the desktop app looks for it (src-main/paths.ts).
// node_modules keeps the Node build the tests and the headless server use: the build runs on a copy
// of the package's sources in a temporary folder. `npm start` runs this when the binding is missing.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';
/** Where the headers go: the folder @electron/rebuild uses, so both share one download. */
export const ELECTRON_DEV_DIR = join(homedir(), '.electron-gyp');

const HEADERS_TIMEOUT_MS = 2 * 60_000;
const BUILD_TIMEOUT_MS = 10 * 60_000;

/** The installed Electron's version and module ABI, read from its npm package (no binary needed). */
export function electronTarget(root = projectRoot) {
  const dir = join(root, 'node_modules', 'electron');
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  const abiFile = join(dir, 'abi_version');
  if (!existsSync(abiFile)) throw new Error(`Electron ${version} does not say its ABI (no abi_version file)`);
  return { version, abi: readFileSync(abiFile, 'utf8').trim() };
}

/** Where the desktop app loads better-sqlite3 from (the same path as sqliteBinding() in paths.ts). */
export function nativeBindingFile(root, abi) {
  return join(root, 'native', `electron-${abi}`, 'better_sqlite3.node');
}

/** node-gyp's arguments for one step ('install' fetches the headers, 'rebuild' compiles). */
export function nodeGypArgs(step, { version, arch, devDir = ELECTRON_DEV_DIR }) {
  const common = ['--runtime=electron', `--target=${version}`, `--arch=${arch}`, `--dist-url=${ELECTRON_HEADERS_URL}`, `--devdir=${devDir}`];
  return step === 'install' ? ['install', '--ensure', ...common] : ['rebuild', '--release', ...common];
}

// npm hands its configuration to scripts as npm_config_* variables, and node-gyp reads them as
// options. A nodedir (this machine's ~/.npmrc sets one, for the Node build) would compile against
// Node's headers instead of Electron's: the result would load in neither.
const NODE_GYP_SETTINGS = /^npm_config_(nodedir|target|target_arch|arch|runtime|disturl|dist_url|devdir|build_from_source)$/i;

/** The environment for node-gyp: ours without the npm settings that would retarget it. */
export function nodeGypEnv(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NODE_GYP_SETTINGS.test(name)));
}

/** One line saying why a step failed, from node-gyp's output. */
export function failureReason(step, output, status) {
  const network =
    /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\b/.exec(
      output,
    );
  if (step === 'install') {
    return `could not download the Electron headers from ${ELECTRON_HEADERS_URL}${network ? ` (${network[1]})` : ''}`;
  }
  if (/find Python|Could not find any Python/i.test(output)) return 'node-gyp found no Python';
  if (/not found: make|make: not found|g\+\+: not found|No such file or directory.*(c\+\+|g\+\+|cc)\b/i.test(output)) {
    return 'no C++ toolchain (make, g++)';
  }
  const lastError = output
    .split('\n')
    .filter((line) => /gyp ERR!|error:/.test(line))
    .pop();
  return lastError ? `node-gyp failed: ${lastError.replace(/^gyp ERR! /, '').trim()}` : `node-gyp failed (${status})`;
}

/**
 * Builds the binding. Answers { ok: true, file, target } or { ok: false, reason, log }; never throws
 * for a failed build, and never writes into node_modules. The full output goes to native/rebuild.log.
 */
export function rebuildNative({
  root = projectRoot,
  nodeGyp = createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js'),
  env = process.env,
  arch = process.arch,
  devDir = ELECTRON_DEV_DIR,
} = {}) {
  const nativeDir = join(root, 'native');
  mkdirSync(nativeDir, { recursive: true });
  // Build output, never committed; the folder ignores itself so no other file needs to know.
  writeFileSync(join(nativeDir, '.gitignore'), '*\n');
  const logFile = join(nativeDir, 'rebuild.log');
  const log = [];
  const fail = (reason) => {
    writeFileSync(logFile, log.join('\n'));
    return { ok: false, reason, log: logFile };
  };

  let target;
  try {
    target = electronTarget(root);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const source = join(root, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(source, 'binding.gyp'))) return fail(`better-sqlite3's sources are missing from ${relative(root, source)}`);

  const work = mkdtempSync(join(tmpdir(), 'moecat-native-'));
  try {
    const copy = join(work, 'better-sqlite3');
    // Sources only: the copy's build/ is where node-gyp writes, so node_modules' build stays as it is.
    const skipped = new Set([join(source, 'build'), join(source, 'node_modules')]);
    cpSync(source, copy, { recursive: true, filter: (path) => !skipped.has(path) });

    const options = { version: target.version, arch, devDir };
    for (const [step, timeout] of [
      ['install', HEADERS_TIMEOUT_MS],
      ['rebuild', BUILD_TIMEOUT_MS],
    ]) {
      const args = nodeGypArgs(step, options);
      const run = spawnSync(process.execPath, [nodeGyp, ...args], { cwd: copy, env: nodeGypEnv(env), encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 });
      const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
      log.push(`$ node-gyp ${args.join(' ')}`, output);
      if (run.error?.code === 'ETIMEDOUT') return fail(`node-gyp ${step} timed out after ${timeout / 60_000} minutes`);
      if (run.status !== 0) return fail(failureReason(step, output, run.error?.message ?? `exit ${run.status ?? run.signal}`));
    }

    const built = join(copy, 'build', 'Release', 'better_sqlite3.node');
    if (!existsSync(built)) return fail('node-gyp succeeded but wrote no better_sqlite3.node');
    const file = nativeBindingFile(root, target.abi);
    mkdirSync(dirname(file), { recursive: true });
    // Through a temporary name: a half-copied binding must never be found by the app.
    copyFileSync(built, `${file}.tmp`);
    renameSync(`${file}.tmp`, file);
    writeFileSync(logFile, log.join('\n'));
    return { ok: true, file, target };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let target;
  try {
    target = electronTarget();
  } catch (error) {
    console.error(`Cannot build better-sqlite3 for Electron: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`Building better-sqlite3 for Electron ${target.version} (ABI ${target.abi}) from source…`);
  const result = rebuildNative();
  if (result.ok) {
    console.log(`Wrote ${relative(projectRoot, result.file)}.`);
  } else {
    console.error(`Could not build better-sqlite3 for Electron: ${result.reason}. Log: ${relative(projectRoot, result.log)}`);
    process.exit(1);
  }
}
