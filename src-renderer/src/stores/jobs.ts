// Long catalogue work the UI started (folder imports, syncs): each followed job's latest state, kept
// fresh by polling /app/jobs/:id.json until it ends, and cancelling. Features start jobs through their
// own API and hand the answer to follow(); JobProgressBar draws a job.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { ApiFailure, failureMessage } from '../api/client';
import { cancelJob, fetchJob, type JobInfo } from '../api/jobs';

export type { JobInfo, JobStatus } from '../api/jobs';

/** How often a running job is asked for its progress. */
export const POLL_MS = 400;
/** The longest wait between polls while the server does not answer. */
const MAX_BACKOFF_MS = 5000;

export const useJobsStore = defineStore('jobs', () => {
  const jobs = ref<Record<string, JobInfo>>({});
  /** Why the last poll of a job failed (the server unreachable …); cleared by the next good answer. */
  const pollErrors = ref<Record<string, string>>({});
  const cancelErrors = ref<Record<string, string>>({});
  const following = new Map<string, Promise<JobInfo>>();

  const update = (job: JobInfo) => (jobs.value = { ...jobs.value, [job.id]: job });
  const setError = (table: typeof pollErrors, id: string, message: string | null) => {
    const { [id]: _old, ...rest } = table.value;
    table.value = message === null ? rest : { ...rest, [id]: message };
  };

  async function poll(id: string): Promise<JobInfo> {
    let delay = POLL_MS;
    for (;;) {
      const known = jobs.value[id];
      if (known && known.status !== 'running') return known;
      await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        update(await fetchJob(id));
        setError(pollErrors, id, null);
        delay = POLL_MS;
      } catch (e) {
        if (e instanceof ApiFailure && e.status === 404) {
          // The server no longer knows it (it restarted): whatever the job committed is kept.
          const job = jobs.value[id];
          update({ ...job, status: 'failed', finishedAt: Date.now(), error: failureMessage(e) });
          setError(pollErrors, id, null);
          continue;
        }
        setError(pollErrors, id, failureMessage(e));
        delay = Math.min(MAX_BACKOFF_MS, delay * 2);
      }
    }
  }

  /** Follows a job (as the server answered when it started) until it ends; resolves with its last state. */
  function follow(job: JobInfo): Promise<JobInfo> {
    const existing = following.get(job.id);
    if (existing) return existing;
    update(job);
    const done = poll(job.id).finally(() => following.delete(job.id));
    following.set(job.id, done);
    return done;
  }

  /** Asks the server to stop a running job; it stops at its next batch and the poll sees it end. */
  async function cancel(id: string): Promise<boolean> {
    setError(cancelErrors, id, null);
    try {
      update(await cancelJob(id));
      return true;
    } catch (e) {
      setError(cancelErrors, id, failureMessage(e));
      return false;
    }
  }

  return { jobs, pollErrors, cancelErrors, follow, cancel };
});
