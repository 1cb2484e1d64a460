// Long catalogue work started from the UI (a folder import, a sync, removing a source) runs as a job:
// one at a time, since they write the same working catalogue; each reports progress that the UI polls
// (GET /app/jobs/:id) to draw its progress bar, can be cancelled, and ends done, failed or cancelled.
// The job gets its own writer connection (its module, with the title-key libraries, loads with the
// first job, not at every start), closed when it ends — or, for a job that writes in another thread (a
// folder import, catalogue/import/import-thread.ts), the catalogue file's name, and this thread loads no
// writer; whatever it committed is kept (each batch is a transaction), and the answer cache is cleared
// after every job so answers show the new rows.
import { randomBytes } from 'node:crypto';
import type { CatalogueWriter } from '../catalogue/write/catalogue-writer';
import type { CatalogueFile } from '../catalogue/import/import-thread';
import { ApiError } from './api-error';
import type { JobKind, JobProgress, JobState } from '../contract/app';

export type { JobKind, JobProgress, JobState, JobStatus } from '../contract/app';

export interface JobContext {
  writer: CatalogueWriter;
  signal: AbortSignal;
  progress(p: JobProgress): void;
  problem(message: string): void;
}

export type JobRun = (ctx: JobContext) => Promise<unknown>;

/** What a job that opens its writer elsewhere is given instead of one: the file (and the binding to load). */
export type CatalogueJobContext = Omit<JobContext, 'writer'> & { catalogue: CatalogueFile };

const MAX_PROBLEMS = 200;
const KEEP_FINISHED = 20;

export class CatalogueJobs {
  private readonly jobs = new Map<string, { state: JobState; abort: AbortController; writes: boolean }>();
  private running: string | null = null;

  constructor(
    /** The writable working catalogue; undefined when the server serves a fixed catalogue file. */
    private readonly catalogueFile: string | undefined,
    /** Called after every job. */
    private readonly onChanged: () => void,
    private readonly now: () => number = Date.now,
    /** The better-sqlite3 binding the job's writer loads (the desktop app's is built for Electron). */
    private readonly nativeBinding?: string,
  ) {}

  /** A job that writes the catalogue is running. */
  get writingCatalogue(): boolean {
    return this.running !== null && this.jobs.get(this.running)!.writes;
  }

  get writable(): boolean {
    return this.catalogueFile !== undefined;
  }

  /** Starts a job; 409 while another runs, 400 when the catalogue cannot be written. */
  start(kind: JobKind, label: string, run: JobRun): JobState {
    const file = this.fileToWrite();
    return this.launch(kind, label, true, async (ctx) => {
      const { openCatalogueWriter } = await import('../catalogue/write/catalogue-writer');
      const writer = openCatalogueWriter(file, { nativeBinding: this.nativeBinding });
      try {
        return await run({ ...ctx, writer });
      } finally {
        writer.close();
      }
    });
  }

  /** Starts a job that opens its own writer (in another thread); 409 while another runs, 400 when the catalogue cannot be written. */
  startOnCatalogue(kind: JobKind, label: string, run: (ctx: CatalogueJobContext) => Promise<unknown>): JobState {
    const catalogue = { file: this.fileToWrite(), nativeBinding: this.nativeBinding };
    return this.launch(kind, label, true, (ctx) => run({ ...ctx, catalogue }));
  }

  private fileToWrite(): string {
    if (!this.catalogueFile) throw new ApiError('BAD_PARAMETER', 'This server answers from a fixed catalogue file (--catalogue): it cannot import or sync.');
    return this.catalogueFile;
  }

  /** Starts a job that writes no catalogue rows (fetching posters): it runs on a fixed catalogue too; 409 while another runs. */
  startWithoutWriter(kind: JobKind, label: string, run: (ctx: Omit<JobContext, 'writer'>) => Promise<unknown>): JobState {
    return this.launch(kind, label, false, run);
  }

  private launch(kind: JobKind, label: string, writes: boolean, run: (ctx: Omit<JobContext, 'writer'>) => Promise<unknown>): JobState {
    if (this.running) {
      const other = this.jobs.get(this.running)!.state;
      throw new ApiError('CONFLICT', `Another job is running (${other.kind} ${other.label}); wait for it or cancel it.`);
    }
    const abort = new AbortController();
    const state: JobState = {
      id: randomBytes(8).toString('hex'),
      kind,
      label,
      status: 'running',
      progress: { phase: 'start', done: 0, total: 0 },
      startedAt: this.now(),
      finishedAt: null,
      problems: [],
      result: null,
      error: null,
    };
    this.jobs.set(state.id, { state, abort, writes });
    this.running = state.id;
    this.prune();
    const ctx: Omit<JobContext, 'writer'> = {
      signal: abort.signal,
      progress: (p) => {
        state.progress = { ...p };
      },
      problem: (message) => {
        if (state.problems.length < MAX_PROBLEMS) state.problems.push(message);
      },
    };
    void (async () => {
      try {
        state.result = await run(ctx);
        state.status = abort.signal.aborted ? 'cancelled' : 'done';
      } catch (err) {
        state.status = abort.signal.aborted ? 'cancelled' : 'failed';
        state.error = err instanceof Error ? err.message : String(err);
      } finally {
        state.finishedAt = this.now();
        this.running = null;
        this.onChanged();
      }
    })();
    return state;
  }

  get(id: string): JobState | undefined {
    return this.jobs.get(id)?.state;
  }

  /** Newest first. */
  list(): JobState[] {
    return [...this.jobs.values()].map((j) => j.state).reverse();
  }

  /** True when the job was running and is now asked to stop (it stops at its next batch boundary). */
  cancel(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job || job.state.status !== 'running') return false;
    job.abort.abort();
    return true;
  }

  /** Resolves when no job runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private prune(): void {
    const finished = [...this.jobs.values()].filter((j) => j.state.status !== 'running');
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(j.state.id);
  }
}
