// Folder import: a folder of audio files (every format audio-file.ts reads) becomes music entries
// (albums) with their songs and uploads in the working catalogue. The files stay where they are; the
// server serves them under /files/folder/<source id>/<path inside the folder>.
//
// Decisions:
// - Albums are grouped by the album tag and the album-artist tag (normalised: NFKC, case, spaces), or by
//   the file's folder when it has no album tag. That key is the entry's source key, so an album keeps
//   its id across re-imports and retagged songs; a song's source key is its path inside the folder, so
//   a retagged song keeps its id and a renamed or moved file is a removal plus an addition.
// - Everything stored comes from the file (audio-file.ts): size and md5 from its bytes (read once with the tags), its
//   real format, bitrate, length, sample rate and bit depth as music-metadata reads them (whole file,
//   so CBR MP3s without a Xing header measure right), and its tags. A file with an audio extension in
//   which no audio Moecat takes is found is a problem, listed, not fatal; so is an unreadable
//   sub-folder or an unreadable cover picture (the album then gets the generated cover).
// - Lyrics: a sidecar .lrc beside the audio file (same name) wins over the file's own lyrics tags
//   (lyrics.ts); a folder's cover.jpg / folder.jpg / front.png is the cover of its songs that embed
//   none (folder-cover.ts); a changed sidecar or folder cover reads the songs again.
// - Re-import is incremental: the catalogue's folder_file table keeps, per file, its size and mtime and
//   what was read from it. A file whose size and mtime are unchanged is not read again. An album is
//   written again when one of its files is new, changed or gone, or when the catalogue lacks it; albums
//   no file belongs to any more are removed. Unchanged albums are not touched (their `modified` stays).
// - `only` (a folder watcher's changed paths) limits the run to those sub-folders and files: only they
//   are scanned and read, the records of files elsewhere are kept as they are, and the albums the
//   changed files belong to (before or after) are written again as in a whole run.
// - Albums are written while the files are read: an album as soon as the folders its files were read
//   from are done (most albums are one folder). One that a later file joins or leaves (another disc's
//   folder, a file gone or retagged) is written again after the walk, with the removals.
// - The query planner's statistics are kept up with the tables' sizes after each batch and at the end
//   (CatalogueWriter.keepStatistics): taken when the catalogue held a few dozen songs, they would have
//   every query by a list of ids scan the whole table once it holds a library.
// - Each batch of albums is one transaction, and the signal is checked between batches (and between
//   files while reading), so a cancelled or failed import leaves whole albums. The file records are
//   saved after the last batch: an interrupted run leaves the old ones (for the files not yet saved),
//   and the next run redoes what differs — it converges instead of trusting half-done bookkeeping.
// - Bounded memory whatever the folder's size: the folder is walked one sub-folder at a time, what each
//   file gives is put in a temporary table of the writer's connection as it is read, and albums are put
//   together from the tables one batch at a time; a few files are read at once, each in one read when it
//   is small (audio-file.ts), by worker threads (file-readers.ts) while this thread walks and writes.
// - Reading yields to the event loop at least every YIELD_MS, so that a cancel message reaches the import's
//   thread (import-thread.ts) promptly, and a server running the import in its own thread (where there is
//   no built worker) keeps answering.
// - Every file read (an audio file, with its embedded picture, and its sidecar .lrc) is read by its real path,
//   which must lie inside the folder's (inside-folder.ts): links are followed only to files inside it,
//   checked when found and again where it is read (file-readers.ts), so a file swapped for a link out
//   meanwhile is not read.
//   Linked folders are not entered (no loops). Hidden files and folders (".name") are skipped.
// Over 300 lines: scanning, grouping and writing are one pipeline with one shared state shape.
import { existsSync, lstatSync, type Dirent } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { CatalogueWriter, IncomingEntry, IncomingSub } from '../write/catalogue-writer';
import { COVERS_DIR, removeCovers } from '../write/cover-files';
import type { MetaItem } from '../write/source-entry';
import type { ImportJobResult } from '../../contract/app';
import { localMidnight, midnightOf } from '../../contract/time';
import { isAudioFileName } from '../../contract/audio-formats';
import type { FileRecord } from './audio-file';
import { LINK_OUT as READER_LINK_OUT, openFileReaders, type FileReaders } from './file-readers';
import { realFileInsideSync } from './inside-folder';
import { folderCoverIn, type FolderCover } from './folder-cover';
import { sidecarOf, type Lyrics, type Sidecar } from './lyrics';
import { checkFolder, FolderImportError } from './folder-check';

export { checkFolder, FolderImportError } from './folder-check';

/** Bump when FileRecord changes: every file is then read again. */
const STATE_VERSION = 6;
/**
 * Albums per transaction at most; a transaction is also committed once it has been open GROUP_MS. It
 * stays open across the event loop's turns, one album a turn, so the server answers between albums. A
 * commit flushes and merges the full-text index and makes the server's cached answers old: one a second
 * costs the import 13 % less CPU than four did (docs/search-and-performance.md, "Folder import").
 */
const BATCH_ALBUMS = 100;
const GROUP_MS = 1000;
/** Songs written in one step (one album at least): what a step costs, the server's next answer may wait. */
const STEP_SONGS = 10;
/** An import with at most this many files in its scope reads them in this thread (file-readers.ts). */
const IN_THREAD_FILES = 20;
/** Search index rows written in one turn before a group commits (about a step's worth of time). */
const SEARCH_ROWS_PER_TURN = 100;
/** The longest the import keeps the event loop before it lets a request in. */
const YIELD_MS = 4;
/** WAL pages (4 KiB) before SQLite copies the WAL into the file, while an import runs (SQLite's default is 1000). */
const IMPORT_CHECKPOINT_PAGES = 4_096;
/** The writer's page cache (KiB) during a first import (SQLite's and better-sqlite3's default is 16 MiB). */
const FIRST_IMPORT_CACHE_KIB = 8_000;
/** File records saved per transaction at the end of a run. */
const SAVE_SLICE = 500;
/** folder_scan rows inserted in one transaction while the files are read. */
const SCAN_ROWS = 500;
/** folder_scan rows deleted per turn at the end of a run. */
const CLEAR_SLICE = 500;

export interface ImportProgress {
  /** 'scan' (finding files), 'read' (reading tags and audio), 'write' (writing albums). */
  phase: 'scan' | 'read' | 'write';
  done: number;
  /** 0 while unknown (scanning). */
  total: number;
  current?: string;
}

export interface FolderImportOptions {
  writer: CatalogueWriter;
  /** Absolute path of the folder. */
  folder: string;
  /** The data directory (embedded covers go to its covers/ folder). */
  dataDir: string;
  signal?: AbortSignal;
  progress?: (p: ImportProgress) => void;
  /** Called for every problem that does not stop the import (an unreadable file …). */
  problem?: (message: string) => void;
  /** Unix milliseconds. */
  now?: () => number;
  /** Albums per transaction (tests make it 1). */
  batchAlbums?: number;
  /**
   * Only these sub-folders and files changed ('/'-separated paths inside the folder, as a folder watcher
   * reports them): only they are scanned and read, the rest is kept as recorded. Absent: the whole folder.
   */
  only?: string[];
  /** The readers of the files (file-readers.ts): worker threads by default; tests choose. */
  readers?: { workerFile?: string; threads?: number };
}

/** The import's result; the job and the command count `problems` (ImportJobResult). */
export interface FolderImportResult extends Omit<ImportJobResult, 'problems'> {
  /** Files and folders that could not be read (also reported one by one through `problem`). */
  problems: string[];
}

/** The source's state: the version of the records in folder_file (other versions are dropped and every file read again). */
interface FolderState {
  version: number;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new FolderImportError('The import was cancelled; the albums written so far are kept.');
}

const toPosix = (rel: string) => rel.split(sep).join('/');
const LINK_OUT = `${READER_LINK_OUT}.`;

/** Dates worked out so far (a library names the same few hundred years and days again and again). */
const tagDates = new Map<string, number | undefined>();

/** A date or year tag as Unix seconds of local midnight; undefined when it is not one. */
function tagDate(text: string, timeZone: string): number | undefined {
  const key = `${timeZone} ${text}`;
  if (tagDates.has(key)) return tagDates.get(key);
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(text);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)] : [0, 0, 0];
  const date = year < 1000 || month < 1 || month > 12 || day < 1 || day > 31 ? undefined : localMidnight(year, month, day, timeZone);
  if (tagDates.size >= 10_000) tagDates.clear();
  tagDates.set(key, date);
  return date;
}

/** Songs in album order: disc, track number, then path; tracks without a number follow. */
function ordered(files: [string, FileRecord][]): [string, FileRecord][] {
  const big = Number.MAX_SAFE_INTEGER;
  return files.slice().sort(([pa, a], [pb, b]) => (a.disc ?? 1) - (b.disc ?? 1) || (a.track ?? big) - (b.track ?? big) || (pa < pb ? -1 : pa > pb ? 1 : 0));
}

function joinDistinct(values: string[], max = 3): string {
  const distinct = [...new Set(values.filter(Boolean))];
  return distinct.length > max ? `${distinct.slice(0, max).join(', ')} …` : distinct.join(', ');
}

const lyricsField = (lyrics: Lyrics | null | undefined) => (lyrics ? { lyrics } : {});

/** The album entry of a group of files (whole: the writer replaces the entry with it). */
function albumEntry(
  key: string,
  files: [string, FileRecord][],
  ctx: { sourceId: number; root: string; timeZone: string; nowSeconds: number; keptLyrics: (rel: string) => Lyrics | undefined },
): IncomingEntry {
  const songs = ordered(files);
  const first = songs[0][1];
  const discs = new Set(songs.map(([, r]) => r.disc ?? 1));
  let nextNumber = Math.max(0, ...songs.map(([, r]) => r.track ?? 0));
  const used = new Set<string>();
  const subs: IncomingSub[] = songs.map(([rel, r]) => {
    let order = r.track !== null ? String(r.track) : String(++nextNumber);
    if (discs.size > 1) order = `${r.disc ?? 1}-${order.padStart(2, '0')}`;
    while (used.has(order)) order = `${order}'`; // two files claim one track number: keep both
    used.add(order);
    const mtime = Math.floor(r.mtimeMs / 1000);
    return {
      sourceKey: rel,
      type: 'song',
      order,
      title: r.title,
      ...(r.titleDerived ? { derived: r.titleDerived } : {}),
      date: mtime,
      modified: mtime,
      meta: [
        { key: 'artist', value: r.artist },
        { key: 'title_sort', value: r.titleSort },
        { key: 'artist_sort', value: r.artistSort },
      ].filter((m) => m.value !== ''),
      ...lyricsField(r.lyrics === undefined ? ctx.keptLyrics(rel) : r.lyrics),
      upload: {
        uri: `/folder/${ctx.sourceId}/${rel}`,
        md5: r.md5,
        filesize: r.size,
        bitrate: r.bitrate,
        length: r.length,
        date: mtime,
        audio: {
          type: r.type,
          codec: r.codec,
          lossless: r.lossless,
          sampleRate: r.sampleRate,
          bitDepth: r.bitDepth,
          ...(r.replayGain ? { replayGain: r.replayGain } : {}),
        },
      },
    };
  });
  let dated: number | undefined;
  for (const [, r] of songs) if (r.date !== '' && (dated = tagDate(r.date, ctx.timeZone)) !== undefined) break;
  const date = dated ?? midnightOf(Math.min(...songs.map(([, r]) => r.mtimeMs)), ctx.timeZone);
  const year = songs.map(([, r]) => /^\d{4}/.exec(r.date)?.[0]).find(Boolean);
  const genres = [...new Set(songs.flatMap(([, r]) => r.genres))];
  const folders = [...new Set(songs.map(([rel]) => (rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '')))];
  const artist = joinDistinct(songs.map(([, r]) => r.artist)) || first.albumArtist;
  const meta: MetaItem[] = [
    { key: 'artist', value: artist },
    { key: 'album_artist', value: first.albumArtist === artist ? '' : first.albumArtist },
    { key: 'album_sort', value: first.albumSort },
    { key: 'album_artist_sort', value: first.albumArtistSort },
    { key: 'year', value: year ?? '' },
    { key: 'genre', value: genres.join(', ') },
    {
      key: 'folder',
      value: joinDistinct(
        folders.map((f) => (f ? join(ctx.root, ...f.split('/')) : ctx.root)),
        2,
      ),
    },
  ].filter((m) => m.value !== '');
  const cover = songs.map(([, r]) => r.cover).find((c) => c !== null) ?? undefined;
  return {
    sourceKey: key,
    type: 'music',
    title: first.albumTitle,
    aliases: [],
    date,
    modified: ctx.nowSeconds,
    meta,
    tags: genres,
    ...(cover ? { coverFile: cover } : {}),
    subs,
  };
}

/** The part of the folder a run looks at: all of it, or the sub-folders and files of `only`. */
interface Scope {
  /** '' for the whole folder, else a '/'-separated path inside it. */
  path: string;
  /** Whether `path` names one file (only that file is looked at). */
  file: boolean;
}

/** `only` as scopes: checked, '/'-separated, without the ones another one covers. */
function scopesOf(only: string[] | undefined): Scope[] {
  if (only === undefined) return [{ path: '', file: false }];
  const paths = only.map((raw) => {
    const path = raw.replace(/\\/g, '/').replace(/^\.?\/+|\/+$/g, '');
    const parts = path === '' || path === '.' ? [] : path.split('/');
    if (isAbsolute(raw) || parts.some((p) => p === '..' || p === '.' || p === '')) {
      throw new FolderImportError(`"${raw}" is not a path inside the folder.`);
    }
    return parts.join('/');
  });
  const sorted = [...new Set(paths)].sort();
  const kept = sorted.filter((p, i) => !sorted.slice(0, i).some((q) => q === '' || p.startsWith(`${q}/`)));
  // An audio file's path is that file; any other path is a folder's, or a file's that stands for its folder (walk()).
  return kept.map((path) => ({ path, file: isAudioFileName(path) }));
}

/** The SQL condition (with its parameters) of the folder_file paths a scope covers. */
function scopeCondition(scope: Scope): [string, string[]] {
  if (scope.path === '') return ['1', []];
  // '/' < '0': the paths under "a/b" are those between "a/b/" and "a/b0".
  if (scope.file) return ['path = ?', [scope.path]];
  return ['(path = ? OR (path > ? AND path < ?))', [scope.path, `${scope.path}/`, `${scope.path}0`]];
}

/** A folder_scan row (after its source id). */
type ScanRow = [
  path: string,
  state: number,
  album: string | null,
  size: number | null,
  mtime: number | null,
  lrc: string | null,
  folderCover: string | null,
  cover: string | null,
  record: string | null,
];

/** The import's SQL on the writer's connection: the folder_file table and the run's temporary folder_scan. */
function fileTables(writer: CatalogueWriter, sourceId: number) {
  const db = writer.db;
  // What this run found: state 0 = unchanged (its folder_file row stands), 1 = read (record here), 2 = gone.
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS folder_scan (
    source_id INTEGER NOT NULL, path TEXT NOT NULL, state INTEGER NOT NULL, album TEXT, size INTEGER, mtime INTEGER,
    lrc TEXT, folder_cover TEXT, cover TEXT, record TEXT, PRIMARY KEY (source_id, path)) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS temp.folder_scan_album ON folder_scan (source_id, album, state)`);
  db.pragma('temp.cache_size = -4000');
  const clearScan = db.prepare('DELETE FROM temp.folder_scan WHERE source_id = ?');
  const clearSlice = db.prepare(
    `DELETE FROM temp.folder_scan WHERE source_id = @source AND path IN (SELECT path FROM temp.folder_scan WHERE source_id = @source LIMIT ${CLEAR_SLICE})`,
  );
  clearScan.run(sourceId);
  const stmts = {
    /** The records of the files right inside a folder ('' the top, else its path and '/'): one query a folder, not one a file. */
    before: db.prepare(`SELECT path, album, size, mtime, lrc, folder_cover AS folderCover, cover FROM folder_file
      WHERE source_id = @source AND path >= @prefix AND path < @prefix || x'f4908080' AND instr(substr(path, length(@prefix) + 1), '/') = 0`),
    scanned: db.prepare(`INSERT OR REPLACE INTO temp.folder_scan (source_id, path, state, album, size, mtime, lrc, folder_cover, cover, record)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    /** A changed file's old album (to be written again) and old cover (maybe no longer used). */
    changedBefore: db.prepare(`SELECT f.album, f.cover, s.state FROM temp.folder_scan s JOIN folder_file f ON f.source_id = s.source_id AND f.path = s.path
      WHERE s.source_id = ? AND s.state IN (1, 2)`),
    /** Every album key of the folder after this run. */
    albums: db
      .prepare(
        `SELECT album FROM folder_file f WHERE source_id = @source
        AND NOT EXISTS (SELECT 1 FROM temp.folder_scan s WHERE s.source_id = @source AND s.path = f.path AND s.state <> 0)
      UNION SELECT album FROM temp.folder_scan WHERE source_id = @source AND state = 1`,
      )
      .pluck(),
    fileCount: db
      .prepare(
        `SELECT (SELECT count(*) FROM folder_file f WHERE source_id = @source
        AND NOT EXISTS (SELECT 1 FROM temp.folder_scan s WHERE s.source_id = @source AND s.path = f.path AND s.state = 2))
      + (SELECT count(*) FROM temp.folder_scan s WHERE source_id = @source AND state = 1
        AND NOT EXISTS (SELECT 1 FROM folder_file f WHERE f.source_id = @source AND f.path = s.path))`,
      )
      .pluck(),
    /** An album's files after this run, with their records. */
    albumFiles: db.prepare(`SELECT f.path, f.record FROM folder_file f INDEXED BY folder_file_album WHERE f.source_id = @source AND f.album = @album
        AND NOT EXISTS (SELECT 1 FROM temp.folder_scan s WHERE s.source_id = @source AND s.path = f.path AND s.state <> 0)
      UNION ALL SELECT path, record FROM temp.folder_scan INDEXED BY folder_scan_album WHERE source_id = @source AND album = @album AND state = 1`),
    /** A removed album's title, for the progress. */
    oldTitle: db
      .prepare("SELECT json_extract(record, '$.albumTitle') FROM folder_file INDEXED BY folder_file_album WHERE source_id = ? AND album = ? LIMIT 1")
      .pluck(),
    save: db.prepare(`INSERT OR REPLACE INTO folder_file (source_id, path, album, size, mtime, lrc, folder_cover, cover, record)
      SELECT source_id, path, album, size, mtime, lrc, folder_cover, cover, json_remove(record, '$.lyrics', '$.titleDerived') FROM temp.folder_scan
      WHERE source_id = ? AND state = 1 AND path > ? ORDER BY path LIMIT ?`),
    savedUpTo: db
      .prepare('SELECT max(path) FROM (SELECT path FROM temp.folder_scan WHERE source_id = ? AND state = 1 AND path > ? ORDER BY path LIMIT ?)')
      .pluck(),
    /** Saved records, no longer needed here. */
    dropSaved: db.prepare('DELETE FROM temp.folder_scan WHERE source_id = ? AND state = 1 AND path > ? AND path <= ?'),
    forget: db.prepare('DELETE FROM folder_file WHERE source_id = ? AND path IN (SELECT path FROM temp.folder_scan WHERE source_id = ? AND state = 2)'),
    forgetAll: db.prepare('DELETE FROM folder_file WHERE source_id = ?'),
    covers: db.prepare('SELECT DISTINCT cover FROM folder_file WHERE source_id = ? AND cover IS NOT NULL').pluck(),
  };
  /** The files of a scope that this run did not find, marked gone; answers how many. */
  const markGone = (scope: Scope): number => {
    const [where, params] = scopeCondition(scope);
    return db
      .prepare(
        `INSERT INTO temp.folder_scan (source_id, path, state) SELECT source_id, path, 2 FROM folder_file f WHERE source_id = ? AND ${where}
        AND NOT EXISTS (SELECT 1 FROM temp.folder_scan s WHERE s.source_id = f.source_id AND s.path = f.path)`,
      )
      .run(sourceId, ...params).changes;
  };
  /** How many files of a scope are recorded. */
  const recorded = (scope: Scope): number => {
    const [where, params] = scopeCondition(scope);
    return db
      .prepare(`SELECT count(*) FROM folder_file WHERE source_id = ? AND ${where}`)
      .pluck()
      .get(sourceId, ...params) as number;
  };
  let buffered: ScanRow[] = [];
  const insertScanned = db.transaction((rows: ScanRow[]) => {
    for (const r of rows) stmts.scanned.run(sourceId, ...r);
  });
  /** Puts the rows recorded so far in folder_scan (they are put there SCAN_ROWS at a time). */
  const flushScan = () => {
    if (buffered.length === 0) return;
    const rows = buffered;
    buffered = [];
    insertScanned(rows);
  };
  return {
    db,
    stmts,
    markGone,
    recorded,
    /** Records what the run found of a file (in folder_scan, once flushScan() runs or enough are recorded). */
    scan: (row: ScanRow) => {
      buffered.push(row);
      if (buffered.length >= SCAN_ROWS) flushScan();
    },
    flushScan,
    /** Empties this run's folder_scan rows at once (a failed run's). */
    clear: () => clearScan.run(sourceId),
    /** Empties them a slice a turn: a run's can be hundreds of megabytes, which one statement would take most of a second to delete. */
    clearBySlices: async () => {
      while (clearSlice.run({ source: sourceId }).changes > 0) await yieldToLoop();
    },
  };
}

/** Imports (or re-imports) a folder into the working catalogue; see the header for the rules. */
export async function importFolder(opts: FolderImportOptions): Promise<FolderImportResult> {
  const { writer, dataDir, signal } = opts;
  const now = opts.now ?? Date.now;
  const problems: string[] = [];
  const report = (message: string) => {
    problems.push(message);
    opts.problem?.(message);
  };
  const progress = opts.progress ?? (() => {});

  const root = await checkFolder(opts.folder);
  const scopes = scopesOf(opts.only);
  const realRoot = await realpath(root);
  const source = writer.ensureSource('folder', root, basename(root) || root, Math.floor(now() / 1000));
  const tables = fileTables(writer, source.sourceId);
  const { stmts } = tables;
  // The WAL is copied into the file (and both synced) less often while the import writes: each copy
  // holds the event loop, and fewer, larger ones leave the server waiting less often.
  const checkpointPages = writer.db.pragma('wal_autocheckpoint', { simple: true }) as number;
  const cachePages = writer.db.pragma('cache_size', { simple: true }) as number;
  writer.db.pragma(`wal_autocheckpoint = ${IMPORT_CHECKPOINT_PAGES}`);
  try {
    if ((source.state as { version?: unknown }).version !== STATE_VERSION) stmts.forgetAll.run(source.sourceId);

    // 1. Count the files (for the progress), then 2. walk the folder, reading what is new or changed.
    progress({ phase: 'scan', done: 0, total: 0 });
    // The total is the recorded files' count when there are records (a re-import: one walk, not two).
    let total = 0;
    for (const scope of scopes) total += tables.recorded(scope);
    const recordedBefore = total;
    if (total === 0) {
      for (const scope of scopes)
        total += await countFiles(root, scope, (n, dir) => progress({ phase: 'scan', done: total + n, total: 0, current: dir }), signal);
    }
    const songs = { added: 0, changed: 0, removed: 0, total: 0 };
    const known = writer.knownEntries(source.sourceId);
    const batchAlbums = opts.batchAlbums ?? BATCH_ALBUMS;
    // A few files (a folder watch's batch) are read here: a worker's start would cost more than they do.
    const readers = openFileReaders(opts.readers ?? (total <= IN_THREAD_FILES ? { threads: 0 } : undefined));
    // A first import reads every file, by workers holding files in flight: the writer's page cache is
    // smaller meanwhile, so that the process's peak memory stays in bounds (a re-import keeps it whole:
    // it compares the records it reads with the files).
    if (recordedBefore === 0 && total > IN_THREAD_FILES) writer.db.pragma(`cache_size = -${FIRST_IMPORT_CACHE_KIB}`);
    // While the readers are workers, one of them copies the WAL into the file after each batch
    // (checkpoint.ts) and the writer makes no copies; else, or once they are gone, the writer does.
    let checkpointing: Promise<unknown> | undefined;
    const checkpointHere = () => writer.db.pragma(`wal_autocheckpoint = ${IMPORT_CHECKPOINT_PAGES}`);
    if (readers.canCheckpoint) writer.db.pragma('wal_autocheckpoint = 0');
    const committed = () => {
      // A first import grows the tables a hundredfold: the planner's statistics follow as it goes.
      writer.keepStatistics();
      if (!readers.canCheckpoint) checkpointHere();
      else checkpointing ??= readers.checkpoint(writer.db.name, writer.nativeBinding).finally(() => (checkpointing = undefined));
    };
    const writeRun = { writer, sourceId: source.sourceId, root, tables, batchAlbums, now, signal, committed };
    // Albums are written while the files are read (this thread is mostly waiting for the readers): an
    // album once the folders its files were read from are done. One a later file joins or leaves is
    // written again after the walk, with every album the walk leaves to decide.
    const early = new Set<string>();
    const touched = new Set<string>();
    const ready: string[] = [];
    let writing: Promise<void> | undefined;
    let writeFailed: { err: unknown } | undefined;
    const writeReady = async () => {
      while (ready.length >= batchAlbums && !writeFailed) {
        const keys = [...new Set(ready.splice(0, batchAlbums))];
        // What was read of them so far is in the table; a file of one read from now on makes it written again.
        tables.flushScan();
        touched.clear();
        await writeAlbums({ ...writeRun, toWrite: keys, toRemove: [], progress: () => {} });
        for (const key of keys) if (!touched.has(key)) early.add(key);
      }
    };
    // What the walk finds, kept for a whole-folder run (where it answers what queries over the folder would).
    const whole = scopes.length === 1 && scopes[0].path === '';
    const found = { files: 0, recorded: 0, albums: new Set<string>(), read: new Set<string>() };
    const onFound = (album: string, recorded: boolean) => {
      found.files++;
      if (recorded) found.recorded++;
      if (whole) found.albums.add(album);
    };
    const onRead = (album: string, before: string | undefined) => {
      found.read.add(album);
      onFound(album, before !== undefined);
      for (const key of before === undefined || before === album ? [album] : [album, before]) {
        early.delete(key);
        touched.add(key);
      }
    };
    const onFolderRead = (albums: Set<string>) => {
      ready.push(...albums);
      if (writing || ready.length < batchAlbums || writeFailed) return;
      writing = writeReady()
        .catch((err: unknown) => void (writeFailed = { err }))
        .finally(() => (writing = undefined));
    };
    const stop = () => void readers.close();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      await readFiles({
        root,
        realRoot,
        dataDir,
        scopes,
        tables,
        sourceId: source.sourceId,
        report,
        signal,
        songs,
        total,
        progress,
        readers,
        onRead,
        onUnchanged: (album: string) => onFound(album, true),
        onFolderRead,
        failed: () => writeFailed?.err,
      });
    } finally {
      signal?.removeEventListener('abort', stop);
      await writing;
      await readers.close();
      checkpointHere();
    }
    if (writeFailed) throw writeFailed.err;
    // Each of the next steps is a query over the whole folder: the server may answer between them.
    // A whole-folder run that found every recorded file has none gone, and knows its files and albums.
    if (!whole || found.recorded < recordedBefore) for (const scope of scopes) songs.removed += tables.markGone(scope);
    await yieldToLoop();
    songs.total = whole ? found.files : (stmts.fileCount.get({ source: source.sourceId }) as number);
    await yieldToLoop();

    // 3. Decide which albums to write and which to remove.
    const dirty = found.read;
    const oldCovers = new Set<string>();
    if (songs.changed > 0 || songs.removed > 0) {
      for (const row of stmts.changedBefore.iterate(source.sourceId) as Iterable<{ album: string; cover: string | null; state: number }>) {
        dirty.add(row.album);
        if (row.state === 2) early.delete(row.album);
        if (row.cover !== null) oldCovers.add(row.cover);
      }
      await yieldToLoop();
    }
    const albums = whole ? found.albums : new Set(stmts.albums.all({ source: source.sourceId }) as string[]);
    await yieldToLoop();
    const written = [...albums].filter((key) => !known.has(key) || dirty.has(key));
    const toWrite = written.filter((key) => !early.has(key));
    const toRemove = [...known.keys()].filter((key) => !albums.has(key));
    const counts = {
      added: written.filter((key) => !known.has(key)).length,
      changed: written.filter((key) => known.has(key)).length,
      removed: toRemove.length,
      total: albums.size,
    };

    // 4. Write in batches, each one transaction.
    await writeAlbums({
      writer,
      sourceId: source.sourceId,
      root,
      tables,
      toWrite,
      toRemove,
      batchAlbums: opts.batchAlbums ?? BATCH_ALBUMS,
      now,
      signal,
      progress,
    });

    // 5. Save the file records, in slices (each file's albums are written by now), then the state's version.
    await saveRecords(tables, source.sourceId, signal);
    writer.setSourceState(source.sourceId, { version: STATE_VERSION } satisfies FolderState, Math.floor(now() / 1000));
    writer.keepStatistics();

    // 6. Pictures that no file of the folder carries any more and no entry names are deleted (a song
    // that is not first in its album keeps its picture: it becomes the cover if the first song goes).
    for (const cover of stmts.covers.iterate(source.sourceId) as Iterable<string>) oldCovers.delete(cover);
    const named = writer.db.prepare('SELECT 1 FROM wiki WHERE cover_file = ? LIMIT 1').pluck();
    await removeCovers(
      dataDir,
      [...oldCovers].filter((c) => named.get(c) === undefined),
    );
    await tables.clearBySlices();
    return { sourceId: source.sourceId, folder: root, albums: counts, songs, problems };
  } finally {
    tables.clear();
    writer.db.pragma(`wal_autocheckpoint = ${checkpointPages}`);
    writer.db.pragma(`cache_size = ${cachePages}`);
  }
}

type Tables = ReturnType<typeof fileTables>;

/** Calls `onDir` for each folder of the scope (sorted, hidden ones and links left out) with its listing; unreadable folders are reported. */
async function walk(
  root: string,
  scope: Scope,
  onDir: (dir: string, entries: Dirent[], only?: string) => Promise<void>,
  report: ((problem: string) => void) | undefined,
  signal?: AbortSignal,
): Promise<void> {
  const list = async (dir: string): Promise<Dirent[] | undefined> => {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries.filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A scope that is gone (or no folder) has nothing to scan: its files are then removed.
      if (scope.path !== '' && (code === 'ENOENT' || code === 'ENOTDIR')) return undefined;
      report?.(`${toPosix(relative(root, dir)) || '.'}/: this folder cannot be read (${code ?? (err as Error).message}).`);
      return undefined;
    }
  };
  const visit = async (dir: string): Promise<void> => {
    checkSignal(signal);
    const entries = await list(dir);
    if (!entries) return;
    await onDir(dir, entries);
    for (const entry of entries) if (entry.isDirectory()) await visit(join(dir, entry.name));
  };
  if (scope.path.split('/').some((p) => p.startsWith('.'))) return;
  const path = join(root, ...scope.path.split('/').filter(Boolean));
  // A scope reached through a link is outside what a whole run walks: nothing of it is scanned.
  const real = await realpath(scope.file ? dirname(path) : path).catch(() => undefined);
  if (scope.path !== '' && real !== undefined && real !== join(await realpath(root), relative(root, scope.file ? dirname(path) : path))) return;
  if (!scope.file) {
    // A file that is no audio file (a sidecar, a cover picture), or a path that is gone (such a file or a
    // folder, removed), stands for its folder's own songs too: what they take from it may have changed.
    const info = scope.path === '' ? undefined : await lstat(path).catch(() => null);
    if (info === undefined || info?.isDirectory()) return visit(path);
    const entries = await list(dirname(path));
    if (entries) await onDir(dirname(path), entries);
    return;
  }
  const entries = await list(dirname(path));
  if (entries) await onDir(dirname(path), entries, basename(path));
}

/** How many audio files the scope holds (by name), for the progress; nothing is reported. */
async function countFiles(root: string, scope: Scope, onCount: (n: number, dir: string) => void, signal?: AbortSignal): Promise<number> {
  let n = 0;
  let last = performance.now();
  await walk(
    root,
    scope,
    async (dir, entries, only) => {
      for (const e of entries) if ((only === undefined || e.name === only) && !e.isDirectory() && isAudioFileName(e.name)) n++;
      if (performance.now() - last > YIELD_MS) {
        onCount(n, toPosix(relative(root, dir)) || '.');
        await yieldToLoop();
        last = performance.now();
      }
    },
    undefined,
    signal,
  );
  return n;
}

interface ReadRun {
  root: string;
  realRoot: string;
  dataDir: string;
  scopes: Scope[];
  tables: Tables;
  sourceId: number;
  report: (problem: string) => void;
  signal?: AbortSignal;
  songs: { added: number; changed: number };
  total: number;
  progress: (p: ImportProgress) => void;
  readers: FileReaders;
  /** A file was read: its album and, for a changed file, the album it was in. */
  onRead: (album: string, before: string | undefined) => void;
  /** A file is as it was recorded: its album. */
  onUnchanged: (album: string) => void;
  /** Every file a folder has that was read is read: the albums they belong to. */
  onFolderRead: (albums: Set<string>) => void;
  /** What ended the albums' writing meanwhile, if something did: the walk stops. */
  failed: () => unknown;
}

/** Walks the scopes, recording every audio file in folder_scan: unchanged ones as they are, the others read. */
async function readFiles(run: ReadRun): Promise<void> {
  const { root, realRoot, dataDir, tables, report, signal, songs, progress } = run;
  const { stmts } = tables;
  const coverThere = new Map<string, boolean>();
  const coverKept = (cover: string) => {
    let there = coverThere.get(cover);
    if (there === undefined) {
      if (coverThere.size > 10_000) coverThere.clear();
      coverThere.set(cover, (there = existsSync(join(dataDir, COVERS_DIR, cover))));
    }
    return there;
  };
  const record = tables.scan;
  let done = 0;
  let lastYield = performance.now();
  const reading = new Set<Promise<void>>();
  const readOne = async (
    rel: string,
    path: string,
    before: string | undefined,
    sidecar: Sidecar | null,
    folderCover: FolderCover | null,
    albums: Set<string>,
  ) => {
    const answer = await run.readers.read({ root, realRoot, dataDir, rel, path, sidecar, folderCover });
    if (signal?.aborted) return; // stopped: what it says is not the file's doing
    for (const problem of answer.problems) report(problem);
    if ('error' in answer) {
      report(`${rel}: ${answer.error}.`);
      return;
    }
    const r = answer.facts;
    record([rel, 1, r.album, r.size, Math.floor(r.mtimeMs), r.lrc, r.folderCover, r.cover, answer.record]);
    if (r.cover) coverThere.set(r.cover, true);
    if (before === undefined) songs.added++;
    else songs.changed++;
    albums.add(r.album);
    run.onRead(r.album, before);
  };

  type Before = { path: string; album: string; size: number; mtime: number; lrc: string; folderCover: string; cover: string | null };
  const onDir = async (dir: string, entries: Dirent[], only?: string) => {
    const names = new Set(entries.map((e) => e.name));
    const inDir = toPosix(relative(root, dir));
    const prefix = inDir === '' ? '' : `${inDir}/`;
    const recorded = new Map((stmts.before.all({ source: run.sourceId, prefix }) as Before[]).map((b) => [b.path, b]));
    let folderCover: Promise<FolderCover | null> | undefined;
    const dirReads: Promise<void>[] = [];
    const dirAlbums = new Set<string>();
    for (const entry of entries) {
      if (entry.isDirectory() || !isAudioFileName(entry.name) || !(entry.isFile() || entry.isSymbolicLink())) continue;
      if (only !== undefined && entry.name !== only) continue;
      checkSignal(signal);
      if (run.failed() !== undefined) throw run.failed();
      const path = join(dir, entry.name);
      const rel = prefix + entry.name;
      progress({ phase: 'read', done: done++, total: Math.max(run.total, done), current: rel });
      // A link is followed only to a file inside the folder; anything else is taken as what it is here.
      let info: { size: number; mtimeMs: number; isFile(): boolean } | undefined;
      try {
        info = entry.isSymbolicLink() ? realFileInsideSync(realRoot, path)?.info : lstatSync(path);
      } catch {
        info = undefined;
      }
      if (!info || !info.isFile()) {
        report(entry.isSymbolicLink() || info ? `${rel}: ${LINK_OUT}` : `${rel}: cannot be read (ENOENT).`);
        continue;
      }
      const stem = entry.name.replace(/\.[^.]*$/, '');
      const sidecar = names.has(`${stem}.lrc`) || names.has(`${stem}.LRC`) ? await sidecarOf(path, realRoot) : null;
      folderCover ??= folderCoverIn(realRoot, dir, entries);
      const cover = await folderCover;
      const before = recorded.get(rel);
      const same =
        before !== undefined &&
        before.size === info.size &&
        before.mtime === Math.floor(info.mtimeMs) &&
        before.lrc === (sidecar?.fingerprint ?? '') &&
        before.folderCover === (cover?.fingerprint ?? '') &&
        (before.cover === null || coverKept(before.cover));
      if (same) {
        record([rel, 0, null, null, null, null, null, null, null]);
        run.onUnchanged(before.album);
      } else {
        const task = readOne(rel, path, before?.album, sidecar, cover, dirAlbums).finally(() => reading.delete(task));
        reading.add(task);
        dirReads.push(task);
        if (reading.size >= run.readers.capacity) await Promise.race(reading);
      }
      if (performance.now() - lastYield > YIELD_MS) {
        await yieldToLoop();
        lastYield = performance.now();
      }
    }
    // Once the folder's files are read, their albums can be written (their rows are put in the table first, by writeReady).
    if (dirReads.length === 0) return;
    const folderRead = Promise.allSettled(dirReads).then(() => {
      folders.delete(folderRead);
      if (dirAlbums.size > 0 && !signal?.aborted) run.onFolderRead(dirAlbums);
    });
    folders.add(folderRead);
  };
  /** The folders whose files are still being read. */
  const folders = new Set<Promise<void>>();
  try {
    for (const scope of run.scopes) await walk(root, scope, onDir, report, signal);
  } finally {
    await Promise.allSettled(reading);
    await Promise.all(folders);
  }
  tables.flushScan();
}

interface WriteRun {
  writer: CatalogueWriter;
  sourceId: number;
  root: string;
  tables: Tables;
  toWrite: string[];
  toRemove: string[];
  batchAlbums: number;
  now: () => number;
  signal?: AbortSignal;
  progress: (p: ImportProgress) => void;
  /** After each batch commits. */
  committed?: () => void;
}

/** Writes and removes the albums in batches, each one transaction, putting each album together from the tables as its batch comes. */
async function writeAlbums(run: WriteRun): Promise<void> {
  const { writer, sourceId, tables, signal, progress } = run;
  const { stmts } = tables;
  // A song not read again keeps its lyrics: read from its row before the album is written anew.
  const keptLyricsStmt = writer.db.prepare(`SELECT l.synced, l.source, l.lines FROM sub_lyrics l JOIN sub s ON s.sub_id = l.sub_id
    JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.source_id = ? AND s.source_key = ?`);
  const keptLyrics = (rel: string): Lyrics | undefined => {
    const row = keptLyricsStmt.get(sourceId, rel) as { synced: number; source: Lyrics['source']; lines: string } | undefined;
    return row && { synced: row.synced === 1, source: row.source, lines: JSON.parse(row.lines) as Lyrics['lines'] };
  };
  const ctx = { sourceId, root: run.root, timeZone: writer.timeZone, nowSeconds: Math.floor(run.now() / 1000), keptLyrics };
  const filesOf = (key: string) =>
    (stmts.albumFiles.all({ source: sourceId, album: key }) as { path: string; record: string }[]).map(({ path, record }): [string, FileRecord] => [
      path,
      JSON.parse(record) as FileRecord,
    ]);
  const work = [...run.toRemove.map((key) => ({ key, remove: true })), ...run.toWrite.map((key) => ({ key, remove: false }))];
  let open = false;
  let openedAt = 0;
  /** Commits the group, its search rows written a slice a turn first (the server answers between slices). */
  const commit = async () => {
    while (writer.writeHeldSearchRows(SEARCH_ROWS_PER_TURN) > 0) await yieldToLoop();
    writer.commitGroup();
    run.committed?.();
  };
  let inGroup = 0;
  let done = 0;
  try {
    while (done < work.length) {
      checkSignal(signal);
      // A step: removals, or albums up to STEP_SONGS songs (one album at least), in one call.
      const step: { key: string; files?: [string, FileRecord][] }[] = [];
      let songs = 0;
      while (done + step.length < work.length && step.length + inGroup < run.batchAlbums && (step.length === 0 || songs < STEP_SONGS)) {
        const item = work[done + step.length];
        if (step.length > 0 && item.remove !== work[done].remove) break;
        const files = item.remove ? undefined : filesOf(item.key);
        songs += files?.length ?? 1;
        step.push({ key: item.key, files });
      }
      const first = step[0];
      progress({
        phase: 'write',
        done,
        total: work.length,
        current: first.files?.[0]?.[1].albumTitle ?? (stmts.oldTitle.get(sourceId, first.key) as string | undefined) ?? first.key,
      });
      if (!open) {
        writer.openGroup();
        [open, openedAt, inGroup] = [true, performance.now(), 0];
      }
      // Each call is a savepoint of its own in the group's transaction: its albums whole or not at all.
      if (first.files)
        writer.upsertEntries(
          sourceId,
          step.map((a) => albumEntry(a.key, a.files!, ctx)),
        );
      else
        writer.removeEntries(
          sourceId,
          step.map((a) => a.key),
        );
      done += step.length;
      inGroup += step.length;
      if (inGroup >= run.batchAlbums || performance.now() - openedAt >= GROUP_MS) {
        await commit();
        [open, inGroup] = [false, 0];
      }
      await yieldToLoop();
    }
    if (open) await commit();
    open = false;
  } finally {
    // Cancelled: the whole albums written so far are kept. Failed: the group it failed in is undone.
    if (open) {
      if (signal?.aborted && writer.db.inTransaction) writer.commitGroup();
      else writer.rollbackGroup();
    }
  }
  progress({ phase: 'write', done, total: work.length });
}

/** Moves this run's records into folder_file, SAVE_SLICE files a transaction, and forgets the files gone. */
async function saveRecords(tables: Tables, sourceId: number, signal?: AbortSignal): Promise<void> {
  const { db, stmts } = tables;
  let after = '';
  for (;;) {
    checkSignal(signal);
    const upTo = stmts.savedUpTo.get(sourceId, after, SAVE_SLICE) as string | null;
    if (upTo === null) break;
    db.transaction(() => stmts.save.run(sourceId, after, SAVE_SLICE))();
    stmts.dropSaved.run(sourceId, after, upTo);
    after = upTo;
    await yieldToLoop();
  }
  stmts.forget.run(sourceId, sourceId);
}
