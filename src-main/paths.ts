// Where the desktop app finds its shipped files, packaged or run from the project (`electron .`).
// The headless CLI uses app-dirs.ts instead; both agree on the layout.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import { projectDirs, type AppDirs } from './app-dirs';

/** resources/ and the built UI. Packaged, resources/ is copied next to app.asar (extraResources). */
export function shellDirs(): AppDirs {
  // app.getAppPath() is the project root in development and app.asar when packaged; out/ lives in it.
  const appPath = app.getAppPath();
  if (!app.isPackaged) return projectDirs(appPath);
  return { resourcesDir: process.resourcesPath, rendererDir: join(appPath, 'out', 'renderer') };
}

/** The sandboxed preload, built as CommonJS (a sandboxed preload cannot be an ES module). */
export function preloadPath(): string {
  return join(app.getAppPath(), 'out', 'preload', 'index.cjs');
}

/**
 * better-sqlite3 rebuilt for Electron's ABI, if one was built into native/electron-<abi>/ (docs/desktop-packaging.md:
 * node_modules keeps the Node binding the tests use). Keyed by ABI so a binding left over from an
 * older Electron is ignored rather than crashing the load. Undefined means the default binding.
 */
export function sqliteBinding(): string | undefined {
  const base = app.isPackaged ? process.resourcesPath : app.getAppPath();
  const file = join(base, 'native', `electron-${process.versions.modules}`, 'better_sqlite3.node');
  return existsSync(file) ? file : undefined;
}
