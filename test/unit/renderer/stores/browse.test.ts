// @vitest-environment happy-dom
// The browse store over a stand-in API: the newest filters win, and going back to the page on screen
// while another loads (A → B → A) keeps that page — the late answer for B is dropped, nothing loads.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WikiFilter, WikiPage } from '../../../../src-renderer/src/api/browse';

const pending: { filter: WikiFilter; signal?: AbortSignal; resolve: (page: WikiPage) => void }[] = [];
vi.mock('../../../../src-renderer/src/api/browse', () => ({
  fetchWikis: (filter: WikiFilter, _page: number, _perPage: number, signal?: AbortSignal) =>
    new Promise<WikiPage>((resolve) => pending.push({ filter, signal, resolve })),
  fetchTags: async () => [],
}));

const { useBrowseStore } = await import('../../../../src-renderer/src/stores/browse');

const page = (label: string) => ({ count: 1, page: 1, perpage: 24, wikis: [{ wiki_title: label }] }) as unknown as WikiPage;
const A: WikiFilter = { type: 'music', tags: [] };
const B: WikiFilter = { type: 'radio', tags: [] };

beforeEach(() => {
  setActivePinia(createPinia());
  pending.length = 0;
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
});
