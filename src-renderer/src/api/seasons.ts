// HTTP for the Seasons view: one /season.json call for every show that begins in a season.
import type { SeasonWikiDto } from '../../../src-main/contract/objects';
import type { SeasonOfYear } from '../../../src-main/contract/seasons';
import { getApi } from './client';

/** Every kind of show of the season (the view filters by kind itself), in start-date order. */
export async function fetchSeason({ year, season }: SeasonOfYear, signal?: AbortSignal): Promise<SeasonWikiDto[]> {
  return (await getApi<{ wikis: SeasonWikiDto[] }>('/season.json', { year, season }, signal)).wikis;
}
