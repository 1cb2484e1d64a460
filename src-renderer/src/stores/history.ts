// Recently played: records each track the player starts (the server keeps the history), and the
// Favourites page's list of it, each song once, newest first. Created with the app shell, so it hears
// the player from the first track on. A play that cannot be recorded is let go silently: the music
// goes on, and the history is only a convenience.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { PlayItemDto } from '../../../src-main/contract/objects';
import { failureMessage } from '../api/client';
import { clearHistory, fetchHistory, recordPlay } from '../api/history';
import type { LoadState } from './load-state';
import { usePlayerStore } from './player';
import { userAction } from './requests';

export const HISTORY_PER_PAGE = 20;

export interface HistoryList extends LoadState {
  items: PlayItemDto[];
  count: number;
  page: number;
}

export const useHistoryStore = defineStore('history', () => {
  const list = reactive<HistoryList>({ status: 'idle', error: null, items: [], count: 0, page: 1 });
  const { busy: clearing, error: clearError, run: act } = userAction();
  let controller: AbortController | null = null;

  async function load(page: number, force = false): Promise<void> {
    if (!force && list.page === page && (list.status === 'ready' || list.status === 'loading')) return;
    controller?.abort();
    const mine = (controller = new AbortController());
    Object.assign(list, { status: list.status === 'ready' && list.page === page ? 'ready' : 'loading', error: null, page });
    try {
      const answer = await fetchHistory(page, HISTORY_PER_PAGE, mine.signal);
      if (mine !== controller) return;
      Object.assign(list, { status: 'ready', items: answer.items, count: answer.count });
    } catch (e) {
      if (mine !== controller || (e as Error).name === 'AbortError') return;
      Object.assign(list, { status: 'error', error: failureMessage(e), items: [] });
    }
  }

  /** Records a play; a first page on screen is refreshed so the song moves to the top. */
  async function record(subId: number): Promise<void> {
    try {
      await recordPlay(subId);
    } catch {
      return;
    }
    if (list.status === 'ready' && list.page === 1) await load(1, true);
  }

  /** Forgets every play; resolves whether the server did. */
  const clear = (): Promise<boolean> =>
    act(async () => {
      await clearHistory();
      controller?.abort();
      Object.assign(list, { status: 'ready', error: null, items: [], count: 0, page: 1 });
    });

  usePlayerStore().onTrackStart((track) => void record(track.subId));

  return { list, clearing, clearError, load, record, clear };
});
