// HTTP for Settings → Sync: the remote sources and starting a sync (a job: api/jobs.ts).
import { getFirstParty, postFirstParty } from './client';
import type { RemoteSourceView, SyncJobResult } from '../../../src-main/contract/app';
import type { JobInfo } from './jobs';

/** A remote source as /app/sync.json answers it. */
export type RemoteSource = RemoteSourceView;

export interface SyncState {
  sources: RemoteSource[];
  /** False when the server answers from a fixed catalogue file and cannot sync. */
  writable: boolean;
  /** The latest sync job, running or not. */
  job: JobInfo | null;
}

/** What a finished sync job returns. */
export type SyncResult = SyncJobResult;

export interface SyncRequest {
  url: string;
  /** Left out to use the key saved by an earlier sync of this remote. */
  key?: string;
  cacheAudio: boolean;
  covers: boolean;
}

export async function fetchSync(signal?: AbortSignal): Promise<SyncState> {
  const { sources, writable, job } = await getFirstParty<SyncState>('/app/sync.json', signal);
  return { sources, writable, job };
}

export async function startSync(request: SyncRequest): Promise<JobInfo> {
  const body: Record<string, unknown> = { url: request.url, cache_audio: request.cacheAudio, covers: request.covers };
  if (request.key) body.key = request.key;
  return (await postFirstParty<{ job: JobInfo }>('/app/sync/start.json', body)).job;
}
