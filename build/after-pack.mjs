// electron-builder's afterPack hook: flips Electron's fuses in the packaged executable, turning off
// what Moecat never uses and an attacker could (Electron's security checklist, "Check which fuses
// you can change"). electron-builder 25 has no fuse setting; this uses @electron/fuses directly.
import { join } from 'node:path';
import fuses from '@electron/fuses';

const { flipFuses, FuseV1Options, FuseVersion } = fuses;

/** The fuses by @electron/fuses' names. Fuses not listed keep Electron's default. */
export const FUSES = {
  // The binary cannot be run as a plain Node (ELECTRON_RUN_AS_NODE).
  RunAsNode: false,
  // Cookies on disk encrypted with an OS key.
  EnableCookieEncryption: true,
  // NODE_OPTIONS and --inspect cannot inject code into the main process.
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  // app.asar is checked against its recorded hash (macOS and Windows; Electron has no Linux check
  // yet, so on Linux this is inert) and the app is only ever loaded from it.
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  // Moecat loads nothing from file://.
  GrantFileProtocolExtraPrivileges: false,
};

/** @electron/fuses' config: the fuses above by their wire index. */
export function fuseConfig(platform, arch) {
  const config = { version: FuseVersion.V1 };
  for (const [name, value] of Object.entries(FUSES)) {
    const index = FuseV1Options[name];
    if (index === undefined) throw new Error(`@electron/fuses knows no fuse named ${name}`);
    config[index] = value;
  }
  // Flipping changes the binary, which breaks an Apple Silicon ad-hoc signature: sign it again.
  if (platform === 'darwin' && arch === 'arm64') config.resetAdHocDarwinSignature = true;
  return config;
}

/** The Electron executable (or .app) electron-builder just packed. */
export function packedExecutable(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${name}.exe`);
  return join(appOutDir, packager.executableName);
}

// electron-builder's Arch enum: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal.
const ARCH_NAMES = ['ia32', 'x64', 'armv7l', 'arm64', 'universal'];

export default async function afterPack(context) {
  await flipFuses(packedExecutable(context), fuseConfig(context.electronPlatformName, ARCH_NAMES[context.arch]));
}
