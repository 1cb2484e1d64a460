// The worker thread of import-thread.ts: opens its own writer connection to the catalogue file, runs
// one folder import (folder-import.ts) with it, and answers with the result. The import's work, and its
// transactions' commits above all, then hold this thread, not the one that answers requests.
import { parentPort } from 'node:worker_threads';
import { openCatalogueWriter } from '../write/catalogue-writer';
import { importFolder, FolderImportError } from './folder-import';
import type { ImportProgress } from './folder-import';
import type { ImportThreadMessage, ImportThreadRequest } from './import-thread';
import { lowerThisThreadsPriority } from './worker-support';

/** The shortest time between two progress messages (the last one is always sent). */
const PROGRESS_MS = 50;

const port = parentPort;
if (!port) throw new Error('import-worker runs as a worker thread of a folder import.');
lowerThisThreadsPriority();
const abort = new AbortController();
const send = (message: ImportThreadMessage) => port.postMessage(message);

port.on('message', (request: ImportThreadRequest) => {
  if ('cancel' in request) abort.abort();
  else void run(request);
});

async function run({ start }: Extract<ImportThreadRequest, { start: unknown }>): Promise<void> {
  let sent: { at: number; phase?: string } = { at: 0 };
  let pending: ImportProgress | undefined;
  const progress = (p: ImportProgress) => {
    const at = performance.now();
    if (at - sent.at < PROGRESS_MS && p.phase === sent.phase) {
      pending = p;
      return;
    }
    pending = undefined;
    sent = { at, phase: p.phase };
    send({ progress: p });
  };
  let message: ImportThreadMessage;
  try {
    const writer = openCatalogueWriter(start.catalogue.file, { nativeBinding: start.catalogue.nativeBinding });
    try {
      const result = await importFolder({
        ...start.options,
        writer,
        signal: abort.signal,
        progress,
        problem: (problem) => send({ problem }),
        now: () => Date.now() + start.clockOffset,
      });
      message = { result };
    } finally {
      writer.close();
    }
  } catch (err) {
    message = { error: err instanceof Error ? err.message : String(err), folderError: err instanceof FolderImportError };
  }
  if (pending) send({ progress: pending });
  send(message);
}
