// Settings → Sources: every source with its counts, the one waiting for the user to confirm its
// removal, and the removal job (followed by the jobs store; the list is loaded again when it ends).
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { failureMessage } from '../api/client';
import { fetchSources, removeSource, type RemoveResult, type SourceDto } from '../api/sources';
import { useJobsStore, type JobInfo } from './jobs';

export type { RemoveResult, SourceDto, SourceKind } from '../api/sources';

export const useSourcesStore = defineStore('sources', () => {
  const jobs = useJobsStore();
  const sources = shallowRef<SourceDto[]>([]);
  const writable = ref(true);
  const loading = ref(false);
  const error = ref<string | null>(null);
  /** The source whose Remove was pressed and waits for the confirm step. */
  const confirming = ref<number | null>(null);
  const starting = ref(false);
  const startError = ref<string | null>(null);
  const jobId = ref<string | null>(null);

  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const running = computed(() => job.value?.status === 'running');
  const result = computed(() => (job.value?.status === 'done' ? (job.value.result as RemoveResult) : null));

  function show(j: JobInfo): void {
    jobId.value = j.id;
    void jobs.follow(j).then(() => load());
  }

  let controller: AbortController | undefined;
  async function load(): Promise<void> {
    controller?.abort();
    controller = new AbortController();
    loading.value = true;
    error.value = null;
    try {
      const state = await fetchSources(controller.signal);
      sources.value = state.sources;
      writable.value = state.writable;
      // A removal started before a reload (or in another window) is shown while it runs.
      if (state.job?.status === 'running' && state.job.id !== jobId.value) show(state.job);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      error.value = failureMessage(e);
    } finally {
      loading.value = false;
    }
  }

  function askRemove(sourceId: number | null): void {
    confirming.value = sourceId;
    startError.value = null;
  }

  /** Removes the source waiting for confirmation; false when the server refused (startError says why). */
  async function confirmRemove(): Promise<boolean> {
    const id = confirming.value;
    if (id === null) return false;
    starting.value = true;
    startError.value = null;
    try {
      show(await removeSource(id));
      confirming.value = null;
      return true;
    } catch (e) {
      startError.value = failureMessage(e);
      return false;
    } finally {
      starting.value = false;
    }
  }

  return { sources, writable, loading, error, confirming, starting, startError, job, running, result, load, askRemove, confirmRemove };
});
