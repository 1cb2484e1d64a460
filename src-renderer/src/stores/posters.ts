// Settings → Posters: whether anime posters are fetched from Bangumi (off until the user turns them on),
// how many are kept, and the fetching job with its progress (followed by the jobs store). Turning them
// on starts a run; a run left unfinished is resumed by the same button.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { fetchPosterState, setPostersEnabled, startPosterFetch, type PosterState } from '../api/following';
import { useJobsStore, type JobInfo } from './jobs';
import { latestRead, userAction } from './requests';

export const usePostersStore = defineStore('posters', () => {
  const jobs = useJobsStore();
  const state = ref<PosterState | null>(null);
  const { state: loadState, run: read } = latestRead();
  const { error: actionError, run: act } = userAction();
  const jobId = ref<string | null>(null);
  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const running = computed(() => job.value?.status === 'running');

  function show(j: JobInfo): void {
    jobId.value = j.id;
    void jobs.follow(j).then(() => load());
  }

  const load = (): Promise<void> =>
    read(fetchPosterState, (answer) => {
      state.value = answer.posters;
      // What the server says now stands in for an older action's complaint.
      actionError.value = null;
      if (answer.job && answer.job.id !== jobId.value && (answer.job.status === 'running' || !jobId.value)) show(answer.job);
    });

  const begin = async () => show(await startPosterFetch());

  async function start(): Promise<void> {
    await act(begin);
  }

  /** Turns posters on (and starts a run) or off. */
  async function setEnabled(enabled: boolean): Promise<void> {
    await act(async () => {
      state.value = await setPostersEnabled(enabled);
      if (enabled && !running.value) await begin();
    });
  }

  const cancel = () => (jobId.value ? jobs.cancel(jobId.value) : Promise.resolve(false));

  return { state, loadState, actionError, job, running, load, start, setEnabled, cancel };
});
