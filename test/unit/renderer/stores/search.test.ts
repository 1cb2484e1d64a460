// useSearchStore: one search at a time (a newer query wins over a slower older answer), type
// filters sent as the API's types, "load more" appending the next page (its failure told under the rows
// kept), and the previous results kept on screen while the next query loads; a query asked early (the
// search box's keystroke) is asked once, shows nothing until searched, is dropped when another query is
// searched and aborted with the search that took it; a URL's query read.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchAnswer, SearchRequest } from '../../../../src-renderer/src/api/search';

// The API layer is replaced by promises the test settles by hand, in any order.
interface Pending {
  kind: 'wiki' | 'sub';
  request: SearchRequest;
  signal: AbortSignal;
  resolve: (answer: SearchAnswer<{ id: string }>) => void;
  reject: (e: unknown) => void;
}
const pending: Pending[] = [];
const call = (kind: Pending['kind']) => (request: SearchRequest, signal: AbortSignal) =>
  new Promise<SearchAnswer<{ id: string }>>((resolve, reject) => pending.push({ kind, request, signal, resolve, reject }));

vi.mock('../../../../src-renderer/src/api/search', () => ({ searchWikis: call('wiki'), searchSubs: call('sub') }));
vi.mock('../../../../src-renderer/src/api/client', () => ({
  ApiFailure: class extends Error {},
  failureMessage: (e: unknown) => String((e as Error).message),
}));

const { searchQueryOf, useSearchStore } = await import('../../../../src-renderer/src/stores/search');

const answer = (ids: string[], count = ids.length, page = 1) => ({ items: ids.map((id) => ({ id })), count, page });
const take = (kind: Pending['kind'], keyword: string) => {
  const i = pending.findIndex((p) => p.kind === kind && p.request.keyword === keyword);
  return pending.splice(i, 1)[0];
};
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  setActivePinia(createPinia());
  pending.length = 0;
});

describe('useSearchStore', () => {
  it('drops a slow answer to an older query and aborts its requests', async () => {
    const store = useSearchStore();
    store.search({ q: 'sa', entryTypes: [], subTypes: [] });
    const old = take('wiki', 'sa');
    store.search({ q: 'sakura', entryTypes: [], subTypes: [] });
    expect(old.signal.aborted).toBe(true);

    take('wiki', 'sakura').resolve(answer(['new']));
    await flush();
    old.resolve(answer(['stale-1', 'stale-2'])); // arrives last
    await flush();
    expect(store.entries.items).toEqual([{ id: 'new' }]);
    expect(store.entries.status).toBe('ready');
    expect(store.subs.status).toBe('loading');
  });

  it('keeps the previous results on screen, with the query they were found by, while the next query loads, and empties them for an empty query', async () => {
    const store = useSearchStore();
    store.search({ q: 'saku', entryTypes: [], subTypes: [] });
    take('wiki', 'saku').resolve(answer(['a', 'b']));
    await flush();
    store.search({ q: 'sakur', entryTypes: [], subTypes: [] });
    expect(store.entries.status).toBe('loading');
    expect(store.entries.items).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(store.entries.q).toBe('saku');
    take('wiki', 'sakur').resolve(answer(['a']));
    await flush();
    expect(store.entries).toMatchObject({ status: 'ready', items: [{ id: 'a' }], count: 1, q: 'sakur' });
    store.search({ q: '', entryTypes: [], subTypes: [] });
    expect(store.entries).toMatchObject({ status: 'idle', items: [], count: 0, q: '' });
  });

  it("sends the UI's anime as every anime kind, and sub-entry filters as they are", () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: ['music', 'anime'], subTypes: ['ep'] });
    expect(take('wiki', 'blue').request).toMatchObject({ types: ['music', 'tv', 'web', 'movie', 'ova', 'oad'], page: 1 });
    expect(take('sub', 'blue').request).toMatchObject({ types: ['ep'], page: 1 });
  });

  it('does not search again for the query already shown, nor for an empty one', async () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    expect(pending).toHaveLength(2);
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    expect(pending).toHaveLength(2);
    store.search({ q: '', entryTypes: [], subTypes: [] });
    expect(pending.every((p) => p.signal.aborted)).toBe(true);
    expect(store.entries.status).toBe('idle');
  });

  it('appends the next page on load more, until every match is shown', async () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    take('wiki', 'blue').resolve(answer(['a', 'b'], 3));
    await flush();
    store.loadMoreEntries();
    const more = take('wiki', 'blue');
    expect(more.request.page).toBe(2);
    expect(store.entries.more).toBe(true);
    more.resolve(answer(['c'], 3, 2));
    await flush();
    expect(store.entries.items.map((i) => (i as unknown as { id: string }).id)).toEqual(['a', 'b', 'c']);
    store.loadMoreEntries();
    expect(pending.filter((p) => p.kind === 'wiki')).toHaveLength(0);
  });

  it('keeps the rows shown when a next page fails, says why under them, and a new search drops a next page still coming', async () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    take('wiki', 'blue').resolve(answer(['a', 'b'], 4));
    await flush();
    store.loadMoreEntries();
    take('wiki', 'blue').reject(new Error('connection reset'));
    await flush();
    expect(store.entries).toMatchObject({ status: 'ready', items: [{ id: 'a' }, { id: 'b' }], more: false, error: 'connection reset' });
    store.loadMoreEntries();
    expect(store.entries).toMatchObject({ more: true, error: null });
    const more = take('wiki', 'blue');
    store.search({ q: 'green', entryTypes: [], subTypes: [] });
    expect(more.signal.aborted).toBe(true);
    expect(store.entries).toMatchObject({ status: 'loading', more: false });
    more.resolve(answer(['c'], 4, 2)); // late
    take('wiki', 'green').resolve(answer(['g']));
    await flush();
    expect(store.entries).toMatchObject({ status: 'ready', items: [{ id: 'g' }], q: 'green', page: 1 });
  });

  it('asks for no next page while the first page of a query loads', () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    store.loadMoreEntries();
    expect(pending.filter((p) => p.kind === 'wiki')).toHaveLength(1);
  });

  it('shows an error for a failed search and searches again on retry', async () => {
    const store = useSearchStore();
    store.search({ q: 'blue', entryTypes: [], subTypes: [] });
    take('wiki', 'blue').reject(new Error('The Moecat server cannot be reached.'));
    await flush();
    expect(store.entries).toMatchObject({ status: 'error', error: 'The Moecat server cannot be reached.' });
    store.retry();
    expect(pending.filter((p) => p.kind === 'wiki' && !p.signal.aborted)).toHaveLength(1);
    expect(store.entries.status).toBe('loading');
  });

  it('asks early without showing anything, and the search for that query takes the answers instead of asking again', async () => {
    const store = useSearchStore();
    store.askEarly({ q: 'sakura', entryTypes: ['music'], subTypes: ['song'] });
    expect(pending.map((p) => [p.kind, p.request.keyword, p.request.types])).toEqual([
      ['wiki', 'sakura', ['music']],
      ['sub', 'sakura', ['song']],
    ]);
    expect(store.query.q).toBe('');
    expect(store.entries.status).toBe('idle'); // nothing drawn yet
    store.askEarly({ q: 'sakura', entryTypes: ['music'], subTypes: ['song'] }); // the same again: not asked twice
    expect(pending).toHaveLength(2);
    take('wiki', 'sakura').resolve(answer(['early']));
    await flush();
    expect(store.entries.status).toBe('idle');

    store.search({ q: 'sakura', entryTypes: ['music'], subTypes: ['song'] });
    expect(pending).toHaveLength(1); // only the early sub request, still open
    await flush();
    expect(store.entries.items).toEqual([{ id: 'early' }]);
    expect(store.entries.status).toBe('ready');
    take('sub', 'sakura').resolve(answer(['song']));
    await flush();
    expect(store.subs.items).toEqual([{ id: 'song' }]);
  });

  it('aborts an early ask that a newer one or another search overtakes', async () => {
    const store = useSearchStore();
    store.askEarly({ q: 'sa', entryTypes: [], subTypes: [] });
    const first = take('wiki', 'sa');
    store.askEarly({ q: 'sak', entryTypes: [], subTypes: [] });
    expect(first.signal.aborted).toBe(true);
    const second = take('wiki', 'sak');
    store.search({ q: 'saku', entryTypes: [], subTypes: [] }); // not what was asked early
    expect(second.signal.aborted).toBe(true);
    expect(pending.filter((p) => p.request.keyword === 'saku')).toHaveLength(2);
    store.askEarly({ q: '', entryTypes: [], subTypes: [] }); // nothing to ask for an empty query
    store.askEarly({ q: 'saku', entryTypes: [], subTypes: [] }); // nor for the query on screen
    expect(pending.filter((p) => !p.signal.aborted)).toHaveLength(2);
  });

  it('aborts the early answers a search took when a newer search overtakes it', async () => {
    const store = useSearchStore();
    store.askEarly({ q: 'sakura', entryTypes: [], subTypes: [] });
    store.search({ q: 'sakura', entryTypes: [], subTypes: [] });
    const early = pending.filter((p) => p.request.keyword === 'sakura');
    expect(early.map((p) => p.signal.aborted)).toEqual([false, false]);
    store.search({ q: 'sakuran', entryTypes: [], subTypes: [] });
    expect(early.map((p) => p.signal.aborted)).toEqual([true, true]);
    early.forEach((p) => p.resolve(answer(['stale'])));
    await flush();
    expect(store.entries.items).toEqual([]);
    expect(store.entries.status).toBe('loading');
  });

  it('reports an early answer’s failure when the search takes it', async () => {
    const store = useSearchStore();
    store.askEarly({ q: 'sakura', entryTypes: [], subTypes: [] });
    take('wiki', 'sakura').reject(new Error('server gone'));
    await flush();
    store.search({ q: 'sakura', entryTypes: [], subTypes: [] });
    await flush();
    expect(store.entries.status).toBe('error');
    expect(store.entries.error).toBe('server gone');
  });

  it('reads the search a URL asks for, keeping only known filters', () => {
    expect(searchQueryOf({ q: '  sakura ', type: 'music,anime,bogus', sub: 'song', source: 'folder' })).toEqual({
      q: 'sakura',
      entryTypes: ['music', 'anime'],
      subTypes: ['song'],
      sources: ['folder'],
    });
    expect(searchQueryOf({ q: ['a', 'b'] })).toEqual({ q: 'a', entryTypes: [], subTypes: [], sources: [] });
  });
});
