// The search screen's state: the query and type filters, and one result list each for entries
// (search/wiki) and songs & episodes (search/sub), paged by "load more". Every new query aborts the
// requests of the previous one and answers are tagged with a sequence number, so a slow stale answer
// can never overwrite a newer one. While a new query loads, the lists keep the previous results (status
// 'loading'): typing one more letter patches the rows on screen instead of emptying and redrawing them.
// The search box asks early (askEarly) on the keystroke itself, before the character is painted and the
// URL follows: when the search screen then searches for that query, the answers are on their way or
// already here, and the lists change once, to the results.
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import type { LocationQuery } from 'vue-router';
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { failureMessage } from '../api/client';
import type { EntrySection } from '../api/entry';
import { SECTION_TYPES } from '../../../src-main/contract/sections';
import { searchSubs, searchWikis, type SearchAnswer, type SearchRequest } from '../api/search';
import { SOURCE_FILTERS, type SourceFilter } from '../composables/browse-query';
import type { LoadState } from './load-state';

export const ENTRY_FILTERS: EntrySection[] = ['music', 'radio', 'anime'];
export const SUB_FILTERS = ['song', 'ep'] as const;
export type SubFilter = (typeof SUB_FILTERS)[number];
export const PER_PAGE = 20;
/**
 * A result's cover is asked for once the result has been shown this long (BaseCover's settle): results
 * the next keystroke replaces cost the server no covers. Longer than the time between an average
 * typist's keys (about 300 ms): a shorter wait asked for the covers just as the next key came, and
 * drawing them held up that key's answers.
 */
export const COVER_SETTLE_MS = 400;


export interface SearchQuery {
  q: string;
  entryTypes: EntrySection[];
  subTypes: SubFilter[];
  /** Kinds of source of the entries (of both lists); absent or empty = every source. */
  sources?: SourceFilter[];
}


export interface ResultList<T> extends LoadState {
  items: T[];
  /** The query text the items were found with: their marks follow it, not the query still loading. */
  q: string;
  count: number;
  page: number;
  /** A "load more" request is running. */
  more: boolean;
}

const one = (v: LocationQuery[string] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const pick = <T extends string>(v: LocationQuery[string] | undefined, allowed: readonly T[]): T[] =>
  one(v)
    .split(',')
    .filter((x): x is T => (allowed as readonly string[]).includes(x));

/** The search a /search URL's query asks for (?q=…&type=music,anime&sub=song&source=folder). */
export function searchQueryOf(query: LocationQuery): SearchQuery {
  return {
    q: one(query.q).trim(),
    entryTypes: pick(query.type, ENTRY_FILTERS),
    subTypes: pick(query.sub, SUB_FILTERS),
    sources: pick(query.source, SOURCE_FILTERS),
  };
}

const emptyList = <T>(): ResultList<T> => ({ items: [], q: '', count: 0, page: 0, status: 'idle', more: false, error: null });
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
  /** Page 1 of both lists for a query the box typed, asked before the screen searches for it. */
  let early: { query: SearchQuery; controller: AbortController; entries: Promise<SearchAnswer<WikiDto>>; subs: Promise<SearchAnswer<SubDto>> } | null = null;

  async function fill<T>(list: ResultList<T>, fetcher: Fetcher<T>, types: string[], page: number, mySeq: number, signal: AbortSignal) {
    if (page === 1) list.status = 'loading';
    else list.more = true;
    list.error = null;
    try {
      const answer = await fetcher({ keyword: query.value.q, types, sources: query.value.sources, page, perpage: PER_PAGE }, signal);
      if (mySeq !== seq) return;
      list.items = page === 1 ? answer.items : [...list.items, ...answer.items];
      list.q = query.value.q;
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

  const wikiTypesOf = (q: SearchQuery) => q.entryTypes.flatMap((t) => SECTION_TYPES[t]);
  const wikiTypes = () => wikiTypesOf(query.value);
  const subTypes = () => [...query.value.subTypes];

  /**
   * Starts the requests for page 1 of `next` without showing anything (the store's state does not
   * change, so nothing is drawn): search(next) takes them. A newer early ask aborts an older one.
   */
  function askEarly(next: SearchQuery): void {
    if (next.q.trim() === '' || (sameQuery(next, query.value) && entries.status !== 'idle') || (early && sameQuery(next, early.query))) return;
    early?.controller.abort();
    const controller = new AbortController();
    const request = (types: string[]): SearchRequest => ({ keyword: next.q, types, sources: next.sources, page: 1, perpage: PER_PAGE });
    early = { query: next, controller, entries: searchWikis(request(wikiTypesOf(next)), controller.signal), subs: searchSubs(request([...next.subTypes]), controller.signal) };
    // Failures are heard by the search that takes them; one never taken is aborted by the next.
    early.entries.catch(() => undefined);
    early.subs.catch(() => undefined);
  }

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
    const asked = early && sameQuery(next, early.query) ? early : null;
    if (!asked) early?.controller.abort();
    early = null;
    controller = asked?.controller ?? new AbortController();
    void fill(entries, asked ? () => asked.entries : searchWikis, wikiTypes(), 1, mySeq, controller.signal);
    void fill(subs, asked ? () => asked.subs : searchSubs, subTypes(), 1, mySeq, controller.signal);
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

  return { query, entries, subs, search, askEarly, loadMoreEntries, loadMoreSubs, retry };
});
