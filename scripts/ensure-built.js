// Builds the app with electron-vite only when the build is missing or older than its sources, so
// `npm start`, `npm run serve` and `moecat` start at once on an unchanged checkout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

// cli.js and the UI are what the headless server needs; index.js and the preload are what the
// desktop window needs. Any of them missing or stale means a build.
const OUTPUTS = ['out/main/cli.js', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];
const INPUTS = ['src-main', 'src-renderer', 'electron.vite.config.ts'];

/** Why a build is needed, or null when the build is up to date. */
export function staleReason(root = projectRoot) {
  let oldestOutput = Infinity;
  for (const output of OUTPUTS) {
    const path = join(root, output);
    if (!existsSync(path)) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, statSync(path).mtimeMs);
  }
  for (const input of INPUTS) {
    const newer = findNewer(join(root, input), oldestOutput);
    if (newer) return `${newer.slice(root.length + 1)} changed`;
  }
  return null;
}

/** Builds when stale; throws with the build's output when the build fails. */
export function ensureBuilt(root = projectRoot) {
  const reason = staleReason(root);
  if (!reason) return;
  // An installed package ships out/ without sources: a missing output there cannot be rebuilt.
  if (!existsSync(join(root, 'src-main'))) throw new Error(`Moecat is not built (${reason}) and its sources are absent.`);
  console.log(`Building Moecat (${reason})…`);
  const bin = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  // The build's own chatter is shown only when it fails: a successful build is the one line above.
  const result = spawnSync(process.execPath, [bin, 'build'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`electron-vite build failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
  }
}

/** The first file under path (a file or a folder) modified after `since`, or null. */
function findNewer(path, since) {
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > since ? path : null;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const found = findNewer(join(path, entry.name), since);
    if (found) return found;
  }
  return null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureBuilt();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
