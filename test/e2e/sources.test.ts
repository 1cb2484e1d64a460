// Provenance in Chromium against a real server: Settings → Sources lists the bundled sources and a
// folder imported (through the writer) before the server started; Browse and Search narrow by kind of
// source; an entry page says where it came from; removing the folder (after the confirm step) takes its
// entries away. Screenshots: settings-sources, settings-sources-confirm, browse-source-filter, search-source-filter.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogueWriter, type IncomingEntry } from '../../src-main/catalogue/write/catalogue-writer';
import { ensureWorkingCatalogue } from '../../src-main/catalogue/upgrade/working-copy';
import type { WikiDto } from '../../src-main/contract/objects';
import type { Locator } from 'playwright-core';
import { SCREENS_DIR, startHarness, type Harness } from './fixtures/browser';

const FOLDER_NAME = 'E2E Folder';
const album = (key: string, title: string): IncomingEntry => ({
  sourceKey: key,
  type: 'music',
  title,
  aliases: [],
  date: 1_700_000_000,
  modified: 1_700_000_000,
  meta: [{ key: 'artist', value: 'Test Artist' }],
  tags: ['imported'],
  subs: [{ sourceKey: `${key}-1`, type: 'song', order: '1', title: `${title} Theme`, date: 1_700_000_000, modified: 1_700_000_000 }],
});

let h: Harness;
let imported: number[] = [];
beforeAll(async () => {
  h = await startHarness({
    beforeStart: async ({ dataDir, shippedCatalogue }) => {
      const working = join(dataDir, CATALOGUE_FILE);
      await ensureWorkingCatalogue(shippedCatalogue, working);
      const writer = openCatalogueWriter(working);
      try {
        const source = writer.ensureSource('folder', '/srv/e2e-music', FOLDER_NAME);
        imported = writer.upsertEntries(source.sourceId, [album('a', 'Zephyr Quokka Album'), album('b', 'Zephyr Numbat Album')]);
        writer.setSourceState(source.sourceId, {});
      } finally {
        writer.close();
      }
    },
  });
});
afterAll(() => h?.close());

async function apiWikis(query: Record<string, string>): Promise<{ count: number; wikis: WikiDto[] }> {
  const url = new URL('/wikis.json', h.server.url);
  for (const [k, v] of Object.entries({ ...query, api_key: h.server.apiKey })) url.searchParams.set(k, v);
  const { response } = (await (await fetch(url)).json()) as { response: { information: { count: number }; wikis: WikiDto[] } };
  return { count: response.information.count, wikis: response.wikis };
}
const shownIds = () => h.page.getByTestId('browse-result').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-wiki-id'))));
const rows = () => h.page.getByTestId('source-row');
/** A screenshot of one section, scrolled to the middle of the window (clear of the top bar and the player bar). */
async function shotOf(section: Locator, name: string): Promise<void> {
  await section.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await h.page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), clip: (await section.boundingBox())! });
}

describe('sources', () => {
  it('Settings → Sources lists the bundled sources and the imported folder with their counts', async () => {
    await h.open('/settings');
    const section = h.page.getByTestId('settings-sources');
    await section.getByRole('heading', { name: 'Sources' }).waitFor();
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(3);
    await expect(rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).resolves.toEqual(['bundled', 'bundled', 'folder']);
    await expect(rows().nth(0).textContent()).resolves.toContain('bangumi-data (anime)');
    await expect(rows().nth(1).textContent()).resolves.toContain('Demo music and radio');
    const folder = rows().nth(2);
    await expect(folder.textContent()).resolves.toContain(FOLDER_NAME);
    await expect(folder.getByTestId('source-counts').textContent()).resolves.toMatch(/^2 entries · 2 songs and episodes · updated /);
    // Only the folder can be removed.
    await expect(section.getByTestId('source-remove').count()).resolves.toBe(1);
    await shotOf(section, 'settings-sources');
  });

  it('Browse narrows to a kind of source, kept in the URL', async () => {
    await h.open('/browse/music');
    const all = await apiWikis({ wiki_type: 'music', perpage: '24' });
    await expect.poll(shownIds, { timeout: 10_000 }).toEqual(all.wikis.map((w) => w.wiki_id));
    const chips = h.page.getByTestId('browse-source');
    await chips.getByRole('button', { name: 'Folders' }).click();
    await h.page.waitForURL((url) => url.searchParams.get('source') === 'folder');
    await expect.poll(shownIds, { timeout: 10_000 }).toEqual([...imported].sort((a, b) => b - a));
    await expect(h.page.getByTestId('browse-count').textContent()).resolves.toBe('2 entries');
    await h.shot('browse-source-filter');
    await chips.getByRole('button', { name: 'Bundled' }).click();
    await h.page.waitForURL((url) => url.searchParams.get('source') === 'folder,bundled' || url.searchParams.get('source') === 'bundled,folder');
    await chips.getByRole('button', { name: 'Folders' }).click(); // off again: bundled only
    await h.page.waitForURL((url) => url.searchParams.get('source') === 'bundled');
    const bundled = await apiWikis({ wiki_type: 'music', perpage: '24', source: 'bundled' });
    expect(bundled.count).toBe(all.count - 2);
    await expect.poll(shownIds, { timeout: 10_000 }).toEqual(bundled.wikis.map((w) => w.wiki_id));
    await chips.getByRole('button', { name: 'All sources' }).click();
    await h.page.waitForURL((url) => !url.searchParams.has('source'));
    await expect.poll(shownIds, { timeout: 10_000 }).toEqual(all.wikis.map((w) => w.wiki_id));
  });

  it('Search narrows by source, and an entry page says where it came from', async () => {
    await h.open('/search?q=zephyr');
    const entries = h.page.getByTestId('search-entries');
    await expect
      .poll(() => entries.getByRole('link').allTextContents(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('Zephyr Quokka Album')]));
    await h.shot('search-source-filter');
    await h.page.getByTestId('search-source').getByRole('button', { name: 'Bundled' }).click();
    await h.page.waitForURL((url) => url.searchParams.get('source') === 'bundled');
    await h.page.getByText('Nothing found for “zephyr”').waitFor({ timeout: 10_000 });
    await expect(entries.count()).resolves.toBe(0);

    await h.open(`/music/${imported[0]}`);
    await expect(h.page.getByTestId('entry-source').textContent()).resolves.toMatch(/From:\s*E2E Folder \(folder\)/);
    await h.open('/music/51000001');
    await expect(h.page.getByTestId('entry-source').textContent()).resolves.toMatch(/From:\s*Demo music and radio/);
  });

  it('removes the folder after the confirm step, with its entries', async () => {
    await h.open('/settings');
    const section = h.page.getByTestId('settings-sources');
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(3);
    await section.getByTestId('source-remove').click();
    const confirm = section.getByTestId('source-confirm');
    await expect(confirm.textContent()).resolves.toContain(`Remove “${FOLDER_NAME}” and its 2 entries and 2 songs and episodes`);
    await shotOf(section, 'settings-sources-confirm');
    await section.getByTestId('source-confirm-remove').click();
    await expect
      .poll(
        () =>
          section
            .getByTestId('sources-summary')
            .textContent()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe(`“${FOLDER_NAME}” was removed: 2 entries, 2 songs and episodes.`);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
    expect((await apiWikis({ wiki_type: 'music', source: 'folder' })).count).toBe(0);

    await h.open('/browse/music?source=folder');
    await h.page.getByTestId('browse-empty').waitFor({ timeout: 10_000 });
  });
});
