// Settings → Sync: the remote sources, and the sync job shown under the form (started here, or found
// running when the page opens). The job itself is followed by the jobs store; when it ends the list of
// sources is loaded again.
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { failureMessage } from '../api/client';
import { fetchSync, startSync, type RemoteSource, type SyncRequest, type SyncResult } from '../api/sync';
import { useJobsStore, type JobInfo } from './jobs';

export type { RemoteSource, SyncRequest, SyncResult } from '../api/sync';

export const useSyncStore = defineStore('sync', () => {
  const jobs = useJobsStore();
  const sources = shallowRef<RemoteSource[]>([]);
  const writable = ref(true);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const starting = ref(false);
  const startError = ref<string | null>(null);
  const jobId = ref<string | null>(null);

  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const result = computed(() => (job.value?.status === 'done' ? (job.value.result as SyncResult) : null));
  const running = computed(() => job.value?.status === 'running');

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
      const state = await fetchSync(controller.signal);
      sources.value = state.sources;
      writable.value = state.writable;
      // A sync started elsewhere (the other window, before a reload) is shown while it runs.
      if (state.job?.status === 'running' && state.job.id !== jobId.value) show(state.job);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      error.value = failureMessage(e);
    } finally {
      loading.value = false;
    }
  }

  /** Starts a sync; false when the server refused, with startError saying why. */
  async function start(request: SyncRequest): Promise<boolean> {
    starting.value = true;
    startError.value = null;
    try {
      show(await startSync(request));
      return true;
    } catch (e) {
      startError.value = failureMessage(e);
      return false;
    } finally {
      starting.value = false;
    }
  }

  const cancel = () => (jobId.value ? jobs.cancel(jobId.value) : Promise.resolve(false));

  return { sources, writable, loading, error, starting, startError, job, result, running, load, start, cancel };
});
