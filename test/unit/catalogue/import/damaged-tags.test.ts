// Folder import of FLAC, Ogg Vorbis, Opus and MP4 files (made by ffmpeg, fixtures/audio-formats.ts)
// whose tags are damaged — a metadata block, comment packet or atom with a length that does not fit:
// each joins named from its path (title from the file's name, album from its folder) with its audio
// facts, read from memory or streamed; a file with no audio behind such a header, or no audio at all,
// is still a problem.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBuffer } from 'music-metadata';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { importFolder, type FolderImportResult } from '../../../../src-main/catalogue/import/folder-import';
import { readPastDamagedTags } from '../../../../src-main/catalogue/import/damaged-tags';
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type CatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { encodeTone, FORMAT_FIXTURES, SECONDS } from '../../../fixtures/audio-formats';
import { fixtureCatalogueDir } from '../../../fixtures/app';

const fixture = (type: string) => FORMAT_FIXTURES.find((f) => f.type === type)!;
const TAGS = { title: 'Never Read', album: 'Never Read Album', artist: 'Nobody' };

let work: string;
let music: string;
let writer: CatalogueWriter;
let reader: Catalogue;
let result: FolderImportResult;

/** The FLAC metadata blocks: [offset of the header, type, length]. */
function flacBlocks(bytes: Buffer): [number, number, number][] {
  const blocks: [number, number, number][] = [];
  for (let at = 4; ;) {
    const type = bytes[at] & 0x7f;
    const length = bytes.readUIntBE(at + 1, 3);
    blocks.push([at, type, length]);
    if (bytes[at] & 0x80) return blocks;
    at += 4 + length;
  }
}

/** Writes `path` made by `f` with TAGS, then lets `damage` change its bytes (checking that music-metadata now fails on them). */
async function damaged(path: string, type: string, damage: (bytes: Buffer) => void): Promise<string> {
  encodeTone(path, fixture(type), TAGS);
  const bytes = readFileSync(path);
  expect((await parseBuffer(bytes, { path, size: bytes.length })).common.title).toBe('Never Read');
  damage(bytes);
  writeFileSync(path, bytes);
  await expect(parseBuffer(bytes, { path, size: bytes.length }, { duration: true })).rejects.toThrow();
  return path;
}

const blockOf = (bytes: Buffer, type: number) => flacBlocks(bytes).find((b) => b[1] === type)!;
const after = (bytes: Buffer, magic: string) => bytes.indexOf(magic, 0, 'latin1') + magic.length;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-damaged-'));
  music = join(work, 'music');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  writer = openCatalogueWriter(file);
  reader = openCatalogue(file);

  const dir = join(music, 'Damaged Tags');
  // FLAC: a PICTURE block whose MIME type length runs past the block; a VORBIS_COMMENT block whose own
  // length is short, so the next block header is read from inside it.
  await damaged(join(dir, '01 - picture.flac'), 'flac', (b) => b.writeUInt32BE(0x7fff_ffff, blockOf(b, 6)[0] + 4 + 4));
  await damaged(join(dir, '02 - comment.flac'), 'flac', (b) => b.writeUIntBE(16, blockOf(b, 4)[0] + 1, 3));
  // Ogg: the comment packet's vendor length, and its first comment's length, past the packet.
  await damaged(join(dir, '03 - vendor.opus'), 'opus', (b) => b.writeUInt32LE(0x7fff_ffff, after(b, 'OpusTags')));
  await damaged(join(dir, '04 - comment.ogg'), 'ogg', (b) => {
    const vendor = after(b, '\x03vorbis');
    b.writeUInt32LE(0x7fff_ffff, vendor + 4 + b.readUInt32LE(vendor) + 4);
  });
  // MP4: the ilst atom's size past its parent's end; a tag atom's size below a header's.
  await damaged(join(dir, '05 - ilst.m4a'), 'm4a', (b) => b.writeUInt32BE(0x7fff_ffff, b.indexOf('ilst', 0, 'latin1') - 4));
  await damaged(join(dir, '06 - data.m4a'), 'alac', (b) => b.writeUInt32BE(3, b.indexOf('data', b.indexOf('ilst', 0, 'latin1'), 'latin1') - 4));

  // Still problems: a FLAC header with a damaged comment and no audio after it, and files that are no audio at all.
  const bad = join(music, 'Bad');
  mkdirSync(bad, { recursive: true });
  const streamInfo = readFileSync(join(dir, '02 - comment.flac')).subarray(0, 42);
  const comment = Buffer.alloc(4 + 16);
  comment.writeUInt32BE(0x8400_0010); // the last block: VORBIS_COMMENT, 16 bytes
  comment.writeUInt32LE(0x7fff_ffff, 4); // its vendor length, past the block
  writeFileSync(join(bad, 'header only.flac'), Buffer.concat([streamInfo, comment]));
  writeFileSync(join(bad, 'text.flac'), 'fLaC is not enough: this is a text file, not audio.\n'.repeat(40));
  writeFileSync(join(bad, 'text.m4a'), Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypM4A text but no movie', 'latin1')]));

  result = await importFolder({ writer, folder: music, dataDir: join(work, 'data'), readers: { threads: 0 } });
});
afterAll(() => {
  writer.close();
  reader.close();
  rmSync(work, { recursive: true, force: true });
});

const songsOf = (album: string) =>
  sqlOf(reader)
    .prepare(
      `SELECT s.sub_title AS title, u.up_type AS type, u.up_length AS length, u.up_sample_rate AS sampleRate, u.up_codec AS codec, u.up_lossless AS lossless,
        u.up_bitrate AS bitrate, u.up_filesize AS size FROM wiki w JOIN sub s ON s.sub_parent_wiki = w.wiki_id JOIN upload u ON u.up_obj_id = s.sub_id
      WHERE w.wiki_title = ? ORDER BY s.sub_title`,
    )
    .all(album) as { title: string; type: string; length: number; sampleRate: number; codec: string; lossless: number; bitrate: number; size: number }[];

describe('importFolder() — files whose tags are damaged', () => {
  it('takes FLAC, Ogg and MP4 files whose tags cannot be parsed, named from their path, with their audio facts', () => {
    const songs = songsOf('Damaged Tags');
    expect(songs.map((s) => [s.title, s.type, s.length, s.sampleRate, s.lossless])).toEqual([
      ['01 - picture', 'flac', SECONDS, 44_100, 1],
      ['02 - comment', 'flac', SECONDS, 44_100, 1],
      ['03 - vendor', 'opus', SECONDS, 48_000, 0],
      ['04 - comment', 'ogg', SECONDS, 44_100, 0],
      ['05 - ilst', 'm4a', SECONDS, 44_100, 0],
      ['06 - data', 'alac', SECONDS, 44_100, 1],
    ]);
    for (const s of songs) {
      expect(s.codec, s.title).not.toBe('');
      expect(s.bitrate, s.title).toBeGreaterThan(0);
    }
    expect(sqlOf(reader).prepare("SELECT count(*) FROM wiki WHERE wiki_title LIKE 'Never Read%'").pluck().get()).toBe(0);
    expect(sqlOf(reader).prepare("SELECT count(*) FROM sub WHERE sub_title = 'Never Read'").pluck().get()).toBe(0);
  });

  it('still lists a damaged header with no audio behind it, and files that are not audio, as problems', () => {
    expect(result.songs.added).toBe(6);
    expect(result.problems).toHaveLength(3);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Bad\/header only\.flac: /),
        expect.stringMatching(/^Bad\/text\.flac: /),
        expect.stringMatching(/^Bad\/text\.m4a: /),
      ]),
    );
    expect(songsOf('Bad')).toEqual([]);
  });

  it('reads a file too large to hold in memory the same way, streaming it with the same bytes set aside', async () => {
    for (const name of ['01 - picture.flac', '02 - comment.flac', '03 - vendor.opus', '04 - comment.ogg', '05 - ilst.m4a', '06 - data.m4a']) {
      const path = join(music, 'Damaged Tags', name);
      const { size } = statSync(path);
      const inMemory = await readPastDamagedTags(path, size, readFileSync(path));
      const streamed = await readPastDamagedTags(path, size);
      expect(inMemory?.format.duration, name).toBeGreaterThan(SECONDS - 0.1);
      expect(streamed?.format, name).toEqual(inMemory?.format);
      expect(streamed?.common.title, name).toBeUndefined();
    }
    expect(await readPastDamagedTags(join(music, 'Bad', 'text.flac'), statSync(join(music, 'Bad', 'text.flac')).size)).toBeUndefined();
  });
});
