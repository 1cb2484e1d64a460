// The folder watcher's batches (server/library-watch.ts): the whole folder checked at start, then only
// the paths that changed (a file, a cover picture, a folder: the import reads what each stands for),
// hidden ones left out, collected into one batch while changes keep coming.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_FILE } from '../../../src-main/catalogue/db/catalogue-files';
import { CatalogueJobs } from '../../../src-main/server/catalogue-jobs';
import { LibraryWatch } from '../../../src-main/server/library-watch';
import { fixtureCatalogueDir } from '../../fixtures/app';
import { tempDir } from '../../fixtures/temp-dir';

const WAIT = { timeout: 10_000, interval: 50 };
let music: string;
let jobs: CatalogueJobs;
let watch: LibraryWatch;
let calls: (string[] | undefined)[];

beforeEach(() => {
  const work = tempDir('moecat-watch-unit-');
  music = join(work, 'music');
  mkdirSync(join(music, 'A'), { recursive: true });
  writeFileSync(join(music, 'A/old.mp3'), 'x');
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  jobs = new CatalogueJobs(file, () => {});
  calls = [];
  watch = new LibraryWatch({
    jobs,
    folders: () => [{ source_id: 7, path: music }],
    hasSongs: () => true,
    importFolder: async (_folder, only) => {
      calls.push(only && [...only].sort());
      return null;
    },
    quietMs: 300,
    maxWaitMs: 3_000,
    retryMs: 60_000,
  });
  watch.start();
});

afterEach(async () => {
  await watch.close();
  await jobs.idle();
});

const watching = () => vi.waitFor(() => expect(watch.stateOf(7).watch_state).toBe('watching'), WAIT);

describe('LibraryWatch', () => {
  it('checks the whole folder at start, then imports only the changed paths, in one batch', async () => {
    await watching();
    expect(calls).toEqual([undefined]);
    writeFileSync(join(music, 'A/new.flac'), 'x');
    mkdirSync(join(music, 'B/C'), { recursive: true });
    writeFileSync(join(music, 'B/C/deep.opus'), 'x');
    writeFileSync(join(music, 'A/cover.jpg'), 'x');
    writeFileSync(join(music, 'A/.hidden.mp3'), 'x');
    await vi.waitFor(() => expect(calls.length).toBe(2), WAIT);
    // Each change is named, itself or by a folder it lies in (the system may report a new folder's
    // file, the folder, or both); the hidden file is not seen, and nothing else is.
    const covers = (path: string) => calls[1]!.some((p) => p === path || path.startsWith(`${p}/`));
    for (const changed of ['A/new.flac', 'A/cover.jpg', 'B/C/deep.opus']) expect(covers(changed), changed).toBe(true);
    expect(calls[1]!.every((p) => ['A/new.flac', 'A/cover.jpg', 'B', 'B/C', 'B/C/deep.opus'].includes(p))).toBe(true);
    expect(calls[1]!.every((p) => !p.includes('.hidden'))).toBe(true);
    await jobs.idle();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.length).toBe(2);
  });

  it('says a folder it follows is watching, and one it does not unwatched', async () => {
    await watching();
    expect(watch.stateOf(7)).toMatchObject({ watch_state: 'watching', watch_reason: '', watch_reason_code: '' });
    expect(watch.stateOf(8)).toEqual({ watch_state: 'unwatched', watch_since: 0, watch_reason: '', watch_reason_code: '' });
  });
});
