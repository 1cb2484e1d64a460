// Browsing in Chromium against a real server on the bundled catalogue: letters, type tabs, tag chips,
// the year picker, paging, the empty state, and the URL as the record of all of it (back/forward).
// Screenshot: browse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiDto } from '../../src-main/contract/objects';
import { SECTION_TYPES } from '../../src-main/contract/sections';
import { startHarness, type Harness } from './fixtures/browser';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Browse's Anime tab: every anime kind (contract/sections.ts). */
const ANIME = SECTION_TYPES.anime.join(',');

async function wikis(query: Record<string, string>): Promise<{ count: number; wikis: WikiDto[] }> {
  const url = new URL('/wikis.json', h.server.url);
  for (const [k, v] of Object.entries({ ...query, api_key: h.server.apiKey })) url.searchParams.set(k, v);
  const { response } = (await (await fetch(url)).json()) as { response: { information: { count: number }; wikis: WikiDto[] } };
  return { count: response.information.count, wikis: response.wikis };
}

const query = () => new URL(h.page.url()).searchParams;
const results = () => h.page.getByTestId('browse-result');
const titles = () => h.page.getByTestId('browse-result-title').allTextContents();
/** Waits until the results show these entry ids, in this order. */
async function showsIds(ids: number[]): Promise<void> {
  await expect.poll(() => results().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-wiki-id')))), { timeout: 5000 }).toEqual(ids);
}
/** Tokyo midnight, 1 January of a year (Unix seconds). */
const yearStart = (year: number) => Date.UTC(year, 0, 1) / 1000 - 9 * 3600;

describe('browse', () => {
  it('lists the music section, newest first, with covers', async () => {
    await h.open('/browse/music');
    const all = await wikis({ wiki_type: 'music', perpage: '24' });
    await showsIds(all.wikis.map((w) => w.wiki_id));
    await expect(h.page.getByTestId('browse-count').textContent()).resolves.toBe(`${all.count} entries`);
    await expect(h.page.getByTestId('browse-type-music').getAttribute('aria-current')).resolves.toBe('page');
    const img = results().first().locator('img');
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  });

  it('filters by initial letter: B shows both "Blue Horizon" albums', async () => {
    await h.page.getByTestId('browse-letter-b').click();
    await h.page.waitForURL((url) => url.searchParams.get('initial') === 'b');
    const b = await wikis({ wiki_type: 'music', initial: 'b' });
    await showsIds(b.wikis.map((w) => w.wiki_id));
    expect((await titles()).filter((t) => t === 'Blue Horizon')).toHaveLength(2);
    await expect(h.page.getByTestId('browse-letter-b').getAttribute('aria-current')).resolves.toBe('true');
  });

  it('filters by tags, every one applying, and keeps them in the URL', async () => {
    await h.page.locator('[data-testid="browse-tag"][data-tag="OST"]').click();
    await h.page.waitForURL((url) => url.searchParams.get('tag') === 'OST');
    expect(query().get('initial')).toBe('b');
    const ost = await wikis({ wiki_type: 'music', initial: 'b', tag: 'OST' });
    expect(ost.count).toBe(1);
    await showsIds(ost.wikis.map((w) => w.wiki_id));
    await expect(h.page.locator('[data-testid="browse-tag"][data-tag="OST"]').getAttribute('aria-pressed')).resolves.toBe('true');

    // Leave the letter: OST alone, then OST and Instrumental together.
    await h.page.getByTestId('browse-letter-all').click();
    await h.page.waitForURL((url) => !url.searchParams.has('initial'));
    await showsIds((await wikis({ wiki_type: 'music', tag: 'OST' })).wikis.map((w) => w.wiki_id));
    await h.page.locator('[data-testid="browse-tag"][data-tag="Instrumental"]').click();
    await h.page.waitForURL((url) => url.searchParams.get('tag') === 'OST,Instrumental');
    const both = await wikis({ wiki_type: 'music', tag: 'OST,Instrumental' });
    expect(both.count).toBeGreaterThan(0);
    await showsIds(both.wikis.map((w) => w.wiki_id));
  });

  it('shows a friendly empty state when nothing matches, with a way out', async () => {
    await h.page.getByTestId('browse-letter-z').click();
    await h.page.waitForURL((url) => url.searchParams.get('initial') === 'z');
    const empty = h.page.getByTestId('browse-empty');
    await empty.waitFor();
    await expect(empty.textContent()).resolves.toContain('Nothing matches these filters');
    await empty.getByRole('link', { name: 'Clear all filters' }).click();
    await h.page.waitForURL((url) => url.pathname === '/browse/music' && url.search === '');
    await showsIds((await wikis({ wiki_type: 'music' })).wikis.map((w) => w.wiki_id));
  });

  it('picks a year: anime of 2024 only, the date in the URL, and back restores the view before', async () => {
    await h.page.getByTestId('browse-type-anime').click();
    await h.page.waitForURL((url) => url.pathname === '/browse/anime');
    const all = await wikis({ wiki_type: ANIME, perpage: '24' });
    await showsIds(all.wikis.map((w) => w.wiki_id));
    // Web series are anime too: the section counts more than the API's narrower `anime` alias.
    const alias = await wikis({ wiki_type: 'anime', perpage: '1' });
    expect(all.count).toBeGreaterThan(alias.count);
    await expect(h.page.getByTestId('browse-count').textContent()).resolves.toBe(`${all.count} entries`);

    await h.page.getByTestId('browse-year').selectOption('2024');
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024');
    const y2024 = await wikis({ wiki_type: ANIME, date: '2024', perpage: '24' });
    expect(y2024.count).toBeGreaterThan(24);
    await showsIds(y2024.wikis.map((w) => w.wiki_id));
    const dates = await h.page.getByTestId('browse-result-date').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-date'))));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((d) => d >= yearStart(2024) && d < yearStart(2025))).toBe(true);
    await expect(h.page.getByTestId('browse-count').textContent()).resolves.toContain(`${y2024.count} entries`);
    await h.shot('browse');
    await h.page.setViewportSize({ width: 800, height: 600 });
    await h.shot('browse-narrow');
    await h.page.setViewportSize({ width: 1280, height: 800 });

    // A month range within the year.
    await h.page.getByTestId('browse-month-from').selectOption('1');
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024-01');
    await h.page.getByTestId('browse-month-to').selectOption('3');
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024-01,2024-03');
    expect(h.page.url()).toContain('date=2024-01,2024-03'); // readable, as a bookmark should be
    await showsIds((await wikis({ wiki_type: ANIME, date: '2024-01,2024-03', perpage: '24' })).wikis.map((w) => w.wiki_id));

    // Back: the single month, then the whole year, then no date at all — controls and results follow.
    await h.page.goBack();
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024-01');
    await h.page.goBack();
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024');
    await showsIds(y2024.wikis.map((w) => w.wiki_id));
    await expect(h.page.getByTestId('browse-year').inputValue()).resolves.toBe('2024');
    await expect(h.page.getByTestId('browse-month-from').inputValue()).resolves.toBe('');
    await h.page.goBack();
    await h.page.waitForURL((url) => url.pathname === '/browse/anime' && !url.searchParams.has('date'));
    await showsIds(all.wikis.map((w) => w.wiki_id));
    await expect(h.page.getByTestId('browse-year').inputValue()).resolves.toBe('');
    await h.page.goForward();
    await h.page.waitForURL((url) => url.searchParams.get('date') === '2024');
    await showsIds(y2024.wikis.map((w) => w.wiki_id));
  });

  it('pages through the results, the page in the URL', async () => {
    await h.page.getByRole('link', { name: 'Page 2', exact: true }).click();
    await h.page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('date') === '2024');
    await showsIds((await wikis({ wiki_type: ANIME, date: '2024', perpage: '24', page: '2' })).wikis.map((w) => w.wiki_id));
    await expect(h.page.getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    // A letter keeps the other filters and starts again at page 1.
    await expect(h.page.getByTestId('browse-letter-k').getAttribute('href')).resolves.toBe('/browse/anime?initial=k&date=2024');
  });

  it('opens a bookmarked view with every filter from its URL', async () => {
    await h.open('/browse/music?initial=b&tag=OST&page=1');
    await showsIds((await wikis({ wiki_type: 'music', initial: 'b', tag: 'OST' })).wikis.map((w) => w.wiki_id));
    await expect(h.page.locator('[data-testid="browse-tag"][data-tag="OST"]').getAttribute('aria-pressed')).resolves.toBe('true');
    await h.open('/browse');
    await h.page.waitForURL((url) => url.pathname === '/browse/music');
  });
});
