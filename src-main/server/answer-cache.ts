// Rendered answers of catalogue operations, kept by request. The catalogue changes only when it is
// built, imported into or synced, so an answer stays right until the catalogue changes: clear() (which
// this process's imports and syncs call), or a write by another connection — a `moecat import` or
// `sync` run in another process writes the same working catalogue file. followSource() hands the cache
// the read connection's `PRAGMA data_version`, which changes when another connection commits; reading
// it takes a file lock and costs about 8 µs (a cached answer costs ~25 µs in all), so it is read at most
// every SOURCE_RECHECK_MS: another process's change shows within that time (later while a job of this
// process writes, below).
// Keyed by format, host (URLs in answers carry it) and the request without credentials; an operation
// whose answer depends on the clock adds its time bucket. Answers that depend on the caller (the UI's
// or an OAuth tool's favourites) must not be cached: routes opt in one by one.
// Bounded by entries and by bytes, least recently used first out, so RSS stays flat under any load.
// An answer computed before a clear must not be stored after it (it may hold the old rows): set() takes
// the generation its caller read before querying, and drops the answer when a clear came in between.
// An answer may say which of the catalogue's sections it is made of (`reads`: On air and a season are
// anime alone): when the source changes, the cache reads which sections' stamps moved (the catalogue's
// section_change) and keeps the answers of the others, so a folder import, committing every second,
// does not make On air again each time. The stamps also name what else a job commits: the sources
// ('sources': one added, its state, one removed), which answers that name no sections may show, and
// what no answer shows (NO_ANSWER: an import's records of its files, the planner's statistics), whose
// change alone drops nothing. A change that moved no stamp clears everything, and a file opened again
// (its stamps are another file's: the `connection` stamp moved) or clear() does so at once; an answer
// that names no sections goes with any change.
// While a job of this process writes the catalogue (refreshSlowlyWhile: a folder import commits every
// second, and a search, made of every section, took 10 ms on a 100k-song library), the answers a change
// drops, whoever made it, are dropped at most every SECTION_REFRESH_MS, the job's first change's at
// once: its new albums show within that time, and its end clears everything. An answer that was dear to
// make (a common word's search: 10–25 ms while an import runs) is served a while longer, until it is
// remade at most once per its cost divided by REMAKE_SHARE (STALE_AT_MOST_MS at most), so remaking it
// holds the thread that answers for about that share of the time (docs/search-and-performance.md,
// "Caching and compression").

export interface CachedAnswer {
  status: number;
  contentType: string;
  /**
   * Encoded once: a cached answer is written as it is, with no UTF-8 encoding per request. Absent in a
   * large answer as the cache keeps it, which holds only its gzip form (answer-encoding.ts, keptForm).
   */
  body?: Buffer;
  /** The body gzip-compressed, for clients that accept it (answer-encoding.ts). */
  gzip?: Buffer;
}

/** How an answer was made, for set(). */
export interface Made {
  /** The cache's generation read before the answer was queried: a clear since drops it. */
  generation: number;
  /** The catalogue's sections it is made of, when it is made of some alone. */
  reads?: readonly string[];
  /** How long making it took (ms, the wall clock's: time the thread waited for a CPU counts). */
  costMs?: number;
}

/** A kept answer and what the cache knows of it. */
interface Kept {
  answer: CachedAnswer;
  reads: readonly string[] | undefined;
  /** When it was made (the cache's clock), and how long that took (ms). */
  madeAt: number;
  costMs: number;
  /** A change it is made of was dropped while a job wrote, and the answer was too dear to make again yet. */
  stale: boolean;
}

/** What an answer holds in memory: the encodings of its body it keeps, and its key. */
const sizeOf = (key: string, answer: CachedAnswer) => (answer.body?.length ?? 0) + (answer.gzip?.length ?? 0) + key.length * 2;

/** The longest another process's catalogue change can go unseen by the cache (ms). */
export const SOURCE_RECHECK_MS = 250;
/** A pending change of no section's: every answer goes. */
const EVERY_SECTION = '*';
/**
 * Stamps of what no answer shows, whose change alone drops nothing: a folder import's records of its
 * files (no query of an answer reads them) and the planner's statistics (a change of plans, not rows).
 */
const NO_ANSWER: ReadonlySet<string> = new Set(['files', 'statistics']);
/** While a job of this process writes the catalogue, the most often a change's answers are dropped (ms). */
export const SECTION_REFRESH_MS = 3000;
/**
 * While a job writes, the share of the time the thread that answers may spend making any one answer
 * again: one that took 15 ms is remade at most every 15 s, one that took 1 ms at each drop.
 */
export const REMAKE_SHARE = 0.001;
/** While a job writes, the longest a stale answer is served (ms), however dear it was to make. */
export const STALE_AT_MOST_MS = 30_000;

export class AnswerCache {
  private readonly answers = new Map<string, Kept>();
  private bytes = 0;
  private sourceVersion: (() => number) | undefined;
  private lastVersion = 0;
  private sectionStamps: (() => ReadonlyMap<string, number>) | undefined;
  private lastStamps: ReadonlyMap<string, number> | undefined;
  private checkedAt = 0;
  /** Sections whose change waits for SECTION_REFRESH_MS to pass since droppedAt, the last drop a job's change made. */
  private readonly pending = new Set<string>();
  private droppedAt = -Infinity;
  private busy: () => boolean = () => false;
  /** Bumped by every clear: answers computed under an older generation are not stored. */
  generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 4000,
    private readonly maxBytes = 16 * 1024 * 1024,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** While `busy()` says a job of this process writes the catalogue, a change's answers are dropped at most every SECTION_REFRESH_MS. */
  refreshSlowlyWhile(busy: () => boolean): void {
    this.busy = busy;
  }

  /**
   * Clear the cache whenever `version()` (the catalogue connection's data_version) changes: the answers
   * of the sections whose `stamps()` moved, or all of them.
   */
  followSource(version: () => number, stamps?: () => ReadonlyMap<string, number>): void {
    if (this.sourceVersion === version) return;
    this.sourceVersion = version;
    this.lastVersion = version();
    this.sectionStamps = stamps;
    this.lastStamps = stamps?.();
    this.checkedAt = this.now();
  }

  /** Reads the source's version when SOURCE_RECHECK_MS have passed, and clears on a change (held back while a job writes). */
  private checkSource(): void {
    if (!this.sourceVersion) return;
    const now = this.now();
    if (now - this.checkedAt < SOURCE_RECHECK_MS) return;
    this.checkedAt = now;
    const version = this.sourceVersion();
    if (version !== this.lastVersion) {
      this.lastVersion = version;
      const before = this.lastStamps;
      const after = this.sectionStamps?.();
      this.lastStamps = after;
      const moved = after && before ? [...after].filter(([name, n]) => before.get(name) !== n).map(([name]) => name) : [];
      if (moved.includes('connection')) return this.clear();
      // A change that moved no stamp may be anything: every answer goes, held back like the others.
      if (moved.length === 0) this.pending.add(EVERY_SECTION);
      for (const section of moved) if (!NO_ANSWER.has(section)) this.pending.add(section);
    }
    if (this.pending.size === 0) return;
    const busy = this.busy();
    if (busy && now - this.droppedAt < SECTION_REFRESH_MS) return;
    // A job's first change drops its answers whatever they cost, as a change made with no job running does.
    this.dropPending(busy && this.droppedAt !== -Infinity ? now : undefined);
    // Only a job's drops hold back the next: a job that starts right after another, or after a change
    // made with none running, has its first commit shown at once.
    this.droppedAt = busy ? now : -Infinity;
  }

  /**
   * Drops the answers the pending changes went to (those made of their sections, and those that name
   * none), and forgets those changes; in a job's held-back drop (at `heldAt`), an answer too dear to make
   * again yet is kept, stale, until remaking is due.
   */
  private dropPending(heldAt?: number): void {
    const every = this.pending.has(EVERY_SECTION);
    // Deleting the entry at hand while iterating a Map is safe: the loop goes on with the next.
    for (const [key, kept] of this.answers) {
      if (!every && kept.reads && !kept.reads.some((section) => this.pending.has(section))) continue;
      if (heldAt !== undefined && !this.remakeDue(kept, heldAt)) kept.stale = true;
      else this.delete(key);
    }
    this.pending.clear();
    this.generation++;
  }

  /** Whether a stale answer is to be made again at `now` while a job writes: its share of the time is spent (REMAKE_SHARE). */
  private remakeDue(kept: Kept, now: number): boolean {
    return now - kept.madeAt >= Math.min(kept.costMs / REMAKE_SHARE, STALE_AT_MOST_MS);
  }

  get(key: string): CachedAnswer | undefined {
    this.checkSource();
    const kept = this.answers.get(key);
    // A stale answer is served only while a job writes and remaking it is not due yet.
    if (kept?.stale && (!this.busy() || this.remakeDue(kept, this.now()))) this.delete(key);
    else if (kept) {
      this.hits++;
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept.answer;
    }
    this.misses++;
    return undefined;
  }

  /** Keeps `answer`, made as `made` says, unless the cache was cleared since its generation was read (the answer may be stale). */
  set(key: string, answer: CachedAnswer, made: Made): void {
    if (made.generation !== this.generation) return;
    this.keep(key, { answer, reads: made.reads?.length ? made.reads : undefined, madeAt: this.now(), costMs: made.costMs ?? 0, stale: false });
  }

  /** Keeps `answer` as another form of the one kept under `key` (its plain body added): what it is made of, when and how, stay. */
  setForm(key: string, answer: CachedAnswer): void {
    const old = this.answers.get(key);
    if (old) this.keep(key, { ...old, answer });
  }

  private keep(key: string, kept: Kept): void {
    const size = sizeOf(key, kept.answer);
    if (size > this.maxBytes / 8) return; // one huge answer must not flush everything else
    this.delete(key);
    this.answers.set(key, kept);
    this.bytes += size;
    for (const [oldest] of this.answers) {
      if (this.answers.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops every answer, now: the catalogue's end of a job, or another file. */
  clear(): void {
    this.pending.clear();
    this.answers.clear();
    this.bytes = 0;
    this.generation++;
    this.droppedAt = -Infinity;
  }

  get size(): number {
    return this.answers.size;
  }

  /** The bytes the kept answers hold (sizeOf), what maxBytes bounds. */
  get keptBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.bytes -= sizeOf(key, old.answer);
    this.answers.delete(key);
  }
}
