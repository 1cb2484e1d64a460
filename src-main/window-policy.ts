// The desktop window's security policy as plain data and pure functions, so it can be unit-tested
// under Node. Imports nothing from electron: window.ts and the preload apply what this decides.
// The sandboxed preload bundles this file, where only a few modules can be required: it imports no
// Node module either: window-state.ts, which touches the file system, imports from here, never the reverse.

/** The window's smallest size: the narrowest layout the UI has (360 px: a phone-width column, the e2e layout test checks every screen at it). */
export const MIN_SIZE = { width: 360, height: 480 } as const;

/** Where to open the window. No x/y means "let the window manager place it" (centred). */
export interface WindowPlacement {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** Command-line switches that carry the server URL and the UI token into the sandboxed preload. */
export const SERVER_SWITCH = '--moecat-server=';
export const UI_TOKEN_SWITCH = '--moecat-ui-token=';

/** What the preload exposes to the page as `window.moecat`: these values and nothing else. */
export interface MoecatBridge {
  readonly serverUrl: string;
  readonly uiToken: string;
}

/** The running server as the window needs it (a subset of RunningServer). */
export interface WindowServer {
  url: string;
  uiToken: string;
}

/**
 * The BrowserWindow options this policy sets. Declared here rather than imported so this module
 * stays loadable without electron; BrowserWindow accepts it structurally.
 */
export interface SecureWindowOptions {
  title: string;
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: false;
  backgroundColor: string;
  webPreferences: {
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
    disableBlinkFeatures: 'Auxclick';
    webviewTag: false;
    navigateOnDragDrop: false;
    spellcheck: false;
    safeDialogs: true;
    devTools: boolean;
  };
}

export type WindowConstructor<W> = new (options: SecureWindowOptions) => W;

export interface MainWindowInput {
  preloadPath: string;
  server: WindowServer;
  placement: WindowPlacement;
  /** Painted until the page has rendered, so there is no white flash in a dark theme. */
  backgroundColor: string;
  /** DevTools while developing; a packaged app has none. */
  devTools: boolean;
}

// The credentials travel on the renderer's command line; keep them to characters no shell or switch
// parser could misread. The server issues lower-case hex, so this only rejects something unexpected.
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * Creates the main window. It takes the BrowserWindow class as a parameter so this module stays
 * loadable without electron and the options stay one literal at the `new` — what a reader and
 * static checkers (Electronegativity) look at — while tests pass a recording stand-in.
 */
export function createSecureWindow<W>(BrowserWindow: WindowConstructor<W>, input: MainWindowInput): W {
  const { placement } = input;
  const position = placement.x !== undefined && placement.y !== undefined ? { x: placement.x, y: placement.y } : {};
  return new BrowserWindow({
    title: 'Moecat',
    ...position,
    width: placement.width,
    height: placement.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    // Shown on ready-to-show, painted in the theme's colour meanwhile.
    show: false,
    backgroundColor: input.backgroundColor,
    webPreferences: {
      preload: input.preloadPath,
      additionalArguments: bridgeArguments(input.server),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // enableBlinkFeatures stays unset: no experimental Blink feature is turned on.
      // A middle click would open a link in a new window; the window-open handler denies those too.
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      // A file dropped on the window would otherwise replace the app with a file:// page.
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: input.devTools,
    },
  });
}

/** The switches that hand the server URL and the UI token to the preload. */
export function bridgeArguments(server: WindowServer): string[] {
  const origin = serverOrigin(server.url);
  if (!TOKEN.test(server.uiToken)) throw new Error('Refusing to pass the UI token: unexpected characters');
  return [`${SERVER_SWITCH}${origin}/`, `${UI_TOKEN_SWITCH}${server.uiToken}`];
}

/** Reads back what bridgeArguments put on the command line; null when any value is missing or malformed. */
export function readBridgeArgs(argv: readonly string[]): MoecatBridge | null {
  const value = (prefix: string) => argv.find((a) => a.startsWith(prefix))?.slice(prefix.length) ?? '';
  const serverUrl = value(SERVER_SWITCH);
  const uiToken = value(UI_TOKEN_SWITCH);
  if (!TOKEN.test(uiToken)) return null;
  try {
    if (`${serverOrigin(serverUrl)}/` !== serverUrl) return null;
  } catch {
    return null;
  }
  return { serverUrl, uiToken };
}

/** The server's origin, only for plain-HTTP loopback URLs: the window never points anywhere else. */
export function serverOrigin(serverUrl: string): string {
  const url = parseUrl(serverUrl);
  if (!url || url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) {
    throw new Error(`Refusing to open the window on ${serverUrl}: not a loopback http URL`);
  }
  return url.origin;
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
  // Credentials in a link are a phishing device (https://bgm.tv@evil.example/); a real link has none.
  if (target.username || target.password) return null;
  return target.href;
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
