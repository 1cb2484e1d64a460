// `moecat update-catalogue`, the built CLI run as a user runs it, against a fake registry serving the
// installed bangumi-data's next release (one new show, one show ended): the data folder's catalogue
// is updated, the new show is on air and found, the ended one is not on air; asked again, the data is
// current; while a server runs on the data folder, the command refuses and changes nothing.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { fakeRegistry, nextRealRelease, releaseOf } from '../fixtures/fake-registry';
import { tempDir } from '../fixtures/temp-dir';

const CLI = join(process.cwd(), 'out', 'main', 'cli.js');
/** Runs the CLI without blocking this process, which serves the fake registry it asks. */
const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });

const release = nextRealRelease(Date.now());
let registry: Awaited<ReturnType<typeof fakeRegistry>>;
beforeAll(async () => {
  registry = await fakeRegistry({ releases: { [release.data.version]: await releaseOf(release.data) } });
});
afterAll(() => registry?.close());

/** Whether the catalogue lists the show as airing now, and what a search for its name finds. */
function look(dataDir: string, bgmId: number, name: string) {
  const catalogue = openCatalogue(join(dataDir, 'catalogue.db'));
  try {
    const now = Math.floor(Date.now() / 1000);
    const airing = [...catalogue.queries.onAir.days([1, 2, 3, 4, 5, 6, 7], now, 'http://x').values()].flat().some((e) => e.obj.wiki_bgm_id === bgmId);
    const found = catalogue.queries.search.wikis({ keyword: name }, 3, 0, 'http://x').wikis.map((w) => w.wiki_bgm_id);
    return { version: catalogue.meta('bangumi_data_version'), airing, found };
  } finally {
    catalogue.close();
  }
}

describe('moecat update-catalogue', () => {
  it('updates the anime data from the registry, then says it is current', async () => {
    const dataDir = tempDir('moecat-cli-update-');
    const addedId = Number(release.added.sites[0].id);
    const endedId = Number(release.ended.sites.find((s) => s.site === 'bangumi')!.id);
    const first = await run(['update-catalogue', '--registry', registry.url, '--data-dir', dataDir]);
    expect(first.stderr, first.stderr).not.toMatch(/^moecat:/m);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(`Updated the anime data to bangumi-data ${release.data.version.replace(/\./g, '\\.')}: \\d+ anime \\(1 new, 0 gone\\)`),
    );
    const after = look(dataDir, addedId, 'fresh broadcast test');
    expect(after).toMatchObject({ version: release.data.version, airing: true, found: [addedId] });
    expect(look(dataDir, endedId, release.ended.title).airing).toBe(false);

    const again = await run(['update-catalogue', '--registry', registry.url, '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`The anime data is current: bangumi-data ${release.data.version}`);
  });

  it('refuses in one line, changing nothing, while a server runs on the data folder, or with a bad registry address', async () => {
    const dataDir = tempDir('moecat-cli-update-');
    const server = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((ready) => server.stdout.on('data', (d: Buffer) => /API key:/.test(d.toString()) && ready()));
    try {
      const res = await run(['update-catalogue', '--registry', registry.url, '--data-dir', dataDir]);
      expect(res.code).toBe(1);
      expect(res.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^moecat: Moecat is running on this data folder \(process \d+, http:\/\/127\.0\.0\.1:\d+\/\): update the anime data there, in Settings → Anime data, or stop it first\.$/,
        ),
      ]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    expect(look(dataDir, 0, 'x').version).not.toBe(release.data.version);
    const bad = await run(['update-catalogue', '--registry', 'ftp://example.org', '--data-dir', dataDir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^moecat: "ftp:\/\/example\.org" is not a registry address/);
  });
});
