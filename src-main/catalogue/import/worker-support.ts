// What the folder import's worker threads (import-worker.ts, import-reader.ts) share, loaded without the
// import itself:
// - Their built files lie beside the main bundle (electron.vite.config.ts); the sources run by the tests
//   have none, and the work is then done in the calling thread.
// - They run at a lower priority than the thread that answers requests, so that on a machine with few
//   cores the server's answers wait less for the CPU behind the import (docs/search-and-performance.md,
//   "Folder import"). On Linux a thread has its own: nice 10 (os.setPriority() without a pid sets the
//   calling thread's), and the idle scheduling policy where util-linux's chrt can set it, under which a
//   thread that wakes to answer takes the CPU at once instead of after the import's time slice. Elsewhere
//   the call would set the whole process's, the server's thread with it: there the threads are left as
//   they are.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The nice value of the import's threads (0 is the default, 19 the lowest priority). */
const IMPORT_NICE = 10;
/** Where util-linux's chrt is (looked for in these places only, not along the PATH). */
const CHRT = ['/usr/bin/chrt', '/bin/chrt'];

/** Lowers the calling worker thread's priority where that is the thread's alone (Linux). */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(IMPORT_NICE);
  } catch {
    // not allowed here (a container's seccomp policy): the thread keeps the process's
  }
  idlePolicy();
}

/** SCHED_IDLE's number, as /proc tells a thread's policy. */
const SCHED_IDLE = 5;

/**
 * Puts the calling thread under SCHED_IDLE with chrt, unless it is already (a thread made by one that is
 * inherits it). The thread's id is read from /proc, and only where /proc is this
 * process's own (in another pid namespace the id would name another task).
 */
function idlePolicy(): void {
  const chrt = CHRT.find((file) => existsSync(file));
  if (!chrt) return;
  try {
    if (readlinkSync('/proc/self') !== String(process.pid)) return;
    if (policyOf(readFileSync('/proc/thread-self/stat', 'latin1')) === SCHED_IDLE) return;
    const tid = readlinkSync('/proc/thread-self').split('/').pop()!;
    spawnSync(chrt, ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5000 });
  } catch {
    // /proc unreadable or chrt refused (a container may forbid the policy): the thread keeps nice 10
  }
}

/** Field 41 of a /proc stat line: the scheduling policy. */
const policyOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);

/** The built worker file `name`.js (import-reader, import-worker), when there is one beside this module's bundle. */
export function builtWorkerFile(name: string): string | undefined {
  for (const rel of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(rel, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return fileURLToPath(url);
  }
  return undefined;
}
