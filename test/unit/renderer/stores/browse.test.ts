// @vitest-environment happy-dom
// The browse store over a stand-in API: the newest filters win, and going back to the page on screen
// while another loads (A → B → A) keeps that page — the late answer for B is dropped, nothing loads;
// the next page is read ahead once a page is shown, used once, only for the same filters and not after
// AHEAD_MS.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WikiFilter, WikiPage } from '../../../../src-renderer/src/api/browse';

const pending: { filter: WikiFilter; page: number; signal?: AbortSignal; resolve: (page: WikiPage) => void; reject: (e: Error) => void }[] = [];
vi.mock('../../../../src-renderer/src/api/browse', () => ({
  fetchWikis: (filter: WikiFilter, page: number, _perPage: number, signal?: AbortSignal) =>
    new Promise<WikiPage>((resolve, reject) => pending.push({ filter, page, signal, resolve, reject })),
  fetchTags: async () => [],
}));

const { AHEAD_MS, PER_PAGE, useBrowseStore } = await import('../../../../src-renderer/src/stores/browse');

const page = (label: string) => ({ count: 1, page: 1, perpage: 24, wikis: [{ wiki_title: label }] }) as unknown as WikiPage;
const A: WikiFilter = { type: 'music', tags: [] };
const B: WikiFilter = { type: 'radio', tags: [] };

/** Page `n` of a list of 60 entries (three pages). */
const pageOf = (n: number) => ({ count: 60, page: n, perpage: PER_PAGE, wikis: [{ wiki_title: `page ${n}` }] }) as unknown as WikiPage;

beforeEach(() => {
  setActivePinia(createPinia());
  pending.length = 0;
  vi.useRealTimers();
});

describe('browse store', () => {
  it('shows the newest filters’ answer, whatever order the answers arrive in', async () => {
    const browse = useBrowseStore();
    const first = browse.load(A, 1);
    const second = browse.load(B, 1);
    expect(pending[0].signal?.aborted).toBe(true);
    pending[1].resolve(page('B'));
    pending[0].resolve(page('A'));
    await Promise.all([first, second]);
    expect(browse.results).toEqual(page('B'));
    expect(browse.loading).toBe(false);
  });

  it('keeps the page on screen when the user goes back to it while another loads', async () => {
    const browse = useBrowseStore();
    const a = browse.load(A, 1);
    pending[0].resolve(page('A'));
    await a;
    const b = browse.load(B, 1); // the user picks Radio …
    expect(browse.loading).toBe(true);
    await browse.load(A, 1); // … and goes back to Music before it answers
    expect(pending).toHaveLength(2); // Music was not asked again: it is on screen
    expect(pending[1].signal?.aborted).toBe(true);
    expect(browse.loading).toBe(false);
    pending[1].resolve(page('B'));
    await b;
    expect(browse.results).toEqual(page('A'));
    expect(browse.loading).toBe(false);
  });

  it('reads the next page ahead once a page is shown, and shows it from there without asking again', async () => {
    const browse = useBrowseStore();
    const first = browse.load(A, 1);
    pending[0].resolve(pageOf(1));
    await first;
    expect(pending.map((p) => p.page)).toEqual([1, 2]); // page 2 asked for ahead
    pending[1].resolve(pageOf(2));
    await browse.load(A, 2);
    expect(pending.map((p) => p.page)).toEqual([1, 2, 3]); // no second ask for 2; 3 ahead
    expect(browse.results).toEqual(pageOf(2));
    expect(browse.loading).toBe(false);
    pending[2].resolve(pageOf(3));
    await browse.load(A, 3);
    expect(browse.results).toEqual(pageOf(3));
    expect(pending.map((p) => p.page)).toEqual([1, 2, 3]); // the last page reads nothing ahead
  });

  it('uses a page read ahead only for the same filters, and only once', async () => {
    const browse = useBrowseStore();
    const first = browse.load(A, 1);
    pending[0].resolve(pageOf(1));
    await first;
    pending[1].resolve(pageOf(2));
    const other = browse.load(B, 2); // page 2 of other filters: asked for
    expect(pending.map((p) => [p.filter.type, p.page])).toEqual([
      ['music', 1],
      ['music', 2],
      ['radio', 2],
    ]);
    pending[2].resolve(pageOf(2));
    await other;
    const again = browse.load(A, 2); // the read-ahead went with the change of filters
    expect(pending).toHaveLength(5);
    expect(pending[4].filter.type).toBe('music');
    pending[4].resolve(pageOf(2));
    await again;
  });

  it('asks again when the page read ahead failed or is older than AHEAD_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const browse = useBrowseStore();
    const first = browse.load(A, 1);
    pending[0].resolve(pageOf(1));
    await first;
    pending[1].reject(new Error('connection reset'));
    const second = browse.load(A, 2);
    await vi.waitFor(() => expect(pending).toHaveLength(3)); // the failure made it ask
    expect(pending[2].page).toBe(2);
    pending[2].resolve(pageOf(2));
    await second;
    expect(browse.results).toEqual(pageOf(2));
    expect(browse.error).toBeNull();
    expect(pending[3].page).toBe(3); // ahead again
    pending[3].resolve(pageOf(3));
    vi.setSystemTime(Date.now() + AHEAD_MS + 1);
    const third = browse.load(A, 3);
    expect(pending).toHaveLength(5); // too old: asked for afresh
    pending[4].resolve(pageOf(3));
    await third;
    expect(browse.results).toEqual(pageOf(3));
  });
});
