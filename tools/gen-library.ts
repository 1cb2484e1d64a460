// `npm run gen:library -- [--files N] [--out DIR]`: writes a music folder of N tagged audio files (10 an
// album, 100 albums an artist folder) for the benchmark's folder import (tools/bench.ts). One tiny
// template per format (MP3, FLAC, Opus, Ogg Vorbis) is made once with ffmpeg; every file is a copy of
// its album's template with its own tags written here: an ID3v2.4 tag before the MP3's frames, a
// VORBIS_COMMENT block among the FLAC's metadata blocks, a new comment packet in the Ogg streams (its
// header pages laid out again, every page numbered and checksummed anew). Every tenth album has a
// cover.jpg, every twentieth song a sidecar .lrc, every fourth album ReplayGain tags, so the import's
// side paths are walked too. Deterministic; the output is kept (bench-results/library-<N>/) and reused
// while GENERATOR_VERSION and N are the same.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Bump when what is generated changes: a kept library of another version is generated again. */
const GENERATOR_VERSION = 1;
export const LIBRARY_FILES_PER_ALBUM = 10;
const ALBUMS_PER_ARTIST = 100;
const FORMATS = ['mp3', 'flac', 'opus', 'ogg'] as const;
type Format = (typeof FORMATS)[number];

export interface LibraryInfo {
  folder: string;
  files: number;
  albums: number;
  bytes: number;
  seconds: number;
  version: number;
}

export const defaultLibraryFolder = (files: number) => resolve(`bench-results/library-${files}`);

// ---- templates ----------------------------------------------------------------------------------------
const FFMPEG_ARGS: Record<Format | 'jpg', string[]> = {
  mp3: ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000:duration=1', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '32k', '-id3v2_version', '0'],
  flac: ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000:duration=1', '-ac', '1', '-sample_fmt', 's16', '-c:a', 'flac'],
  opus: ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=1', '-ac', '1', '-c:a', 'libopus', '-b:a', '16k'],
  ogg: ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000:duration=1', '-ac', '1', '-c:a', 'libvorbis', '-q:a', '0'],
  jpg: ['-f', 'lavfi', '-i', 'color=c=0x4a7bb7:s=64x64:d=1', '-frames:v', '1'],
};

function templates(dir: string): Record<Format | 'jpg', Buffer> {
  mkdirSync(dir, { recursive: true });
  const out = {} as Record<Format | 'jpg', Buffer>;
  for (const [name, args] of Object.entries(FFMPEG_ARGS) as [Format | 'jpg', string[]][]) {
    const file = join(dir, `template.${name}`);
    if (!existsSync(file)) {
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, '-map_metadata', '-1', '-fflags', '+bitexact', '-flags', '+bitexact', file], { stdio: 'inherit' });
    }
    out[name] = readFileSync(file);
  }
  return out;
}

// ---- tags ---------------------------------------------------------------------------------------------
interface Tags {
  title: string;
  artist: string;
  album: string;
  albumArtist: string;
  track: number;
  tracks: number;
  date: string;
  genre: string;
  replayGain?: { trackGain: string; albumGain: string; trackPeak: string };
}

const syncsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);

/** An ID3v2.4 tag, its text frames in UTF-8. */
function id3(tags: Tags): Buffer {
  const frame = (id: string, body: Buffer) => Buffer.concat([Buffer.from(id, 'latin1'), syncsafe(body.length), Buffer.alloc(2), body]);
  const text = (id: string, value: string) => frame(id, Buffer.concat([Buffer.from([3]), Buffer.from(value, 'utf8')]));
  const txxx = (description: string, value: string) => frame('TXXX', Buffer.concat([Buffer.from([3]), Buffer.from(`${description}\0${value}`, 'utf8')]));
  const frames = [
    text('TIT2', tags.title),
    text('TPE1', tags.artist),
    text('TALB', tags.album),
    text('TPE2', tags.albumArtist),
    text('TRCK', `${tags.track}/${tags.tracks}`),
    text('TDRC', tags.date),
    text('TCON', tags.genre),
  ];
  if (tags.replayGain) {
    frames.push(txxx('REPLAYGAIN_TRACK_GAIN', tags.replayGain.trackGain), txxx('REPLAYGAIN_ALBUM_GAIN', tags.replayGain.albumGain));
    frames.push(txxx('REPLAYGAIN_TRACK_PEAK', tags.replayGain.trackPeak));
  }
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), syncsafe(body.length), body]);
}

/** Vorbis comments (FLAC's VORBIS_COMMENT block, the Ogg comment packets): vendor, count, KEY=value each. */
function vorbisComments(tags: Tags): Buffer {
  const pairs: [string, string][] = [
    ['TITLE', tags.title],
    ['ARTIST', tags.artist],
    ['ALBUM', tags.album],
    ['ALBUMARTIST', tags.albumArtist],
    ['TRACKNUMBER', String(tags.track)],
    ['TRACKTOTAL', String(tags.tracks)],
    ['DATE', tags.date],
    ['GENRE', tags.genre],
  ];
  if (tags.replayGain) {
    pairs.push(['REPLAYGAIN_TRACK_GAIN', tags.replayGain.trackGain], ['REPLAYGAIN_ALBUM_GAIN', tags.replayGain.albumGain]);
    pairs.push(['REPLAYGAIN_TRACK_PEAK', tags.replayGain.trackPeak]);
  }
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const vendor = Buffer.from('moecat gen-library');
  const parts = [u32(vendor.length), vendor, u32(pairs.length)];
  for (const [key, value] of pairs) {
    const c = Buffer.from(`${key}=${value}`, 'utf8');
    parts.push(u32(c.length), c);
  }
  return Buffer.concat(parts);
}

/** The FLAC with its VORBIS_COMMENT and PADDING blocks replaced by one VORBIS_COMMENT block of `tags`. */
function taggedFlac(template: Buffer, tags: Tags): Buffer {
  const blocks: Buffer[] = [];
  let at = 4;
  for (;;) {
    const last = (template[at] & 0x80) !== 0;
    const type = template[at] & 0x7f;
    const length = template.readUIntBE(at + 1, 3);
    if (type !== 4 && type !== 1) blocks.push(Buffer.from(template.subarray(at, at + 4 + length)));
    at += 4 + length;
    if (last) break;
  }
  const comments = vorbisComments(tags);
  const header = Buffer.from([4, 0, 0, 0]);
  header.writeUIntBE(comments.length, 1, 3);
  blocks.push(Buffer.concat([header, comments]));
  for (const [i, b] of blocks.entries()) b[0] = (b[0] & 0x7f) | (i === blocks.length - 1 ? 0x80 : 0);
  return Buffer.concat([template.subarray(0, 4), ...blocks, template.subarray(at)]);
}

// ---- Ogg ----------------------------------------------------------------------------------------------
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Sets an Ogg page's checksum (CRC-32, polynomial 0x04c11db7, over the page with the field zeroed). */
function checksum(page: Buffer): Buffer {
  page.writeUInt32LE(0, 22);
  let crc = 0;
  for (const byte of page) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  page.writeUInt32LE(crc, 22);
  return page;
}

interface OggPage {
  start: number;
  end: number;
  segments: number[];
  dataStart: number;
}

function oggPages(file: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  for (let at = 0; at < file.length;) {
    if (file.toString('latin1', at, at + 4) !== 'OggS') throw new Error('not an Ogg page');
    const n = file[at + 26];
    const segments = [...file.subarray(at + 27, at + 27 + n)];
    const dataStart = at + 27 + n;
    const end = dataStart + segments.reduce((a, b) => a + b, 0);
    pages.push({ start: at, end, segments, dataStart });
    at = end;
  }
  return pages;
}

/** The Ogg stream with its comment packet replaced by `comment`: the header pages laid out again, then the audio pages renumbered. */
function taggedOgg(template: Buffer, comment: Buffer, headerPackets: number): Buffer {
  const pages = oggPages(template);
  const serial = template.readUInt32LE(pages[0].start + 14);
  // The packets after the first page up to the last header packet, which ends a page.
  const packets: Buffer[] = [];
  let current: Buffer[] = [];
  let page = 1;
  for (; packets.length < headerPackets - 1; page++) {
    const p = pages[page];
    let at = p.dataStart;
    for (const lace of p.segments) {
      current.push(template.subarray(at, at + lace));
      at += lace;
      if (lace < 255) {
        packets.push(Buffer.concat(current));
        current = [];
      }
    }
  }
  packets[0] = comment;
  const out: Buffer[] = [template.subarray(pages[0].start, pages[0].end)];
  let sequence = 1;
  const emit = (segments: number[], data: Buffer[], continued: boolean, granule: bigint) => {
    const head = Buffer.alloc(27 + segments.length);
    head.write('OggS', 0, 'latin1');
    head[5] = continued ? 1 : 0;
    head.writeBigUInt64LE(granule, 6);
    head.writeUInt32LE(serial, 14);
    head.writeUInt32LE(sequence++, 18);
    head[26] = segments.length;
    head.set(segments, 27);
    out.push(checksum(Buffer.concat([head, ...data])));
  };
  // Header pages: at most 255 lacing values each; a packet that spills over continues on the next page.
  let segments: number[] = [];
  let data: Buffer[] = [];
  let continued = false;
  let endsPacket = false;
  for (const packet of packets) {
    for (let at = 0; ; at += 255) {
      const lace = Math.min(255, packet.length - at);
      segments.push(lace);
      data.push(packet.subarray(at, at + lace));
      const last = lace < 255;
      endsPacket ||= last;
      if (segments.length === 255) {
        emit(segments, data, continued, endsPacket ? 0n : 0xffffffffffffffffn);
        continued = !last;
        [segments, data, endsPacket] = [[], [], false];
      }
      if (last) break;
    }
  }
  if (segments.length > 0) emit(segments, data, continued, 0n);
  for (const p of pages.slice(page)) {
    const copy = Buffer.from(template.subarray(p.start, p.end));
    copy.writeUInt32LE(sequence++, 18);
    out.push(checksum(copy));
  }
  return Buffer.concat(out);
}

function tagged(format: Format, template: Buffer, tags: Tags): Buffer {
  if (format === 'mp3') return Buffer.concat([id3(tags), template]);
  if (format === 'flac') return taggedFlac(template, tags);
  if (format === 'opus') return taggedOgg(template, Buffer.concat([Buffer.from('OpusTags'), vorbisComments(tags)]), 2);
  return taggedOgg(template, Buffer.concat([Buffer.from('\x03vorbis', 'latin1'), vorbisComments(tags), Buffer.from([1])]), 3);
}

// ---- names ---------------------------------------------------------------------------------------------
const WORDS = [
  'Sakura', 'Hoshi', 'Sora', 'Yume', 'Kaze', 'Hikari', 'Umi', 'Tsuki', 'Natsu', 'Fuyu', 'Melody', 'Dream', 'Blue', 'Summer', 'Rain', 'Light',
  '桜', '星空', '夢', '風の歌', 'ひかり', '青い', 'ソラ', 'メロディー', '约定', '花火', '未来', '旅立ち',
]; // prettier-ignore
const GENRES = ['Anime', 'J-Pop', 'Soundtrack', 'Rock', 'Electronic', 'Classical', 'Game', 'Vocaloid'];

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const words = (rnd: () => number, n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
/** A name safe as a file name. */
const safe = (text: string) => text.replace(/[/\\:*?"<>|]/g, '_');

const LRC = (title: string) => `[ti:${title}]\n[00:00.00]${title}\n[00:00.50]♪\n`;

/** Writes the library (replacing an older one at `out`); answers what it wrote. */
export function generateLibrary({ files, out }: { files: number; out: string }): LibraryInfo {
  const started = performance.now();
  const tmp = `${out}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const tpl = templates(resolve('bench-results/library-templates'));
  const rnd = prng(files);
  const albums = Math.ceil(files / LIBRARY_FILES_PER_ALBUM);
  let bytes = 0;
  let written = 0;
  for (let a = 0; a < albums; a++) {
    const format = FORMATS[a % FORMATS.length];
    const artistNo = Math.floor(a / ALBUMS_PER_ARTIST);
    const artist = `${words(rnd, 2)} ${artistNo}`;
    const album = `${words(rnd, 1 + Math.floor(rnd() * 3))} ${a}`;
    const dir = join(tmp, safe(`Artist ${artistNo}`), safe(`${String(a).padStart(6, '0')} ${album}`));
    mkdirSync(dir, { recursive: true });
    if (a % 10 === 5) writeFileSync(join(dir, 'cover.jpg'), tpl.jpg);
    const tracks = Math.min(LIBRARY_FILES_PER_ALBUM, files - written);
    const date = `${1990 + (a % 35)}-${String(1 + (a % 12)).padStart(2, '0')}-${String(1 + (a % 28)).padStart(2, '0')}`;
    const genre = GENRES[a % GENRES.length];
    for (let t = 1; t <= tracks; t++, written++) {
      const title = `${words(rnd, 1 + Math.floor(rnd() * 4))} ${t}`;
      const tags: Tags = {
        title,
        artist: rnd() < 0.2 ? `${words(rnd, 2)} feat. ${artist}` : artist,
        album,
        albumArtist: artist,
        track: t,
        tracks,
        date,
        genre,
        ...(a % 4 === 1 ? { replayGain: { trackGain: `${(-6 - rnd() * 4).toFixed(2)} dB`, albumGain: '-7.50 dB', trackPeak: '0.988000' } } : {}),
      };
      const body = tagged(format, tpl[format], tags);
      const name = safe(`${String(t).padStart(2, '0')} ${title}`);
      writeFileSync(join(dir, `${name}.${format}`), body);
      bytes += body.length;
      if (written % 20 === 7) writeFileSync(join(dir, `${name}.lrc`), LRC(title));
    }
  }
  rmSync(out, { recursive: true, force: true });
  renameSync(tmp, out);
  const info: LibraryInfo = { folder: out, files: written, albums, bytes, seconds: (performance.now() - started) / 1000, version: GENERATOR_VERSION };
  writeFileSync(`${out}.json`, JSON.stringify(info, null, 2));
  return info;
}

/** The kept library of `files` files at `out`, generated first when missing or of another version. */
export function libraryOf(files: number, out = defaultLibraryFolder(files), regen = false): LibraryInfo & { generated: boolean } {
  const meta = `${out}.json`;
  if (!regen && existsSync(meta) && existsSync(out)) {
    const info = JSON.parse(readFileSync(meta, 'utf8')) as LibraryInfo;
    if (info.version === GENERATOR_VERSION && info.files === files) return { ...info, generated: false };
  }
  return { ...generateLibrary({ files, out }), generated: true };
}

if (process.argv[1]?.endsWith('gen-library.mjs')) {
  const { values } = parseArgs({ options: { files: { type: 'string', default: '100000' }, out: { type: 'string' }, regen: { type: 'boolean' } } });
  const files = Number(values.files);
  const info = libraryOf(files, values.out ? resolve(values.out) : defaultLibraryFolder(files), values.regen);
  console.log(
    `${info.generated ? 'Wrote' : 'Kept'} ${info.files} files in ${info.albums} albums (${(info.bytes / 2 ** 20).toFixed(0)} MiB) at ${info.folder}${info.generated ? ` in ${info.seconds.toFixed(1)} s` : ''}.`,
  );
}
