// HTTP for an artist's page (/artist/detail.json).
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { getApi } from './client';

export interface ArtistDetail {
  artist: { name: string; wiki_count: number; sub_count: number };
  wikis: WikiDto[];
  subs: SubDto[];
}

export async function fetchArtist(name: string, signal?: AbortSignal): Promise<ArtistDetail> {
  const res = await getApi<ArtistDetail>('/artist/detail.json', { name }, signal);
  return { artist: res.artist, wikis: res.wikis, subs: res.subs };
}
