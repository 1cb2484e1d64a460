// Smoke test of the whole stack: a real server on the bundled catalogue, the built UI in Chromium.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDirs } from '../../src-main/app-dirs';
import { startMoecat, type RunningServer } from '../../src-main/server/start';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');

let dataDir: string;
let server: RunningServer | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  const dirs = projectDirs(ROOT);
  if (!existsSync(join(dirs.rendererDir, 'index.html'))) {
    throw new Error('The UI is not built: run `npm run build` (npm test does) before the e2e tests.');
  }
  dataDir = mkdtempSync(join(tmpdir(), 'moecat-e2e-'));
  server = await startMoecat({ dataDir, ...dirs });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // A fixed locale, so the formatted numbers on screen have known separators.
  page = await browser.newPage({ locale: 'en-US', viewport: { width: 1200, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('about screen', () => {
  it('shows the size of the bundled catalogue, as the server reports it', async () => {
    // The printed sign-in link, with the page to land on: it signs in and redirects there.
    const link = new URL(server!.loginUrl());
    link.pathname = '/about';
    const response = await page.goto(link.toString());
    expect(response?.ok()).toBe(true);
    expect(new URL(page.url()).search).toBe('');

    const entryCount = page.getByTestId('entry-count');
    await entryCount.waitFor({ state: 'visible' });
    await expect(page.getByTestId('catalogue-size').textContent()).resolves.toMatch(/entries · .* songs & episodes · .* on air this week/);

    // Read the number as a person sees it ("8,512"), not from an attribute.
    const shown = Number((await entryCount.textContent())!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(8000);

    const status = (await (await fetch(new URL('/app/status.json', server!.url))).json()).response.status as { entries: number };
    expect(shown).toBe(status.entries);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'about.png'), fullPage: true });
  });
});
