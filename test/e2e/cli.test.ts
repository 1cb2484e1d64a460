// The built CLI (out/main/cli.js, made by `npm run build`) run as a user runs it: real processes,
// real files, the real bundled catalogue.
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectDirs } from '../../src-main/app-dirs';
import { CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { shippedCatalogueDir } from '../../src-main/server/start';
import { tempDir } from '../fixtures/temp-dir';

const CLI = join(process.cwd(), 'out', 'main', 'cli.js');
const tmp = () => tempDir('moecat-cli-');

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const res = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** Starts `serve`, waits for its two start lines, and returns them with the process. */
function serve(args: string[]): Promise<{ url: string; key: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => (err += d));
    child.stdout.on('data', (d) => {
      out += d;
      const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API key: ([0-9a-f]+)/.exec(out)?.[1];
      if (url && key) {
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        resolve({ url, key, stop: () => (child.kill('SIGTERM'), exited) });
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

function oneLineError(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^moecat: /);
  return lines[0];
}

describe('moecat serve', () => {
  it('prints a sign-in link and an API key, serves the real catalogue, and stops on SIGTERM', async () => {
    const server = await serve(['--data-dir', tmp()]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32}$/);
    expect(server.key).toMatch(/^[0-9a-f]{41}$/);
    const status = (await (await fetch(new URL('app/status.json', server.url))).json()).response.status;
    expect(status.entries).toBeGreaterThan(8000);
    expect(status.uploads).toBeGreaterThan(30);
    // The page is anyone's; the printed link's token signs one browser in, once, for a session token.
    const home = new URL('/', server.url);
    expect(await (await fetch(home)).text()).toContain('<div id="app"');
    const token = new URL(server.url).searchParams.get('token');
    const start = () =>
      fetch(new URL('/app/session/start.json', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
    const signedIn = await start();
    expect(signedIn.status).toBe(200);
    const session = (await signedIn.json()).response.session.token as string;
    expect((await fetch(new URL('/app/keys.json', server.url), { headers: { 'x-moecat-ui': session } })).status).toBe(200);
    expect((await start()).status).toBe(403);
    expect(await server.stop()).toBe(0);
  });

  it('keeps the same API key and, without --port, the same port across restarts of the same data folder', async () => {
    const dataDir = tmp();
    const first = await serve(['--data-dir', dataDir]);
    await first.stop();
    const second = await serve(['--data-dir', dataDir]);
    await second.stop();
    expect(second.key).toBe(first.key);
    // A calendar app's subscription to the feed keeps working.
    expect(new URL(second.url).port).toBe(new URL(first.url).port);
  });

  it('says in one line that a port is in use', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    const res = run(['serve', '--port', String(port), '--data-dir', tmp()]);
    blocker.close();
    expect(res.code).toBe(1);
    expect(oneLineError(res.stderr)).toMatch(new RegExp(`Port ${port} .* in use`));
  });

  it('refuses a corrupt working catalogue in one line and leaves it as it was', () => {
    const dataDir = tmp();
    const file = join(dataDir, 'catalogue.db');
    writeFileSync(file, 'not a database at all\n'.repeat(100));
    const res = run(['serve', '--data-dir', dataDir]);
    expect(res.code).toBe(1);
    expect(oneLineError(res.stderr)).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('not a database at all\n'.repeat(100));
  });

  it('refuses a foreign database given with --catalogue', () => {
    const dataDir = tmp();
    const foreign = join(dataDir, 'foreign.db');
    copyFileSync(join(process.cwd(), 'package.json'), foreign);
    const res = run(['serve', '--data-dir', dataDir, '--catalogue', foreign]);
    expect(res.code).toBe(1);
    expect(oneLineError(res.stderr)).toMatch(/not an SQLite database/);
  });

  it('says what to do when the resources folder is missing', () => {
    const res = run(['serve', '--data-dir', tmp()], { MOECAT_RESOURCES_DIR: join(tmp(), 'nowhere') });
    expect(res.code).toBe(1);
    expect(oneLineError(res.stderr)).toMatch(/resources folder .* is missing: reinstall/);
  });

  it('rejects a bad --port with a usage error', () => {
    const res = run(['serve', '--port', 'eighty']);
    expect(res.code).toBe(2);
    expect(oneLineError(res.stderr)).toMatch(/--port must be a number/);
  });
});

describe('moecat keys', () => {
  it('creates, lists and revokes named keys', () => {
    const dataDir = tmp();
    const created = run(['keys', 'create', '--name', 'My player', '--data-dir', dataDir]);
    expect(created.code).toBe(0);
    const key = /key:\s+([0-9a-f]{41})\n/.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    expect(created.stdout).toMatch(/secret: [0-9a-f]{32}\n/);
    expect(run(['keys', 'list', '--data-dir', dataDir]).stdout).toMatch(new RegExp(`${key}\\s+active\\s+\\S+\\s+My player`));
    expect(run(['keys', 'revoke', key!, '--data-dir', dataDir]).code).toBe(0);
    expect(run(['keys', 'list', '--data-dir', dataDir]).stdout).toMatch(new RegExp(`${key}\\s+revoked`));
    const again = run(['keys', 'revoke', key!, '--data-dir', dataDir]);
    expect(again.code).toBe(1);
    expect(oneLineError(again.stderr)).toMatch(/No active key/);
  });

  it('needs a name to create a key', () => {
    const res = run(['keys', 'create', '--data-dir', tmp()]);
    expect(res.code).toBe(2);
    expect(oneLineError(res.stderr)).toMatch(/--name/);
  });
});

describe('moecat build-catalogue', () => {
  // The one full build of the suite's files: it also checks the change report against a previous build in --out.
  it('builds the bundled catalogue into --out, reports its size and prints what changed since the previous build there', () => {
    const out = join(tmp(), 'built');
    mkdirSync(out);
    const previous = join(out, CATALOGUE_FILE);
    copyFileSync(join(shippedCatalogueDir(projectDirs().resourcesDir), CATALOGUE_FILE), previous);
    // The previous build lacked one demo album and had another title for a second one.
    const db = new Database(previous);
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM wiki WHERE wiki_id = 51000002').run();
    db.prepare("UPDATE wiki SET wiki_title = 'Old Title' WHERE wiki_id = 51000003").run();
    db.close();
    const res = run(['build-catalogue', '--out', out]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/Built .*catalogue\.db: \d{4,} entries, \d+ sub-entries, \d+ audio files, \d+ with an on-air schedule/);
    expect(res.stderr).toMatch(/Synthesising demo audio/);
    const printed = res.stdout.split('\n');
    expect(printed).toContainEqual(expect.stringMatching(/^Built .*catalogue\.db: \d+ entries/));
    expect(printed).toContainEqual(expect.stringMatching(/^Compared with the previous build: bangumi-data [\d.]+ \(unchanged\); entries \+1 −0 ~1; /));
    expect(printed).toContain('  added: 51000002');
    expect(printed).toContain('  changed: 51000003');
  });
});

describe('moecat', () => {
  it('rejects an unknown command', () => {
    const res = run(['dance']);
    expect(res.code).toBe(2);
    expect(oneLineError(res.stderr)).toMatch(/Unknown command "dance"/);
  });
});
