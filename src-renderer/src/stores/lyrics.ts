// The lyrics of the track playing: asked for when the track changes (each song once per session: a
// song's lyrics change only with a re-import), null when it has none, with the line being sung.
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { LyricsDto } from '../../../src-main/contract/objects';
import { fetchLyrics } from '../api/lyrics';
import { activeLine } from '../player/lyrics-line';
import { idle, ready } from './load-state';
import { usePlayerStore } from './player';
import { latestRead } from './requests';

export const useLyricsStore = defineStore('lyrics', () => {
  const player = usePlayerStore();
  const known = new Map<number, LyricsDto | null>();
  const lyrics = ref<LyricsDto | null>(null);
  const { state: loadState, run, cancel } = latestRead();

  function load(subId: number | undefined): Promise<void> {
    if (subId === undefined || known.has(subId)) {
      lyrics.value = subId === undefined ? null : known.get(subId)!;
      cancel(subId === undefined ? idle() : ready());
      return Promise.resolve();
    }
    return run(
      // Kept even when another track has started meanwhile: that song's lyrics are known all the same.
      async (signal) => {
        const found = await fetchLyrics(subId, signal);
        known.set(subId, found);
        return found;
      },
      (found) => (lyrics.value = found),
      { start: () => (lyrics.value = null) },
    );
  }

  watch(
    () => player.current?.subId,
    (id) => void load(id),
    { immediate: true },
  );

  const active = computed(() => activeLine(lyrics.value, player.position));

  /** Plays from a synced line. */
  function seekTo(index: number): void {
    const line = lyrics.value?.synced ? lyrics.value.lines[index] : undefined;
    if (line) player.seek(line.time_ms / 1000);
  }

  return { lyrics, loadState, active, seekTo };
});
