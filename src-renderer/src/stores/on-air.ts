// The on-air week: loaded once with all seven days, kept while the app runs, reloaded when older than
// a few minutes or on retry. Which column an entry lands in depends on the clock setting and is
// worked out by the view (composables/broadcast-clock.ts), not stored.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { failureMessage } from '../api/client';
import { fetchOnAir, type OnAirWeek } from '../api/on-air';

/** The schedule changes only when a show starts or ends: a quarter of an hour is fresh enough. */
const FRESH_MS = 15 * 60_000;

export const useOnAirStore = defineStore('onAir', () => {
  const week = ref<OnAirWeek | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);
  let loadedAt = 0;
  let controller: AbortController | null = null;

  /** Loads the week unless a fresh one is held; `force` always asks again (retry). */
  async function load(force = false): Promise<void> {
    if (!force && week.value && Date.now() - loadedAt < FRESH_MS) return;
    controller?.abort();
    const mine = (controller = new AbortController());
    loading.value = true;
    error.value = null;
    try {
      const answer = await fetchOnAir(mine.signal);
      if (mine !== controller) return;
      week.value = answer;
      loadedAt = Date.now();
    } catch (e) {
      if (mine !== controller || (e as Error).name === 'AbortError') return;
      error.value = failureMessage(e);
    } finally {
      if (mine === controller) loading.value = false;
    }
  }

  return { week, loading, error, load };
});
