// Lists and searches: album lists by the spec's types, random songs, songs of a genre, search2/search3
// (Moecat's own search, its folding and ranking, over music and radio; an empty query pages the whole
// library by id, as clients sync that way) and the starred lists (Moecat's favourites). "Recent" and
// "frequent" come from the user's own Recently played; "highest" is empty (Moecat keeps no ratings); the
// user's lists are empty for an API key, which does not open the user's data.
import type { SubDto, WikiDto } from '../../contract/objects';
import { localMidnight } from '../../contract/time';
import type { AlbumFilter, AlbumOrder, SubsonicAlbum, SubsonicSong } from '../../catalogue/read/subsonic';
import { searchFold } from '../../catalogue/search/search-fold';
import { albumsOf, songsOf } from './browsing';
import { int, one, page, required, type Endpoint, type SubsonicContext } from './context';
import { artistId, toAlbumChild, toArtist } from './objects';
import { invalid, missing } from './response';

const LIST_MAX = 500;
const queries = (ctx: SubsonicContext) => ctx.app.deps.catalogue.queries;
const CATALOGUE_ORDERS: Record<string, AlbumOrder> = {
  random: 'random',
  newest: 'newest',
  alphabeticalByName: 'alphabeticalByName',
  alphabeticalByArtist: 'alphabeticalByArtist',
  byYear: 'byYear',
  byGenre: 'byGenre',
};
const USER_ORDERS = new Set(['starred', 'recent', 'frequent', 'highest']);

function years(ctx: SubsonicContext, needed: boolean): Partial<AlbumFilter> {
  const from = int(ctx, 'fromYear', undefined, 0, 9999);
  const to = int(ctx, 'toYear', undefined, 0, 9999);
  if (needed && from === undefined) throw missing('fromYear');
  if (needed && to === undefined) throw missing('toYear');
  const tz = ctx.app.deps.catalogue.timeZone;
  const [low, high] = from !== undefined && to !== undefined && from > to ? [to, from] : [from, to];
  return {
    from: low === undefined ? undefined : localMidnight(low, 1, 1, tz),
    to: high === undefined ? undefined : localMidnight(high + 1, 1, 1, tz),
    descending: from !== undefined && to !== undefined && from > to,
  };
}

function userAlbums(ctx: SubsonicContext, type: string): SubsonicAlbum[] {
  if (ctx.auth !== 'user' || type === 'highest') return [];
  const userDb = ctx.app.deps.userDb;
  const ids =
    type === 'starred'
      ? userDb.favIds('wiki')
      : type === 'frequent'
        ? userDb.playsByWiki().map((p) => p.wikiId)
        : [...new Set(userDb.listPlays(1000, 0).plays.map((p) => p.wiki_id))];
  return ids.map((id) => queries(ctx).subsonic.album(id)).filter((w): w is SubsonicAlbum => w !== undefined);
}

function albumList(ctx: SubsonicContext): SubsonicAlbum[] {
  const type = required(ctx, 'type');
  const { size, offset } = page(ctx, 'size', 'offset', 10, LIST_MAX);
  const folder = int(ctx, 'musicFolderId', undefined, 0, 1_000_000_000);
  if (USER_ORDERS.has(type)) return userAlbums(ctx, type).slice(offset, offset + size);
  const order = Object.hasOwn(CATALOGUE_ORDERS, type) ? CATALOGUE_ORDERS[type] : undefined;
  if (!order) throw invalid('type', 'is not a list type');
  const genre = order === 'byGenre' ? required(ctx, 'genre') : undefined;
  return queries(ctx).subsonic.albums({ order, folder, genre, ...(order === 'byYear' ? years(ctx, true) : {}) }, size, offset);
}

/** The query without the quotes some clients wrap an empty one in (`query=""`). */
function queryOf(ctx: SubsonicContext): string {
  const q = (one(ctx, 'query') ?? '').trim();
  return q === '""' || q === "''" ? '' : q;
}

function search(ctx: SubsonicContext) {
  const q = queryOf(ctx);
  const artists = page(ctx, 'artistCount', 'artistOffset', 20, LIST_MAX);
  const albums = page(ctx, 'albumCount', 'albumOffset', 20, LIST_MAX);
  const songs = page(ctx, 'songCount', 'songOffset', 20, LIST_MAX);
  const folder = int(ctx, 'musicFolderId', undefined, 0, 1_000_000_000);
  const s = queries(ctx).subsonic;
  const words = searchFold(q).split(/\s+/).filter(Boolean);
  const artistList = s.artistsMatching(words, folder);
  const music = (w: WikiDto) => (w.wiki_type === 'music' || w.wiki_type === 'radio') && (folder === undefined || w.wiki_source.source_id === folder);
  let albumList: SubsonicAlbum[];
  let songList: SubsonicSong[];
  if (q === '') {
    albumList = albums.size === 0 ? [] : s.albums({ order: 'byId', folder }, albums.size, albums.offset);
    songList = songs.size === 0 ? [] : s.songs({ folder }, songs.size, songs.offset);
  } else {
    const search = queries(ctx).search;
    albumList = albums.size === 0 ? [] : search.wikis({ keyword: q, types: ['music', 'radio'] }, albums.size, albums.offset, ctx.site).wikis.filter(music);
    songList = songs.size === 0 ? [] : search.subs({ keyword: q }, songs.size, songs.offset, ctx.site).subs.filter((sub) => music(sub.wiki));
  }
  return { artists: artistList.slice(artists.offset, artists.offset + artists.size), albums: albumList, songs: songList };
}

function starred(ctx: SubsonicContext) {
  if (ctx.auth !== 'user') return { albums: [], songs: [] };
  const { userDb } = ctx.app.deps;
  const s = queries(ctx).subsonic;
  const albums = userDb
    .favIds('wiki')
    .map((id) => s.album(id))
    .filter((w): w is SubsonicAlbum => w !== undefined);
  const songs = userDb
    .favIds('sub')
    .map((id) => s.song(id, ctx.site))
    .filter((sub): sub is SubDto => sub !== undefined);
  return { albums, songs };
}

/** An album list is kept in the catalogue's orders, never a random one nor the user's plays (recent, frequent). */
function keptList(ctx: SubsonicContext): boolean {
  const type = one(ctx, 'type');
  return type !== undefined && type !== 'random' && Object.hasOwn(CATALOGUE_ORDERS, type);
}

export const LIST_ENDPOINTS: Record<string, Endpoint> = {
  getAlbumList2: { auth: 'key', keep: keptList, handle: (ctx) => ({ albumList2: { album: albumsOf(ctx, albumList(ctx)) } }) },
  getAlbumList: { auth: 'key', keep: keptList, handle: (ctx) => ({ albumList: { album: albumList(ctx).map((w) => toAlbumChild(w, ctx.m)) } }) },
  getRandomSongs: {
    auth: 'key',
    handle(ctx) {
      const size = int(ctx, 'size', 10, 0, LIST_MAX);
      const filter = { ...years(ctx, false), genre: one(ctx, 'genre') || undefined, folder: int(ctx, 'musicFolderId', undefined, 0, 1_000_000_000) };
      return { randomSongs: { song: songsOf(ctx, queries(ctx).subsonic.randomSongs(filter, size)) } };
    },
  },
  getSongsByGenre: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const genre = required(ctx, 'genre');
      const { size, offset } = page(ctx, 'count', 'offset', 10, LIST_MAX);
      const folder = int(ctx, 'musicFolderId', undefined, 0, 1_000_000_000);
      return { songsByGenre: { song: songsOf(ctx, queries(ctx).subsonic.songs({ genre, folder }, size, offset)) } };
    },
  },
  search3: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const found = search(ctx);
      return {
        searchResult3: {
          artist: found.artists.map((a) => toArtist(a.name, a.albumCount)),
          album: albumsOf(ctx, found.albums),
          song: songsOf(ctx, found.songs),
        },
      };
    },
  },
  search2: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const found = search(ctx);
      return {
        searchResult2: {
          artist: found.artists.map((a) => ({ id: artistId(a.name), name: a.name })),
          album: found.albums.map((w) => toAlbumChild(w, ctx.m)),
          song: songsOf(ctx, found.songs),
        },
      };
    },
  },
  getStarred2: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const { albums, songs } = starred(ctx);
      return { starred2: { artist: [], album: albumsOf(ctx, albums), song: songsOf(ctx, songs) } };
    },
  },
  getStarred: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const { albums, songs } = starred(ctx);
      return { starred: { artist: [], album: albums.map((w) => toAlbumChild(w, ctx.m)), song: songsOf(ctx, songs) } };
    },
  },
};
