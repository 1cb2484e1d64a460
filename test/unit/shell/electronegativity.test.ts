// The Electronegativity gate of `npm test` (scripts/check-electron.js): it must fail on an insecure
// window and on a file it cannot read, or its green run over src-main/ proves nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'check-electron.js');

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'moecat-electronegativity-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(name: string, files: Record<string, string>) {
  const input = join(work, name, 'src');
  const out = join(work, name, 'results');
  mkdirSync(input, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(input, file), text);
  const run = spawnSync(process.execPath, [SCRIPT, '--input', input, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  const summary = JSON.parse(readFileSync(join(out, 'electronegativity.json'), 'utf8')) as {
    failing: { id: string }[];
    parseErrors: { file: string }[];
  };
  return { status: run.status, stderr: run.stderr, summary };
}

// Fixture sources name the module through a constant, so this test file itself never reads as importing it.
const ELECTRON = 'electron';

describe('npm run check:electron', () => {
  it('fails on a window with Node integration and no context isolation', () => {
    const { status, stderr, summary } = check('insecure', {
      'main.ts': `import { BrowserWindow } from '${ELECTRON}';
export const w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });
`,
    });
    expect(status).toBe(1);
    // Also HIGH: no navigation limits anywhere in the input.
    expect(summary.failing.map((f) => f.id).sort()).toEqual(['CONTEXT_ISOLATION_JS_CHECK', 'LIMIT_NAVIGATION_GLOBAL_CHECK']);
    expect(stderr).toMatch(/HIGH CONTEXT_ISOLATION_JS_CHECK at .*main\.ts:2/);
  });

  it('fails when a file cannot be parsed, since that file went unchecked', () => {
    const { status, summary } = check('unparsable', { 'broken.ts': 'export const = ;\n' });
    expect(status).toBe(1);
    expect(summary.parseErrors.map((e) => e.file)).toEqual([expect.stringMatching(/broken\.ts$/)]);
  });

  it('passes a window made the way Moecat makes it', () => {
    const { status, summary } = check('secure', {
      'main.ts': `import { BrowserWindow, session } from '${ELECTRON}';
export const w = new BrowserWindow({ webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } });
w.webContents.on('will-navigate', (event) => event.preventDefault());
w.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
`,
    });
    expect(summary.failing).toEqual([]);
    expect(status).toBe(0);
  });
});
