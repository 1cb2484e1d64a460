// HTTP for the entry pages: an entry with its sub-entries, one sub-entry, and a playlist of what has audio.
import type { PlaylistItemDto, SubDto, WikiDto } from '../../../src-main/contract/objects';
import type { EntrySection } from '../../../src-main/contract/sections';
import { getApi } from './client';

export type { EntrySection };

export interface EntryDetail {
  wiki: WikiDto;
  subs: SubDto[];
}

/** GET /<section>/detail.json: 404 (ApiFailure status 404) when the id names nothing of that section. */
export async function fetchEntryDetail(section: EntrySection, wikiId: number, signal?: AbortSignal): Promise<EntryDetail> {
  const res = await getApi<EntryDetail>(`/${section}/detail.json`, { wiki_id: wikiId }, signal);
  return { wiki: res.wiki, subs: res.subs };
}

export async function fetchSubDetail(subId: number, signal?: AbortSignal): Promise<SubDto> {
  const res = await getApi<{ sub: SubDto }>('/sub/detail.json', { sub_id: subId }, signal);
  return res.sub;
}

export type PlaylistTarget = { music: number } | { radio: number } | { sub: number };

/** The largest page /listen/playlist answers. */
const PLAYLIST_PAGE = 50;

/** GET /listen/playlist?api=json, page after page: the sub-entries with audio, in order ([] when none has audio). */
export async function fetchPlaylist(target: PlaylistTarget, signal?: AbortSignal): Promise<PlaylistItemDto[]> {
  const items: PlaylistItemDto[] = [];
  for (let page = 1; ; page++) {
    const res = await getApi<{ playlist: PlaylistItemDto[] }>('/listen/playlist', { ...target, api: 'json', page, perpage: PLAYLIST_PAGE }, signal);
    items.push(...res.playlist);
    if (!res.information.may_have_next || res.playlist.length === 0) return items;
  }
}
