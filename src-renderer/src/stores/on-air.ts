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

  /** Loads the week unless a fresh one is held; `force` always asks again (retry). */
  async function load(force = false): Promise<void> {
    if (!force && week.value && Date.now() - loadedAt < FRESH_MS) return;
    await run(fetchOnAir, (answer) => {
      week.value = answer;
      loadedAt = Date.now();
    });
  }

  return { week, loadState, loading, error, load };
});
