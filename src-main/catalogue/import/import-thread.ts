// A folder import run by the server's jobs: in a worker thread of its own (import-worker.ts) with its
// own writer connection, so that walking the folder, putting albums together and, above all, committing
// each batch (FTS5 merging its index segments takes tens of milliseconds) never hold the thread that
// answers requests (docs/search-and-performance.md, "Folder import").
//
// Decisions:
// - The worker is the built file import-worker.js beside the main bundle, as the file readers' is
//   (worker-support.ts); where there is none (the sources run by the tests), the import runs in this
//   thread with a writer opened here, with the same results: the thread changes how fast, never what.
//   This module loads neither the import nor the writer until then: in the app, the thread that answers
//   requests holds neither.
// - Progress, problems, the result and a FolderImportError cross as messages; cancelling sends one, and
//   the import stops at its next batch boundary as it does in this thread. The caller's clock crosses as
//   its offset from Date.now().
// - sharp is loaded in this thread before the worker starts (on Linux it must be, or a worker's end can
//   take the process down), as file-readers.ts does for its workers.
// - A worker that ends without an answer fails the job with that said; every batch it committed is kept.
// - The worker lowers its own priority (worker-support.ts), and a thread inherits its maker's: the
//   process's shared pool of threads (file reads, zlib), made on its first use, is made here first, so
//   that the server's own work in it never runs at the import's priority.
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { FolderImportOptions, FolderImportResult, ImportProgress } from './folder-import';
import { FolderImportError } from './folder-check';
import { builtWorkerFile } from './worker-support';

/** The import thread's young generation (MB): V8's default for a worker held tens of MiB more for no faster import. */
const IMPORT_YOUNG_MB = 8;

/** The catalogue file an import writes, and the better-sqlite3 binding its writer loads (the desktop app's is built for Electron). */
export interface CatalogueFile {
  file: string;
  nativeBinding?: string;
}

/** What crosses to the worker of the options (functions and the signal stay here). */
type PlainOptions = Pick<FolderImportOptions, 'folder' | 'dataDir' | 'batchAlbums' | 'only' | 'readers'>;

export type ImportThreadRequest = { start: { catalogue: CatalogueFile; options: PlainOptions; clockOffset: number } } | { cancel: true };

export type ImportThreadMessage = { progress: ImportProgress } | { problem: string } | { result: FolderImportResult } | { error: string; folderError: boolean };

export interface ImportThreadOptions extends Omit<FolderImportOptions, 'writer'> {
  catalogue: CatalogueFile;
  /** The worker's file; default: the built one, if any. null: the import runs in this thread. */
  workerFile?: string | null;
}

/** Imports a folder, in a worker thread when the app is built (see the header); resolves or rejects as importFolder() does. */
export async function importFolderOffThread(opts: ImportThreadOptions): Promise<FolderImportResult> {
  const { catalogue, workerFile = builtWorkerFile('import-worker'), ...rest } = opts;
  if (!workerFile) {
    const [{ importFolder }, { openCatalogueWriter }] = await Promise.all([import('./folder-import'), import('../write/catalogue-writer')]);
    const writer = openCatalogueWriter(catalogue.file, { nativeBinding: catalogue.nativeBinding });
    try {
      return await importFolder({ ...rest, writer });
    } finally {
      writer.close();
    }
  }
  await import('sharp').catch(() => undefined);
  const { folder, dataDir, batchAlbums, only, readers, signal } = rest;
  await stat(folder).catch(() => undefined); // the shared pool's first use, if nothing used it yet (see the header)
  const now = rest.now ?? Date.now;
  // A small young generation, as the file readers have (file-readers.ts): the import's garbage is short-lived.
  const worker = new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: IMPORT_YOUNG_MB } });
  const cancel = () => worker.postMessage({ cancel: true } satisfies ImportThreadRequest);
  try {
    return await new Promise<FolderImportResult>((resolve, reject) => {
      worker.on('message', (message: ImportThreadMessage) => {
        if ('progress' in message) rest.progress?.(message.progress);
        else if ('problem' in message) rest.problem?.(message.problem);
        else if ('result' in message) resolve(message.result);
        else reject(message.folderError ? new FolderImportError(message.error) : new Error(message.error));
      });
      worker.on('error', (err) => reject(new Error(`The import stopped: ${err.message}`)));
      worker.on('exit', (code) => reject(new Error(`The import stopped: its thread ended (code ${code}) before it finished.`)));
      const start = { catalogue, options: { folder, dataDir, batchAlbums, only, readers }, clockOffset: now() - Date.now() };
      worker.postMessage({ start } satisfies ImportThreadRequest);
      if (signal?.aborted) cancel();
      signal?.addEventListener('abort', cancel, { once: true });
    });
  } finally {
    signal?.removeEventListener('abort', cancel);
    await worker.terminate();
  }
}
