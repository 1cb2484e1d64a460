// HTTP for Settings → Library: the imported folders and starting an import (a job: api/jobs.ts).
import { getFirstParty, postFirstParty } from './client';
import type { ImportJobResult, LibraryFolder } from '../../../src-main/contract/app';
import type { JobInfo } from './jobs';

export type { LibraryFolder } from '../../../src-main/contract/app';

export interface LibraryState {
  folders: LibraryFolder[];
  /** False when the server answers from a fixed catalogue file and cannot import. */
  writable: boolean;
  /** The latest import job, running or not. */
  job: JobInfo | null;
}

/** What a finished import job returns. */
export type ImportResult = ImportJobResult;

export async function fetchLibrary(signal?: AbortSignal): Promise<LibraryState> {
  const { folders, writable, job } = await getFirstParty<LibraryState>('/app/library.json', signal);
  return { folders, writable, job };
}

export async function startImport(folder: string): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>('/app/library/import.json', { folder })).job;
}
