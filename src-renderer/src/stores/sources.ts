// Settings → Sources: every source with its counts, the one waiting for the user to confirm its
// removal, and the removal job (a job-backed section: job-section.ts).
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { fetchSources, removeSource, type RemoveResult, type SourceDto } from '../api/sources';
import { jobSection } from './job-section';

export type { RemoveResult, SourceDto, SourceKind } from '../api/sources';

export const useSourcesStore = defineStore('sources', () => {
  const { items, start, ...section } = jobSection<SourceDto, RemoveResult, number>(async (signal) => {
    const { sources, writable, job } = await fetchSources(signal);
    return { items: sources, writable, job };
  }, removeSource);
  /** The source whose Remove was pressed and waits for the confirm step. */
  const confirming = ref<number | null>(null);

  function askRemove(sourceId: number | null): void {
    confirming.value = sourceId;
    section.startError.value = null;
  }

  /** Removes the source waiting for confirmation; false when the server refused (startError says why). */
  async function confirmRemove(): Promise<boolean> {
    const id = confirming.value;
    if (id === null) return false;
    const started = await start(id);
    if (started) confirming.value = null;
    return started;
  }

  return { sources: items, confirming, ...section, askRemove, confirmRemove };
});
