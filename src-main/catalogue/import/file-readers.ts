// The readers of a folder import's audio files: worker threads, each reading files with readAudioFile()
// (audio-file.ts), so that parsing tags and audio — most of what a first import costs — runs beside the
// main thread, which walks the folder and writes the catalogue (docs/sources.md, "Importing a folder").
//
// Decisions:
// - One worker per core but one (the main thread has the catalogue to write), at most MAX_THREADS,
//   started when the first file is to be read (a re-import with nothing changed starts none).
// - The worker is the built file import-reader.js beside the main bundle (electron.vite.config.ts). Where
//   there is none — the sources run by the tests, or a worker that cannot start — files are read in this
//   thread, by the same function, with the same results: the readers change how fast, never what.
// - A worker that fails while reading (it cannot fail on a bad file: readAudioFile's errors are answers)
//   has its files read again in this thread, and the rest of the import reads here too.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Sidecar } from './lyrics';
import type { FolderCover } from './folder-cover';
import { readAudioFile, type FileRecord } from './audio-file';

/** Worker threads at most, whatever the core count: beyond it the single writer is what limits. */
const MAX_THREADS = 4;
/** Files given to each reader at once, so it has the next while its last answer travels back. */
const QUEUE_PER_READER = 4;

/** One file to read: readAudioFile()'s arguments. */
export interface ReadJob {
  root: string;
  dataDir: string;
  rel: string;
  path: string;
  size: number;
  mtimeMs: number;
  sidecar: Sidecar | null;
  folderCover: FolderCover | null;
}

/** What reading one file gave: its record, or why it is not usable; and the problems it reported. */
export type ReadAnswer = { record: FileRecord; problems: string[] } | { error: string; problems: string[] };

/** The message a worker answers with. */
export interface ReaderMessage {
  id: number;
  answer: ReadAnswer;
}

export interface FileReaders {
  read(job: ReadJob): Promise<ReadAnswer>;
  /** How many files to keep in flight. */
  readonly capacity: number;
  /** Worker threads reading (0: this thread reads). */
  readonly threads: number;
  /** Files answered so far by the workers and by this thread. */
  counts(): { workers: number; here: number };
  close(): Promise<void>;
}

/** Reads one file here: what a worker does with a job. */
export async function readHere(job: ReadJob): Promise<ReadAnswer> {
  const problems: string[] = [];
  const ctx = { root: job.root, dataDir: job.dataDir, report: (problem: string) => problems.push(problem) };
  try {
    const record = await readAudioFile(ctx, job.rel, job.path, job.size, job.mtimeMs, job.sidecar, job.folderCover);
    return { record, problems };
  } catch (err) {
    return { error: (err as Error).message, problems };
  }
}

/** The built worker file, when there is one beside this module's bundle. */
export function builtReaderFile(): string | undefined {
  for (const rel of ['./import-reader.js', '../import-reader.js']) {
    const url = new URL(rel, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return fileURLToPath(url);
  }
  return undefined;
}

export function defaultThreads(): number {
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism() - 1));
}

/**
 * Readers for one import: `threads` workers running `workerFile` (default: the built one), or this thread
 * when there is no worker file or threads is 0.
 */
export function openFileReaders({ workerFile = builtReaderFile(), threads = defaultThreads() }: { workerFile?: string; threads?: number } = {}): FileReaders {
  const counted = { workers: 0, here: 0 };
  const here = (job: ReadJob) => {
    counted.here++;
    return readHere(job);
  };
  const counts = () => ({ ...counted });
  if (!workerFile || threads < 1) return { read: here, capacity: QUEUE_PER_READER, threads: 0, counts, close: async () => {} };

  const waiting = new Map<number, { job: ReadJob; resolve: (a: ReadAnswer) => void; worker: Worker }>();
  let nextId = 0;
  let next = 0;
  let broken = false;
  const workers: Worker[] = [];
  const fail = (worker: Worker) => {
    // Its files, and every later one, are read here.
    broken = true;
    for (const [id, w] of waiting) {
      if (w.worker !== worker) continue;
      waiting.delete(id);
      void here(w.job).then(w.resolve);
    }
  };
  const start = () => {
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(workerFile);
      worker.unref();
      worker.on('message', ({ id, answer }: ReaderMessage) => {
        const w = waiting.get(id);
        if (!w) return;
        waiting.delete(id);
        counted.workers++;
        w.resolve(answer);
      });
      worker.on('error', () => fail(worker));
      worker.on('exit', () => fail(worker));
      workers.push(worker);
    }
  };
  return {
    read(job) {
      if (broken) return here(job);
      if (workers.length === 0) start(); // on the first file: an import with nothing to read starts none
      const worker = workers[next++ % workers.length];
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, { job, resolve, worker });
        worker.postMessage({ id, job });
      });
    },
    capacity: threads * QUEUE_PER_READER,
    threads,
    counts,
    async close() {
      broken = true; // an exit now is no failure: nothing is waiting
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
