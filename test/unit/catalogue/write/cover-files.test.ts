// Saved covers: four JPEG sizes per distinct picture, shared by identical pictures, refused when the
// bytes are no picture, and removed on request.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COVERS_DIR, CoverImageError, coverFilePath, LARGE_MAX, removeCovers, saveCover } from '../../../../src-main/catalogue/write/cover-files';
import { COVER_SIZES } from '../../../../src-main/contract/covers';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'moecat-covers-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const png = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('saveCover()', () => {
  it('writes the four sizes as JPEG: square crops, and a large size that keeps the shape', async () => {
    const coverFile = await saveCover(dataDir, await png(1600, 800));
    expect(coverFile).toMatch(/^[0-9a-f]{40}$/);
    for (const size of ['small', 'medium', 'square'] as const) {
      const meta = await sharp(coverFilePath(dataDir, coverFile, size)!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', COVER_SIZES[size], COVER_SIZES[size]]);
    }
    const large = await sharp(coverFilePath(dataDir, coverFile, 'large')!).metadata();
    expect([large.format, large.width, large.height]).toEqual(['jpeg', LARGE_MAX, LARGE_MAX / 2]);
  });

  it('keeps a small picture at its own size in the large size', async () => {
    const coverFile = await saveCover(dataDir, await png(300, 300));
    const large = await sharp(coverFilePath(dataDir, coverFile, 'large')!).metadata();
    expect([large.width, large.height]).toEqual([300, 300]);
  });

  it('shares one folder between identical pictures and gives another picture its own', async () => {
    const a = await saveCover(dataDir, await png(200, 200));
    expect(await saveCover(dataDir, await png(200, 200))).toBe(a);
    const b = await saveCover(dataDir, await png(200, 200, 10));
    expect(b).not.toBe(a);
    expect(readdirSync(join(dataDir, COVERS_DIR)).sort()).toEqual([a, b].sort());
  });

  it('refuses bytes that are no picture and leaves nothing behind', async () => {
    await expect(saveCover(dataDir, Buffer.from('not a picture at all'))).rejects.toBeInstanceOf(CoverImageError);
    expect(existsSync(join(dataDir, COVERS_DIR)) ? readdirSync(join(dataDir, COVERS_DIR)) : []).toEqual([]);
  });

  it('removes the folders it is given, and nothing else', async () => {
    const a = await saveCover(dataDir, await png(200, 200));
    const b = await saveCover(dataDir, await png(200, 200, 10));
    await removeCovers(dataDir, [a, '../escape']);
    expect(readdirSync(join(dataDir, COVERS_DIR))).toEqual([b]);
  });
});

describe('coverFilePath()', () => {
  it('names only cover folders and known sizes', () => {
    const name = 'a'.repeat(40);
    expect(coverFilePath('/data', name, 'small')).toBe(`/data/covers/${name}/small.jpg`);
    expect(coverFilePath('/data', '../../etc', 'small')).toBeUndefined();
    expect(coverFilePath('/data', name, 'huge' as never)).toBeUndefined();
  });
});
