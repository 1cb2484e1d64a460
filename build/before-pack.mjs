// electron-builder's beforePack hook: stops packaging, saying what to run, when a build output that
// is not in git is missing — a package without them would install and then fail to start.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { electronTarget, nativeBindingFile } from '../scripts/rebuild-native.js';

/** What is missing to package the app from `root`, one line each (empty when ready). */
export function missingForPackaging(root) {
  const missing = [];
  if (!existsSync(join(root, 'out', 'main', 'index.js'))) missing.push('the app build (out/): run `npm run build`');
  if (!existsSync(join(root, 'resources', 'catalogue', 'catalogue.db'))) {
    missing.push('the bundled catalogue (resources/catalogue/): run `npm run build:catalogue`');
  }
  try {
    const { version, abi } = electronTarget(root);
    if (!existsSync(nativeBindingFile(root, abi))) {
      missing.push(`better-sqlite3 for Electron ${version} (native/electron-${abi}/): run \`npm run rebuild:native\``);
    }
  } catch (error) {
    missing.push(`the installed Electron: ${error instanceof Error ? error.message : String(error)}`);
  }
  return missing;
}

export default async function beforePack(context) {
  const missing = missingForPackaging(context.packager.projectDir);
  if (missing.length) throw new Error(`Moecat cannot be packaged yet. Missing:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
}
