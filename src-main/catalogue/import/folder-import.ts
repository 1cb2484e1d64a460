// Folder import: a folder of audio files (every format audio-file.ts reads) becomes music entries
// (albums) with their songs and uploads in the working catalogue. The files stay where they are; the
// server serves them under /files/folder/<source id>/<path inside the folder>.
//
// Decisions:
// - Albums are grouped by the album tag and the album-artist tag (normalised: NFKC, case, spaces), or by
//   the file's folder when it has no album tag. That key is the entry's source key, so an album keeps
//   its id across re-imports and retagged songs; a song's source key is its path inside the folder, so
//   a retagged song keeps its id and a renamed or moved file is a removal plus an addition.
// - Everything stored comes from the file (audio-file.ts): size and md5 from its bytes (streamed), its
//   real format, bitrate, length, sample rate and bit depth as music-metadata reads them (whole file,
//   so CBR MP3s without a Xing header measure right), and its tags. A file with an audio extension in
//   which no audio Moecat takes is found is a problem, listed, not fatal; so is an unreadable
//   sub-folder or an unreadable cover picture (the album then gets the generated cover).
// - Lyrics: a sidecar .lrc beside the audio file (same name) wins over the file's own lyrics tags
//   (lyrics.ts); a folder's cover.jpg / folder.jpg / front.png is the cover of its songs that embed
//   none (folder-cover.ts); a changed sidecar or folder cover reads the songs again.
// - Re-import is incremental: the source's state keeps, per file, its size and mtime and what was read
//   from it. A file whose size and mtime are unchanged is not read again. An album is written again
//   when one of its files is new, changed or gone, or when the catalogue lacks it; albums no file
//   belongs to any more are removed. Unchanged albums are not touched (their `modified` stays).
// - Each batch of albums is one transaction, and the signal is checked between batches (and between
//   files while reading), so a cancelled or failed import leaves whole albums. The state is saved after
//   the last batch: an interrupted run leaves the old state, and the next run redoes what differs —
//   it converges instead of trusting half-done bookkeeping.
// - Reading yields to the event loop between files, so a server running the import keeps answering.
// - Every file read (an audio file, with its embedded picture, and its sidecar .lrc) is read by its real path,
//   which must lie inside the folder's (inside-folder.ts): links are followed only to files inside it,
//   checked when found and again when read, so a file swapped for a link out meanwhile is not read.
//   Linked folders are not entered (no loops). Hidden files and folders (".name") are skipped.
// Over 300 lines: scanning, grouping and writing are one pipeline with one shared state shape.
import { existsSync, type Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { CatalogueWriter, IncomingEntry, IncomingSub } from '../write/catalogue-writer';
import { COVERS_DIR, removeCovers } from '../write/cover-files';
import type { MetaItem } from '../write/source-entry';
import type { ImportJobResult } from '../../contract/app';
import { localMidnight, midnightOf } from '../../contract/time';
import { isAudioFileName } from '../../contract/audio-formats';
import { readAudioFile, type FileRecord } from './audio-file';
import { realFileInside } from './inside-folder';
import { folderCovers } from './folder-cover';
import { sidecarOf, type Lyrics } from './lyrics';

/** Bump when FileRecord changes: every file is then read again. */
const STATE_VERSION = 5;
/** Albums per transaction; a batch also closes after BATCH_SONGS songs. */
const BATCH_ALBUMS = 20;
const BATCH_SONGS = 400;

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
}

/** The import's result; the job and the command count `problems` (ImportJobResult). */
export interface FolderImportResult extends Omit<ImportJobResult, 'problems'> {
  /** Files and folders that could not be read (also reported one by one through `problem`). */
  problems: string[];
}

/** A reason the import cannot start or go on, in words for the user. */
export class FolderImportError extends Error {
  override name = 'FolderImportError';
}

interface FolderState {
  version: number;
  files: Record<string, FileRecord>;
}

/** Checks that `folder` is an absolute path to a readable folder; returns it normalised. */
export async function checkFolder(folder: string): Promise<string> {
  if (!isAbsolute(folder)) throw new FolderImportError(`The folder must be given as an absolute path, not "${folder}".`);
  const path = resolve(folder);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    throw new FolderImportError(fsReason(err, path, `The folder ${path} does not exist.`));
  }
  if (!info.isDirectory()) throw new FolderImportError(`${path} is not a folder.`);
  try {
    await readdir(path);
  } catch (err) {
    throw new FolderImportError(fsReason(err, path, `The folder ${path} cannot be read.`));
  }
  return path;
}

function fsReason(err: unknown, path: string, fallback: string): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return fallback;
  if (code === 'EACCES' || code === 'EPERM') return `The folder ${path} cannot be read: permission denied.`;
  if (code === 'ENOTDIR') return `${path} is not a folder.`;
  return `${fallback.replace(/\.$/, '')}: ${(err as Error).message}`;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new FolderImportError('The import was cancelled; the albums written so far are kept.');
}

const toPosix = (rel: string) => rel.split(sep).join('/');
const LINK_OUT = 'a link to a file outside the folder (or to nothing); skipped.';
const fingerprintOf = (r: { size: number; mtimeMs: number }) => `${r.size}:${Math.floor(r.mtimeMs)}`;

/** Every audio file under the folder (by its extension), as '/'-separated paths inside it, sorted; unreadable folders are problems. */
async function scan(
  root: string,
  realRoot: string,
  report: (problem: string) => void,
  onFound: (n: number, dir: string) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    checkSignal(signal);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      report(`${toPosix(relative(root, dir)) || '.'}/: this folder cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(path);
      } else if (isAudioFileName(entry.name) && (entry.isFile() || entry.isSymbolicLink())) {
        if (entry.isSymbolicLink() && !(await realFileInside(realRoot, path).catch(() => undefined))) {
          report(`${toPosix(relative(root, path))}: ${LINK_OUT}`);
          continue;
        }
        found.push(toPosix(relative(root, path)));
      }
    }
    onFound(found.length, toPosix(relative(root, dir)) || '.');
    await yieldToLoop();
  };
  await walk(root);
  return found;
}

/** A date or year tag as Unix seconds of local midnight; undefined when it is not one. */
function tagDate(text: string, timeZone: string): number | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2] ?? 1), Number(m[3] ?? 1)];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return localMidnight(year, month, day, timeZone);
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
  const dated = songs.map(([, r]) => tagDate(r.date, ctx.timeZone)).find((d) => d !== undefined);
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

function readState(raw: Record<string, unknown>): FolderState {
  const state = raw as Partial<FolderState>;
  return state.version === STATE_VERSION && state.files && typeof state.files === 'object' ? (state as FolderState) : { version: STATE_VERSION, files: {} };
}

function groupByAlbum(files: Record<string, FileRecord>): Map<string, [string, FileRecord][]> {
  const albums = new Map<string, [string, FileRecord][]>();
  for (const [rel, r] of Object.entries(files)) {
    const list = albums.get(r.album) ?? [];
    list.push([rel, r]);
    albums.set(r.album, list);
  }
  return albums;
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
  const realRoot = await realpath(root);
  const source = writer.ensureSource('folder', root, basename(root) || root, Math.floor(now() / 1000));
  const old = readState(source.state);

  // 1. Find the files.
  progress({ phase: 'scan', done: 0, total: 0 });
  const paths = await scan(root, realRoot, report, (n, dir) => progress({ phase: 'scan', done: n, total: 0, current: dir }), signal);

  // 2. Read what is new or changed; keep the rest from the state.
  const files: Record<string, FileRecord> = {};
  const songs = { added: 0, changed: 0, removed: 0, total: 0 };
  const folderCoverOf = folderCovers(realRoot);
  for (const [i, rel] of paths.entries()) {
    checkSignal(signal);
    progress({ phase: 'read', done: i, total: paths.length, current: rel });
    const path = join(root, ...rel.split('/'));
    let file;
    try {
      file = await realFileInside(realRoot, path);
    } catch (err) {
      report(`${rel}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
      continue;
    }
    if (!file) {
      report(`${rel}: ${LINK_OUT}`);
      continue;
    }
    const { info } = file;
    const before = old.files[rel];
    const coverGone = before?.cover && !existsSync(join(dataDir, COVERS_DIR, before.cover));
    const sidecar = await sidecarOf(path, realRoot);
    const folderCover = await folderCoverOf(dirname(path));
    const sidecarsSame = before?.lrc === (sidecar?.fingerprint ?? '') && before.folderCover === (folderCover?.fingerprint ?? '');
    if (before && !coverGone && fingerprintOf(before) === fingerprintOf(info) && sidecarsSame) {
      files[rel] = before;
      continue;
    }
    try {
      files[rel] = await readAudioFile({ root, dataDir, report }, rel, file.path, info.size, info.mtimeMs, sidecar, folderCover);
      if (before) songs.changed++;
      else songs.added++;
    } catch (err) {
      report(`${rel}: ${(err as Error).message}.`);
    }
    await yieldToLoop();
  }
  songs.removed = Object.keys(old.files).filter((rel) => !(rel in files)).length;
  songs.total = Object.keys(files).length;

  // 3. Decide which albums to write and which to remove.
  const albums = groupByAlbum(files);
  const oldAlbums = groupByAlbum(old.files);
  const known = writer.knownEntries(source.sourceId);
  // Unchanged files keep their very record from the state, so identity says "same file, not re-read".
  const sameFiles = (a: [string, FileRecord][] = [], b: [string, FileRecord][] = []) => {
    const before = new Map(b);
    return a.length === b.length && a.every(([rel, r]) => before.get(rel) === r);
  };
  const toWrite = [...albums.keys()].filter((key) => !known.has(key) || !sameFiles(albums.get(key), oldAlbums.get(key)));
  const toRemove = [...known.keys()].filter((key) => !albums.has(key));
  const counts = {
    added: toWrite.filter((key) => !known.has(key)).length,
    changed: toWrite.filter((key) => known.has(key)).length,
    removed: toRemove.length,
    total: albums.size,
  };

  // 4. Write in batches, each one transaction.
  // A song not read again keeps its lyrics: read from its row before the album is written anew.
  const keptLyricsStmt = writer.db.prepare(`SELECT l.synced, l.source, l.lines FROM sub_lyrics l JOIN sub s ON s.sub_id = l.sub_id
    JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.source_id = ? AND s.source_key = ?`);
  const keptLyrics = (rel: string): Lyrics | undefined => {
    const row = keptLyricsStmt.get(source.sourceId, rel) as { synced: number; source: Lyrics['source']; lines: string } | undefined;
    return row && { synced: row.synced === 1, source: row.source, lines: JSON.parse(row.lines) as Lyrics['lines'] };
  };
  const ctx = { sourceId: source.sourceId, root, timeZone: writer.timeZone, nowSeconds: Math.floor(now() / 1000), keptLyrics };
  const batchAlbums = opts.batchAlbums ?? BATCH_ALBUMS;
  const work = [...toRemove.map((key) => ({ key, remove: true })), ...toWrite.map((key) => ({ key, remove: false }))];
  let done = 0;
  while (done < work.length) {
    checkSignal(signal);
    const batch: typeof work = [];
    let songsInBatch = 0;
    while (done + batch.length < work.length && batch.length < batchAlbums && (batch.length === 0 || songsInBatch < BATCH_SONGS)) {
      const item = work[done + batch.length];
      songsInBatch += item.remove ? 0 : albums.get(item.key)!.length;
      batch.push(item);
    }
    progress({
      phase: 'write',
      done,
      total: work.length,
      current: batch.map((b) => (albums.get(b.key) ?? oldAlbums.get(b.key))?.[0][1].albumTitle ?? b.key).join(', '),
    });
    writer.transaction(() => {
      // Entries first: a song moving to another album keeps the lyrics its old row has.
      const entries = batch.filter((b) => !b.remove).map((b) => albumEntry(b.key, albums.get(b.key)!, ctx));
      const removals = batch.filter((b) => b.remove).map((b) => b.key);
      if (removals.length > 0) writer.removeEntries(source.sourceId, removals);
      if (entries.length > 0) writer.upsertEntries(source.sourceId, entries);
    });
    done += batch.length;
    await yieldToLoop();
  }
  progress({ phase: 'write', done, total: work.length });
  const saved = Object.fromEntries(Object.entries(files).map(([rel, { lyrics: _lyrics, ...record }]) => [rel, record]));
  writer.setSourceState(source.sourceId, { version: STATE_VERSION, files: saved } satisfies FolderState, Math.floor(now() / 1000));

  // 5. Pictures that no file of the folder carries any more and no entry names are deleted (a song
  // that is not first in its album keeps its picture: it becomes the cover if the first song goes).
  const kept = new Set(Object.values(files).map((r) => r.cover));
  const named = writer.db.prepare('SELECT 1 FROM wiki WHERE cover_file = ? LIMIT 1').pluck();
  const dropped = new Set(
    Object.values(old.files)
      .map((r) => r.cover)
      .filter((c): c is string => c !== null && !kept.has(c)),
  );
  await removeCovers(
    dataDir,
    [...dropped].filter((c) => named.get(c) === undefined),
  );

  return { sourceId: source.sourceId, folder: root, albums: counts, songs, problems };
}
