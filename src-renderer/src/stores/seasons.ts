// The Seasons view's data: every show of the season in the address, of every kind (the view filters
// by kind and by following itself, so a filter is instant and each kind's chip can count its shows).
// The last few seasons read are kept for a while, so going back to one (previous, then next again)
// shows it at once; the hearts stay true through the favourites store, whose marks win over a kept answer's.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { SeasonWikiDto } from '../../../src-main/contract/objects';
import type { SeasonOfYear } from '../../../src-main/contract/seasons';
import { fetchSeason } from '../api/seasons';
import { ready } from './load-state';
import { latestRead } from './requests';

/** A season's list changes only with the anime data: a quarter of an hour is fresh enough. */
const FRESH_MS = 15 * 60_000;
const KEPT_SEASONS = 8;

export const seasonKey = ({ year, season }: SeasonOfYear) => `${year}-${season}`;

export const useSeasonsStore = defineStore('seasons', () => {
  const shows = ref<SeasonWikiDto[] | null>(null);
  /** The season `shows` (or the failure) belongs to: seasonKey(). */
  const shownKey = ref('');
  const { state: loadState, loading, error, run, cancel } = latestRead();
  const kept = new Map<string, { at: number; shows: SeasonWikiDto[] }>();

  function keep(key: string, answer: SeasonWikiDto[]): void {
    kept.delete(key);
    kept.set(key, { at: Date.now(), shows: answer });
    if (kept.size > KEPT_SEASONS) kept.delete(kept.keys().next().value!);
  }

  /** Shows `season`: from what is kept when fresh, else asked for; `force` (retry) always asks. */
  async function load(season: SeasonOfYear, force = false): Promise<void> {
    const key = seasonKey(season);
    const hit = kept.get(key);
    if (!force && hit && Date.now() - hit.at < FRESH_MS) {
      // A read of another season in flight is dropped: this one is what the address names now.
      cancel(ready());
      shows.value = hit.shows;
      shownKey.value = key;
      return;
    }
    await run(
      (signal) => fetchSeason(season, signal),
      (answer) => {
        shows.value = answer;
        shownKey.value = key;
        keep(key, answer);
      },
      { failed: () => (shownKey.value = key) },
    );
  }

  return { shows, shownKey, loadState, loading, error, load };
});
