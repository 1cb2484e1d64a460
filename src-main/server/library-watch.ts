// Imported folders kept in step while Moecat runs (docs/sources.md, "Kept in step"):
// - At start each folder is checked: an incremental import, which reads only files whose size or time
//   changed, and removes the albums of files that are gone.
// - Then it is watched (@parcel/watcher: the system's own notifications, one per folder, without a
//   stat of every file). A file added, changed, renamed or removed — or a folder — is noted;
//   once the folder has been quiet for QUIET_MS (at most MAX_WAIT_MS after the first change), the
//   noted paths are imported in one batch, reading only those paths and the folders they lie in.
// - A folder that cannot be reached (its path gone, its disk unplugged, its mount point empty or on
//   another device than when it was watched) is unavailable: nothing is imported from it, so its albums
//   and everything the user made of them stay. It is looked for every RETRY_MS; when it is back, it is
//   checked and watched again.
// Imports run as the app's catalogue jobs, one at a time: while another job runs, a batch waits for it.
import { relative, sep } from 'node:path';
import type { AsyncSubscription } from '@parcel/watcher';
import type { FolderWatch, FolderWatchState } from '../contract/app';
import { OTHER_DISK, presenceOf, unavailableReason, type FolderPresence, type Unavailable } from '../catalogue/import/folder-availability';
import type { CatalogueJobContext, CatalogueJobs } from './catalogue-jobs';
import { ApiError } from './api-error';

/** Milliseconds: quiet before a batch, the longest wait after a first change, between looks for a missing folder. */
export interface LibraryWatchTimings {
  quietMs?: number;
  maxWaitMs?: number;
  retryMs?: number;
}

export interface LibraryWatchOptions extends LibraryWatchTimings {
  jobs: CatalogueJobs;
  /** The imported folders now. */
  folders: () => { source_id: number; path: string }[];
  /** Whether the catalogue holds songs from the source (an empty folder that had some is a disk not mounted). */
  hasSongs: (sourceId: number) => boolean;
  /** Imports `folder`; `only` limits it to those '/'-separated paths inside it (all when absent). */
  importFolder: (folder: string, only: string[] | undefined, job: CatalogueJobContext) => Promise<unknown>;
  now?: () => number;
}

const QUIET_MS = 1_500;
const MAX_WAIT_MS = 8_000;
const RETRY_MS = 30_000;
/** How long a batch waits for another job before it tries again. */
const BUSY_MS = 2_000;

interface Watched {
  sourceId: number;
  path: string;
  state: FolderWatchState;
  since: number;
  reason: FolderWatch['watch_reason_code'];
  reasonText: string;
  presence?: FolderPresence;
  watcher?: AsyncSubscription;
  /** Paths inside the folder noted since the last batch ('' = the whole folder). */
  pending: Set<string>;
  firstChange: number;
  timer?: NodeJS.Timeout;
  running: boolean;
}

const toPosix = (rel: string) => rel.split(sep).join('/');

export class LibraryWatch {
  private readonly watched = new Map<number, Watched>();
  private readonly now: () => number;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private readonly retryMs: number;
  private closed = false;
  private retryTimer?: NodeJS.Timeout;

  constructor(private readonly opts: LibraryWatchOptions) {
    this.now = opts.now ?? Date.now;
    this.quietMs = opts.quietMs ?? QUIET_MS;
    this.maxWaitMs = opts.maxWaitMs ?? MAX_WAIT_MS;
    this.retryMs = opts.retryMs ?? RETRY_MS;
  }

  /** Checks and watches every imported folder; a folder imported later joins with follow(). */
  start(): void {
    for (const f of this.opts.folders()) this.follow(f.source_id, f.path);
    this.retryTimer = setInterval(() => void this.lookAgain(), this.retryMs);
    this.retryTimer.unref();
  }

  /**
   * Starts keeping `path` in step: checked first, unless it was `justImported` (then only watched). A
   * folder already followed is left as it is.
   */
  follow(sourceId: number, path: string, justImported = false): void {
    if (this.closed || this.watched.has(sourceId)) return;
    const now = this.now();
    const w: Watched = { sourceId, path, state: 'checking', since: now, reason: '', reasonText: '', pending: new Set(), firstChange: now, running: false };
    this.watched.set(sourceId, w);
    if (!justImported) {
      w.pending.add('');
      void this.runBatch(w);
      return;
    }
    w.running = true; // changes seen while the watch starts wait for it
    void this.watch(w).then(() => {
      w.running = false;
      if (w.state === 'checking') this.setState(w, 'watching');
      if (w.pending.size > 0) this.note(w, [...w.pending][0]);
    });
  }

  /** Stops following a folder (its source was removed). */
  forget(sourceId: number): void {
    const w = this.watched.get(sourceId);
    if (!w) return;
    this.watched.delete(sourceId);
    clearTimeout(w.timer);
    void w.watcher?.unsubscribe();
  }

  /** What Settings shows of each folder. */
  stateOf(sourceId: number): FolderWatch {
    const w = this.watched.get(sourceId);
    if (!w) return { watch_state: 'unwatched', watch_since: 0, watch_reason: '', watch_reason_code: '' };
    return { watch_state: w.state, watch_since: Math.floor(w.since / 1000), watch_reason: w.reasonText, watch_reason_code: w.reason };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.retryTimer);
    for (const w of this.watched.values()) {
      clearTimeout(w.timer);
      await w.watcher?.unsubscribe();
    }
    this.watched.clear();
  }

  private setState(w: Watched, state: FolderWatchState, reason?: { code: FolderWatch['watch_reason_code']; text: string }): void {
    if (w.state !== state || w.reason !== (reason?.code ?? '')) w.since = this.now();
    w.state = state;
    w.reason = reason?.code ?? '';
    w.reasonText = reason?.text ?? '';
  }

  /** Looks at every folder: an unavailable one that is back is checked; a watched one whose disk went is marked. */
  private async lookAgain(): Promise<void> {
    for (const w of this.watched.values()) {
      if (w.running) continue;
      if (w.state === 'unavailable') {
        if ((await unavailableReason(w.path, this.opts.hasSongs(w.sourceId))) === null) {
          w.pending.add('');
          void this.runBatch(w);
        }
      } else if (w.state === 'watching') {
        const now = await presenceOf(w.path);
        if (!now || now.dev !== w.presence?.dev) await this.markUnavailable(w, await unavailableReason(w.path, true));
      }
    }
  }

  private async markUnavailable(w: Watched, reason: Unavailable | null): Promise<void> {
    clearTimeout(w.timer);
    w.timer = undefined;
    const watcher = w.watcher;
    w.watcher = undefined;
    await watcher?.unsubscribe();
    this.setState(w, 'unavailable', reason ?? OTHER_DISK);
  }

  /** Notes a change at `rel` and (re)starts the quiet timer. */
  private note(w: Watched, rel: string): void {
    if (w.pending.size === 0) w.firstChange = this.now();
    w.pending.add(rel);
    if (w.running) return; // picked up when the running batch ends
    clearTimeout(w.timer);
    const wait = Math.max(0, Math.min(this.quietMs, w.firstChange + this.maxWaitMs - this.now()));
    w.timer = setTimeout(() => void this.runBatch(w), wait);
  }

  private async watch(w: Watched): Promise<void> {
    const { subscribe } = await import('@parcel/watcher');
    if (this.closed || !this.watched.has(w.sourceId)) return;
    w.presence = await presenceOf(w.path);
    const root = w.path;
    try {
      const subscription = await subscribe(
        root,
        (err, events) => {
          if (err) return this.watchFailed(w, err);
          for (const event of events) {
            const rel = toPosix(relative(root, event.path));
            // Hidden files and folders are not imported; the folder itself gone is a look at whether it is there.
            if (rel.split('/').some((part) => part.startsWith('.'))) continue;
            if (rel === '' || rel.startsWith('..')) {
              void unavailableReason(root, true).then((reason) => reason && this.markUnavailable(w, reason));
              continue;
            }
            // The path itself: an audio file is read alone; a folder, a cover picture or an .lrc reads its folder's songs.
            this.note(w, rel);
          }
        },
        { ignore: ['**/.*', '**/.*/**'] },
      );
      if (this.closed || !this.watched.has(w.sourceId) || w.state === 'unavailable') await subscription.unsubscribe();
      else w.watcher = subscription;
    } catch (err) {
      this.watchFailed(w, err);
    }
  }

  /** The system would not watch the folder (too many folders for its watch limit, mostly): changes are seen at the next start. */
  private watchFailed(w: Watched, err: unknown): void {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    if (w.state !== 'unavailable') this.setState(w, 'unwatched', { code: 'watch-failed', text: `changes cannot be watched (${why})` });
  }

  /** Imports what is pending, when the folder is there and no other job runs. */
  private async runBatch(w: Watched): Promise<void> {
    if (this.closed || w.running || !this.watched.has(w.sourceId)) return;
    clearTimeout(w.timer);
    w.timer = undefined;
    const reason = await unavailableReason(w.path, this.opts.hasSongs(w.sourceId));
    if (reason !== null) {
      await this.markUnavailable(w, reason);
      return;
    }
    const paths = [...w.pending];
    const only = paths.includes('') ? undefined : paths;
    const wasChecking = w.state !== 'watching';
    if (wasChecking) this.setState(w, 'checking');
    w.pending.clear();
    w.running = true;
    try {
      await new Promise<void>((resolve, reject) => {
        try {
          this.opts.jobs.startOnCatalogue('import', w.path, async (job) => {
            try {
              return await this.opts.importFolder(w.path, only, job);
            } finally {
              resolve();
            }
          });
        } catch (err) {
          reject(err as Error);
        }
      });
    } catch (err) {
      // Another job runs (or the catalogue cannot be written): the batch waits and tries again.
      for (const p of paths) w.pending.add(p);
      w.running = false;
      if (err instanceof ApiError && err.code === 'CONFLICT') w.timer = setTimeout(() => void this.runBatch(w), BUSY_MS);
      return;
    }
    w.running = false;
    if (this.closed || !this.watched.has(w.sourceId)) return;
    if (!w.watcher) await this.watch(w);
    if (w.state !== 'unwatched' && w.state !== 'unavailable') this.setState(w, 'watching');
    if (w.pending.size > 0) this.note(w, [...w.pending][0]);
  }
}
