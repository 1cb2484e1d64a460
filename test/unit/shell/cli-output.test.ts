// `moecat sync` and `moecat import` print what a remote, a folder's file names and error messages say:
// none of it reaches the terminal with a control character or a bidi override, whatever it held. The
// commands run in this process, their working catalogue a copy of the fixture's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSongs } from '../../fixtures/mp3-folder';
import { fakeRemote, forward, localCatalogue, startRemote, type LocalSide, type Remote } from '../../fixtures/sync-remote';

let local: LocalSide;
vi.mock('../../../src-main/cli-working-catalogue', () => ({ workingCatalogueFor: async () => local.file }));

const { main } = await import('../../../src-main/cli');
const { syncCommand } = await import('../../../src-main/cli-sync');
const { importCommand } = await import('../../../src-main/cli-import');

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** A window-title change, a screen clear, a carriage return and a right-to-left override. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\r\u009b2J\u202e';

let remote: Remote;
let dataDir: string;
beforeAll(async () => {
  remote = await startRemote();
});
afterAll(() => remote.close());
afterEach(() => {
  local?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function setUp() {
  local = localCatalogue({ empty: true });
  dataDir = mkdtempSync(join(tmpdir(), 'moecat-cli-out-'));
}

/** Everything written to the terminal (stdout and stderr) while `run` runs, by line. */
async function terminal(run: () => Promise<unknown>): Promise<string[]> {
  const written: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args) => void written.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...args) => void written.push(args.join(' ')));
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string) => {
    written.push(String(chunk).replace(/^\r|\u001b\[K$|\n$/g, ''));
    return true;
  }) as typeof process.stderr.write);
  await run();
  return written;
}

describe('moecat sync', () => {
  it("prints the remote's titles without their escape sequences", async () => {
    setUp();
    // The remote's titles start with escape sequences, and it has none of the entries it lists.
    const fake = await fakeRemote(async (_req, res, url) => {
      if (url.pathname.endsWith('/detail.json'))
        return void res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"response":{"information":{"msg":["gone"],"has_error":true,"error":404}}}');
      const answer = await forward(remote, url);
      const body = answer.body.toString().replaceAll('"wiki_title":"', `"wiki_title":${JSON.stringify(HOSTILE).slice(0, -1)}`);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(body);
    });
    try {
      const lines: string[] = [];
      const written = await terminal(() =>
        syncCommand({ url: fake.url, key: remote.key, rate: 1000, cacheAudio: false, covers: false }, dataDir, (line) => lines.push(line)),
      );
      const gone = lines.filter((l) => l.includes('no longer has entry'));
      expect(gone.length).toBeGreaterThan(5);
      expect(gone[0]).toContain(']0;pwned[2J');
      for (const line of [...lines, ...written]) expect(line).not.toMatch(UNSAFE);
    } finally {
      await fake.close();
    }
  });

  it("prints a remote's refusal, and any failure, in one line without control characters", async () => {
    setUp();
    const refusing = await fakeRemote((_req, res) => {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ response: { information: { msg: [`Bad key${HOSTILE}\nmoecat: fake second line`], has_error: true, error: 401 } } }));
    });
    try {
      const written = await terminal(() => main(['sync', '--from', refusing.url, '--key', 'k', '--data-dir', dataDir]));
      const errors = written.filter((l) => l.startsWith('moecat:'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('refused the API key');
      for (const line of written) expect(line).not.toMatch(UNSAFE);
    } finally {
      await refusing.close();
    }
  });
});

describe('moecat import', () => {
  it('prints file and folder names without their control characters', async () => {
    setUp();
    const folder = join(dataDir, `Music${HOSTILE}`);
    mkdirSync(folder);
    writeFileSync(join(folder, `song${HOSTILE}.mp3`), 'not an mp3 at all');
    const lines: string[] = [];
    const written = await terminal(() => importCommand(folder, dataDir, (line) => lines.push(line)));
    expect(lines.join('\n')).toContain('song]0;pwned[2J');
    for (const line of [...lines, ...written]) expect(line).not.toMatch(UNSAFE);

    const missing = await terminal(() => main(['import', join(dataDir, `gone${HOSTILE}`), '--data-dir', dataDir]));
    expect(missing.filter((l) => l.startsWith('moecat:'))).toEqual([expect.stringContaining('gone]0;pwned[2J')]);
    for (const line of missing) expect(line).not.toMatch(UNSAFE);
  });

  it('refuses an imported folder that is empty now (its disk not mounted), keeping its albums', async () => {
    setUp();
    const folder = join(dataDir, 'Mounted');
    writeSongs(folder, [{ file: 'A/1.mp3', title: 'Kept Song', album: 'Kept', track: '1', seconds: 1 }]);
    await terminal(() => importCommand(folder, dataDir, () => {}));
    rmSync(join(folder, 'A'), { recursive: true });
    let status = 0;
    const refused = await terminal(async () => (status = await main(['import', folder, '--data-dir', dataDir])));
    expect(status).toBe(1);
    expect(refused.join('\n')).toMatch(/cannot be imported now: the folder is empty \(is its disk mounted\?\); its albums are kept/);
    // Nothing was removed: importing it again once the files are back adds nothing and removes nothing.
    writeSongs(folder, [{ file: 'A/1.mp3', title: 'Kept Song', album: 'Kept', track: '1', seconds: 1 }]);
    const lines: string[] = [];
    await terminal(() => importCommand(folder, dataDir, (line) => lines.push(line)));
    expect(lines.join('\n')).toMatch(/1 album \(0 added, [01] updated, 0 removed\)/);
  });
});
