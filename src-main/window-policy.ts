// The desktop window's security policy as plain data and pure functions, so it can be unit-tested
// under Node. Imports nothing from electron: window.ts and the preload apply what this decides.

/** Command-line switches that carry the server URL and the UI's key into the sandboxed preload. */
export const SERVER_SWITCH = '--moecat-server=';
export const KEY_SWITCH = '--moecat-key=';

/** What the preload exposes to the page as `window.moecat`: these values and nothing else. */
export interface MoecatBridge {
  readonly serverUrl: string;
  readonly apiKey: string;
}

/**
 * The subset of Electron's WebPreferences this policy sets. Declared here rather than imported so
 * this module stays loadable without electron; BrowserWindow accepts it structurally.
 */
export interface SecureWebPreferences {
  preload: string;
  additionalArguments: string[];
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  enableBlinkFeatures: '';
  webviewTag: false;
  navigateOnDragDrop: false;
  spellcheck: false;
  safeDialogs: true;
}

// The key travels on the renderer's command line; keep it to characters no shell or switch parser
// could misread. The server issues lower-case hex, so this only rejects something unexpected.
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** The server's origin, only for plain-HTTP loopback URLs: the window never points anywhere else. */
export function serverOrigin(serverUrl: string): string {
  const url = parseUrl(serverUrl);
  if (!url || url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
    throw new Error(`Refusing to open the window on ${serverUrl}: not a loopback http URL`);
  }
  return url.origin;
}

export function secureWebPreferences(preloadPath: string, serverUrl: string, key: string): SecureWebPreferences {
  const origin = serverOrigin(serverUrl);
  if (!TOKEN.test(key)) throw new Error('Refusing to pass the UI key: unexpected characters');
  return {
    preload: preloadPath,
    additionalArguments: [`${SERVER_SWITCH}${origin}/`, `${KEY_SWITCH}${key}`],
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    webviewTag: false,
    // A file dropped on the window would otherwise replace the app with a file:// page.
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  };
}

/** Reads back what secureWebPreferences put on the command line; null when either value is missing. */
export function readBridgeArgs(argv: readonly string[]): MoecatBridge | null {
  const serverUrl = argv.find((a) => a.startsWith(SERVER_SWITCH))?.slice(SERVER_SWITCH.length);
  const apiKey = argv.find((a) => a.startsWith(KEY_SWITCH))?.slice(KEY_SWITCH.length);
  if (!serverUrl || !apiKey) return null;
  return { serverUrl, apiKey };
}

/** In-window navigation is allowed only within the server's origin (exact scheme, host and port). */
export function isAllowedNavigation(url: string, origin: string): boolean {
  const target = parseUrl(url);
  return target !== null && target.origin !== 'null' && target.origin === origin;
}

/** The URL to hand to the system browser, or null: only http(s), never file:, javascript:, custom schemes. */
export function externalOpenTarget(url: string): string | null {
  const target = parseUrl(url);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return null;
  return target.href;
}

/**
 * The Content-Security-Policy for pages from the server. Everything comes from the server itself;
 * no inline script or style (the built Vue app needs neither), no eval, no plugins, no framing.
 * data:/blob: images and blob: media are for generated covers and player buffers.
 */
export function contentSecurityPolicy(origin: string): string {
  // The origin goes into a response header: accept only what serverOrigin() would produce.
  if (serverOrigin(origin) !== origin) throw new Error(`Not an origin: ${origin}`);
  return [
    "default-src 'none'",
    `script-src ${origin}`,
    `style-src ${origin}`,
    `img-src ${origin} data: blob:`,
    `media-src ${origin} blob:`,
    `font-src ${origin}`,
    `connect-src ${origin}`,
    `manifest-src ${origin}`,
    "object-src 'none'",
    "worker-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    `form-action ${origin}`,
  ].join('; ');
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
