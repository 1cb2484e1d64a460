// The size-capped cache of synced audio: <cacheDir>/audio/<name>.mp3, each with a sidecar
// <name>.json that remembers where the file came from (the remote's up_uri and up_url), so a song can
// be pointed back at the remote when its file is evicted.
//
// Decisions:
// - A file is named by the upload's md5 when it has one (32 hex), else by the remote's sub-entry id
//   (`sub-<id>`): the same audio is kept once, and a name never depends on local ids.
// - The cap counts the .mp3 files. Eviction takes the oldest files first (by modification time, i.e.
//   when they were downloaded) and never a file this run downloaded or pointed a song at, so one sync
//   cannot evict its own work; a file without its sidecar is never evicted (its songs could not be
//   pointed back). The caller decides who may evict at all (remote-sync.ts: new or changed songs only).
// - Files appear atomically: a download goes to `<name>.mp3.part` and is renamed once complete (and its
//   md5 checked when the remote gave one).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_AUDIO_CACHE_CAP = 2 * 1024 ** 3;
/** up_uri of a cached song (relative to the server's /files): the server maps /files/cache/ to the cache folder. */
export const CACHE_URI_PREFIX = '/cache/';

export interface CacheOrigin {
  /** The remote's up_uri and up_url, restored when the file is evicted. */
  uri: string;
  url: string;
}

interface CachedFile {
  size: number;
  mtimeMs: number;
}

/** The cache folder inside the user's cache directory. */
export const audioCacheDir = (cacheDir: string) => join(cacheDir, 'audio');

export class AudioCache {
  readonly dir: string;
  private readonly files = new Map<string, CachedFile>();
  /** Files this run downloaded or pointed at: never evicted by it. */
  private readonly used = new Set<string>();
  private total = 0;

  constructor(
    cacheDir: string,
    readonly cap: number,
  ) {
    this.dir = audioCacheDir(cacheDir);
    mkdirSync(this.dir, { recursive: true });
    for (const entry of readdirSync(this.dir)) {
      const path = join(this.dir, entry);
      if (entry.endsWith('.part')) {
        rmSync(path, { force: true }); // an interrupted download
        continue;
      }
      if (!entry.endsWith('.mp3')) continue;
      const st = statSync(path);
      this.files.set(entry, { size: st.size, mtimeMs: st.mtimeMs });
      this.total += st.size;
    }
  }

  static nameFor(md5: string, remoteSubId: string): string {
    return /^[0-9a-f]{32}$/i.test(md5) ? `${md5.toLowerCase()}.mp3` : `sub-${remoteSubId.replace(/[^0-9A-Za-z_-]/g, '_')}.mp3`;
  }

  static uriOf(name: string): string {
    return `${CACHE_URI_PREFIX}${name}`;
  }

  /** The cached file's name when a song's up_uri points into the cache. */
  static nameOfUri(uri: string): string | undefined {
    return uri.startsWith(CACHE_URI_PREFIX) ? uri.slice(CACHE_URI_PREFIX.length) : undefined;
  }

  get size(): number {
    return this.total;
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  /** Marks a file as used by this run (it will not be evicted by it). */
  use(name: string): void {
    this.used.add(name);
  }

  partFile(name: string): string {
    return join(this.dir, `${name}.part`);
  }

  /**
   * Makes room for `bytes`: the names to evict (oldest first) so that it fits, [] when it fits already,
   * or undefined when it cannot fit (larger than the cap, or `mayEvict` false and no room). The files
   * stay until remove() — after the rows that point at them have been pointed back.
   */
  planRoom(bytes: number, mayEvict: boolean): string[] | undefined {
    if (bytes > this.cap) return undefined;
    if (this.total + bytes <= this.cap) return [];
    if (!mayEvict) return undefined;
    const candidates = [...this.files.entries()]
      .filter(([name]) => !this.used.has(name) && existsSync(this.sidecarFile(name)))
      .sort((a, b) => a[1].mtimeMs - b[1].mtimeMs || (a[0] < b[0] ? -1 : 1));
    const victims: string[] = [];
    let total = this.total;
    for (const [name, file] of candidates) {
      if (total + bytes <= this.cap) break;
      victims.push(name);
      total -= file.size;
    }
    return total + bytes <= this.cap ? victims : undefined;
  }

  /** The bytes free once `victims` are gone (the most a download may take). */
  roomAfter(victims: string[]): number {
    return this.cap - this.total + victims.reduce((sum, name) => sum + (this.files.get(name)?.size ?? 0), 0);
  }

  /** Forgets planned victims in the running total (their files are deleted later by remove()). */
  release(names: string[]): void {
    for (const name of names) {
      const file = this.files.get(name);
      if (!file) continue;
      this.files.delete(name);
      this.total -= file.size;
    }
  }

  /** Moves a completed download into place, with its origin beside it. */
  commit(name: string, origin: CacheOrigin): void {
    writeFileSync(this.sidecarFile(name), JSON.stringify(origin));
    const path = join(this.dir, name);
    renameSync(this.partFile(name), path);
    const st = statSync(path);
    this.files.set(name, { size: st.size, mtimeMs: st.mtimeMs });
    this.total += st.size;
    this.used.add(name);
  }

  origin(name: string): CacheOrigin | undefined {
    try {
      const o = JSON.parse(readFileSync(this.sidecarFile(name), 'utf8')) as CacheOrigin;
      return typeof o.uri === 'string' && typeof o.url === 'string' ? o : undefined;
    } catch {
      return undefined;
    }
  }

  /** Deletes evicted files and their sidecars (after the catalogue no longer points at them). */
  remove(names: string[]): void {
    for (const name of names) {
      if (this.files.has(name)) continue; // downloaded again since it was planned away
      rmSync(join(this.dir, name), { force: true });
      rmSync(this.sidecarFile(name), { force: true });
    }
  }

  private sidecarFile(name: string): string {
    return join(this.dir, name.replace(/\.mp3$/, '.json'));
  }
}
