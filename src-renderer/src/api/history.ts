// HTTP for Recently played: record that a track started, the paged list (each song once, newest
// first, with the song and its entry), and clearing it. First-party only, like the favourites.
import type { PlayDto, PlayItemDto } from '../../../src-main/contract/objects';
import { withQuery } from '../../../src-main/contract/paths';
import { getFirstParty, postFirstParty } from './client';

export async function recordPlay(subId: number): Promise<PlayDto> {
  return (await postFirstParty<{ play: PlayDto }>('/app/history/add.json', { sub_id: subId })).play;
}

export interface HistoryPage {
  items: PlayItemDto[];
  /** Distinct songs and episodes played. */
  count: number;
  page: number;
  perpage: number;
}

export async function fetchHistory(page: number, perpage: number, signal?: AbortSignal): Promise<HistoryPage> {
  const res = await getFirstParty<{ plays: PlayItemDto[] }>(withQuery('/app/history.json', { page, perpage }), signal);
  return {
    items: res.plays,
    count: res.information.count ?? res.plays.length,
    page: res.information.page ?? page,
    perpage: res.information.perpage ?? perpage,
  };
}

/** Forgets every play; resolves how many were removed. */
export async function clearHistory(): Promise<number> {
  return (await postFirstParty<{ cleared: number }>('/app/history/clear.json')).cleared;
}
