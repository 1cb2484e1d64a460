// The readers of a folder import's audio files: worker threads, each reading files with readAudioFile()
// (audio-file.ts), so that parsing tags and audio — most of what a first import costs — runs beside the
// main thread, which walks the folder and writes the catalogue (docs/search-and-performance.md, "Folder import").
//
// Decisions:
// - One worker per core but one (the main thread has the catalogue to write), at most MAX_THREADS, each
//   started when the files in flight call for it: a re-import with nothing changed starts none, a few
//   changed files one. sharp is loaded in the main thread before the first worker starts (on Linux it must
//   be, or a worker's end can take the process down).
// - The worker is the built file import-reader.js beside the main bundle (electron.vite.config.ts). Where
//   there is none (the sources run by the tests), or no worker can start, files are read in this thread
//   by the same function, with the same results: the readers change how fast, never what.
// - Every file is checked again where it is read (readHere): its real path, and its sidecar's and folder
//   cover's, must lie inside the folder (inside-folder.ts) — a file swapped for a link out while it waited
//   in the queue is not read.
// - A worker that ends while reading (a file that crashed the parser or ran it out of memory) is replaced
//   by another; the files it held are never read in this thread (one of them ended it). The one file it
//   held is reported as a problem; of several, each is read again alone, one after another, by a worker
//   of its own, so that only the file that ends its worker again is reported. After MAX_RESTARTS such
//   ends the rest of the import reads in this thread. One that ends before its first answer (it could not
//   start) has its files read here.
// - close() ends the workers and answers the files still waiting with an error (a cancelled import).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Sidecar } from './lyrics';
import type { FolderCover } from './folder-cover';
import { readAudioFile, type FileRecord } from './audio-file';
import { realFileInsideSync } from './inside-folder';
import { builtWorkerFile } from './worker-support';

/** Worker threads at most, whatever the core count: beyond it the single writer is what limits. */
const MAX_THREADS = 4;
/**
 * Files given to each worker at once: enough for the time the main thread spends writing an album or
 * committing a batch (a worker reads one in well under a millisecond), few enough that a worker that
 * ends (a file that crashes it) takes few others with it: the files it held are listed as problems.
 */
const QUEUE_PER_READER = 16;
/** Files read at once in this thread. */
const QUEUE_HERE = 4;
/** Workers that may end while reading before the rest of an import reads in this thread. */
const MAX_RESTARTS = 3;

/** The answer for a file whose reading ended the worker reading it. */
const STOPPED_THREAD: ReadAnswer = { error: 'reading it stopped the thread that read it (damaged, or too large to read)', problems: [] };
/** The answer for a file still waiting when the readers are closed. */
const STOPPED_IMPORT: ReadAnswer = { error: 'the import was stopped', problems: [] };

/** A small young generation: a reader's garbage is short-lived and small, and the default's would only hold memory. */
const READER_YOUNG_MB = 4;
/**
 * A reader keeps about 20 MB alive (its modules); without a bound V8 let its garbage grow its heap past
 * 60 MB over a large import before collecting it, and that counted in the process's peak memory. A file
 * whose reading needs more ends its worker, and is reported as a file that ends one is.
 */
const READER_OLD_MB = 48;

/** What is said of a file that is a link out of the folder (or to nothing). */
export const LINK_OUT = 'a link to a file outside the folder (or to nothing); skipped';

/** One file to read: where it was found (`path`, maybe a link) and readAudioFile()'s other arguments. */
export interface ReadJob {
  /** The folder as named, and its real path (every read must lie inside it). */
  root: string;
  realRoot: string;
  dataDir: string;
  rel: string;
  path: string;
  sidecar: Sidecar | null;
  folderCover: FolderCover | null;
}

/** What the walk keeps of a record beside the record itself. */
export type RecordFacts = Pick<FileRecord, 'album' | 'size' | 'mtimeMs' | 'lrc' | 'folderCover' | 'cover'>;

/**
 * What reading one file gave: its record (as JSON, what is stored, and the facts the walk needs), or why
 * it is not usable; and the problems it reported. A string crosses from a worker far more cheaply than
 * the object would, and the main thread need not turn it into JSON again.
 */
export type ReadAnswer = { facts: RecordFacts; record: string; problems: string[] } | { error: string; problems: string[] };

/** The messages a worker sends: that it is ready, then one answer per file or checkpoint. */
export type ReaderMessage = { ready: true } | { id: number; answer: ReadAnswer } | { id: number; checkpointed: boolean };

/** What a worker is asked: a file to read, or a copy of a catalogue's write-ahead log into its file. */
export type ReaderRequest = { id: number; job: ReadJob } | { id: number; checkpoint: string; nativeBinding?: string };

export interface FileReaders {
  read(job: ReadJob): Promise<ReadAnswer>;
  /** How many files to keep in flight. */
  readonly capacity: number;
  /** Files answered so far by the workers and by this thread. */
  counts(): { workers: number; here: number };
  /** Whether a worker can make write-ahead log copies (checkpoint()); false when files are read in this thread. */
  readonly canCheckpoint: boolean;
  /** Has a worker copy what it can of the WAL of the SQLite file `file` into it; resolves false when none could. */
  checkpoint(file: string, nativeBinding?: string): Promise<boolean>;
  /** Ends the workers; the files still waiting are answered with an error. */
  close(): Promise<void>;
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** Reads one file here: what a worker does with a job. */
export async function readHere(job: ReadJob): Promise<ReadAnswer> {
  const problems: string[] = [];
  const report = (problem: string) => problems.push(problem);
  let file;
  try {
    file = realFileInsideSync(job.realRoot, job.path);
  } catch (err) {
    return { error: `cannot be read (${codeOf(err)})`, problems };
  }
  if (!file) return { error: LINK_OUT, problems };
  const inside = (path: string) => {
    try {
      return realFileInsideSync(job.realRoot, path) !== undefined;
    } catch {
      return false;
    }
  };
  let sidecar = job.sidecar;
  if (sidecar && !sidecar.outside && !inside(sidecar.path)) sidecar = { ...sidecar, outside: true };
  let folderCover = job.folderCover;
  if (folderCover && !inside(folderCover.path)) {
    report(`${job.rel}: the folder's cover picture is no longer a file inside the folder; imported without it.`);
    folderCover = null;
  }
  try {
    const record = await readAudioFile(
      { root: job.root, dataDir: job.dataDir, report },
      job.rel,
      file.path,
      file.info.size,
      file.info.mtimeMs,
      sidecar,
      folderCover,
    );
    const { album, size, mtimeMs, lrc, folderCover: cover, cover: picture } = record;
    return { facts: { album, size, mtimeMs, lrc, folderCover: cover, cover: picture }, record: JSON.stringify(record), problems };
  } catch (err) {
    return { error: (err as Error).message, problems };
  }
}

export function defaultThreads(): number {
  return Math.max(1, Math.min(MAX_THREADS, availableParallelism() - 1));
}

interface Reader {
  worker: Worker;
  /** Whether it said it is ready (its modules loaded): an end after that is a file's doing. */
  ready: boolean;
  waiting: Map<number, Waiting>;
  /** Checkpoints asked of it, by id. */
  checkpoints: Map<number, (done: boolean) => void>;
}

interface Waiting {
  job: ReadJob;
  resolve: (answer: ReadAnswer) => void;
}

/**
 * Readers for one import: up to `threads` workers running `workerFile` (default: the built one), or this
 * thread when there is no worker file or threads is 0.
 */
export function openFileReaders({
  workerFile = builtWorkerFile('import-reader'),
  threads = defaultThreads(),
}: { workerFile?: string; threads?: number } = {}): FileReaders {
  const counted = { workers: 0, here: 0 };
  const here = (job: ReadJob) => {
    counted.here++;
    return readHere(job);
  };
  const counts = () => ({ ...counted });
  if (!workerFile || threads < 1)
    return { read: here, capacity: QUEUE_HERE, counts, canCheckpoint: false, checkpoint: async () => false, close: async () => {} };

  const readers: Reader[] = [];
  let nextId = 0;
  let restarts = 0;
  /** Every later file is read here (no worker could start, or too many ended). */
  let inThisThread = false;
  let closed = false;
  // sharp in the main thread first (see the header); loaded once, with the first worker.
  let sharpLoaded: Promise<unknown> | undefined;

  const newWorker = () => new Worker(workerFile, { resourceLimits: { maxYoungGenerationSizeMb: READER_YOUNG_MB, maxOldGenerationSizeMb: READER_OLD_MB } });

  /** Workers reading one file each (see the header), ended by close(). */
  const alone = new Set<Worker>();
  let aloneQueue: Promise<unknown> = Promise.resolve();
  const readAlone = (job: ReadJob): Promise<ReadAnswer> =>
    new Promise((resolve) => {
      if (closed) return resolve(STOPPED_IMPORT);
      let worker: Worker;
      try {
        worker = newWorker();
      } catch {
        return resolve(STOPPED_THREAD);
      }
      alone.add(worker);
      let answered = false;
      const answer = (a: ReadAnswer) => {
        if (answered) return;
        answered = true;
        alone.delete(worker);
        resolve(a);
        void worker.terminate();
      };
      worker.on('message', (message: ReaderMessage) => {
        if (!('answer' in message)) return;
        counted.workers++;
        answer(message.answer);
      });
      worker.on('error', () => answer(closed ? STOPPED_IMPORT : STOPPED_THREAD));
      worker.on('exit', () => answer(closed ? STOPPED_IMPORT : STOPPED_THREAD));
      worker.postMessage({ id: 0, job } satisfies ReaderRequest);
    });
  /** Reads `job` alone, after the files put before it. */
  const again = (job: ReadJob): Promise<ReadAnswer> => {
    const read = aloneQueue.then(() => readAlone(job));
    aloneQueue = read;
    return read;
  };

  const ended = (reader: Reader) => {
    const index = readers.indexOf(reader);
    if (index < 0) return;
    readers.splice(index, 1);
    for (const done of reader.checkpoints.values()) done(false);
    if (closed) return;
    if (!reader.ready)
      inThisThread = true; // it never started: its files, and the rest, are read here
    else if (++restarts > MAX_RESTARTS) inThisThread = true;
    const held = [...reader.waiting.values()];
    for (const w of held) {
      if (!reader.ready) void here(w.job).then(w.resolve);
      else if (held.length === 1) w.resolve(STOPPED_THREAD);
      else void again(w.job).then(w.resolve);
    }
  };
  const start = (): Reader | undefined => {
    let worker: Worker;
    try {
      worker = newWorker();
    } catch {
      inThisThread = true;
      return undefined;
    }
    const reader: Reader = { worker, ready: false, waiting: new Map(), checkpoints: new Map() };
    worker.on('message', (message: ReaderMessage) => {
      if ('ready' in message) {
        reader.ready = true;
        return;
      }
      if ('checkpointed' in message) {
        reader.checkpoints.get(message.id)?.(message.checkpointed);
        reader.checkpoints.delete(message.id);
        return;
      }
      const w = reader.waiting.get(message.id);
      if (!w) return;
      reader.waiting.delete(message.id);
      counted.workers++;
      w.resolve(message.answer);
    });
    worker.on('error', () => ended(reader));
    worker.on('exit', () => ended(reader));
    readers.push(reader);
    return reader;
  };
  /** The least busy reader, a new one when every one has a full queue and there is room for one more. */
  const readerFor = (): Reader | undefined => {
    let best = readers[0];
    for (const r of readers) if (r.waiting.size < best.waiting.size) best = r;
    if ((!best || best.waiting.size >= QUEUE_PER_READER) && readers.length < threads) return start() ?? best;
    return best;
  };

  return {
    async read(job) {
      if (!inThisThread) await (sharpLoaded ??= import('sharp').catch(() => undefined));
      if (closed) return STOPPED_IMPORT;
      const reader = inThisThread ? undefined : readerFor();
      if (!reader) return here(job);
      const id = nextId++;
      return new Promise((resolve) => {
        reader.waiting.set(id, { job, resolve });
        reader.worker.postMessage({ id, job } satisfies ReaderRequest);
      });
    },
    capacity: threads * QUEUE_PER_READER,
    counts,
    get canCheckpoint() {
      return !inThisThread && !closed;
    },
    async checkpoint(file, nativeBinding) {
      const reader = closed || inThisThread ? undefined : (readers[0] ?? start());
      if (!reader) return false;
      const id = nextId++;
      return new Promise<boolean>((resolve) => {
        reader.checkpoints.set(id, resolve);
        reader.worker.postMessage({ id, checkpoint: file, nativeBinding } satisfies ReaderRequest);
      });
    },
    async close() {
      closed = true;
      const all = readers.splice(0);
      for (const r of all) for (const w of r.waiting.values()) w.resolve(STOPPED_IMPORT);
      for (const r of all) for (const done of r.checkpoints.values()) done(false);
      await Promise.all([...all.map((r) => r.worker.terminate()), ...[...alone].map((w) => w.terminate())]);
    },
  };
}
