// The desktop window's security policy, checked without Electron.
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  externalOpenTarget,
  isAllowedNavigation,
  readBridgeArgs,
  secureWebPreferences,
  serverOrigin,
} from '../../src-main/window-policy';

const SERVER_URL = 'http://127.0.0.1:41234/';
const ORIGIN = 'http://127.0.0.1:41234';
const KEY = '0123456789abcdef0123456789abcdef012345678';

describe('secureWebPreferences()', () => {
  const prefs = secureWebPreferences('/app/out/preload/index.cjs', SERVER_URL, KEY);

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
      enableBlinkFeatures: '',
      navigateOnDragDrop: false,
      spellcheck: false,
    });
  });

  it('uses the given preload', () => {
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('passes the server URL and key so the preload reads back exactly those values', () => {
    const argv = ['/usr/lib/electron', '--type=renderer', ...prefs.additionalArguments];
    expect(readBridgeArgs(argv)).toEqual({ serverUrl: SERVER_URL, apiKey: KEY });
  });

  it('refuses a server that is not loopback http', () => {
    expect(() => secureWebPreferences('/p.cjs', 'http://example.com:80/', KEY)).toThrow(/loopback/);
    expect(() => secureWebPreferences('/p.cjs', 'file:///etc/passwd', KEY)).toThrow(/loopback/);
    expect(() => secureWebPreferences('/p.cjs', 'not a url', KEY)).toThrow(/loopback/);
  });

  it('refuses a key that could be misread on a command line', () => {
    expect(() => secureWebPreferences('/p.cjs', SERVER_URL, 'abc --inspect')).toThrow(/key/);
    expect(() => secureWebPreferences('/p.cjs', SERVER_URL, '')).toThrow(/key/);
  });
});

describe('readBridgeArgs()', () => {
  it('answers null when a value is missing', () => {
    expect(readBridgeArgs(['electron', `--moecat-server=${SERVER_URL}`])).toBeNull();
    expect(readBridgeArgs(['electron', `--moecat-key=${KEY}`])).toBeNull();
    expect(readBridgeArgs(['electron', '--moecat-key='])).toBeNull();
  });
});

describe('serverOrigin()', () => {
  it('answers the origin of a loopback URL', () => {
    expect(serverOrigin('http://127.0.0.1:41234/wikis?x=1')).toBe(ORIGIN);
    expect(serverOrigin('http://localhost:8080/')).toBe('http://localhost:8080');
  });
});

describe('isAllowedNavigation()', () => {
  it.each([`${ORIGIN}/`, `${ORIGIN}/music/12?x=1#top`, `${ORIGIN}/search?q=%E6%9D%B1%E6%96%B9`])(
    'allows %s on the server',
    (url) => expect(isAllowedNavigation(url, ORIGIN)).toBe(true),
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
  ])('opens nothing for %s', (url) => expect(externalOpenTarget(url)).toBeNull());
});

describe('contentSecurityPolicy()', () => {
  const directives = new Map(
    contentSecurityPolicy(ORIGIN)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources] as const),
  );

  it('denies by default and allows scripts, styles and requests only from the server', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual([ORIGIN]);
    expect(directives.get('style-src')).toEqual([ORIGIN]);
    expect(directives.get('connect-src')).toEqual([ORIGIN]);
  });

  it('allows no inline code, eval, plugins, framing or base rewriting', () => {
    const all = [...directives.values()].flat();
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
  });

  it('refuses something that is not a loopback origin, since it goes into a header', () => {
    expect(() => contentSecurityPolicy("http://127.0.0.1:1; script-src 'unsafe-inline'")).toThrow();
    expect(() => contentSecurityPolicy(`${ORIGIN}/path`)).toThrow();
  });
});
