// Settings → Sync: the remote sources, and the sync job shown under the form (job-section.ts).
import { defineStore } from 'pinia';
import { fetchSync, startSync, type RemoteSource, type SyncRequest, type SyncResult } from '../api/sync';
import { jobSection } from './job-section';

export type { RemoteSource, SyncRequest, SyncResult } from '../api/sync';

export const useSyncStore = defineStore('sync', () => {
  const { items, ...section } = jobSection<RemoteSource, SyncResult, SyncRequest>(async (signal) => {
    const { sources, writable, job } = await fetchSync(signal);
    return { items: sources, writable, job };
  }, startSync);
  return { sources: items, ...section };
});
