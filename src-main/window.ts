// Creates the desktop window on the local server and fences it in: no navigation off the server,
// no new windows, no webviews, no permissions, a strict CSP; and puts it back where the user left it.
// The decisions live in window-policy.ts and window-state.ts, which are tested without Electron.
import { app, BrowserWindow, nativeTheme, screen, shell, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';
import { createSecureWindow, externalOpenTarget, isAllowedNavigation, serverOrigin, type WindowServer } from './window-policy';
import { loadWindowState, restorePlacement, saveWindowState, windowStateFile } from './window-state';

// Sessions are shared between windows (re-created on macOS 'activate'): guard each one once.
const guardedSessions = new WeakSet<Session>();

/** The window opens the server's own address: its preload hands the page the UI token, so it needs no sign-in link. */
export function createMainWindow(server: WindowServer, preloadPath: string): BrowserWindow {
  const origin = serverOrigin(server.url);
  const stateFile = windowStateFile(app.getPath('userData'));
  const placement = restorePlacement(
    loadWindowState(stateFile),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = createSecureWindow(BrowserWindow, {
    preloadPath,
    server,
    placement,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16161a' : '#fafafa',
    devTools: !app.isPackaged,
  });

  guardSession(window.webContents.session, origin);
  guardNavigation(window, origin);
  rememberPlacement(window, stateFile);

  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(server.url);
  return window;
}

/**
 * Guards every web contents the app will ever create, whatever window it belongs to: no <webview>
 * may attach, and no page may open a window (http(s) links go to the system browser instead).
 */
export function guardAllWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      openInBrowser(url);
      return { action: 'deny' };
    });
  });
}

function guardNavigation(window: BrowserWindow, origin: string): void {
  const contents = window.webContents;
  // A plain link to another site should still work for the user: open it in their browser instead.
  contents.on('will-navigate', (event, url) => {
    if (isAllowedNavigation(url, origin)) return;
    event.preventDefault();
    openInBrowser(url);
  });
  // A server-side redirect is not a will-navigate; it must not lead off the server either.
  contents.on('will-redirect', (event, url) => {
    if (!isAllowedNavigation(url, origin)) event.preventDefault();
  });
}

function openInBrowser(url: string): void {
  const external = externalOpenTarget(url);
  if (external) void shell.openExternal(external);
}

function guardSession(session: Session, origin: string): void {
  if (guardedSessions.has(session)) return;
  guardedSessions.add(session);

  // Moecat needs no camera, microphone, notifications, geolocation, clipboard or HID: refuse them all.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  // The server sends the same policy with the UI; enforcing it here covers every response from the
  // server, whatever it sends. Filtered by origin in the callback: URL match patterns with ports are
  // not reliable across versions.
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAllowedNavigation(details.url, origin)) return callback({});
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    }
    headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}

/** Saves the window's normal bounds and maximized state when it closes (see window-state.ts). */
function rememberPlacement(window: BrowserWindow, stateFile: string): void {
  window.on('close', () => {
    try {
      saveWindowState(stateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      console.error(`Moecat: could not save the window's place: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
