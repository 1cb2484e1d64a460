// HTTP for long catalogue work (folder imports, syncs): one job's progress and cancelling it.
// The routes that start jobs live with their features (api/library.ts …).
import type { JobState } from '../../../src-main/contract/app';
import { getFirstParty, postFirstParty } from './client';

export type { JobStatus } from '../../../src-main/contract/app';

/** A job as /app/jobs/:id.json answers it. */
export type JobInfo = JobState;

export async function fetchJob(id: string, signal?: AbortSignal): Promise<JobInfo> {
  return (await getFirstParty<{ job: JobInfo }>(`/app/jobs/${encodeURIComponent(id)}.json`, signal)).job;
}

export async function cancelJob(id: string): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>(`/app/jobs/${encodeURIComponent(id)}/cancel.json`)).job;
}
