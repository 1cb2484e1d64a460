// Settings → Library: the imported folders, and the import job shown under the form (job-section.ts).
import { defineStore } from 'pinia';
import { fetchLibrary, startImport, type ImportResult, type LibraryFolder } from '../api/library';
import { jobSection } from './job-section';

export type { ImportResult, LibraryFolder } from '../api/library';

export const useLibraryStore = defineStore('library', () => {
  const { items, ...section } = jobSection<LibraryFolder, ImportResult, string>(async (signal) => {
    const { folders, writable, job } = await fetchLibrary(signal);
    return { items: folders, writable, job };
  }, startImport);
  return { folders: items, ...section };
});
