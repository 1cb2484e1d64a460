// Where Moecat keeps things when run under plain Node (the CLI and headless server). The Electron
// shell passes its own answers (app.getPath('userData'), process.resourcesPath) instead.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The platform's user data directory for Moecat (the same folder Electron's userData uses). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.MOECAT_DATA_DIR) return resolve(env.MOECAT_DATA_DIR);
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Moecat');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Moecat');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Moecat');
}

/** The project root: the nearest folder holding package.json (this file runs from out/main/ or src-main/). */
export function projectRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return resolve(from, '..', '..');
    dir = up;
  }
  return dir;
}

export interface AppDirs {
  /** Shipped, read-only resources (icons, the built catalogue). */
  resourcesDir: string;
  /** The built Vue app. */
  rendererDir: string;
}

/** The project's folders; MOECAT_RESOURCES_DIR overrides the resources folder. */
export function projectDirs(root = projectRoot(), env: NodeJS.ProcessEnv = process.env): AppDirs {
  return {
    resourcesDir: env.MOECAT_RESOURCES_DIR ? resolve(env.MOECAT_RESOURCES_DIR) : join(root, 'resources'),
    rendererDir: join(root, 'out', 'renderer'),
  };
}
