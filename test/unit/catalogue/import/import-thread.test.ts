// A folder import run by the server's jobs in a worker thread of its own (catalogue/import/import-thread.ts),
// built as the app builds it: the same rows as an import in this thread, its progress, problems, errors
// and cancelling carried across, and a worker that ends without an answer failing the import.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../../../src-main/catalogue/read/catalogue';
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { FolderImportError, type ImportProgress } from '../../../../src-main/catalogue/import/folder-import';
import { importFolderOffThread, type ImportThreadOptions } from '../../../../src-main/catalogue/import/import-thread';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { tempDir } from '../../../fixtures/temp-dir';
import { writeSongs, type TestSong } from '../../../fixtures/mp3-folder';

const NOW = 1_750_000_000_000;
const project = (rel: string) => fileURLToPath(new URL(`../../../../${rel}`, import.meta.url));

let builtDir: string;
let workerFile: string;
beforeAll(async () => {
  // The two workers as the app builds them, side by side: the import's, and its file readers' (found beside it).
  mkdirSync(project('test-results'), { recursive: true });
  builtDir = mkdtempSync(join(project('test-results'), 'import-thread-'));
  writeFileSync(join(builtDir, 'package.json'), '{ "type": "module" }');
  for (const name of ['import-worker', 'import-reader'])
    await build({
      entryPoints: [project(`src-main/catalogue/import/${name}.ts`)],
      outfile: join(builtDir, `${name}.js`),
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
  workerFile = join(builtDir, 'import-worker.js');
});
afterAll(() => rmSync(builtDir, { recursive: true, force: true }));

let file: string;
let music: string;
let dataDir: string;
let reader: Catalogue;
beforeEach(() => {
  const work = tempDir('moecat-import-thread-');
  file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  music = join(work, 'music');
  dataDir = join(work, 'data');
  mkdirSync(dataDir);
  reader = openCatalogue(file);
});
afterEach(() => reader.close());

/** `count` albums of one song each, and a file that is no audio. */
function library(count: number): void {
  const songs: TestSong[] = Array.from({ length: count }, (_, i) => ({
    file: `Artist ${i % 3}/Album ${String(i).padStart(2, '0')}/01 Song.mp3`,
    title: `Song ${i}`,
    album: `Album ${i}`,
    albumArtist: `Artist ${i % 3}`,
    artist: `Artist ${i % 3}`,
    track: '1',
    date: '2020',
    seconds: 1,
  }));
  writeSongs(music, songs);
  writeFileSync(join(music, 'broken.mp3'), 'this is not audio '.repeat(200));
}

const run = (extra: Partial<ImportThreadOptions> = {}) => importFolderOffThread({ catalogue: { file }, folder: music, dataDir, now: () => NOW, ...extra });

/** The folder's albums and songs, without ids (never reused, so two imports differ in them). */
const written = () =>
  sqlOf(reader)
    .prepare(
      `SELECT w.wiki_title, w.wiki_meta, w.wiki_date, s.sub_title, s.sub_order, u.up_md5, u.up_filesize, u.up_length, u.up_bitrate
      FROM wiki w JOIN sub s ON s.sub_parent_wiki = w.wiki_id JOIN upload u ON u.up_obj_id = s.sub_id
      WHERE w.source_id = (SELECT source_id FROM source WHERE kind = 'folder') ORDER BY w.wiki_title, s.sub_order`,
    )
    .all();
const sourceTime = () => sqlOf(reader).prepare("SELECT updated_at FROM source WHERE kind = 'folder'").pluck().get() as number;

describe('importFolderOffThread()', () => {
  it('writes in a worker what an import in this thread writes, with its progress and problems carried across', async () => {
    library(25);
    const here = await run({ workerFile: null });
    const rowsHere = written();
    expect(rowsHere).toHaveLength(25);
    // The same folder into a fresh copy of the catalogue, by the worker.
    reader.close();
    file = join(tempDir('moecat-import-thread-'), CATALOGUE_FILE);
    copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
    reader = openCatalogue(file);
    expect(written()).toEqual([]);

    const phases = new Set<string>();
    let last: ImportProgress | undefined;
    const problems: string[] = [];
    const inWorker = await run({
      workerFile,
      progress: (p) => {
        phases.add(p.phase);
        last = p;
      },
      problem: (p) => problems.push(p),
    });
    expect(written()).toEqual(rowsHere);
    expect(inWorker.songs).toEqual(here.songs);
    expect(inWorker.albums).toEqual(here.albums);
    expect(inWorker.problems).toEqual(here.problems);
    expect(problems).toEqual(here.problems);
    expect(problems).toEqual([expect.stringMatching(/^broken\.mp3:/)]);
    expect([...phases]).toEqual(['scan', 'read', 'write']);
    expect(last).toMatchObject({ phase: 'write', done: 25, total: 25 });
    // The caller's clock crossed with it.
    expect(sourceTime()).toBeGreaterThanOrEqual(NOW / 1000);
    expect(sourceTime()).toBeLessThan(NOW / 1000 + 60);
  });

  it.runIf(process.platform === 'linux')('reads and writes in threads of a lower priority than the one that called it', async () => {
    library(25);
    /** Fields 19 (nice) and 41 (scheduling policy) of a thread's /proc stat line, as "nice/policy". */
    const priorityOf = (stat: string) => {
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return `${fields[16]}/${fields[38]}`;
    };
    const priorities = () =>
      readdirSync('/proc/self/task').flatMap((tid) => {
        try {
          return [priorityOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'))];
        } catch {
          return []; // the thread ended meanwhile
        }
      });
    const seen = new Set<string>();
    await run({ workerFile, progress: (p) => p.phase === 'read' && priorities().forEach((n) => seen.add(n)) });
    // nice 10, and SCHED_IDLE (5) where util-linux's chrt is there and allowed to set it (tried on a child).
    expect(seen.has(idlePolicyAllowed() ? '10/5' : '10/0')).toBe(true);
    // None outlives the import: the threads it made end with it, and no thread of the process's own pools runs at its priority.
    expect(priorities().filter((p) => p.startsWith('10/'))).toEqual([]);
    expect(priorityOf(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe('0/0'); // this thread's own
    expect(getPriority()).toBe(0);
  });

  /** Whether chrt can put a process of ours under SCHED_IDLE here (a container may forbid it). */
  function idlePolicyAllowed(): boolean {
    const chrt = ['/usr/bin/chrt', '/bin/chrt'].find((f) => existsSync(f));
    if (!chrt) return false;
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
    try {
      return spawnSync(chrt, ['--idle', '--pid', '0', String(child.pid)], { stdio: 'ignore' }).status === 0;
    } finally {
      child.kill();
    }
  }

  it('rejects as importFolder() does when the folder cannot be imported', async () => {
    const missing = run({ workerFile, folder: join(music, 'nowhere') });
    await expect(missing).rejects.toBeInstanceOf(FolderImportError);
    await expect(missing).rejects.toThrow(/does not exist/);
  });

  it('stops at the next batch when cancelled, keeping the albums written whole', async () => {
    library(40);
    const abort = new AbortController();
    const cancelled = run({ workerFile, batchAlbums: 1, signal: abort.signal, progress: (p) => p.phase === 'read' && abort.abort() });
    await expect(cancelled).rejects.toThrow(/cancelled/);
    const rows = written();
    expect(rows.length).toBeLessThan(40);
    const albums = sqlOf(reader).prepare("SELECT count(*) FROM wiki WHERE source_id = (SELECT source_id FROM source WHERE kind = 'folder')").pluck().get();
    expect(rows).toHaveLength(albums as number); // one song each: no album without its song
  });

  it('fails, saying so, when its thread ends without an answer', async () => {
    const ending = join(builtDir, 'ending.js');
    writeFileSync(ending, 'process.exit(3);\n');
    library(1);
    await expect(run({ workerFile: ending })).rejects.toThrow(/The import stopped: its thread ended \(code 3\)/);
    expect(written()).toEqual([]);
  });
});
