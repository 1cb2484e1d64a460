// A song's lyrics, read at import from its file's tags (ID3 USLT unsynced, SYLT synced, as music-metadata
// gives them) and from a sidecar `.lrc` beside the audio file (same name), the sidecar winning.
//
// Decisions:
// - LRC: `[mm:ss]`, `[mm:ss.x]`, `[mm:ss.xx]`, `[mm:ss.xxx]` stamps (minutes may pass 59), several
//   stamps on one line give that text at each time, `[offset:±ms]` shifts every stamp (positive =
//   earlier, as the format says; one over MAX_OFFSET_MS is damage, not a correction, and is ignored, so
//   every time stays a whole number), ID tags (`[ar:]`, `[ti:]` …) and lines that are neither are left out;
//   lines come out ordered by time (a stable sort keeps equal stamps in file order). An .lrc without
//   a single stamp is taken as unsynced text.
// - Text encoding of a sidecar: a byte-order mark says (UTF-8, UTF-16); else UTF-8 when the bytes are
//   valid UTF-8; else whichever of GB18030 and Shift_JIS decodes without error and reads most like
//   Chinese or Japanese text (kana weigh for Shift_JIS, half-width katakana — what Chinese bytes turn
//   into under Shift_JIS — against it).
// - A sidecar is read only where its real path lies inside the imported folder (inside-folder.ts): one
//   that links out is reported and the tags' lyrics are used.
// - Limits: at most MAX_LINES lines of at most MAX_LINE characters; a sidecar over MAX_LRC_BYTES is not
//   read.
import { readFile, stat } from 'node:fs/promises';
import type { ILyricsTag } from 'music-metadata';
import type { LyricsDto, LyricsLineDto } from '../../contract/objects';
import { realFileInside } from './inside-folder';

/** The API's lyrics object (contract/objects.ts). */
export type Lyrics = LyricsDto;
type LyricsLine = LyricsLineDto;

export const MAX_LINES = 2000;
export const MAX_LINE = 500;
export const MAX_LRC_BYTES = 512 * 1024;
export const MAX_OFFSET_MS = 60 * 60_000;

const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/y;
const OFFSET = /^\[offset:\s*([+-]?\d+)\s*\]\s*$/i;
const ID_TAG = /^\[[a-z#]+:[^\]]*\]\s*$/i;
// C0 controls but tab, and DEL: never part of a lyric line.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

const clean = (text: string) => text.replace(CONTROL, '').trim().slice(0, MAX_LINE);

function unsynced(text: string, source: Lyrics['source']): Lyrics | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map(clean)
    .slice(0, MAX_LINES)
    .map((t) => ({ time_ms: 0, text: t }));
  while (lines.length > 0 && lines[0].text === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)!.text === '') lines.pop();
  return lines.length > 0 ? { synced: false, lines, source } : null;
}

/** Lyrics from an .lrc file's text, or null when it holds none. */
export function parseLrc(text: string): Lyrics | null {
  const rows = text.split(/\r\n|\r|\n/);
  let offset = 0;
  const stamped: LyricsLine[] = [];
  const plain: string[] = [];
  for (const row of rows) {
    const line = row.replace(/^\uFEFF/, '');
    const shift = OFFSET.exec(line.trim());
    if (shift) {
      const ms = Number(shift[1]);
      offset = Math.abs(ms) <= MAX_OFFSET_MS ? ms : 0;
      continue;
    }
    STAMP.lastIndex = 0;
    const times: number[] = [];
    let at = 0;
    for (let m = STAMP.exec(line); m; m = STAMP.exec(line)) {
      const fraction = m[3] === undefined ? 0 : Number(m[3].padEnd(3, '0'));
      const seconds = Number(m[2]);
      if (seconds < 60) times.push(Number(m[1]) * 60_000 + seconds * 1000 + fraction);
      at = STAMP.lastIndex;
    }
    if (times.length > 0) {
      const words = clean(line.slice(at));
      for (const t of times) stamped.push({ time_ms: t, text: words });
    } else if (!ID_TAG.test(line.trim()) && !/^\[/.test(line.trim())) {
      plain.push(line);
    }
  }
  if (stamped.length === 0) return unsynced(plain.join('\n'), 'lrc');
  const lines = stamped
    .map((l) => ({ time_ms: Math.max(0, l.time_ms - offset), text: l.text }))
    .sort((a, b) => a.time_ms - b.time_ms)
    .slice(0, MAX_LINES);
  return { synced: true, lines, source: 'lrc' };
}

const MILLISECONDS = 2; // ID3v2 SYLT time stamp format: absolute milliseconds

/** Lyrics from the file's tags: SYLT (synced, in milliseconds) before USLT; null when there are none. */
export function lyricsFromTags(tags: readonly ILyricsTag[] | undefined): Lyrics | null {
  const all = tags ?? [];
  const synced = all.find((t) => t.syncText?.length > 0 && t.timeStampFormat === MILLISECONDS);
  if (synced) {
    const lines = synced.syncText
      .filter((l) => typeof l.timestamp === 'number' && Number.isFinite(l.timestamp) && l.timestamp >= 0)
      .map((l) => ({ time_ms: Math.round(l.timestamp!), text: clean(l.text ?? '') }))
      .sort((a, b) => a.time_ms - b.time_ms)
      .slice(0, MAX_LINES);
    if (lines.length > 0) return { synced: true, lines, source: 'sylt' };
  }
  const text = all.find((t) => typeof t.text === 'string' && t.text.trim() !== '')?.text;
  return text ? unsynced(text, 'uslt') : null;
}

function decodes(bytes: Uint8Array, encoding: string): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** How much a text reads like Chinese or Japanese: CJK and kana count for, half-width katakana and private use against. */
function cjkScore(text: string, japanese: boolean): number {
  let score = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x3040 && c <= 0x30ff) score += japanese ? 3 : 1;
    else if (c >= 0x4e00 && c <= 0x9fff) score += 1;
    else if (c >= 0xff61 && c <= 0xff9f) score -= 3;
    else if ((c >= 0xe000 && c <= 0xf8ff) || c === 0xfffd) score -= 5;
  }
  return score;
}

/** A sidecar's text (see the header for how its encoding is told). */
export function decodeLyricsFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const utf8 = decodes(bytes, 'utf-8');
  if (utf8 !== null) return utf8;
  const candidates = [
    { text: decodes(bytes, 'gb18030'), japanese: false },
    { text: decodes(bytes, 'shift_jis'), japanese: true },
  ].filter((c): c is { text: string; japanese: boolean } => c.text !== null);
  if (candidates.length === 0) return new TextDecoder('utf-8').decode(bytes);
  candidates.sort((a, b) => cjkScore(b.text, b.japanese) - cjkScore(a.text, a.japanese));
  return candidates[0].text;
}

/** A sidecar found beside an audio file: `path` is its real path, to be read; `outside` when it links out of the folder (not read). */
export interface Sidecar {
  path: string;
  /** Its size and mtime, or 'outside': a change of either reads the song again. */
  fingerprint: string;
  outside?: true;
}

/**
 * The sidecar .lrc of an audio file (same name, .lrc or .LRC), resolved to its real path, which must lie inside
 * `realRoot` (inside-folder.ts); null when there is none.
 */
export async function sidecarOf(audioPath: string, realRoot: string): Promise<Sidecar | null> {
  const stem = audioPath.replace(/\.[^./\\]*$/, '');
  for (const path of [`${stem}.lrc`, `${stem}.LRC`]) {
    let file;
    try {
      file = await realFileInside(realRoot, path);
    } catch {
      continue; // none by this name, or a link to nothing
    }
    if (file) return { path: file.path, fingerprint: `${file.info.size}:${Math.floor(file.info.mtimeMs)}` };
    // A folder named like a sidecar is no sidecar; a file beyond a link out is one, refused.
    if ((await stat(path).catch(() => undefined))?.isFile()) return { path, fingerprint: 'outside', outside: true };
  }
  return null;
}

/** A song's lyrics: its sidecar's when it has one with lyrics, else its tags'; null when neither has any. */
export async function lyricsOf(sidecar: Sidecar | null, tags: readonly ILyricsTag[] | undefined, report: (why: string) => void): Promise<Lyrics | null> {
  if (sidecar?.outside) report('its lyrics file is a link to a file outside the folder; not read');
  else if (sidecar) {
    try {
      if ((await stat(sidecar.path)).size > MAX_LRC_BYTES) report(`its lyrics file is over ${MAX_LRC_BYTES / 1024} KiB; not read`);
      else {
        const lyrics = parseLrc(decodeLyricsFile(await readFile(sidecar.path)));
        if (lyrics) return lyrics;
      }
    } catch (err) {
      report(`its lyrics file cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  return lyricsFromTags(tags);
}
