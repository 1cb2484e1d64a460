// The state of a Settings section whose work runs as a server job (Library's import, Sync's sync,
// Sources' removal): the section's list, whether the server can do the work at all, and the job shown
// under its form — started here, or found running when the page opens. The job itself is followed by the jobs store;
// when it ends the list is loaded again. Each section's store wraps one of these (stores/library.ts,
// stores/sync.ts, stores/sources.ts) with its own API calls and names.
import { computed, ref, shallowRef } from 'vue';
import { useJobsStore, type JobInfo } from './jobs';
import { latestRead, userAction } from './requests';

export interface JobSectionAnswer<Item> {
  items: Item[];
  /** False when the server answers from a fixed catalogue file and cannot do this work. */
  writable: boolean;
  /** The latest job of this kind, running or not. */
  job: JobInfo | null;
}

export function jobSection<Item, Result, Request>(
  fetchState: (signal: AbortSignal) => Promise<JobSectionAnswer<Item>>,
  startJob: (request: Request) => Promise<JobInfo>,
) {
  const jobs = useJobsStore();
  const items = shallowRef<Item[]>([]);
  const writable = ref(true);
  const { state: loadState, loading, error, run: read } = latestRead();
  const { busy: starting, error: startError, run: act } = userAction();
  const jobId = ref<string | null>(null);

  const job = computed<JobInfo | null>(() => (jobId.value ? (jobs.jobs[jobId.value] ?? null) : null));
  const result = computed(() => (job.value?.status === 'done' ? (job.value.result as Result) : null));
  const running = computed(() => job.value?.status === 'running');

  function show(j: JobInfo): void {
    jobId.value = j.id;
    void jobs.follow(j).then(() => load());
  }

  async function load(): Promise<void> {
    await read(fetchState, (state) => {
      items.value = state.items;
      writable.value = state.writable;
      // A job started elsewhere (another window, before a reload) is shown while it runs.
      if (state.job?.status === 'running' && state.job.id !== jobId.value) show(state.job);
    });
  }

  /** Starts the job; false when the server refused, with startError saying why. */
  const start = (request: Request): Promise<boolean> => act(async () => show(await startJob(request)));

  const cancel = () => (jobId.value ? jobs.cancel(jobId.value) : Promise.resolve(false));

  return { items, writable, loadState, loading, error, starting, startError, job, result, running, load, start, cancel };
}
