// HTTP for long catalogue work (folder imports, syncs): one job's progress and cancelling it.
// The routes that start jobs live with their features (api/library.ts …).
import { getFirstParty, postFirstParty } from './client';

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';

/** A job as /app/jobs/:id.json answers it (src-main/server/catalogue-jobs.ts). */
export interface JobInfo {
  id: string;
  kind: string;
  /** What the job works on: a folder's path, a remote's URL. */
  label: string;
  status: JobStatus;
  progress: {
    /** 'scan', 'read', 'write', … */
    phase: string;
    done: number;
    /** 0 while unknown. */
    total: number;
    current?: string;
  };
  /** Unix milliseconds. */
  startedAt: number;
  finishedAt: number | null;
  /** Problems that did not stop the job (unreadable files …). */
  problems: string[];
  result: unknown;
  error: string | null;
}

export async function fetchJob(id: string, signal?: AbortSignal): Promise<JobInfo> {
  return (await getFirstParty<{ job: JobInfo }>(`/app/jobs/${encodeURIComponent(id)}.json`, signal)).job;
}

export async function cancelJob(id: string): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>(`/app/jobs/${encodeURIComponent(id)}/cancel.json`)).job;
}
