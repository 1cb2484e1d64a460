// The UI's routes, in history mode: the server answers index.html for each of these paths, so every
// view can be bookmarked, reloaded and reached with back/forward. Made once the page is signed in: the
// history reads the address when it is made, and the sign-in link's token must be out of it by then.
import { createRouter, createWebHistory } from 'vue-router';
import OnAirView from '../views/OnAirView.vue';

export const createAppRouter = () => {
  keepScrollWhenHidden();
  return createRouter({
    history: createWebHistory('/'),
    routes: [
      // The first screen is in the main bundle: no second round trip before it can mount.
      { path: '/', name: 'on-air', component: OnAirView },
      // /seasons is the current season; a season's own address stays that season.
      { path: '/seasons', name: 'seasons', component: () => import('../views/SeasonsView.vue') },
      { path: '/seasons/:year(\\d{4})/:season(winter|spring|summer|fall)', name: 'season', component: () => import('../views/SeasonsView.vue') },
      { path: '/search', name: 'search', component: () => import('../views/SearchView.vue') },
      { path: '/browse/:type(music|radio|anime)?', name: 'browse', component: () => import('../views/BrowseView.vue') },
      { path: '/:type(music|radio|anime)/:id(\\d+)', name: 'entry', component: () => import('../views/EntryView.vue') },
      { path: '/sub/:type(song|ep)/:id(\\d+)', name: 'sub', component: () => import('../views/SubView.vue') },
      { path: '/artist/:name', name: 'artist', component: () => import('../views/ArtistView.vue') },
      { path: '/playing', name: 'playing', component: () => import('../views/NowPlayingView.vue') },
      { path: '/listen', name: 'listen', component: () => import('../views/ListenView.vue') },
      { path: '/favourites', name: 'favourites', component: () => import('../views/FavouritesView.vue') },
      { path: '/playlists', name: 'playlists', component: () => import('../views/PlaylistsView.vue') },
      { path: '/playlists/:id(\\d+)', name: 'playlist', component: () => import('../views/PlaylistView.vue') },
      { path: '/settings', name: 'settings', component: () => import('../views/SettingsView.vue') },
      { path: '/about', name: 'about', component: () => import('../views/AboutView.vue') },
      { path: '/oauth/authorize', name: 'oauth-authorize', component: () => import('../views/OAuthAuthorizeView.vue') },
      { path: '/:rest(.*)*', name: 'not-found', component: () => import('../views/NotFoundView.vue') },
    ],
    // Back/forward return to where the page was; a new page starts at its top. Typing in the search box
    // changes only the search's query: the page stays where it is (and no scroll forces a layout per key).
    // A link to a section of a page (/settings#anime-data) scrolls to it.
    scrollBehavior: (to, from, saved) => saved ?? (to.hash ? { el: to.hash } : to.name === 'search' && from.name === 'search' ? false : { top: 0 }),
  });
};

/**
 * vue-router writes the page's scroll position into its history entry when the page is hidden (a tab
 * left, a reload), reading it from the page then. Being hidden restyles the whole page (its colours
 * follow the platform's), and that read waited for the restyle: 11–22 ms at the start of every reload.
 * The position is kept from the page's scroll events instead and written then, and the document's
 * listeners (vue-router's is its only one) are not called for a page being hidden: a listener added to
 * the document for that would not be called either.
 */
let keeping = false;
export function keepScrollWhenHidden(): void {
  if (keeping) return;
  keeping = true;
  let at = { left: 0, top: 0 };
  window.addEventListener('scroll', () => (at = { left: window.scrollX, top: window.scrollY }), { passive: true });
  window.addEventListener(
    'visibilitychange',
    (event) => {
      if (document.visibilityState !== 'hidden' || !history.state) return;
      event.stopImmediatePropagation();
      history.replaceState({ ...history.state, scroll: at }, '');
    },
    { capture: true },
  );
}
