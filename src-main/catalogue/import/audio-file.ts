// Reading one audio file of an imported folder: its real format (up_type, from its bytes as
// music-metadata parses them, never from its name), audio properties, tags, embedded picture and lyrics,
// as the record the import keeps of it (folder-import.ts). Every format music-metadata reads is taken:
// MP3, FLAC, Ogg Vorbis, Opus, M4A/MP4 (AAC and ALAC), WAV, AIFF, WavPack, Monkey's Audio, Musepack and
// WMA (contract/audio-formats.ts); whether the browser plays it or the server transcodes it is decided
// when it is played, not here.
//
// Decisions on tags (docs/sources.md): a compilation (its compilation flag — ID3 TCMP, MP4 cpil, a
// COMPILATION comment — or an album artist "Various Artists") is one album by its album title alone,
// however its tracks' artists differ; genres are split at ';' (Vorbis comments often hold "Rock;Pop");
// without an embedded picture, the folder's cover.jpg / folder.jpg / front.png is the cover
// (folder-cover.ts); lyrics come from ID3, Vorbis comments and MP4 atoms alike (lyrics.ts). A file
// whose ID3v2 tag music-metadata cannot read (a damaged header, an unknown version) is read again
// past the tag, and a FLAC, Ogg or MP4 file whose tags cannot be parsed again with them set aside
// (damaged-tags.ts): it joins, named from its path, rather than being left out. A file is read once for its
// tags, audio and md5 where it is small enough (ONE_READ_MAX).
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseBuffer, parseFile, parseStream, type IAudioMetadata, type IFormat } from 'music-metadata';
import { extensionOf, type AudioType } from '../../contract/audio-formats';
import { saveCover } from '../write/cover-files';
import type { DerivedTitle, ReplayGain } from '../write/source-entry';
import { searchFold } from '../search/search-fold';
import { titleKey } from '../search/title-key';
import type { FolderCover } from './folder-cover';
import { lyricsOf, type Lyrics, type Sidecar } from './lyrics';
import { readPastDamagedTags } from './damaged-tags';

/** What the import keeps of one file: its fingerprint and everything the catalogue needs from it. */
export interface FileRecord {
  size: number;
  mtimeMs: number;
  album: string;
  albumTitle: string;
  albumArtist: string;
  artist: string;
  title: string;
  track: number | null;
  disc: number | null;
  /** The date or year tag as written ('' when none). */
  date: string;
  /** Sort names as tagged (TSOT/TSOP/TSOA/TSO2, sonm/soar/soal/soaa, TITLESORT …); '' when none. */
  titleSort: string;
  artistSort: string;
  albumSort: string;
  albumArtistSort: string;
  /** The ReplayGain tags; null when the file has none. */
  replayGain: ReplayGain | null;
  genres: string[];
  md5: string;
  /** The real format (up_type). */
  type: AudioType;
  /** The codec as music-metadata names it ('FLAC', 'MPEG-4/AAC' …; '' when it does not say). */
  codec: string;
  lossless: boolean;
  /** Hz, 0 when the format does not say. */
  sampleRate: number;
  /** Bits per sample of lossless audio, 0 for lossy formats or when unknown. */
  bitDepth: number;
  bitrate: number;
  length: number;
  /** The saved cover's folder name (cover-files.ts), null when the file has none. */
  cover: string | null;
  /** The folder cover's size and mtime ('' when there is none): a changed one reads the song again. */
  folderCover: string;
  /** The sidecar .lrc's size and mtime ('' when there is none): a changed sidecar reads the song again. */
  lrc: string;
  /**
   * From the sidecar, else the tags (lyrics.ts); null when neither has any. Only on a record read in
   * this run: the saved state leaves lyrics out (they can be long), and a song not read again keeps the
   * lyrics its catalogue row has.
   */
  lyrics?: Lyrics | null;
  /**
   * The title's search key and fold, worked out where the file is read (a worker thread, file-readers.ts)
   * rather than by the thread that writes. Only on a record read in this run, like `lyrics`: the saved
   * state leaves it out, so a later version's folding rules are never mixed with these.
   */
  titleDerived?: DerivedTitle;
}

/** The up_type of what music-metadata parsed, or undefined when it is no audio format Moecat takes. */
export function audioTypeOf(format: IFormat): AudioType | undefined {
  const container = format.container ?? '';
  const codec = format.codec ?? '';
  if (container === 'MPEG') return /Layer 3/.test(codec) ? 'mp3' : undefined;
  if (container === 'FLAC') return 'flac';
  if (container === 'Ogg') return codec === 'Opus' ? 'opus' : /Vorbis/.test(codec) ? 'ogg' : undefined;
  if (/^(M4A|mp4|isom|M4B|M4P|3gp)/i.test(container)) return codec === 'ALAC' ? 'alac' : /AAC/.test(codec) ? 'm4a' : undefined;
  if (container === 'WAVE') return 'wav';
  if (/^AIFF/.test(container)) return 'aiff';
  if (container === 'WavPack') return 'wv';
  if (container === "Monkey's Audio") return 'ape';
  if (/^Musepack/.test(container)) return 'mpc';
  if (/^ASF/.test(container)) return 'wma';
  return undefined;
}

/** The file read past a leading ID3v2 tag (the audio, untagged); undefined when it has none. */
async function readPastId3(path: string, size: number): Promise<IAudioMetadata | undefined> {
  const header = Buffer.alloc(10);
  const file = await open(path);
  try {
    await file.read(header, 0, 10, 0);
  } finally {
    await file.close();
  }
  if (header.toString('latin1', 0, 3) !== 'ID3') return undefined;
  const tagSize = ((header[6] & 0x7f) << 21) | ((header[7] & 0x7f) << 14) | ((header[8] & 0x7f) << 7) | (header[9] & 0x7f);
  const start = 10 + tagSize + (header[5] & 0x10 ? 10 : 0);
  if (start >= size) return undefined;
  return parseStream(createReadStream(path, { start }), { mimeType: 'audio/mpeg', size: size - start }, { duration: true });
}

/**
 * Files up to this size are read once, into memory, for their tags, audio and md5 alike; larger ones are
 * parsed where they lie and hashed in a stream (a second read, from the page cache): parsing from memory
 * runs without a pause, and a large file's would hold up a server answering meanwhile.
 */
export const ONE_READ_MAX = 2 ** 20;
/** Files up to this size are read without the thread pool's round trips (microseconds from a local disk). */
const SYNC_READ_MAX = 128 * 2 ** 10;

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The front cover if there is one, else the first picture. */
function pictureOf(meta: IAudioMetadata) {
  const pictures = meta.common.picture ?? [];
  return pictures.find((p) => p.type === 'Cover (front)') ?? pictures[0];
}

/** ReplayGain as tagged (music-metadata reads ID3 TXXX, Vorbis comments, APE and MP4 freeform tags alike); null when untagged. */
function replayGainOf(common: IAudioMetadata['common']): ReplayGain | null {
  const finite = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.round(v * 1e4) / 1e4 : null);
  const rg = {
    trackGain: finite(common.replaygain_track_gain?.dB),
    trackPeak: finite(common.replaygain_track_peak?.ratio),
    albumGain: finite(common.replaygain_album_gain?.dB),
    albumPeak: finite(common.replaygain_album_peak?.ratio),
  };
  return Object.values(rg).some((v) => v !== null) ? rg : null;
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const VARIOUS = /^various( artists)?$/i;
/** An album artist that names a compilation, when the tags name none. */
export const VARIOUS_ARTISTS = 'Various Artists';
const stemOf = (name: string) => name.replace(/\.[^.]*$/, '');

export interface ReadContext {
  /** The imported folder's path (its name titles an album of loose files at its top). */
  root: string;
  /** The data directory (embedded covers go to its covers/ folder). */
  dataDir: string;
  /** Reports a problem that does not stop the file from joining. */
  report: (problem: string) => void;
}

/**
 * Reads the file at the real path `path` (`rel` inside the folder); throws an Error whose message says
 * why it is not usable.
 */
export async function readAudioFile(
  ctx: ReadContext,
  rel: string,
  path: string,
  size: number,
  mtimeMs: number,
  sidecar: Sidecar | null,
  folderCover: FolderCover | null = null,
): Promise<FileRecord> {
  const bytes = size > 0 && size <= ONE_READ_MAX ? (size <= SYNC_READ_MAX ? readFileSync(path) : await readFile(path)) : undefined;
  let meta: IAudioMetadata;
  try {
    // The parser is chosen by the file's extension, then by its content, either way.
    meta = bytes ? await parseBuffer(bytes, { path, size: bytes.length }, { duration: true }) : await parseFile(path, { duration: true });
  } catch (err) {
    const bare =
      size > 0 ? ((await readPastId3(path, size).catch(() => undefined)) ?? (await readPastDamagedTags(path, size, bytes).catch(() => undefined))) : undefined;
    if (!bare) throw new Error(size === 0 ? 'the file is empty' : `cannot be read as audio (${(err as Error).message})`);
    meta = bare;
  }
  const { format, common } = meta;
  const type = audioTypeOf(format);
  if (!type || !format.duration) {
    // Named by what the file's name promises: "no FLAC audio found in the file (damaged, or not a .flac file)".
    const ext = extensionOf(rel);
    throw new Error(
      size === 0 ? 'the file is empty' : `no ${ext.toUpperCase()} audio found in the file (damaged, or not ${ext === 'mp3' ? 'an MP3' : `a .${ext} file`})`,
    );
  }
  let cover: string | null = null;
  const picture = pictureOf(meta);
  if (picture) {
    try {
      cover = await saveCover(ctx.dataDir, picture.data);
    } catch (err) {
      ctx.report(`${rel}: its cover picture cannot be used (${(err as Error).message}); imported without it.`);
    }
  } else if (folderCover) {
    try {
      cover = await saveCover(ctx.dataDir, await readFile(folderCover.path));
    } catch (err) {
      ctx.report(`${rel}: the folder's cover picture cannot be used (${(err as Error).message}); imported without it.`);
    }
  }
  const albumTag = common.album?.trim() ?? '';
  const compilation = common.compilation === true || VARIOUS.test(common.albumartist?.trim() ?? '');
  const albumArtist = common.albumartist?.trim() || (compilation ? VARIOUS_ARTISTS : '');
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const title = common.title?.trim() || stemOf(basename(rel));
  const lossless = format.lossless ?? ['flac', 'alac', 'wav', 'aiff', 'ape'].includes(type);
  // A format that states no bitrate (or a nonsensical one) is measured by its size over its length.
  const bitrate = format.bitrate && Number.isFinite(format.bitrate) ? format.bitrate : (size * 8) / format.duration;
  return {
    size,
    mtimeMs,
    album: albumTag ? `album:${normalise(albumTag)}\u0000${compilation ? '*compilation' : normalise(albumArtist)}` : `folder:${dir}`,
    albumTitle: albumTag || (dir ? dir.slice(dir.lastIndexOf('/') + 1) : basename(ctx.root)),
    albumArtist,
    artist: common.artist?.trim() ?? '',
    title,
    titleDerived: { key: titleKey(title), fold: searchFold(title) },
    track: common.track.no ?? null,
    disc: common.disk.no ?? null,
    date: common.date?.trim() || (common.year ? String(common.year) : ''),
    titleSort: common.titlesort?.trim() ?? '',
    artistSort: common.artistsort?.trim() ?? '',
    albumSort: common.albumsort?.trim() ?? '',
    albumArtistSort: common.albumartistsort?.trim() ?? '',
    replayGain: replayGainOf(common),
    genres: [
      ...new Set(
        (common.genre ?? [])
          .flatMap((g) => g.split(';'))
          .map((g) => g.trim())
          .filter(Boolean),
      ),
    ],
    md5: bytes ? createHash('md5').update(bytes).digest('hex') : await md5Of(path),
    type,
    codec: format.codec ?? '',
    lossless,
    sampleRate: format.sampleRate ?? 0,
    bitDepth: lossless ? (format.bitsPerSample ?? 0) : 0,
    bitrate: Math.round(bitrate / 1000),
    length: Math.round(format.duration),
    cover,
    folderCover: folderCover?.fingerprint ?? '',
    lrc: sidecar?.fingerprint ?? '',
    lyrics: await lyricsOf(sidecar, common.lyrics, (why) => ctx.report(`${rel}: ${why}; imported without them.`)),
  };
}
