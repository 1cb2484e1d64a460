// Settings → Sync in Chromium against a real server: a second server (the remote, over the fixture
// catalogue, one of its albums renamed so that only it has it) is synced by its address and key; the
// progress bar finishes with the counts, the server is listed, search finds the synced album, and with
// the remote gone its songs still play from the audio cache. A refused key and Sync again too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editCatalogue, startRemote, type Remote } from '../fixtures/sync-remote';
import { startHarness, type Harness } from './fixtures/browser';

const ALBUM = 'Aurora Remote Sessions';

let h: Harness;
let page: Page;
let remote: Remote;

beforeAll(async () => {
  remote = await startRemote();
  editCatalogue(remote.file, (db) =>
    db
      .prepare("UPDATE wiki SET wiki_title = ?, wiki_title_encode = 'auroraremotesessions', wiki_modified = wiki_modified + 1 WHERE wiki_id = 51000003")
      .run(ALBUM),
  );
  h = await startHarness();
  page = h.page;
});
afterAll(async () => {
  await h?.close();
  await remote?.close();
});

const section = () => page.getByTestId('settings-sync');
const jobBox = () => section().getByTestId('sync-job');

async function syncFromSettings(url: string, key: string): Promise<void> {
  await section().getByLabel('Server address', { exact: true }).fill(url);
  await section().getByLabel('API key', { exact: true }).fill(key);
  await section().getByRole('button', { name: 'Sync now', exact: true }).click();
}

describe('Settings → Sync', () => {
  it('asks for the address, and says plainly when the key is refused', async () => {
    await h.open('/settings');
    await section().getByRole('button', { name: 'Sync now', exact: true }).click();
    await section().getByText('Type the server’s address.').waitFor();
    await syncFromSettings(remote.url, 'f'.repeat(41));
    await page.waitForSelector('[data-testid="sync-job"] [data-testid="job-progress"][data-status="failed"]', { timeout: 60_000 });
    await expect(jobBox().textContent()).resolves.toMatch(/Failed: http:\/\/127\.0\.0\.1:\d+ refused the API key \(HTTP 401: .+\)\. Check the key\./);
    await expect(jobBox().textContent()).resolves.toContain('What was synced so far is kept');
    await section().getByText('No server synced yet.').waitFor();
  });

  it('syncs a second server with a progress bar that ends with the counts, and lists it', async () => {
    await h.open('/settings');
    await section()
      .getByLabel(/Keep copies of the songs/)
      .check();
    await syncFromSettings(remote.url, remote.key);
    await jobBox().waitFor();
    await expect(jobBox().getByRole('progressbar').getAttribute('aria-label')).resolves.toBe(`Progress of ${remote.url}`);
    await page.waitForSelector('[data-testid="sync-job"] [data-testid="job-progress"][data-status="done"]', { timeout: 90_000 });
    await expect(jobBox().getByTestId('sync-summary').textContent()).resolves.toContain(
      'Entries: 18 added, 0 updated, 0 removed, 0 unchanged. Songs and episodes written: 39.',
    );
    // 34 files: one demo album has no audio.
    await expect(jobBox().textContent()).resolves.toContain('Audio: 34 play from the cache (34 downloaded now); 0 play from the server.');
    const row = section().locator(`[data-testid="sync-source"][data-url="${remote.url}"]`);
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/127\.0\.0\.1:\d+.*18 entries · 39 songs and episodes · synced /s);
    // The form at the top, the finished job and the synced server below it.
    await section().evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 56));
    await h.shot('settings-sync');
  });

  it('syncs again from the list with the saved key: nothing changed', async () => {
    await h.open('/settings');
    await section()
      .getByRole('button', { name: /^Sync .* again$/ })
      .click();
    await expect
      .poll(
        async () =>
          jobBox()
            .getByTestId('sync-summary')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain('Entries: 0 added, 0 updated, 0 removed, 18 unchanged. Songs and episodes written: 0.');
  });

  it('finds the synced album in search and plays it from the cache with the remote gone', async () => {
    await remote.close();
    await h.open('/');
    await page.keyboard.press('/');
    await page.keyboard.type('aurora remote', { delay: 30 });
    const result = page
      .getByTestId('search-entries')
      .getByRole('link', { name: new RegExp(ALBUM) })
      .first();
    await result.waitFor({ timeout: 60_000 });
    await result.click();
    await page.waitForURL((url) => /^\/music\/\d{9,}$/.test(url.pathname));
    await page.getByTestId('entry-title').waitFor({ timeout: 60_000 }); // a loaded machine can be slow here
    await expect(page.getByTestId('entry-title').textContent()).resolves.toBe(ALBUM);
    // The cached file plays (an album in order plays decoded, for gapless joints: the player fetches the
    // file rather than the <audio> element).
    const requested: string[] = [];
    const onRequest = (r: { url(): string }) => void requested.push(r.url());
    page.on('request', onRequest);
    await page.getByTestId('play-all').click();
    await page.waitForFunction(
      () => navigator.mediaSession.playbackState === 'playing' && Number(document.querySelector<HTMLInputElement>('[data-testid="player-seek"]')!.value) > 0.3,
      undefined,
      { timeout: 20_000 },
    );
    page.off('request', onRequest);
    expect(requested.some((u) => u.includes('/files/cache/'))).toBe(true);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Pause', exact: true }).click();

    // Syncing now says plainly that the remote is gone; what was synced stays.
    await h.open('/settings');
    await section()
      .getByRole('button', { name: /^Sync .* again$/ })
      .click();
    await page.waitForSelector('[data-testid="sync-job"] [data-testid="job-progress"][data-status="failed"]', { timeout: 60_000 });
    await expect(jobBox().textContent()).resolves.toMatch(/Failed: Cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused/);
    await expect(section().locator('[data-testid="sync-source"]').textContent()).resolves.toMatch(/18 entries · 39 songs and episodes · synced /);
  });
});
