// Reading a FLAC, Ogg (Vorbis, Opus) or MP4 file whose tags music-metadata cannot parse (a metadata
// block, comment packet or atom with a damaged length) again with its tags out of the way, so it joins
// named from its path with the audio facts its stream headers give (docs/sources.md). The file is never
// written: a few bytes of what is parsed are changed, each change the same length as what it replaces.
//
// Decisions:
// - FLAC: STREAMINFO (always the first block) is marked the last, so no block after it is read; the
//   file must also end in a FLAC frame (sync code and header CRC right), so a header alone is no song.
// - Ogg: the comment packet's vendor length and comment count are zeroed (an empty comment header); the
//   pages around it stay as they are (music-metadata does not check page CRCs).
// - MP4: the movie's `udta` and `meta` atoms (where iTunes-style tags live) are renamed `free`, which
//   every reader skips; a damaged size of one of them is made to reach the movie's end.
// - Anything else (a damaged STREAMINFO or Ogg identification header, sample tables, tags in other
//   places or formats) is not repaired: the file stays a problem, as does a file that is not audio.
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parseBuffer, parseStream, type IAudioMetadata } from 'music-metadata';

/** Bytes read from the start (and, for FLAC, the end) of a file to find what to change. */
const HEAD_BYTES = 64 * 1024;

interface Patch {
  offset: number;
  bytes: Buffer;
}

async function readAt(file: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** The CRC-8 of a FLAC frame header (polynomial x^8 + x^2 + x + 1). */
function crc8(bytes: Buffer, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i];
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** Whether a FLAC frame header (sync code, valid fields, right CRC-8) starts at `i`. */
export function isFlacFrameAt(b: Buffer, i: number): boolean {
  if (i + 6 > b.length || b[i] !== 0xff || (b[i + 1] & 0xfe) !== 0xf8) return false;
  const blockSize = b[i + 2] >> 4;
  const rate = b[i + 2] & 0x0f;
  const channels = b[i + 3] >> 4;
  const bits = (b[i + 3] >> 1) & 0x07;
  if (blockSize === 0 || rate === 0x0f || channels > 10 || bits === 3 || b[i + 3] & 1) return false;
  // The frame or sample number, UTF-8 coded: a lead byte of n leading ones (0 or 2 to 7) and n − 1 more.
  let n = 0;
  while (n < 8 && b[i + 4] & (0x80 >> n)) n++;
  if (n === 1 || n > 7) return false;
  const numberBytes = n === 0 ? 1 : n;
  for (let k = 1; k < numberBytes; k++) if ((b[i + 4 + k] & 0xc0) !== 0x80) return false;
  const end = i + 4 + numberBytes + (blockSize === 6 ? 1 : blockSize === 7 ? 2 : 0) + (rate === 12 ? 1 : rate === 13 || rate === 14 ? 2 : 0);
  return end < b.length && crc8(b, i, end) === b[end];
}

function flacPatches(head: Buffer, tail: Buffer, tailOffset: number): Patch[] | undefined {
  // STREAMINFO first, 34 bytes long, not already the last block (then the damage is not in the tags).
  if (head.length < 42 || head[4] !== 0x00 || head.readUIntBE(5, 3) !== 34) return undefined;
  let frame = false;
  for (let i = Math.max(0, 42 - tailOffset); i < tail.length && !frame; i++) frame = isFlacFrameAt(tail, i);
  return frame ? [{ offset: 4, bytes: Buffer.from([0x80]) }] : undefined;
}

function oggPatches(head: Buffer): Patch[] | undefined {
  for (const magic of ['OpusTags', '\x03vorbis']) {
    const at = head.indexOf(magic, 0, 'latin1');
    if (at < 0) continue;
    // The 8 bytes to zero must lie in the page the magic is in (its body ends where its segments do).
    const page = head.lastIndexOf('OggS', at, 'latin1');
    if (page < 0 || page + 27 > head.length) return undefined;
    const segments = head[page + 26];
    if (page + 27 + segments > head.length) return undefined;
    let body = 0;
    for (let s = 0; s < segments; s++) body += head[page + 27 + s];
    const start = at + magic.length;
    return start + 8 <= page + 27 + segments + body ? [{ offset: start, bytes: Buffer.alloc(8) }] : undefined;
  }
  return undefined;
}

/** An atom's size and header length at `offset` (size 0: to `end`; size 1: 64-bit size). */
function atomAt(header: Buffer, offset: number, end: number): { size: number; headerSize: number; type: string } | undefined {
  if (header.length < 8) return undefined;
  const size32 = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (size32 === 1) return header.length < 16 ? undefined : { size: Number(header.readBigUInt64BE(8)), headerSize: 16, type };
  return { size: size32 === 0 ? end - offset : size32, headerSize: 8, type };
}

async function mp4Patches(file: FileHandle, size: number): Promise<Patch[] | undefined> {
  for (let offset = 0; offset + 8 <= size;) {
    const top = atomAt(await readAt(file, offset, 16), offset, size);
    if (!top || top.size < top.headerSize || offset + top.size > size) return undefined;
    if (top.type === 'moov') {
      const end = offset + top.size;
      const patches: Patch[] = [];
      for (let child = offset + top.headerSize; child + 8 <= end;) {
        const atom = atomAt(await readAt(file, child, 16), child, end);
        if (!atom) break;
        const fits = atom.size >= atom.headerSize && child + atom.size <= end;
        if (atom.type === 'udta' || atom.type === 'meta') {
          patches.push({ offset: child + 4, bytes: Buffer.from('free', 'latin1') });
          if (!fits) {
            if (atom.headerSize !== 8) break;
            const reach = Buffer.alloc(4);
            reach.writeUInt32BE(end - child);
            patches.push({ offset: child, bytes: reach });
          }
        }
        if (!fits) break;
        child += atom.size;
      }
      return patches.length > 0 ? patches : undefined;
    }
    offset += top.size;
  }
  return undefined;
}

/** The file's chunks with the patches applied. */
async function* patchedChunks(path: string, patches: Patch[]): AsyncGenerator<Buffer> {
  let position = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    for (const p of patches) {
      const start = Math.max(p.offset, position);
      const end = Math.min(p.offset + p.bytes.length, position + bytes.length);
      if (start < end) p.bytes.copy(bytes, start - position, start - p.offset, end - p.offset);
    }
    position += bytes.length;
    yield bytes;
  }
}

/**
 * The file parsed with its FLAC, Ogg or MP4 tags out of the way (no tags read); undefined when it is
 * none of these or nothing can be set aside. `bytes`: the whole file when it is already in memory.
 */
export async function readPastDamagedTags(path: string, size: number, bytes?: Buffer): Promise<IAudioMetadata | undefined> {
  const file = await open(path);
  let patches: Patch[] | undefined;
  let mimeType: string;
  try {
    const head = bytes ? bytes.subarray(0, HEAD_BYTES) : await readAt(file, 0, Math.min(size, HEAD_BYTES));
    const magic = head.toString('latin1', 0, 4);
    if (magic === 'fLaC') {
      const tailOffset = Math.max(0, size - HEAD_BYTES);
      const tail = bytes ? bytes.subarray(tailOffset) : await readAt(file, tailOffset, size - tailOffset);
      patches = flacPatches(head, tail, tailOffset);
      mimeType = 'audio/flac';
    } else if (magic === 'OggS') {
      patches = oggPatches(head);
      mimeType = 'audio/ogg';
    } else if (head.toString('latin1', 4, 8) === 'ftyp') {
      patches = await mp4Patches(file, size);
      mimeType = 'audio/mp4';
    } else return undefined;
  } finally {
    await file.close();
  }
  if (!patches) return undefined;
  if (bytes) {
    const copy = Buffer.from(bytes);
    for (const p of patches) p.bytes.copy(copy, p.offset);
    return parseBuffer(copy, { mimeType, size }, { duration: true, skipCovers: true });
  }
  return parseStream(Readable.from(patchedChunks(path, patches), { objectMode: false }), { mimeType, size }, { duration: true, skipCovers: true });
}
