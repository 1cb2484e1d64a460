// The lyrics of the track playing: asked for when the track changes (each song once per session: a
// song's lyrics change only with a re-import), null when it has none, with the line being sung.
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { LyricsDto } from '../../../src-main/contract/objects';
import { failureMessage } from '../api/client';
import { fetchLyrics } from '../api/lyrics';
import { activeLine } from '../player/lyrics-line';
import { usePlayerStore } from './player';

export const useLyricsStore = defineStore('lyrics', () => {
  const player = usePlayerStore();
  const known = new Map<number, LyricsDto | null>();
  const lyrics = ref<LyricsDto | null>(null);
  const loading = ref(false);
  const error = ref('');
  let controller: AbortController | null = null;

  async function load(subId: number | undefined): Promise<void> {
    controller?.abort();
    error.value = '';
    if (subId === undefined) {
      lyrics.value = null;
      return;
    }
    if (known.has(subId)) {
      lyrics.value = known.get(subId)!;
      return;
    }
    const mine = (controller = new AbortController());
    loading.value = true;
    lyrics.value = null;
    try {
      const found = await fetchLyrics(subId, mine.signal);
      known.set(subId, found);
      if (controller === mine) lyrics.value = found;
    } catch (e) {
      if ((e as Error).name !== 'AbortError' && controller === mine) error.value = failureMessage(e);
    } finally {
      if (controller === mine) loading.value = false;
    }
  }

  watch(() => player.current?.subId, (id) => void load(id), { immediate: true });

  const active = computed(() => activeLine(lyrics.value, player.position));

  /** Plays from a synced line. */
  function seekTo(index: number): void {
    const line = lyrics.value?.synced ? lyrics.value.lines[index] : undefined;
    if (line) player.seek(line.time_ms / 1000);
  }

  return { lyrics, loading, error, active, seekTo };
});
