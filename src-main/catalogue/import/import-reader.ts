// The worker thread of file-readers.ts: says it is ready once its modules are loaded, then reads the
// audio files it is given, one answer per file.
import { parentPort } from 'node:worker_threads';
import { readHere, type ReadJob, type ReaderMessage } from './file-readers';

const port = parentPort;
if (!port) throw new Error('import-reader runs as a worker thread of a folder import.');
port.on('message', ({ id, job }: { id: number; job: ReadJob }) => {
  void readHere(job).then((answer) => port.postMessage({ id, answer } satisfies ReaderMessage));
});
port.postMessage({ ready: true } satisfies ReaderMessage);
