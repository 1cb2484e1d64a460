// HTTP for Settings → Library: the imported folders and starting an import (a job: api/jobs.ts).
import { getFirstParty, postFirstParty } from './client';
import type { JobInfo } from './jobs';

/** An imported folder as /app/library.json answers it (src-main/catalogue/queries/library.ts). */
export interface LibraryFolder {
  source_id: number;
  /** The folder's absolute path. */
  path: string;
  name: string;
  albums: number;
  songs: number;
  /** Unix seconds; updated_at is 0 until an import completes. */
  added_at: number;
  updated_at: number;
}

export interface LibraryState {
  folders: LibraryFolder[];
  /** False when the server answers from a fixed catalogue file and cannot import. */
  writable: boolean;
  /** The latest import job, running or not. */
  job: JobInfo | null;
}

/** What a finished import job returns (src-main/server/routes/library.ts). */
export interface ImportResult {
  sourceId: number;
  folder: string;
  albums: { added: number; changed: number; removed: number; total: number };
  songs: { added: number; changed: number; removed: number; total: number };
  /** How many files or folders could not be read (the job's `problems` lists them). */
  problems: number;
}

export async function fetchLibrary(signal?: AbortSignal): Promise<LibraryState> {
  const { folders, writable, job } = await getFirstParty<LibraryState>('/app/library.json', signal);
  return { folders, writable, job };
}

export async function startImport(folder: string): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>('/app/library/import.json', { folder })).job;
}
