// The tabs of Favourites: its three lists (one page, chosen by ?tab=) and the Playlists pages (a route
// of their own), shown alike on both.
import type { RouteLocationRaw } from 'vue-router';

export type FavouritesTab = 'entries' | 'songs' | 'recent' | 'playlists';
export const FAVOURITES_TABS: readonly FavouritesTab[] = ['entries', 'songs', 'recent', 'playlists'];

export function favouritesTabLink(which: FavouritesTab): RouteLocationRaw {
  if (which === 'playlists') return { name: 'playlists' };
  return { name: 'favourites', query: which === 'entries' ? {} : { tab: which } };
}
