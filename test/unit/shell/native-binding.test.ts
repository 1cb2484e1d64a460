// better-sqlite3 for Electron's ABI (scripts/rebuild-native.js) and what `npm start` does around it
// (scripts/start.js): the decisions, and the rebuild run against a stand-in node-gyp, since the real
// one downloads Electron's headers.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

type RebuildResult = { ok: true; file: string; target: { version: string; abi: string } } | { ok: false; reason: string; log: string };
interface RebuildModule {
  ELECTRON_HEADERS_URL: string;
  electronTarget(root: string): { version: string; abi: string };
  nativeBindingFile(root: string, abi: string): string;
  nodeGypArgs(step: 'install' | 'rebuild', options: { version: string; arch: string; devDir?: string }): string[];
  nodeGypEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
  rebuildNative(options: { root: string; nodeGyp: string; env: Record<string, string | undefined>; arch?: string; devDir?: string }): RebuildResult;
}
type Plan = { action: 'electron' } | { action: 'rebuild' | 'headless'; message: string };
interface StartModule {
  startPlan(electron: { binary?: string; reason?: string }, binding: { version?: string; abi?: string; present?: boolean; error?: string }): Plan;
  afterRebuild(result: RebuildResult, root?: string): Plan;
  electronBinding(root: string): { version?: string; abi?: string; present?: boolean; error?: string };
}
const load = async <T>(file: string) => (await import(pathToFileURL(join(ROOT, 'scripts', file)).href)) as T;

let rebuild: RebuildModule;
let start: StartModule;
let work: string;
beforeAll(async () => {
  rebuild = await load<RebuildModule>('rebuild-native.js');
  start = await load<StartModule>('start.js');
  work = mkdtempSync(join(tmpdir(), 'moecat-native-test-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A project with Electron 45.4.1 (ABI 150) installed and better-sqlite3's sources plus its Node build. */
function project(name: string): string {
  const root = join(work, name);
  const electron = join(root, 'node_modules', 'electron');
  mkdirSync(electron, { recursive: true });
  writeFileSync(join(electron, 'package.json'), '{"version":"45.4.1"}');
  writeFileSync(join(electron, 'abi_version'), '150\n');
  const sqlite = join(root, 'node_modules', 'better-sqlite3');
  mkdirSync(join(sqlite, 'build', 'Release'), { recursive: true });
  mkdirSync(join(sqlite, 'src'), { recursive: true });
  writeFileSync(join(sqlite, 'binding.gyp'), '{}');
  writeFileSync(join(sqlite, 'src', 'better_sqlite3.cpp'), '// sources');
  writeFileSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), 'NODE ABI BUILD');
  return root;
}

/**
 * A stand-in node-gyp: records each call (arguments, folder, whether npm's nodedir reached it), and
 * either fails to fetch the headers like the real one offline, or "compiles" a binding.
 */
function fakeNodeGyp(mode: 'offline' | 'builds'): string {
  const file = join(work, `node-gyp-${mode}.cjs`);
  writeFileSync(
    file,
    `const fs = require('fs'), path = require('path');
fs.appendFileSync(${JSON.stringify(join(work, `calls-${mode}.jsonl`))}, JSON.stringify({ args: process.argv.slice(2), cwd: process.cwd(), nodedir: process.env.npm_config_nodedir ?? null }) + '\\n');
const step = process.argv[2];
if (${JSON.stringify(mode)} === 'offline' && step === 'install') {
  console.error('gyp http GET https://electronjs.org/headers/v45.4.1/node-v45.4.1-headers.tar.gz');
  console.error('gyp ERR! stack FetchError: request failed, reason: getaddrinfo ENOTFOUND electronjs.org');
  process.exit(1);
}
if (step === 'rebuild') {
  fs.mkdirSync(path.join('build', 'Release'), { recursive: true });
  fs.writeFileSync(path.join('build', 'Release', 'better_sqlite3.node'), 'ELECTRON ABI BUILD');
}
`,
  );
  chmodSync(file, 0o755);
  return file;
}

function calls(mode: string): { args: string[]; cwd: string; nodedir: string | null }[] {
  return readFileSync(join(work, `calls-${mode}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('rebuild-native: node-gyp invocation', () => {
  it('targets the installed Electron, not Node', () => {
    const { version, abi } = rebuild.electronTarget(project('target'));
    expect({ version, abi }).toEqual({ version: '45.4.1', abi: '150' });
    const args = rebuild.nodeGypArgs('rebuild', { version, arch: 'x64', devDir: '/cache' });
    expect(args).toEqual(
      expect.arrayContaining([
        'rebuild',
        '--runtime=electron',
        '--target=45.4.1',
        '--arch=x64',
        '--dist-url=https://electronjs.org/headers',
        '--devdir=/cache',
      ]),
    );
    expect(rebuild.nodeGypArgs('install', { version, arch: 'x64' })).toEqual(expect.arrayContaining(['install', '--runtime=electron', '--target=45.4.1']));
  });

  it("drops npm's settings that would point node-gyp at Node's headers", () => {
    const env = rebuild.nodeGypEnv({
      PATH: '/usr/bin',
      HOME: '/root',
      npm_config_nodedir: '/usr',
      npm_config_target: '20.0.0',
      npm_config_runtime: 'node',
      npm_config_cache: '/c',
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/root', npm_config_cache: '/c' });
  });

  it('puts the binding where the app looks for it, per ABI', () => {
    expect(rebuild.nativeBindingFile('/p', '150')).toBe(join('/p', 'native', 'electron-150', 'better_sqlite3.node'));
  });
});

describe('rebuildNative()', () => {
  it('fails cleanly when the headers cannot be downloaded, leaving node_modules as it was', () => {
    const root = project('offline');
    const result = rebuild.rebuildNative({
      root,
      nodeGyp: fakeNodeGyp('offline'),
      env: { ...process.env, npm_config_nodedir: '/usr' },
      devDir: join(work, 'gyp'),
    });
    expect(result).toEqual({
      ok: false,
      reason: 'could not download the Electron headers from https://electronjs.org/headers (ENOTFOUND)',
      log: join(root, 'native', 'rebuild.log'),
    });
    expect(readFileSync(join(root, 'native', 'rebuild.log'), 'utf8')).toContain('getaddrinfo ENOTFOUND');
    expect(existsSync(rebuild.nativeBindingFile(root, '150'))).toBe(false);
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('NODE ABI BUILD');
    expect(calls('offline').map((c) => c.args[0])).toEqual(['install']); // no compile after a failed download
  });

  it('builds on a copy of the sources and installs the result for the ABI', () => {
    const root = project('builds');
    const result = rebuild.rebuildNative({
      root,
      nodeGyp: fakeNodeGyp('builds'),
      env: { ...process.env, npm_config_nodedir: '/usr' },
      devDir: join(work, 'gyp'),
    });
    expect(result).toMatchObject({ ok: true, file: rebuild.nativeBindingFile(root, '150') });
    expect(readFileSync(rebuild.nativeBindingFile(root, '150'), 'utf8')).toBe('ELECTRON ABI BUILD');
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('NODE ABI BUILD');

    const made = calls('builds');
    expect(made.map((c) => c.args[0])).toEqual(['install', 'rebuild']);
    for (const call of made) {
      expect(call.cwd.startsWith(join(root, 'node_modules'))).toBe(false);
      expect(call.nodedir).toBeNull();
    }
    expect(existsSync(made[1].cwd)).toBe(false); // the temporary copy is gone
    expect(readFileSync(join(root, 'native', '.gitignore'), 'utf8')).toBe('*\n');
  });
});

describe('npm start: startPlan() and afterRebuild()', () => {
  const electron = { binary: '/p/node_modules/electron/dist/electron' };
  const target = { version: '45.4.1', abi: '150' };

  it('starts Electron when it is installed and has its better-sqlite3 build', () => {
    expect(start.startPlan(electron, { ...target, present: true })).toEqual({ action: 'electron' });
  });

  it('builds the binding first when it is missing, saying so in one line', () => {
    const plan = start.startPlan(electron, { ...target, present: false });
    expect(plan).toMatchObject({ action: 'rebuild' });
    expect(plan.action !== 'electron' && plan.message).toMatch(/^Building better-sqlite3 for Electron 45\.4\.1 \(ABI 150\)[^\n]*$/);
  });

  it('runs headless, saying why, when Electron cannot start', () => {
    expect(start.startPlan({ reason: 'no Electron binary installed' }, {})).toEqual({
      action: 'headless',
      message: 'Electron cannot start here (no Electron binary installed); running the headless server instead.',
    });
    expect(start.startPlan(electron, { error: 'Electron 45.4.1 does not say its ABI (no abi_version file)' })).toMatchObject({ action: 'headless' });
  });

  it('falls back to headless in one line when the rebuild fails, and starts Electron when it worked', () => {
    const failed = start.afterRebuild(
      { ok: false, reason: 'could not download the Electron headers from https://electronjs.org/headers', log: '/p/native/rebuild.log' },
      '/p',
    );
    expect(failed).toEqual({
      action: 'headless',
      message:
        'Could not build better-sqlite3 for Electron: could not download the Electron headers from https://electronjs.org/headers (log: native/rebuild.log); running the headless server instead.',
    });
    expect(start.afterRebuild({ ok: true, file: '/p/native/electron-150/better_sqlite3.node', target })).toEqual({ action: 'electron' });
  });

  it('finds the binding of the installed Electron', () => {
    const root = project('binding');
    expect(start.electronBinding(root)).toEqual({ ...target, present: false });
    mkdirSync(join(root, 'native', 'electron-150'), { recursive: true });
    writeFileSync(join(root, 'native', 'electron-150', 'better_sqlite3.node'), '');
    expect(start.electronBinding(root)).toEqual({ ...target, present: true });
    // A binding for another Electron's ABI does not count.
    writeFileSync(join(root, 'node_modules', 'electron', 'abi_version'), '151');
    expect(start.electronBinding(root)).toMatchObject({ abi: '151', present: false });
  });
});
