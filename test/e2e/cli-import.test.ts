// `moecat import FOLDER` run as a user runs it (the built CLI, out/main/cli.js): a summary with counts
// and the unreadable files listed, a re-import that keeps ids, one-line failures, and a server on the
// same data folder that then answers and plays the imported albums.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { coverImage, writeSongs } from '../fixtures/mp3-folder';

const CLI = join(process.cwd(), 'out', 'main', 'cli.js');
let work: string;
let music: string;
let dataDir: string;

function run(args: string[]) {
  const res = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 180_000 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The imported albums of the data folder's working catalogue: title → id and song ids. */
function importedAlbums(): Record<string, { id: number; songs: Record<string, number> }> {
  const catalogue = openCatalogue(join(dataDir, 'catalogue.db'));
  try {
    const rows = sqlOf(catalogue)
      .prepare(
        `SELECT w.wiki_id AS id, w.wiki_title AS title, s.sub_id AS subId, s.sub_title AS song FROM wiki w
        JOIN source src ON src.source_id = w.source_id AND src.kind = 'folder'
        LEFT JOIN sub s ON s.sub_parent_wiki = w.wiki_id ORDER BY s.sub_id`,
      )
      .all() as { id: number; title: string; subId: number; song: string }[];
    const out: Record<string, { id: number; songs: Record<string, number> }> = {};
    for (const r of rows) (out[r.title] ??= { id: r.id, songs: {} }).songs[r.song] = r.subId;
    return out;
  } finally {
    catalogue.close();
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-cli-import-'));
  music = join(work, 'My Music');
  dataDir = join(work, 'data');
  const cover = await coverImage('png', [250, 200, 20], 200);
  const tags = { album: 'Zephyr Cli Album', albumArtist: 'Cli Band', artist: 'Cli Band', date: '2022-02-02', genre: 'Rock', cover };
  writeSongs(music, [
    { file: 'Zephyr/01.mp3', title: 'Opening Gust', track: '1', ...tags },
    { file: 'Zephyr/02.mp3', title: 'Calm Air', track: '2', ...tags },
    { file: 'Other/solo.mp3', title: 'Solo Breeze', album: 'Single Breeze' },
  ]);
  writeFileSync(join(music, 'broken.mp3'), 'garbage, not frames '.repeat(50));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('moecat import', () => {
  it('imports a folder into the data folder’s catalogue, printing counts and the files it could not read', () => {
    const res = run(['import', music, '--data-dir', dataDir]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Imported ${music}: 2 albums (2 added, 0 updated, 0 removed), 3 songs (3 added, 0 updated, 0 removed).`);
    expect(res.stdout).toMatch(/1 file or folder could not be read and was left out:\n {2}broken\.mp3: no MP3 audio/);
    expect(res.stderr).toMatch(/Reading files/);
    const albums = importedAlbums();
    expect(Object.keys(albums).sort()).toEqual(['Single Breeze', 'Zephyr Cli Album']);
    expect(Object.keys(albums['Zephyr Cli Album'].songs)).toEqual(['Opening Gust', 'Calm Air']);
    expect(readdirSync(join(dataDir, 'covers'))).toHaveLength(1);
  });

  it('re-imports only what changed, keeping the ids', () => {
    const before = importedAlbums();
    writeSongs(music, [
      { file: 'Zephyr/02.mp3', title: 'Calm Air (Reprise)', track: '2', album: 'Zephyr Cli Album', albumArtist: 'Cli Band', mtime: 1_900_000_000 },
    ]);
    const res = run(['import', music, '--data-dir', dataDir]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('2 albums (0 added, 1 updated, 0 removed), 3 songs (0 added, 1 updated, 0 removed)');
    const after = importedAlbums();
    expect(after['Zephyr Cli Album'].id).toBe(before['Zephyr Cli Album'].id);
    expect(after['Zephyr Cli Album'].songs['Calm Air (Reprise)']).toBe(before['Zephyr Cli Album'].songs['Calm Air']);
    expect(after['Single Breeze']).toEqual(before['Single Breeze']);
  });

  it('says in one line that a folder does not exist, and writes nothing', () => {
    const fresh = join(work, 'fresh-data');
    const res = run(['import', join(work, 'no such folder'), '--data-dir', fresh]);
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([`moecat: The folder ${join(work, 'no such folder')} does not exist.`]);
    expect(existsSync(join(fresh, 'catalogue.db'))).toBe(false);
  });

  it('asks for the folder when none is given', () => {
    const res = run(['import', '--data-dir', dataDir]);
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('moecat: import needs exactly one FOLDER to import.');
  });

  it('leaves albums a server on the same data folder answers and plays', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
          const key = /API key: ([0-9a-f]+)/.exec(out)?.[1];
          if (url && key) resolve({ url, key });
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const search = await (await fetch(new URL(`search/wiki.json?keyword=zephyr%20cli&api_key=${key}`, url))).json();
      expect(search.response.wikis.map((w: { wiki_title: string }) => w.wiki_title)).toEqual(['Zephyr Cli Album']);
      const detail = await (await fetch(new URL(`music/detail.json?wiki_id=${search.response.wikis[0].wiki_id}&api_key=${key}`, url))).json();
      const audio = await fetch(detail.response.subs[0].sub_upload[0].up_url);
      expect(audio.status).toBe(200);
      expect(Buffer.from(await audio.arrayBuffer()).equals(readFileSync(join(music, 'Zephyr', '01.mp3')))).toBe(true);
      const cover = await fetch(search.response.wikis[0].wiki_cover.small);
      expect(cover.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
