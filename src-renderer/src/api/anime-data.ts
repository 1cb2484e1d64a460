// HTTP for Settings → Anime data: the data the schedule comes from, the weekly check and its registry,
// and starting the update (a job the jobs store follows). The UI's own endpoints.
import type { AnimeDataView } from '../../../src-main/contract/app';
import { getFirstParty, postFirstParty } from './client';
import type { JobInfo } from './jobs';

export type AnimeDataState = AnimeDataView;

export async function fetchAnimeData(signal?: AbortSignal): Promise<AnimeDataState> {
  return (await getFirstParty<{ anime_data: AnimeDataState }>('/app/anime-data.json', signal)).anime_data;
}

export async function saveAnimeDataSettings(weekly: boolean, registry?: string): Promise<AnimeDataState> {
  return (await postFirstParty<{ anime_data: AnimeDataState }>('/app/anime-data/settings.json', { weekly, ...(registry ? { registry } : {}) })).anime_data;
}

export async function startAnimeDataUpdate(): Promise<JobInfo> {
  return (await postFirstParty<{ job: JobInfo }>('/app/anime-data/update.json')).job;
}
