// Settings → Posters: whether anime posters are fetched from Bangumi (off until the user turns them on),
// how many are kept, and the fetching job with its progress (followed by the jobs store). Turning them
// on starts a run; a run left unfinished is resumed by the same button.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { failureMessage } from '../api/client';
import { fetchPosterState, setPostersEnabled, startPosterFetch, type PosterState } from '../api/following';
import { useJobsStore, type JobInfo } from './jobs';

export const usePostersStore = defineStore('posters', () => {
  const jobs = useJobsStore();
  const state = ref<PosterState | null>(null);
  const error = ref('');
  const jobId = ref<string | null>(null);
  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const running = computed(() => job.value?.status === 'running');

  function show(j: JobInfo): void {
    jobId.value = j.id;
    void jobs.follow(j).then(() => load());
  }

  async function load(): Promise<void> {
    try {
      const answer = await fetchPosterState();
      state.value = answer.posters;
      error.value = '';
      if (answer.job && answer.job.id !== jobId.value && (answer.job.status === 'running' || !jobId.value)) show(answer.job);
    } catch (e) {
      error.value = failureMessage(e);
    }
  }

  async function start(): Promise<void> {
    try {
      error.value = '';
      show(await startPosterFetch());
    } catch (e) {
      error.value = failureMessage(e);
    }
  }

  /** Turns posters on (and starts a run) or off. */
  async function setEnabled(enabled: boolean): Promise<void> {
    try {
      error.value = '';
      state.value = await setPostersEnabled(enabled);
      if (enabled && !running.value) await start();
    } catch (e) {
      error.value = failureMessage(e);
    }
  }

  const cancel = () => (jobId.value ? jobs.cancel(jobId.value) : Promise.resolve(false));

  return { state, error, job, running, load, start, setEnabled, cancel };
});
