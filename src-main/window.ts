// Creates the desktop window on the local server and fences it in: no navigation off the server,
// no new windows, no permissions, a strict CSP. The decisions live in window-policy.ts.
import { BrowserWindow, nativeTheme, shell, type Session } from 'electron';
import {
  contentSecurityPolicy,
  externalOpenTarget,
  isAllowedNavigation,
  secureWebPreferences,
  serverOrigin,
} from './window-policy';

export interface WindowServer {
  url: string;
  apiKey: string;
}

// Sessions are shared between windows (re-created on macOS 'activate'): guard each one once.
const guardedSessions = new WeakSet<Session>();

export function createMainWindow(server: WindowServer, preloadPath: string): BrowserWindow {
  const origin = serverOrigin(server.url);
  const window = new BrowserWindow({
    title: 'Moecat',
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    // Shown on ready-to-show, painted in the theme's colour meanwhile, so there is no white flash.
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16161a' : '#fafafa',
    webPreferences: secureWebPreferences(preloadPath, server.url, server.apiKey),
  });

  guardSession(window.webContents.session, origin);
  guardNavigation(window, origin);

  window.once('ready-to-show', () => window.show());
  void window.loadURL(server.url);
  return window;
}

function guardNavigation(window: BrowserWindow, origin: string): void {
  const contents = window.webContents;

  // A plain link to another site should still work for the user: open it in their browser instead.
  const leaveToBrowser = (event: { preventDefault(): void }, url: string) => {
    if (isAllowedNavigation(url, origin)) return;
    event.preventDefault();
    const external = externalOpenTarget(url);
    if (external) void shell.openExternal(external);
  };
  contents.on('will-navigate', leaveToBrowser);
  // A server-side redirect is not a will-navigate; it must not lead off the server either.
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, origin)) event.preventDefault();
  });

  contents.setWindowOpenHandler(({ url }) => {
    const external = externalOpenTarget(url);
    if (external) void shell.openExternal(external);
    return { action: 'deny' };
  });
}

function guardSession(session: Session, origin: string): void {
  if (guardedSessions.has(session)) return;
  guardedSessions.add(session);

  // Moecat needs no camera, microphone, notifications, geolocation, clipboard or HID: refuse them all.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  const csp = contentSecurityPolicy(origin);
  // Filtered by origin in the callback: URL match patterns with ports are not reliable across versions.
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAllowedNavigation(details.url, origin)) return callback({});
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    }
    headers['Content-Security-Policy'] = [csp];
    callback({ responseHeaders: headers });
  });
}
