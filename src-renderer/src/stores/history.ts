// Recently played: records each track the player starts (the server keeps the history), and the
// Favourites page's list of it, each song once, newest first. Created with the app shell, so it hears
// the player from the first track on. A play that cannot be recorded is let go silently: the music
// goes on, and the history is only a convenience.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { PlayItemDto } from '../../../src-main/contract/objects';
import { clearHistory, fetchHistory, recordPlay } from '../api/history';
import type { LoadState } from './load-state';
import { usePlayerStore } from './player';
import { latestRead, userAction } from './requests';

export const HISTORY_PER_PAGE = 20;

export interface HistoryList extends LoadState {
  items: PlayItemDto[];
  count: number;
  page: number;
}

export const useHistoryStore = defineStore('history', () => {
  const list = reactive<HistoryList>({ status: 'idle', error: null, items: [], count: 0, page: 1 });
  const { busy: clearing, error: clearError, run: act } = userAction();
  const { run: read, cancel } = latestRead(list);

  async function load(page: number, force = false): Promise<void> {
    if (!force && list.page === page && (list.status === 'ready' || list.status === 'loading')) return;
    await read(
      (signal) => fetchHistory(page, HISTORY_PER_PAGE, signal),
      (answer) => Object.assign(list, { items: answer.items, count: answer.count }),
      {
        start: () => (list.page = page),
        // A play just recorded refreshes the page on screen: the rows stay until the new ones come.
        keepShown: list.status === 'ready' && list.page === page,
        // A list has no "not found": a missing page is a failure like any other, and shows no rows.
        failed: () => Object.assign(list, { status: 'error', items: [] }),
      },
    );
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
      cancel({ status: 'ready', error: null, items: [], count: 0, page: 1 });
    });

  usePlayerStore().onTrackStart((track) => void record(track.subId));

  return { list, clearing, clearError, load, record, clear };
});
