// `moecat sync` as a user runs it: the built CLI (out/main/cli.js) in a process of its own, syncing
// from a live server on loopback into a data folder's working catalogue (the real bundled catalogue).
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { closedPort, startRemote, type Remote } from '../fixtures/sync-remote';

const CLI = join(process.cwd(), 'out', 'main', 'cli.js');

/** Runs the CLI without blocking this process (the remote answers from it). */
function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

function oneLineError(stderr: string): string {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => !/ …$/.test(l)); // progress lines come first
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^moecat: /);
  return lines[0];
}

let remote: Remote;
let dataDir: string;

beforeAll(async () => {
  remote = await startRemote();
  dataDir = mkdtempSync(join(tmpdir(), 'moecat-cli-sync-'));
});
afterAll(async () => {
  await remote.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('moecat sync', () => {
  it('copies a live server into the working catalogue with progress, and syncs again incrementally', async () => {
    const first = await run(['sync', '--from', remote.url, '--key', remote.key, '--rate', '500', '--data-dir', dataDir]);
    expect(first.stderr).toContain('Listing entries …');
    expect(first.stderr).toContain('Fetching new and changed entries …');
    expect(first.stdout.trim()).toBe(`Synced ${remote.url}: 18 entries (18 added, 0 updated, 0 removed, 0 unchanged), 39 sub-entries written.`);
    expect(first.code).toBe(0);

    // The working catalogue now answers for the remote's entries beside the bundled ones.
    const catalogue = openCatalogue(join(dataDir, CATALOGUE_FILE));
    try {
      const found = sqlOf(catalogue)
        .prepare("SELECT count(*) FROM wiki w JOIN source s ON s.source_id = w.source_id WHERE s.kind = 'remote' AND s.locator = ?")
        .pluck()
        .get(remote.url);
      expect(found).toBe(18);
      expect(catalogue.stats(0).entries).toBeGreaterThan(8000);
    } finally {
      catalogue.close();
    }

    // The key was saved: syncing again needs none, and nothing changed.
    const again = await run(['sync', '--from', remote.url, '--rate', '500', '--data-dir', dataDir]);
    expect(again.stdout.trim()).toBe(`Synced ${remote.url}: 18 entries (0 added, 0 updated, 0 removed, 18 unchanged), 0 sub-entries written.`);
    expect(again.code).toBe(0);
  });

  it('fails in one line on a remote that is down or refuses the key, and on a bad command line', async () => {
    const port = await closedPort();
    const down = await run(['sync', '--from', `http://127.0.0.1:${port}`, '--key', remote.key, '--data-dir', dataDir]);
    expect(down.code).toBe(1);
    expect(oneLineError(down.stderr)).toBe(`moecat: Cannot reach http://127.0.0.1:${port}: connection refused (/wikis.json, tried 3 times).`);

    const refused = await run(['sync', '--from', remote.url, '--key', '0'.repeat(41), '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(oneLineError(refused.stderr)).toMatch(/^moecat: http:\/\/127\.0\.0\.1:\d+ refused the API key \(HTTP 401: ".+"\)\. Check the key\.$/);

    const noKey = await run(['sync', '--from', `http://127.0.0.1:${port}`, '--data-dir', dataDir]);
    expect(noKey.code).toBe(1);
    expect(oneLineError(noKey.stderr)).toBe(`moecat: sync needs --key KEY (the API key of http://127.0.0.1:${port}).`);

    for (const [args, message] of [
      [['sync', '--key', 'k'], 'moecat: sync needs --from URL (the remote API, http://host:port).'],
      [['sync', '--from', 'ftp://example.org', '--key', 'k'], 'moecat: --from must be an http or https URL, not "ftp://example.org".'],
      [['sync', '--from', remote.url, '--key', 'k', '--rate', 'fast'], 'moecat: --rate must be a number above 0, not "fast".'],
    ] as const) {
      const res = await run([...args, '--data-dir', dataDir]);
      expect(res.code).toBe(2);
      expect(oneLineError(res.stderr)).toBe(message);
    }
  });
});
