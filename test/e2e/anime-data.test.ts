// The anime data in the real UI, in Chromium against a real server and a fake registry on 127.0.0.1
// serving the installed bangumi-data's next release (one new show airing since yesterday, one show
// ended): On air says its data is old and marks shows that may have ended; Settings → Anime data names
// the release and its date, updates with a progress bar and says what changed; On air then lists the
// new show and says nothing of old data; About names the new release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeRegistry, installedBangumiData, nextRealRelease, releaseOf } from '../fixtures/fake-registry';
import { startHarness, type Harness } from './fixtures/browser';

const release = nextRealRelease(Date.now());
let h: Harness;
let registry: Awaited<ReturnType<typeof fakeRegistry>>;
beforeAll(async () => {
  registry = await fakeRegistry({ releases: { [release.data.version]: await releaseOf(release.data) } });
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  await registry?.close();
});

describe('the anime data', () => {
  it('On air says the data is old and marks shows that may have ended', async () => {
    await h.open('/');
    const stale = h.page.getByTestId('onair-stale');
    await stale.waitFor();
    await expect(stale.textContent()).resolves.toMatch(/This schedule is from data of Apr \d+, 2026/);
    await expect.poll(() => h.page.getByTestId('onair-may-have-ended').count()).toBeGreaterThan(0);
    await h.shot('onair-stale');
    await stale.getByRole('link', { name: 'Update the anime data' }).click();
    await h.page.waitForURL((url) => url.pathname === '/settings' && url.hash === '#anime-data');
    await h.page.getByTestId('anime-data-version').waitFor();
  });

  it('Settings names the release, updates it with a progress bar, and On air follows', async () => {
    const card = h.page.getByTestId('settings-anime-data');
    await expect(card.getByTestId('anime-data-version').textContent()).resolves.toMatch(
      new RegExp(`^bangumi-data ${installedBangumiData().version.replace(/\./g, '\\.')}, data of`),
    );
    await expect(card.getByTestId('anime-data-checked').textContent()).resolves.toBe('Not checked yet');
    // The registry is a setting of the server (a test points it at the fake one).
    const status = await h.page.evaluate(
      async (url) =>
        (
          await fetch('/app/anime-data/settings.json', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-moecat-ui': JSON.parse(localStorage.getItem('moecat.session')!).token },
            body: JSON.stringify({ weekly: false, registry: url }),
          })
        ).status,
      registry.url,
    );
    expect(status).toBe(200);
    await h.page.reload();
    await card.getByTestId('anime-data-update').click();
    await card.getByTestId('anime-data-job').waitFor();
    await card.getByTestId('anime-data-outcome').waitFor({ timeout: 120_000 });
    await expect(card.getByTestId('anime-data-outcome').textContent()).resolves.toBe(`Updated to bangumi-data ${release.data.version}: 1 new anime, 0 gone.`);
    await expect(card.getByTestId('anime-data-version').textContent()).resolves.toMatch(`bangumi-data ${release.data.version}`);
    await h.shot('settings-anime-data');

    await h.open('/');
    await expect.poll(() => h.page.locator(`[data-testid="onair-entry"][data-wiki-id="${release.added.sites[0].id}"]`).count()).toBeGreaterThan(0);
    await expect(h.page.getByTestId('onair-stale').count()).resolves.toBe(0);
    await h.open('/about');
    await expect(h.page.getByTestId('about-anime-data').textContent()).resolves.toContain(`bangumi-data ${release.data.version}`);
  });
});
