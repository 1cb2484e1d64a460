// The search screen's state: the query and type filters, and one result list each for entries
// (search/wiki) and songs & episodes (search/sub), paged by "load more". Every new query aborts the
// requests of the previous one and answers are tagged with a sequence number, so a slow stale answer
// can never overwrite a newer one. While a new query loads, the lists keep the previous results (status
// 'loading'): typing one more letter patches the rows on screen instead of emptying and redrawing them.
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { failureMessage } from '../api/client';
import type { EntrySection } from '../api/entry';
import { SECTION_TYPES } from '../../../src-main/contract/sections';
import { searchSubs, searchWikis, type SearchAnswer, type SearchRequest } from '../api/search';
import type { SourceFilter } from '../composables/browse-query';
import type { LoadState } from './load-state';

export const ENTRY_FILTERS: EntrySection[] = ['music', 'radio', 'anime'];
export const SUB_FILTERS = ['song', 'ep'] as const;
export type SubFilter = (typeof SUB_FILTERS)[number];
export const PER_PAGE = 20;


export interface SearchQuery {
  q: string;
  entryTypes: EntrySection[];
  subTypes: SubFilter[];
  /** Kinds of source of the entries (of both lists); absent or empty = every source. */
  sources?: SourceFilter[];
}


export interface ResultList<T> extends LoadState {
  items: T[];
  count: number;
  page: number;
  /** A "load more" request is running. */
  more: boolean;
}

const emptyList = <T>(): ResultList<T> => ({ items: [], count: 0, page: 0, status: 'idle', more: false, error: null });
const sameQuery = (a: SearchQuery, b: SearchQuery) =>
  a.q === b.q && a.entryTypes.join() === b.entryTypes.join() && a.subTypes.join() === b.subTypes.join() && (a.sources ?? []).join() === (b.sources ?? []).join();
const isAbort = (e: unknown) => (e as Error)?.name === 'AbortError';

export const useSearchStore = defineStore('search', () => {
  const query = ref<SearchQuery>({ q: '', entryTypes: [], subTypes: [] });
  const entries = reactive(emptyList<WikiDto>());
  const subs = reactive(emptyList<SubDto>());
  let seq = 0;
  let controller: AbortController | null = null;

  type Fetcher<T> = (r: SearchRequest, signal: AbortSignal) => Promise<SearchAnswer<T>>;

  async function fill<T>(list: ResultList<T>, fetcher: Fetcher<T>, types: string[], page: number, mySeq: number, signal: AbortSignal) {
    if (page === 1) list.status = 'loading';
    else list.more = true;
    list.error = null;
    try {
      const answer = await fetcher({ keyword: query.value.q, types, sources: query.value.sources, page, perpage: PER_PAGE }, signal);
      if (mySeq !== seq) return;
      list.items = page === 1 ? answer.items : [...list.items, ...answer.items];
      list.count = answer.count;
      list.page = page;
      list.status = 'ready';
    } catch (e) {
      if (mySeq !== seq || isAbort(e)) return;
      if (page === 1) list.status = 'error';
      list.error = failureMessage(e);
    } finally {
      if (mySeq === seq) list.more = false;
    }
  }

  const wikiTypes = () => query.value.entryTypes.flatMap((t) => SECTION_TYPES[t]);
  const subTypes = () => [...query.value.subTypes];

  /** Runs a search (both lists from page 1) unless this exact query is already shown or loading. */
  function search(next: SearchQuery, force = false): void {
    if (!force && sameQuery(next, query.value) && (entries.status !== 'idle' || next.q === '')) return;
    controller?.abort();
    const mySeq = ++seq;
    query.value = { q: next.q, entryTypes: [...next.entryTypes], subTypes: [...next.subTypes], sources: [...(next.sources ?? [])] };
    if (next.q.trim() === '') {
      Object.assign(entries, emptyList<WikiDto>());
      Object.assign(subs, emptyList<SubDto>());
      controller = null;
      return;
    }
    controller = new AbortController();
    void fill(entries, searchWikis, wikiTypes(), 1, mySeq, controller.signal);
    void fill(subs, searchSubs, subTypes(), 1, mySeq, controller.signal);
  }

  function loadMoreEntries(): void {
    if (!controller || entries.more || entries.items.length >= entries.count) return;
    void fill(entries, searchWikis, wikiTypes(), entries.page + 1, seq, controller.signal);
  }

  function loadMoreSubs(): void {
    if (!controller || subs.more || subs.items.length >= subs.count) return;
    void fill(subs, searchSubs, subTypes(), subs.page + 1, seq, controller.signal);
  }

  function retry(): void {
    search(query.value, true);
  }

  return { query, entries, subs, search, loadMoreEntries, loadMoreSubs, retry };
});
