// The desktop window's security policy, checked without Electron.
import { describe, expect, it } from 'vitest';
import {
  bridgeArguments,
  createSecureWindow,
  externalOpenTarget,
  isAllowedNavigation,
  MIN_SIZE,
  readBridgeArgs,
  serverOrigin,
  type MainWindowInput,
  type SecureWindowOptions,
} from '../../../src-main/window-policy';

const SERVER_URL = 'http://127.0.0.1:41234/';
const ORIGIN = 'http://127.0.0.1:41234';
const UI_TOKEN = 'fedcba9876543210fedcba9876543210';
const SERVER = { url: SERVER_URL, uiToken: UI_TOKEN };

/** Stands in for Electron's BrowserWindow: records the options it was constructed with. */
class RecordingWindow {
  constructor(readonly options: SecureWindowOptions) {}
}

function openWith(overrides: Partial<MainWindowInput> = {}): SecureWindowOptions {
  return createSecureWindow(RecordingWindow, {
    preloadPath: '/app/out/preload/index.cjs',
    server: SERVER,
    placement: { x: 40, y: 30, width: 1000, height: 700, maximized: false },
    backgroundColor: '#16161a',
    devTools: false,
    ...overrides,
  }).options;
}

describe('createSecureWindow()', () => {
  const prefs = openWith().webPreferences;

  it('isolates the page from Node and Electron', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
    });
  });

  it('keeps web security on and experimental features off', () => {
    expect(prefs).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    });
  });

  it('enables no Blink feature and turns off middle-click new windows', () => {
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs.disableBlinkFeatures).toBe('Auxclick');
  });

  it('uses the given preload and passes the server URL and the UI token to it, no API key', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    const argv = ['/usr/lib/electron', '--type=renderer', ...prefs.additionalArguments];
    expect(readBridgeArgs(argv)).toEqual({ serverUrl: SERVER_URL, uiToken: UI_TOKEN });
  });

  it('has DevTools only when asked (a packaged app is not)', () => {
    expect(prefs.devTools).toBe(false);
    expect(openWith({ devTools: true }).webPreferences.devTools).toBe(true);
  });

  it('opens hidden at the restored place, with the minimum size of the compact layout', () => {
    const options = openWith();
    expect(options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700, show: false, backgroundColor: '#16161a' });
    expect(options).toMatchObject({ minWidth: MIN_SIZE.width, minHeight: MIN_SIZE.height });
  });

  it('leaves the position to the window manager when the placement has none', () => {
    const options = openWith({ placement: { width: 1200, height: 800, maximized: false } });
    expect(options).not.toHaveProperty('x');
    expect(options).not.toHaveProperty('y');
    expect(options).toMatchObject({ width: 1200, height: 800 });
  });

  it('refuses a server that is not loopback http', () => {
    for (const url of ['http://example.com:80/', 'https://127.0.0.1:41234/', 'file:///etc/passwd', 'not a url']) {
      expect(() => openWith({ server: { ...SERVER, url } })).toThrow(/loopback/);
    }
  });
});

describe('bridgeArguments()', () => {
  it('passes exactly the server origin and the UI token', () => {
    expect(bridgeArguments({ ...SERVER, url: `${ORIGIN}/music/12?x=1` })).toEqual([`--moecat-server=${ORIGIN}/`, `--moecat-ui-token=${UI_TOKEN}`]);
  });

  it('refuses credentials that could be misread on a command line', () => {
    expect(() => bridgeArguments({ ...SERVER, uiToken: 'a b' })).toThrow(/token/);
    expect(() => bridgeArguments({ ...SERVER, uiToken: '' })).toThrow(/token/);
  });
});

describe('readBridgeArgs()', () => {
  const argv = ['electron', ...bridgeArguments(SERVER)];

  it('gives the page the server URL and the UI token, and nothing more', () => {
    expect(Object.keys(readBridgeArgs(argv)!).sort()).toEqual(['serverUrl', 'uiToken']);
  });

  it.each([
    ['the server', (a: string) => !a.startsWith('--moecat-server=')],
    ['the UI token', (a: string) => !a.startsWith('--moecat-ui-token=')],
  ])('answers null when %s is missing', (_name, keep) => {
    expect(readBridgeArgs(argv.filter(keep))).toBeNull();
  });

  it('answers null for empty or malformed values', () => {
    expect(readBridgeArgs(['electron', `--moecat-server=${SERVER_URL}`, '--moecat-ui-token='])).toBeNull();
    expect(readBridgeArgs(['electron', '--moecat-server=https://evil.example/', `--moecat-ui-token=${UI_TOKEN}`])).toBeNull();
    expect(readBridgeArgs(['electron', `--moecat-server=${SERVER_URL}`, '--moecat-ui-token=a"b'])).toBeNull();
  });
});

describe('serverOrigin()', () => {
  it('answers the origin of a loopback URL', () => {
    expect(serverOrigin('http://127.0.0.1:41234/wikis?x=1')).toBe(ORIGIN);
    expect(serverOrigin('http://localhost:8080/')).toBe('http://localhost:8080');
  });
});

describe('isAllowedNavigation()', () => {
  it.each([`${ORIGIN}/`, `${ORIGIN}/music/12?x=1#top`, `${ORIGIN}/search?q=%E6%9D%B1%E6%96%B9`])('allows %s on the server', (url) =>
    expect(isAllowedNavigation(url, ORIGIN)).toBe(true),
  );

  it.each([
    'http://127.0.0.1:41235/', // another port is another server
    'https://127.0.0.1:41234/', // another scheme
    'http://localhost:41234/', // another host name, even if it resolves the same
    'http://127.0.0.1:41234.evil.example/',
    'http://127.0.0.1@evil.example:41234/',
    'https://bgm.tv/subject/1',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'not a url',
  ])('refuses %s', (url) => expect(isAllowedNavigation(url, ORIGIN)).toBe(false));
});

describe('externalOpenTarget()', () => {
  it('hands http and https links to the system browser', () => {
    expect(externalOpenTarget('https://bgm.tv/subject/1')).toBe('https://bgm.tv/subject/1');
    expect(externalOpenTarget('http://example.com/a b')).toBe('http://example.com/a%20b');
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'mailto:someone@example.com',
    'data:text/html,hi',
    '',
    'bgm.tv/subject/1',
    'https://bgm.tv@evil.example/subject/1', // user info disguising the real host
  ])('opens nothing for %s', (url) => expect(externalOpenTarget(url)).toBeNull());
});
