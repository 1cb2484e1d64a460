// Rendered answers of catalogue operations, kept by request. The catalogue changes only when it is
// built, imported into or synced — never while a server reads it — so an answer stays right until
// clear() (which an import or sync must call). Keyed by format, host (URLs in answers carry it) and the
// request without credentials; an operation whose answer depends on the clock adds its time bucket.
// Answers that depend on the caller (OAuth favourites) must not be cached: routes opt in one by one.
// Bounded by entries and by bytes, least recently used first out, so RSS stays flat under any load.

export interface CachedAnswer {
  status: number;
  contentType: string;
  /** Encoded once: a cached answer is written as it is, with no UTF-8 encoding per request. */
  body: Buffer;
}

export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 4000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    if (!answer) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  set(key: string, answer: CachedAnswer): void {
    const size = answer.body.length + key.length * 2;
    if (size > this.maxBytes / 8) return; // one huge answer must not flush everything else
    this.delete(key);
    this.answers.set(key, answer);
    this.bytes += size;
    for (const [oldest] of this.answers) {
      if (this.answers.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.answers.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.answers.size;
  }

  private delete(key: string): void {
    const old = this.answers.get(key);
    if (!old) return;
    this.bytes -= old.body.length + key.length * 2;
    this.answers.delete(key);
  }
}
