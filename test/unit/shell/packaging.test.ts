// The desktop packaging (electron-builder.yml and its hooks in build/), checked without packaging:
// the config as electron-builder itself loads and validates it, the fuses flipped on a stand-in
// binary, and the refusal to package without the build outputs that are not in git.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);

interface ExtraResource {
  from: string;
  to: string;
  filter?: string[];
}
interface BuilderConfig {
  appId: string;
  productName: string;
  asar: boolean;
  asarUnpack: string[];
  files: string[];
  extraResources: ExtraResource[];
  compression: string;
  npmRebuild: boolean;
  beforePack: string;
  afterPack: string;
  linux: { target: string[]; icon: string; executableName: string; maintainer: string };
}

// electron-builder's own loader and schema validation (app-builder-lib is electron-builder's core).
const { getConfig } = require('app-builder-lib/out/util/config/load') as {
  getConfig(request: object, configPath?: string): Promise<{ result: BuilderConfig; configFile: string } | null>;
};
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: object, debugLogger: { isEnabled: boolean; add(): void }): Promise<void>;
};

interface AfterPackModule {
  FUSES: Record<string, boolean>;
  default(context: object): Promise<void>;
}
interface BeforePackModule {
  missingForPackaging(root: string): string[];
  default(context: object): Promise<void>;
}
const importHook = async <T>(name: string) => (await import(pathToFileURL(join(ROOT, 'build', name)).href)) as T;

let config: BuilderConfig;
let work: string;
beforeAll(async () => {
  const loaded = await getConfig({ packageKey: 'build', configFilename: 'electron-builder', projectDir: ROOT, packageMetadata: null });
  expect(loaded?.configFile).toBe(join(ROOT, 'electron-builder.yml'));
  config = loaded!.result;
  work = mkdtempSync(join(tmpdir(), 'moecat-packaging-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema validation", async () => {
    await expect(validateConfiguration(structuredClone(config), { isEnabled: false, add() {} })).resolves.toBeUndefined();
  });

  it('names the app and makes an AppImage and a deb', () => {
    expect(config.productName).toBe('Moecat');
    expect(config.appId).toMatch(/^[a-z0-9]+(\.[a-z0-9-]+)+$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.executableName).toBe('moecat');
    expect(config.linux.maintainer).toMatch(/<.+@.+>/); // a deb needs one
  });

  it('compresses normally, not at maximum', () => {
    expect(config.compression).toBe('normal');
  });

  it('packs the app in an asar with better-sqlite3 unpacked', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(config.files).toContain('out/**');
  });

  it('ships resources/ beside app.asar and the Electron build of better-sqlite3 in native/', () => {
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: 'resources', to: '.' }));
    expect(config.extraResources).toContainEqual(expect.objectContaining({ from: 'native', to: 'native' }));
  });

  it('never rebuilds native modules inside node_modules (the Node build the tests use)', () => {
    expect(config.npmRebuild).toBe(false);
  });

  it('has Linux icons as sized PNGs rendered from resources/icon.svg', () => {
    const dir = join(ROOT, config.linux.icon);
    const sizes = readdirSync(dir).map((name) => {
      const png = readFileSync(join(dir, name));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(name).toBe(`${width}x${height}.png`);
      return width;
    });
    expect(sizes).toEqual(expect.arrayContaining([16, 32, 48, 64, 128, 256, 512]));
  });

  it('runs the hooks in build/', () => {
    expect(config.beforePack).toBe('build/before-pack.mjs');
    expect(config.afterPack).toBe('build/after-pack.mjs');
  });
});

describe('build/after-pack.mjs', () => {
  const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
  // Electron's defaults: RunAsNode, NODE_OPTIONS, --inspect and file:// privileges on; the rest off.
  const DEFAULT_WIRE = '101100011';

  function standInElectron(dir: string, executable: string): string {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, executable);
    const wire = Buffer.from([1, DEFAULT_WIRE.length, ...Buffer.from(DEFAULT_WIRE)]);
    writeFileSync(file, Buffer.concat([Buffer.alloc(100, 7), Buffer.from(SENTINEL), wire, Buffer.alloc(100, 7)]));
    return file;
  }

  function wireOf(file: string): string {
    const bytes = readFileSync(file);
    const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
    return bytes.subarray(at + 2, at + 2 + bytes[at + 1]).toString();
  }

  it('flips the fuses of the packed Linux executable', async () => {
    const hook = await importHook<AfterPackModule>('after-pack.mjs');
    const appOutDir = join(work, 'linux-unpacked');
    const executable = standInElectron(appOutDir, 'moecat');
    await hook.default({
      appOutDir,
      electronPlatformName: 'linux',
      arch: 1,
      packager: { executableName: 'moecat', appInfo: { productFilename: 'Moecat' } },
    });
    const wire = wireOf(executable);
    // By position: RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, AsarIntegrity, OnlyFromAsar,
    // V8 snapshot (left as is), file:// privileges, and a newer fuse @electron/fuses does not know (left).
    expect(wire).toBe('010011001');
  });

  it('names each fuse it sets', async () => {
    const { FUSES } = await importHook<AfterPackModule>('after-pack.mjs');
    expect(FUSES).toEqual({
      RunAsNode: false,
      EnableCookieEncryption: true,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      GrantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('build/before-pack.mjs', () => {
  function project(name: string, files: string[]): string {
    const root = join(work, name);
    const electron = join(root, 'node_modules', 'electron');
    mkdirSync(electron, { recursive: true });
    writeFileSync(join(electron, 'package.json'), '{"version":"45.4.1"}');
    writeFileSync(join(electron, 'abi_version'), '150\n');
    for (const file of files) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), '');
    }
    return root;
  }

  it('says what to run for each missing build output', async () => {
    const { missingForPackaging } = await importHook<BeforePackModule>('before-pack.mjs');
    const missing = missingForPackaging(project('bare', []));
    expect(missing).toHaveLength(3);
    expect(missing[0]).toContain('npm run build`');
    expect(missing[1]).toContain('npm run build:catalogue');
    expect(missing[2]).toMatch(/Electron 45\.4\.1 \(native\/electron-150\/\): run `npm run rebuild:native`/);
  });

  it('lets a complete project be packaged, and stops an incomplete one', async () => {
    const hook = await importHook<BeforePackModule>('before-pack.mjs');
    const ready = project('ready', ['out/main/index.js', 'resources/catalogue/catalogue.db', 'native/electron-150/better_sqlite3.node']);
    expect(hook.missingForPackaging(ready)).toEqual([]);
    await expect(hook.default({ packager: { projectDir: ready } })).resolves.toBeUndefined();
    await expect(hook.default({ packager: { projectDir: project('no-catalogue', ['out/main/index.js']) } })).rejects.toThrow(
      /cannot be packaged yet[\s\S]*build:catalogue/,
    );
  });
});
