// The desktop app's lifecycle: one instance, the local server started on ready and stopped on quit,
// one window on it. Everything the server does is shared with the headless `moecat serve`.
import { join } from 'node:path';
import { app, dialog, Notification, type BrowserWindow } from 'electron';
import { defaultDataDir } from './app-dirs';
import { preloadPath, shellDirs, sqliteBinding } from './paths';
import { startDesktopReminders, type ReminderNotice } from './desktop-reminders';
import { startMoecat, type RunningServer } from './server/start';
import { createMainWindow, guardAllWebContents } from './window';

// The package name is lower-case; name the app and its data folder like `moecat serve` does, so
// both shells share one catalogue, one user db and one set of keys. Must precede the instance lock,
// which is taken per userData folder.
app.setName('Moecat');
app.setPath('userData', defaultDataDir());
// Chromium's caches and storage would otherwise land beside the databases; keep them in a subfolder.
app.setPath('sessionData', join(app.getPath('userData'), 'electron'));

// Every renderer sandboxed, whatever its window asks for (Electron's security checklist). Must
// precede 'ready'.
app.enableSandbox();

// How long quitting waits for the server to close before giving up on a clean shutdown.
const CLOSE_TIMEOUT_MS = 5_000;

let server: Promise<RunningServer> | null = null;
let mainWindow: BrowserWindow | null = null;
let stopped = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  guardAllWebContents();

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.whenReady().then(start).catch(fail);

  // macOS keeps apps alive without windows; elsewhere closing the last window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!mainWindow && server) void server.then(openWindow, fail);
  });

  app.on('before-quit', (event) => {
    if (stopped || !server) return;
    // Hold the quit until the server has closed its sockets and databases, then quit again.
    event.preventDefault();
    const closing = server;
    server = null;
    void closing
      .then((running) => withTimeout(running.close(), CLOSE_TIMEOUT_MS))
      .catch((error: unknown) => console.error(`Moecat: server did not close cleanly: ${message(error)}`))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}

async function start(): Promise<void> {
  const { resourcesDir, rendererDir } = shellDirs();
  const nativeBinding = sqliteBinding();
  server = startMoecat({
    dataDir: app.getPath('userData'),
    resourcesDir,
    rendererDir,
    nativeBinding,
    log: (line) => console.log(line),
    // The command line, run by Electron as Node, with the binding built for Electron's ABI.
    helper: {
      command: process.execPath,
      args: [join(app.getAppPath(), 'out', 'main', 'cli.js')],
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...(nativeBinding ? { MOECAT_SQLITE_BINDING: nativeBinding } : {}) },
    },
  });
  const running = await server;
  openWindow(running);
  const reminders = startDesktopReminders(running, notify);
  app.on('before-quit', () => reminders.stop());
}

/** A reminder as a native notification; clicking it shows the window on the show's page. */
function notify(notice: ReminderNotice): void {
  if (!Notification.isSupported()) return;
  const shown = new Notification({ title: notice.title, body: notice.body });
  shown.on('click', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    void mainWindow.loadURL(notice.url);
  });
  shown.show();
}

function openWindow(running: RunningServer): void {
  mainWindow = createMainWindow(running, preloadPath());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

function fail(error: unknown): void {
  dialog.showErrorBox('Moecat could not start', message(error));
  stopped = true;
  app.exit(1);
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
