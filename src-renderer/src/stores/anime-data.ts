// Settings → Anime data: which bangumi-data the schedule comes from and its date, whether Moecat may
// check for a newer release weekly, and the update job (followed by the jobs store). When a job ends the
// state is read again, and the status (About, On air's notice of old data) with it.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { fetchAnimeData, saveAnimeDataSettings, startAnimeDataUpdate, type AnimeDataState } from '../api/anime-data';
import { useJobsStore, type JobInfo } from './jobs';
import { latestRead, userAction } from './requests';
import { useStatusStore } from './status';

export const useAnimeDataStore = defineStore('anime-data', () => {
  const jobs = useJobsStore();
  const state = ref<AnimeDataState | null>(null);
  const { state: loadState, run: read } = latestRead();
  const { busy, error: actionError, run: act } = userAction();
  const jobId = ref<string | null>(null);
  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const running = computed(() => job.value?.status === 'running');

  function show(j: JobInfo): void {
    jobId.value = j.id;
    void jobs.follow(j).then(() => {
      void load();
      void useStatusStore().load();
    });
  }

  const load = (): Promise<void> =>
    read(fetchAnimeData, (answer) => {
      state.value = answer;
      if (answer.job && answer.job.id !== jobId.value && (answer.job.status === 'running' || !jobId.value)) show(answer.job);
    });

  const update = () => act(async () => show(await startAnimeDataUpdate()));

  const setWeekly = (weekly: boolean) => act(async () => (state.value = await saveAnimeDataSettings(weekly)));

  const cancel = () => (jobId.value ? jobs.cancel(jobId.value) : Promise.resolve(false));

  return { state, loadState, busy, actionError, job, running, load, update, setWeekly, cancel };
});
