// The worker thread of file-readers.ts: says it is ready once its modules are loaded, then reads the
// audio files it is given, one answer per file, and copies a catalogue's write-ahead log into its file
// when asked (checkpoint.ts), so that the thread that writes the import does not.
import { parentPort } from 'node:worker_threads';
import { readHere, type ReaderMessage, type ReaderRequest } from './file-readers';
import { checkpointFile } from './checkpoint';
import { lowerThisThreadsPriority } from './worker-support';

const port = parentPort;
if (!port) throw new Error('import-reader runs as a worker thread of a folder import.');
lowerThisThreadsPriority();
port.on('message', (request: ReaderRequest) => {
  const { id } = request;
  if ('checkpoint' in request) port.postMessage({ id, checkpointed: checkpointFile(request.checkpoint, request.nativeBinding) } satisfies ReaderMessage);
  else void readHere(request.job).then((answer) => port.postMessage({ id, answer } satisfies ReaderMessage));
});
port.postMessage({ ready: true } satisfies ReaderMessage);
