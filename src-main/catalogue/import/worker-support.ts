// What the folder import's worker threads (import-worker.ts, import-reader.ts) share, loaded without the
// import itself:
// - Their built files lie beside the main bundle (electron.vite.config.ts); the sources run by the tests
//   have none, and the work is then done in the calling thread.
// - They run at a lower priority than the thread that answers requests, so that on a machine with few
//   cores the server's answers wait less for the CPU behind the import (docs/search-and-performance.md,
//   "Folder import"). On Linux a nice value belongs to a thread, and os.setPriority() without a pid sets
//   the calling one's; elsewhere it would set the whole process's, the server's thread with it: there the
//   threads are left as they are.
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The nice value of the import's threads (0 is the default, 19 the lowest priority). */
const IMPORT_NICE = 10;

/** Lowers the calling worker thread's priority where that is the thread's alone (Linux); says whether it did. */
export function lowerThisThreadsPriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    setPriority(IMPORT_NICE);
    return true;
  } catch {
    return false; // not allowed here (a container's seccomp policy): the thread keeps the process's
  }
}

/** The built worker file `name`.js (import-reader, import-worker), when there is one beside this module's bundle. */
export function builtWorkerFile(name: string): string | undefined {
  for (const rel of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(rel, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return fileURLToPath(url);
  }
  return undefined;
}
