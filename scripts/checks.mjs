// `npm test`'s checks before the test suite: the typecheck, the layer rules, the code lint, the layout
// check, the build and Electronegativity, run side by side on as many cores as the machine has (they
// are single-threaded; one after another they took over four minutes on two cores). Each check's
// output is printed when it ends, under its name (the last lines of one that passed, all of one that
// failed); after a failure no further check starts, and the script exits non-zero once the running
// ones have ended.
//   node scripts/checks.mjs
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Lanes run in parallel; the scripts of one lane run in order (the Electron check reads the build). Longest first. */
const LANES = [['lint'], ['typecheck'], ['build', 'check:electron'], ['format:check', 'lint:deps']];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (from) => `${Math.round((Date.now() - from) / 1000)} s`;

function run(script) {
  return new Promise((resolve) => {
    const from = Date.now();
    const child = spawn(npm, ['run', '-s', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      // A check that passed says its last words (the build's sizes are long); one that failed says everything.
      const lines = Buffer.concat(output).toString().trimEnd().split('\n');
      const text = (code === 0 ? lines.slice(-2) : lines).join('\n');
      process.stdout.write(`::: ${script} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(from)}\n${text ? `${text}\n` : ''}`);
      resolve(code === 0);
    });
  });
}

let failed = false;
async function lane(scripts) {
  for (const script of scripts) {
    if (failed || !(await run(script))) {
      failed = true;
      return;
    }
  }
}

const queue = [...LANES];
const workers = Array.from({ length: Math.min(queue.length, Math.max(2, availableParallelism())) }, async () => {
  while (queue.length > 0 && !failed) await lane(queue.shift());
});
await Promise.all(workers);
process.stdout.write(`::: checks ${failed ? 'failed' : 'passed'} in ${seconds(started)}\n`);
process.exit(failed ? 1 : 0);
