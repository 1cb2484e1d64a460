// `node scripts/make-icons.js`: renders resources/icon.svg into the PNG sizes the Linux packages use
// (build/icons/<n>x<n>.png; electron-builder takes no SVG for Linux). Drawn by Debian's Chromium
// through playwright-core, the browser the e2e tests use, so it needs no image tool. Run it again
// after changing the SVG, and commit the PNGs.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(fileURLToPath(import.meta.url), '..', '..');
export const ICON_SIZES = [16, 32, 48, 64, 128, 256, 512];

const svg = readFileSync(join(root, 'resources', 'icon.svg'), 'utf8');
const outDir = join(root, 'build', 'icons');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const file = join(outDir, `${size}x${size}.png`);
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
