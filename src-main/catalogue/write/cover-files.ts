// Cover images that came with imported or synced entries, kept as files under the data directory's
// covers/ folder in the four sizes the server hands out (small, medium, square, large).
//
// Decisions:
// - Content-addressed: a picture lives in covers/<sha1 of its bytes>/, and that folder name is the
//   entry's `cover_file`. Albums whose songs carry the same picture share one folder, and saving a
//   picture again is a no-op.
// - JPEG in every size (a cover is a photo or a drawing; JPEG is small and every browser shows it).
//   small/medium/square are square crops (as the generated covers are); large keeps the picture's
//   shape, scaled down to at most LARGE_MAX pixels on its longer side.
// - A folder appears whole or not at all: sizes are written to a temporary sibling which is renamed
//   into place, so a reader never sees half a cover and a crash leaves only a temp folder.
// - A saved cover is sent only from inside covers/: its real path must lie there (import/inside-folder.ts),
//   so a link planted in the folder cannot make the covers route read a file elsewhere.
// - sharp is loaded when a picture is saved, not with this module: the covers route imports it, and
//   the server must start without loading sharp.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, realpath, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { COVER_SIZES, type CoverSize } from '../../contract/covers';
import { realFileInside } from '../import/inside-folder';

export const COVERS_DIR = 'covers';
/** The longest side of the large size. */
export const LARGE_MAX = 1200;
export const COVER_FILE_TYPE = 'image/jpeg';

const COVER_FILE_PATTERN = /^[0-9a-f]{40}$/;

/** The file of one size of a saved cover, or undefined when `coverFile` is not a cover folder name. */
export function coverFilePath(dataDir: string, coverFile: string, size: CoverSize): string | undefined {
  if (!COVER_FILE_PATTERN.test(coverFile) || !(size in COVER_SIZES)) return undefined;
  return join(dataDir, COVERS_DIR, coverFile, `${size}.jpg`);
}

/** The real path and length of one size of a saved cover, when it is a file inside covers/; else undefined. */
export async function savedCoverFile(dataDir: string, coverFile: string, size: CoverSize): Promise<{ path: string; bytes: number } | undefined> {
  const path = coverFilePath(dataDir, coverFile, size);
  if (!path) return undefined;
  try {
    const file = await realFileInside(await realpath(join(dataDir, COVERS_DIR)), path);
    return file && { path: file.path, bytes: file.info.size };
  } catch {
    return undefined; // not saved (yet), or a link to nothing
  }
}

/** Thrown when the bytes are not a picture sharp can read. */
export class CoverImageError extends Error {
  override name = 'CoverImageError';
}

/** Saves a picture in the four sizes (once per distinct picture) and returns its `cover_file`. */
export async function saveCover(dataDir: string, image: Uint8Array): Promise<string> {
  const coverFile = createHash('sha1').update(image).digest('hex');
  const folder = join(dataDir, COVERS_DIR, coverFile);
  if (existsSync(join(folder, 'large.jpg'))) return coverFile;
  const tmp = `${folder}.${randomBytes(4).toString('hex')}.tmp`;
  await mkdir(tmp, { recursive: true });
  try {
    const { default: sharp } = await import('sharp');
    // Each picture is resized once: libvips's cache of recent operations (up to 50 MiB) would only hold memory.
    sharp.cache(false);
    const source = sharp(image, { failOn: 'error' }).rotate(); // honours an EXIF orientation
    const jpeg = { quality: 86, mozjpeg: true } as const;
    for (const size of Object.keys(COVER_SIZES) as CoverSize[]) {
      const resized =
        size === 'large'
          ? source.clone().resize(LARGE_MAX, LARGE_MAX, { fit: 'inside', withoutEnlargement: true })
          : source.clone().resize(COVER_SIZES[size], COVER_SIZES[size], { fit: 'cover' });
      await resized
        .flatten({ background: '#ffffff' })
        .jpeg(jpeg)
        .toFile(join(tmp, `${size}.jpg`));
    }
    try {
      await rename(tmp, folder);
    } catch (err) {
      // Another import saved the same picture meanwhile: theirs is as good as ours.
      if (!existsSync(join(folder, 'large.jpg'))) throw err;
      await rm(tmp, { recursive: true, force: true });
    }
    return coverFile;
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    if (err instanceof Error && !(err as NodeJS.ErrnoException).code) throw new CoverImageError(`unreadable cover picture (${err.message})`);
    throw err;
  }
}

/** Removes saved covers that no entry names any more (the caller says which are still in use). */
export async function removeCovers(dataDir: string, coverFiles: Iterable<string>): Promise<void> {
  for (const coverFile of coverFiles) {
    if (COVER_FILE_PATTERN.test(coverFile)) await rm(join(dataDir, COVERS_DIR, coverFile), { recursive: true, force: true });
  }
}
