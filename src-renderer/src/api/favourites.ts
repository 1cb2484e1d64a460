// HTTP for the user's favourites: add and remove an entry or a song/episode, and the paged lists of
// /user/favs/{wiki,sub}. Only the app's own UI may call them (the UI token goes with each call).
import type { FavDto, FavItemDto, SubDto, WikiDto } from '../../../src-main/contract/objects';
import { withQuery } from '../../../src-main/contract/paths';
import { getFirstParty, postFirstParty } from './client';

export type FavKind = 'wiki' | 'sub';

export async function addFavourite(type: FavKind, id: number): Promise<FavDto> {
  return (await postFirstParty<{ fav: FavDto }>('/fav/add.json', { fav_obj_type: type, fav_obj_id: id })).fav;
}

export async function removeFavourite(type: FavKind, id: number): Promise<FavDto> {
  return (await postFirstParty<{ fav: FavDto }>('/fav/delete.json', { fav_obj_type: type, fav_obj_id: id })).fav;
}

/** A favourite with its object as the list answers it (null when the catalogue no longer has it). */
export type FavItem<K extends FavKind> = Omit<FavItemDto, 'obj'> & { obj: (K extends 'wiki' ? WikiDto : SubDto) | null };

export interface FavPage<K extends FavKind> {
  items: FavItem<K>[];
  /** Every favourite of the kind. */
  count: number;
  page: number;
  perpage: number;
}

/** One page of favourites, newest first. */
export async function fetchFavourites<K extends FavKind>(type: K, page: number, perpage: number, signal?: AbortSignal): Promise<FavPage<K>> {
  const res = await getFirstParty<{ favs: FavItem<K>[] }>(withQuery(`/user/favs/${type}.json`, { page, perpage }), signal);
  return { items: res.favs, count: res.information.count ?? res.favs.length, page: res.information.page ?? page, perpage: res.information.perpage ?? perpage };
}
