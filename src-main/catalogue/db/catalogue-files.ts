// File names inside a catalogue folder, apart from the builder so that starting a server does not load
// the builder's dependencies (audio synthesis, pinyin, romaji) — they are needed only to build; and
// putting one SQLite file in another's place.
import { existsSync, renameSync, rmSync } from 'node:fs';

export const CATALOGUE_FILE = 'catalogue.db';
export const AUDIO_DIR = 'audio';
/** The data folder's folder of downloaded anime data releases (upgrade/anime-data.ts). */
export const RELEASES_DIR = 'anime-data';

/**
 * Renames an SQLite file with its -wal and -shm, which belong to it and to no other file: whatever
 * `to` had of them goes first, so no write-ahead log of the file replaced is ever read as the new
 * file's. No connection may have `to` open.
 */
export function replaceDatabaseFile(from: string, to: string): void {
  for (const suffix of ['-wal', '-shm']) rmSync(`${to}${suffix}`, { force: true });
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm']) if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
}
