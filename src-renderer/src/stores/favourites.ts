// The user's favourites in the UI: the heart toggles' state, the Favourites page's two lists, and
// "Play all" over the favourite songs.
//
// Decisions:
// - Answers carry each object's fav mark (wiki_user_fav / sub_user_fav); a toggle records this
//   session's change in `marks`, which wins over what earlier answers said, so every heart for the same
//   object — the entry page, a list, the Favourites page — agrees at once.
// - Toggles are optimistic: the heart changes at once and goes back, with a notice, when the server
//   refuses. An add answered 409 or a delete answered 404 means the server is already as wanted (another
//   window got there first), which counts as success. One request per object at a time.
// - Unfavouriting on the Favourites page leaves the item listed (with an empty heart) until the list
//   is loaded again, so a slip can be undone in place.
// - Play all takes every favourite song or episode that has audio, newest favourite first; playing one
//   from a list queues that list from it.
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import type { FavDto, SubDto } from '../../../src-main/contract/objects';
import { ApiFailure, failureMessage } from '../api/client';
import { fetchPlaylist } from '../api/entry';
import { addFavourite, fetchFavourites, removeFavourite, type FavItem, type FavKind } from '../api/favourites';
import { trackFromPlaylistItem, trackFromSong } from '../player/tracks';
import { usePlayerStore, type PlayerTrack } from './player';
import { MAX_QUEUE } from '../player/storage';
import { followingChanged } from '../reminders/following-changed';
import type { LoadState } from './load-state';
import { i18n } from '../i18n';
import { useAppNoticeStore } from './app-notice';
import { latestRead } from './requests';

export const FAV_PER_PAGE = 24;
/** The largest page the API answers. */
const MAX_PERPAGE = 50;

export interface FavList<K extends FavKind> extends LoadState {
  items: FavItem<K>[];
  count: number;
  page: number;
}

/** A row of the Favourites page's song lists (favourites, recently played). */
export interface FavouriteSubRow {
  key: string | number;
  /** The id the row names, kept for songs the catalogue no longer has. */
  subId: number;
  sub: SubDto | null;
  /** Recently played: Unix seconds of the latest play. */
  playedAt?: number;
}

const keyOf = (type: FavKind, id: number) => `${type}:${id}`;
const emptyList = <K extends FavKind>(): FavList<K> => ({ status: 'idle', error: null, items: [], count: 0, page: 1 });

/** A favourite sub-entry as a player track: songs from their upload, episodes from their playlist. */
async function trackOf(sub: SubDto): Promise<PlayerTrack | null> {
  if (sub.sub_type === 'song') return sub.wiki ? trackFromSong(sub, sub.wiki) : null;
  const [item] = await fetchPlaylist({ sub: sub.sub_id });
  return item ? trackFromPlaylistItem(item) : null;
}

export const useFavouritesStore = defineStore('favourites', () => {
  /** This session's own changes: object key → favourited. */
  const marks = reactive(new Map<string, boolean>());
  const pending = reactive(new Set<string>());
  const notices = useAppNoticeStore();
  const lists = { wiki: reactive(emptyList<'wiki'>()), sub: reactive(emptyList<'sub'>()) };
  const reads = { wiki: latestRead<FavList<FavKind>>(lists.wiki), sub: latestRead<FavList<FavKind>>(lists.sub) };
  /** Play all: busy while collecting the songs; 'empty' when none has audio. */
  const playAllState = ref<'idle' | 'loading' | 'empty' | 'error'>('idle');
  const playAllError = ref<string | null>(null);

  /** Whether the object is a favourite: this session's change if any, else what its answer said. */
  function isFavourite(type: FavKind, id: number, fromAnswer: FavDto | null | undefined): boolean {
    return marks.get(keyOf(type, id)) ?? !!fromAnswer;
  }

  const isPending = (type: FavKind, id: number) => pending.has(keyOf(type, id));

  /** Adds or removes (`current` = favourited now); resolves whether the server agreed. */
  async function toggle(type: FavKind, id: number, title: string, current: boolean): Promise<boolean> {
    const key = keyOf(type, id);
    if (pending.has(key)) return false;
    pending.add(key);
    marks.set(key, !current);
    try {
      await (current ? removeFavourite(type, id) : addFavourite(type, id));
      // A favourite anime is a followed show: the reminders plan again.
      if (type === 'wiki') followingChanged();
      return true;
    } catch (e) {
      if (e instanceof ApiFailure && e.status === (current ? 404 : 409)) return true;
      marks.set(key, current);
      notices.say(i18n.global.t(current ? 'favourites.failedRemove' : 'favourites.failedAdd', { title, msg: failureMessage(e) }), { failed: true });
      return false;
    } finally {
      pending.delete(key);
    }
  }

  /** One page of favourite entries ('wiki') or songs and episodes ('sub'); a newer load wins. */
  async function loadList(type: FavKind, page: number, force = false): Promise<void> {
    const list = lists[type];
    if (!force && list.page === page && (list.status === 'ready' || list.status === 'loading')) return;
    await reads[type].run(
      (signal) => fetchFavourites(type, page, FAV_PER_PAGE, signal),
      (answer) => Object.assign(list, { items: answer.items, count: answer.count }),
      {
        start: () => (list.page = page),
        // A list has no "not found": a missing page is a failure like any other, and shows no rows.
        failed: () => Object.assign(list, { status: 'error', items: [] }),
      },
    );
  }

  /** Queues every favourite song or episode with audio and plays the first; 'empty' when none has audio. */
  async function playAll(): Promise<'played' | 'empty' | 'failed'> {
    playAllState.value = 'loading';
    playAllError.value = null;
    try {
      const subs: SubDto[] = [];
      for (let page = 1; subs.length < MAX_QUEUE; page++) {
        const answer = await fetchFavourites('sub', page, MAX_PERPAGE);
        subs.push(...answer.items.flatMap((item) => (item.obj ? [item.obj] : [])));
        if (answer.items.length === 0 || page * MAX_PERPAGE >= answer.count) break;
      }
      const tracks = (await Promise.all(subs.map(trackOf))).filter((t): t is PlayerTrack => t !== null);
      if (tracks.length === 0) {
        playAllState.value = 'empty';
        return 'empty';
      }
      usePlayerStore().play(tracks, 0);
      playAllState.value = 'idle';
      return 'played';
    } catch (e) {
      playAllState.value = 'error';
      playAllError.value = failureMessage(e);
      return 'failed';
    }
  }

  /** Plays `subs` (a list on screen) from the one at `start`, leaving out those without audio. */
  async function playFrom(subs: SubDto[], start: number): Promise<void> {
    const tracks = await Promise.all(subs.map((sub) => trackOf(sub).catch(() => null)));
    const playable = tracks.flatMap((track, i) => (track ? [{ track, i }] : []));
    const first = playable.findIndex((x) => x.i >= start);
    if (first >= 0)
      usePlayerStore().play(
        playable.map((x) => x.track),
        first,
      );
  }

  return { marks, lists, playAllState, playAllError, isFavourite, isPending, toggle, loadList, playAll, playFrom };
});
