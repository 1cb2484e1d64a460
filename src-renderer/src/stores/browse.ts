// The browse screen's data: the page of entries for the filters in the URL, and the most used tags of
// each type and choice of sources (the chips offer only tags the chosen sources have). The route is the source of truth for the filters; the view hands them to load(). A newer
// load cancels an older one, so a quick series of clicks ends on the last one's answer.
// Once a page is shown, the next one is asked for ahead (one small read of the local server), so
// "Next" shows it in the click's own task rather than a round trip and a frame later. A page read
// ahead is used once and only for a minute; any other filters drop it.
import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import type { TagDto } from '../../../src-main/contract/objects';
import { fetchTags, fetchWikis, type WikiFilter, type WikiPage } from '../api/browse';
import type { BrowseType } from '../composables/browse-query';
import { failed, idle, ready, type LoadState } from './load-state';
import { latestRead } from './requests';

export const PER_PAGE = 24;
export const TAG_LIMIT = 40;
/** How long a page read ahead may stand in for asking again. */
export const AHEAD_MS = 60_000;

/** Where the tags of a type and a choice of sources are kept. */
export const tagsKey = (type: BrowseType, sources?: string[]) => `${type}|${[...(sources ?? [])].sort().join(',')}`;

export const useBrowseStore = defineStore('browse', () => {
  const results = ref<WikiPage | null>(null);
  /** The filters and page the results (or the error) belong to. */
  const resultsKey = ref('');
  const { state: loadState, loading, error, run, cancel } = latestRead();
  /** By tagsKey(type, sources). */
  const tags = ref<Record<string, TagDto[]>>({});
  const tagsState = reactive<LoadState>(idle());
  const tagsError = computed(() => tagsState.error);

  /** The next page, asked for once the one before it was shown. */
  let ahead: { key: string; at: number; answer: Promise<WikiPage> } | null = null;

  const keyOf = (filter: WikiFilter, page: number) => JSON.stringify([filter.type, filter.initial, filter.tags, filter.date, filter.sources ?? [], page]);

  /** The page read ahead for `key`, taken (it is used once), or null. */
  function takeAhead(key: string): Promise<WikiPage> | null {
    const found = ahead && ahead.key === key && Date.now() - ahead.at < AHEAD_MS ? ahead.answer : null;
    ahead = null;
    return found;
  }

  function readAhead(filter: WikiFilter, page: number): void {
    const answer = fetchWikis(filter, page, PER_PAGE);
    answer.catch(() => undefined); // a failure here only means asking again on the click
    ahead = { key: keyOf(filter, page), at: Date.now(), answer };
  }

  async function load(filter: WikiFilter, page: number): Promise<void> {
    const key = keyOf(filter, page);
    if (key === resultsKey.value && results.value && !error.value) {
      // Back to the page on screen while another loads (A → B → A): B's answer must not replace it.
      cancel();
      return;
    }
    const early = takeAhead(key);
    await run(
      (signal) => (early ? early.catch(() => fetchWikis(filter, page, PER_PAGE, signal)) : fetchWikis(filter, page, PER_PAGE, signal)),
      (answer) => {
        results.value = answer;
        resultsKey.value = key;
        if (answer.count > page * PER_PAGE && answer.wikis.length) readAhead(filter, page + 1);
      },
      { failed: () => (resultsKey.value = key) },
    );
  }

  async function loadTags(type: BrowseType, sources?: string[], force = false): Promise<void> {
    const key = tagsKey(type, sources);
    if (tags.value[key] && !force) return;
    Object.assign(tagsState, { status: 'loading', error: null });
    try {
      tags.value = { ...tags.value, [key]: await fetchTags(type, TAG_LIMIT, sources) };
      Object.assign(tagsState, ready());
    } catch (e) {
      Object.assign(tagsState, failed(e));
    }
  }

  return { results, resultsKey, loadState, loading, error, tags, tagsState, tagsError, load, loadTags };
});
