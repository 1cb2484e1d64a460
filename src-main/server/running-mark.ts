// A running server leaves a mark in its data folder (its process id and address), so a command that
// must not change the data under it — `moecat update-catalogue` replaces the working catalogue's file
// — can tell and point the user at the server instead. A mark whose process is gone counts for nothing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARK = 'server.json';

export function markRunning(dataDir: string, url: string): void {
  writeFileSync(join(dataDir, MARK), JSON.stringify({ pid: process.pid, url }));
}

/** Removes this process's own mark (another server's is left alone). */
export function clearRunningMark(dataDir: string): void {
  if (runningServer(dataDir, { includeSelf: true })?.pid === process.pid) rmSync(join(dataDir, MARK), { force: true });
}

/** The server running on `dataDir` — another process than this one, unless asked — if any. */
export function runningServer(dataDir: string, { includeSelf = false } = {}): { pid: number; url: string } | undefined {
  let mark: { pid?: unknown; url?: unknown };
  try {
    mark = JSON.parse(readFileSync(join(dataDir, MARK), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof mark.pid !== 'number' || typeof mark.url !== 'string') return undefined;
  if (mark.pid === process.pid) return includeSelf ? { pid: mark.pid, url: mark.url } : undefined;
  try {
    process.kill(mark.pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user; ESRCH: it is gone.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return { pid: mark.pid, url: mark.url };
}
