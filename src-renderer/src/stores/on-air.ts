// The on-air week: loaded once with all seven days, kept while the app runs, reloaded when older than
// a few minutes or on retry. Which column an entry lands in depends on the clock setting and is
// worked out by the view (composables/broadcast-clock.ts), not stored.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { fetchOnAir, type OnAirWeek } from '../api/on-air';
import { latestRead } from './requests';

/** The schedule changes only when a show starts or ends: a quarter of an hour is fresh enough. */
const FRESH_MS = 15 * 60_000;

export const useOnAirStore = defineStore('onAir', () => {
  const week = ref<OnAirWeek | null>(null);
  const { state: loadState, loading, error, run } = latestRead();
  let loadedAt = 0;

  /** The load under way, which a second caller joins rather than restarts. */
  let pending: Promise<void> | null = null;

  /**
   * Loads the week unless a fresh one is held or is being loaded; `force` always asks again (retry).
   * main.ts starts it before the first screen has mounted, and the view's own call joins it.
   */
  function load(force = false): Promise<void> {
    if (!force && week.value && Date.now() - loadedAt < FRESH_MS) return Promise.resolve();
    if (!force && pending) return pending;
    const mine = run(fetchOnAir, (answer) => {
      week.value = answer;
      loadedAt = Date.now();
    }).finally(() => {
      if (pending === mine) pending = null;
    });
    pending = mine;
    return mine;
  }

  return { week, loadState, loading, error, load };
});
