// Runs a writer helper (a .ts file here, bundled with esbuild) over a user database, waits until it has
// printed `lines` committed lines, kills it with SIGKILL and answers what it printed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { expect, onTestFinished } from 'vitest';

export async function killMidLoop(helper: string, file: string, dir: string, lines: number): Promise<string> {
  const modules = join(__dirname, '..', '..', '..', '..', '..', 'node_modules');
  const script = join(dir, `${helper}.cjs`);
  buildSync({
    entryPoints: [join(__dirname, `${helper}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: ['better-sqlite3'],
    outfile: script,
    nodePaths: [modules],
    logLevel: 'silent',
  });
  const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_PATH: modules } });
  let out = '';
  // Whatever happens to the test (a timeout included), the writer does not outlive it.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`writer exited by itself (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > lines) {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGKILL');
      }
    });
  });
  expect(child.signalCode).toBe('SIGKILL');
  return out;
}
