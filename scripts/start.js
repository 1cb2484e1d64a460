// `npm start`: the desktop app when Electron can start here, otherwise the same server and UI
// headless (`moecat serve`), with the remaining arguments passed on. The desktop app needs
// better-sqlite3 built for Electron's ABI; when that build is missing it is made first (once), and
// when it cannot be made the headless server runs instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, projectRoot } from './ensure-built.js';
import { electronTarget, nativeBindingFile, rebuildNative } from './rebuild-native.js';

/** The Electron executable, or why there is none. Never require('electron'): that starts a download. */
export function findElectron(root = projectRoot, env = process.env, platform = process.platform) {
  const pkg = join(root, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'no Electron binary installed' };
  const relative = readFileSync(pathFile, 'utf8').trim();
  // The same override electron's own index.js honours, for a binary kept elsewhere.
  const dist = env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const binary = join(dist, relative);
  if (!existsSync(binary)) return { reason: 'no Electron binary installed' };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: 'no display' };
  return { binary };
}

/**
 * What to start, from what findElectron() found and whether Electron's better-sqlite3 build exists:
 * { action: 'electron' }, { action: 'rebuild', message } (build it, then see afterRebuild), or
 * { action: 'headless', message }. Messages are the one line the user sees.
 */
export function startPlan(electron, binding) {
  if (!electron.binary) {
    return { action: 'headless', message: `Electron cannot start here (${electron.reason}); running the headless server instead.` };
  }
  if (binding.error) {
    return { action: 'headless', message: `Electron cannot start here (${binding.error}); running the headless server instead.` };
  }
  if (!binding.present) {
    return {
      action: 'rebuild',
      message: `Building better-sqlite3 for Electron ${binding.version} (ABI ${binding.abi}) from source, once; this takes about a minute…`,
    };
  }
  return { action: 'electron' };
}

/** What to start once the rebuild has answered (rebuildNative()'s result). */
export function afterRebuild(result, root = projectRoot) {
  if (result.ok) return { action: 'electron' };
  return {
    action: 'headless',
    message: `Could not build better-sqlite3 for Electron: ${result.reason} (log: ${relative(root, result.log)}); running the headless server instead.`,
  };
}

/** Whether the desktop app's better-sqlite3 build is there for the installed Electron. */
export function electronBinding(root = projectRoot) {
  try {
    const { version, abi } = electronTarget(root);
    return { version, abi, present: existsSync(nativeBindingFile(root, abi)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs a child with our stdio, passes on the signals we get, and ends with its exit status. */
function runForwarding(command, args) {
  const child = spawn(command, args, { cwd: projectRoot, stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  child.on('error', (error) => {
    console.error(`Could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.off(s, forward);
    // Die of the same signal so a shell or supervisor sees how the child ended.
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

function main() {
  try {
    ensureBuilt();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const args = process.argv.slice(2);
  const electron = findElectron();
  let plan = startPlan(electron, electron.binary ? electronBinding() : {});
  if (plan.action === 'rebuild') {
    console.log(plan.message);
    plan = afterRebuild(rebuildNative());
  }
  if (plan.action === 'electron') {
    runForwarding(electron.binary, [projectRoot, ...args]);
  } else {
    console.log(plan.message);
    runForwarding(process.execPath, [join(projectRoot, 'out', 'main', 'cli.js'), 'serve', ...args]);
  }
}

// Importing this module (to reuse findElectron) must not start anything.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
