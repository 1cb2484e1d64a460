// HTTP for Settings → Sources: every source of the catalogue, and removing one (a job: api/jobs.ts).
import type { SourceDto } from '../../../src-main/contract/objects';
import { getFirstParty, postFirstParty } from './client';
import type { JobInfo } from './jobs';

export type { SourceDto, SourceKind } from '../../../src-main/contract/objects';

export interface SourcesState {
  sources: SourceDto[];
  /** False when the server answers from a fixed catalogue file and cannot remove. */
  writable: boolean;
  /** The latest remove-source job, running or not. */
  job: JobInfo | null;
}

/** What a finished remove-source job returns (`removeSource` in src-main/server/operations/jobs.ts). */
export interface RemoveResult {
  source_id: number;
  entries: number;
  subs: number;
}

export async function fetchSources(signal?: AbortSignal): Promise<SourcesState> {
  const { sources, writable, job } = await getFirstParty<SourcesState>('/app/sources.json', signal);
  return { sources, writable, job };
}

/** Starts removing an imported or synced source with everything it brought. */
export async function removeSource(sourceId: number): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>('/app/sources/remove.json', { source_id: sourceId })).job;
}
