// The search screen's state: the query and type filters, and one result list each for entries
// (search/wiki) and songs & episodes (search/sub), paged by "load more". Every new query aborts the
// requests of the previous one, and only a list's newest read may write it, so a slow stale answer can
// never overwrite a newer one. While a new query loads, the lists keep the previous results (status
// 'loading'): typing one more letter patches the rows on screen instead of emptying and redrawing them.
// The search box asks early (askEarly) on the keystroke itself, before the character is painted and the
// URL follows: when the search screen then searches for that query, the answers are on their way or
// already here, and the lists change once, to the results.
import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import type { LocationQuery } from 'vue-router';
import type { EntrySection } from '../api/entry';
import { subPagePath, wikiPagePath } from '../../../src-main/contract/paths';
import { SECTION_TYPES } from '../../../src-main/contract/sections';
import { searchSubs, searchWikis, type SearchAnswer, type SearchRequest } from '../api/search';
import { SOURCE_FILTERS, type SourceFilter } from '../composables/browse-query';
import type { LoadState } from './load-state';
import { earlyRead, latestRead } from './requests';

export const ENTRY_FILTERS: EntrySection[] = ['music', 'radio', 'anime'];
export const SUB_FILTERS = ['song', 'ep'] as const;
export type SubFilter = (typeof SUB_FILTERS)[number];
export const PER_PAGE = 20;
/**
 * Results settle once shown this long: a result's cover is asked for (BaseCover's settle), and the rows
 * below the first screenful are drawn (useDrawnInSteps' quiet). Results the next keystroke replaces
 * cost the server no covers and the page no rows nobody sees. Longer than the time between an average
 * typist's keys (about 300 ms): a shorter wait asked for the covers just as the next key came, and
 * drawing them held up that key's answers.
 */
export const RESULTS_SETTLE_MS = 400;

export interface SearchQuery {
  q: string;
  entryTypes: EntrySection[];
  subTypes: SubFilter[];
  /** Kinds of source of the entries (of both lists); absent or empty = every source. */
  sources?: SourceFilter[];
}

export interface ResultList<T> extends LoadState {
  items: T[];
  /** The query text the items were found with (respelled, when the typed one found nothing): their marks follow it, not the query still loading. */
  q: string;
  /** The respelled keyword the items are for, when the one typed found nothing; '' otherwise. */
  respelled: string;
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

const emptyList = <T>(): ResultList<T> => ({ items: [], q: '', respelled: '', count: 0, page: 0, status: 'idle', more: false, error: null });
const sameQuery = (a: SearchQuery, b: SearchQuery) =>
  a.q === b.q &&
  a.entryTypes.join() === b.entryTypes.join() &&
  a.subTypes.join() === b.subTypes.join() &&
  (a.sources ?? []).join() === (b.sources ?? []).join();

type Fetcher<T> = (r: SearchRequest, signal: AbortSignal) => Promise<SearchAnswer<T>>;

/** One result list: its first page for a query (asked early, or now), its next pages, and emptying it. */
function resultList<T>(fetcher: Fetcher<T>, typesOf: (q: SearchQuery) => string[]) {
  const list = reactive(emptyList<T>()) as ResultList<T>;
  const { run, cancel } = latestRead(list);
  const early = earlyRead<SearchQuery, SearchAnswer<T>>(sameQuery);
  const request = (q: SearchQuery, page: number): SearchRequest => ({ keyword: q.q, types: typesOf(q), sources: q.sources, page, perpage: PER_PAGE });

  /** Page 1 of `q`, without drawing anything: first(q) takes it. */
  const askEarly = (q: SearchQuery) => early.ask(q, (signal) => fetcher(request(q, 1), signal));

  /** Page 1 of `q`: the early answer when it was asked for `q`, else asked now. The rows on screen stay until it comes. */
  const first = (q: SearchQuery) =>
    run(
      (signal) => early.take(q, signal) ?? fetcher(request(q, 1), signal),
      (answer) => Object.assign(list, { items: answer.items, q: answer.keywordUsed ?? q.q, respelled: answer.keywordUsed ?? '', count: answer.count, page: 1 }),
      // A "load more" still running was for the query before; a list has no "not found", only failures.
      { start: () => (list.more = false), failed: () => (list.status = 'error') },
    );

  /** The next page of `q`, added below the rows shown; its failure is told under them. */
  function more(q: SearchQuery): void {
    if (list.status !== 'ready' || list.more || list.items.length >= list.count) return;
    const page = list.page + 1;
    void run(
      (signal) => fetcher(request(q, page), signal),
      (answer) =>
        Object.assign(list, {
          items: [...list.items, ...answer.items],
          q: answer.keywordUsed ?? q.q,
          respelled: answer.keywordUsed ?? '',
          count: answer.count,
          page,
          more: false,
        }),
      { keepShown: true, start: () => (list.more = true), failed: () => (list.more = false) },
    );
  }

  const clear = () => cancel(emptyList<T>());

  return { list, early, askEarly, first, more, clear };
}

export const useSearchStore = defineStore('search', () => {
  const query = ref<SearchQuery>({ q: '', entryTypes: [], subTypes: [] });
  const entryList = resultList(searchWikis, (q) => q.entryTypes.flatMap((t) => SECTION_TYPES[t]));
  const subList = resultList(searchSubs, (q) => [...q.subTypes]);
  const entries = entryList.list;
  const subs = subList.list;

  /**
   * Starts the requests for page 1 of `next` without showing anything (the store's state does not
   * change, so nothing is drawn): search(next) takes them. A newer early ask aborts an older one.
   */
  function askEarly(next: SearchQuery): void {
    if (next.q.trim() === '' || (sameQuery(next, query.value) && entries.status !== 'idle') || entryList.early.holds(next)) return;
    entryList.askEarly(next);
    subList.askEarly(next);
  }

  /** Runs a search (both lists from page 1) unless this exact query is already shown or loading. */
  function search(next: SearchQuery, force = false): void {
    if (!force && sameQuery(next, query.value) && (entries.status !== 'idle' || next.q === '')) return;
    query.value = { q: next.q, entryTypes: [...next.entryTypes], subTypes: [...next.subTypes], sources: [...(next.sources ?? [])] };
    if (next.q.trim() === '') {
      entryList.clear();
      subList.clear();
      return;
    }
    void entryList.first(query.value);
    void subList.first(query.value);
  }

  /**
   * The result Enter in the search box opens: the first entry, or the first song or episode when no
   * entry is found — once the results on screen are this query's (not the last one's while it loads).
   */
  const topResult = computed((): { list: 'entries' | 'subs'; path: string } | null => {
    if (query.value.q.trim() === '' || entries.status !== 'ready') return null;
    const wiki = entries.items[0];
    if (wiki) return { list: 'entries', path: wikiPagePath(wiki.wiki_type, wiki.wiki_id) };
    const sub = subs.status === 'ready' ? subs.items[0] : undefined;
    return sub ? { list: 'subs', path: subPagePath(sub.sub_type, sub.sub_id) } : null;
  });

  const loadMoreEntries = () => entryList.more(query.value);
  const loadMoreSubs = () => subList.more(query.value);

  function retry(): void {
    search(query.value, true);
  }

  return { query, entries, subs, topResult, search, askEarly, loadMoreEntries, loadMoreSubs, retry };
});
