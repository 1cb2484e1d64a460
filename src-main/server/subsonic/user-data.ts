// The user's own data through the face — only with the Subsonic password, never with an API key: stars
// are Moecat's favourites (songs and albums; Moecat keeps no favourite artists), scrobbles are Recently
// played (a "now playing" note, submission=false, is taken and kept nowhere), playlists are Moecat's
// playlists, the same rows the app shows; a player's saved play queue is kept for the next player. Every
// id is checked before anything is written, so a request naming one unknown id changes nothing.
import type { Playlist } from '../../catalogue/user/user-playlists';
import { PLAYLIST_MAX_ITEMS, PLAYLIST_NAME_MAX } from '../../catalogue/user/user-playlists';
import type { SubDto } from '../../contract/objects';
import { SUBSONIC_USER } from './auth';
import { song, songsOf } from './browsing';
import { all, bool, int, one, required, type Endpoint, type SubsonicContext } from './context';
import { albumIdOf } from './objects';
import { invalid, missing, notFound, SUBSONIC_CODES, SubsonicError } from './response';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** The favourites a star or unstar names: songs by `id`, albums by `albumId`; artists are refused. */
function starTargets(ctx: SubsonicContext): { type: 'wiki' | 'sub'; id: number }[] {
  if (all(ctx, 'artistId').length > 0) throw new SubsonicError(SUBSONIC_CODES.GENERIC, 'Moecat keeps no favourite artists: star their albums or songs.');
  const songs = all(ctx, 'id').map((id) => ({ type: 'sub' as const, id: song(ctx, id).sub_id }));
  const albums = all(ctx, 'albumId').map((id) => {
    const wikiId = albumIdOf(id);
    if (wikiId === undefined || !ctx.app.deps.catalogue.queries.subsonic.album(wikiId)) throw notFound('Album');
    return { type: 'wiki' as const, id: wikiId };
  });
  if (songs.length + albums.length === 0) throw missing('id');
  return [...songs, ...albums];
}

function playlistOf(ctx: SubsonicContext, name = 'id'): Playlist {
  const raw = required(ctx, name);
  const found = /^\d{1,15}$/.test(raw) ? ctx.app.deps.userDb.playlists.find(Number(raw)) : undefined;
  if (!found) throw notFound('Playlist');
  return found;
}

function nameOf(ctx: SubsonicContext, param: string): string | undefined {
  const value = one(ctx, param)?.trim();
  if (value === undefined) return undefined;
  if (value === '' || CONTROL.test(value) || [...value].length > PLAYLIST_NAME_MAX) throw invalid(param, `must be 1–${PLAYLIST_NAME_MAX} characters`);
  return value;
}

function itemsOf(ctx: SubsonicContext, playlist: Playlist): SubDto[] {
  const s = ctx.app.deps.catalogue.queries.subsonic;
  return ctx.app.deps.userDb.playlists
    .items(playlist.playlist_id)
    .map((id) => s.song(id, ctx.site))
    .filter((sub): sub is SubDto => sub !== undefined);
}

function toPlaylist(ctx: SubsonicContext, playlist: Playlist, withSongs: boolean) {
  const songs = itemsOf(ctx, playlist);
  const iso = (s: number) => new Date(s * 1000).toISOString();
  return {
    id: String(playlist.playlist_id),
    name: playlist.name,
    owner: SUBSONIC_USER,
    public: false,
    songCount: songs.length,
    duration: songs.reduce((sum, s) => sum + (s.sub_upload?.[0]?.up_data.length ?? 0), 0),
    created: iso(playlist.created_at),
    changed: iso(playlist.updated_at),
    ...(songs[0] ? { coverArt: `al-${songs[0].wiki.wiki_id}` } : {}),
    ...(withSongs ? { entry: songsOf(ctx, songs) } : {}),
  };
}

const songIds = (ctx: SubsonicContext, name: string) => all(ctx, name).map((id) => song(ctx, id).sub_id);

export const USER_ENDPOINTS: Record<string, Endpoint> = {
  star: {
    auth: 'user',
    handle(ctx) {
      const now = Math.floor(ctx.app.deps.now() / 1000);
      for (const t of starTargets(ctx)) ctx.app.deps.userDb.addFav(t.type, t.id, 1, now);
      return {};
    },
  },
  unstar: {
    auth: 'user',
    handle(ctx) {
      for (const t of starTargets(ctx)) ctx.app.deps.userDb.deleteFav(t.type, t.id);
      return {};
    },
  },
  scrobble: {
    auth: 'user',
    handle(ctx) {
      const subs = all(ctx, 'id').map((id) => song(ctx, id));
      if (subs.length === 0) throw missing('id');
      const times = all(ctx, 'time').map((t) => {
        if (!/^\d{1,15}$/.test(t)) throw invalid('time', 'must be milliseconds since 1970');
        return Math.floor(Number(t) / 1000);
      });
      if (!bool(ctx, 'submission', true)) return {};
      const now = Math.floor(ctx.app.deps.now() / 1000);
      subs.forEach((sub, i) => ctx.app.deps.userDb.addPlay(sub.sub_id, sub.wiki.wiki_id, times[i] ?? now));
      return {};
    },
  },
  getPlaylists: {
    auth: 'user',
    handle(ctx) {
      const user = one(ctx, 'username');
      if (user !== undefined && user.toLowerCase() !== SUBSONIC_USER) throw notFound('User');
      return { playlists: { playlist: ctx.app.deps.userDb.playlists.list().map((p) => toPlaylist(ctx, p, false)) } };
    },
  },
  getPlaylist: { auth: 'user', handle: (ctx) => ({ playlist: toPlaylist(ctx, playlistOf(ctx), true) }) },
  createPlaylist: {
    auth: 'user',
    handle(ctx) {
      const { playlists } = ctx.app.deps.userDb;
      const ids = songIds(ctx, 'songId');
      if (ids.length > PLAYLIST_MAX_ITEMS) throw invalid('songId', `may name at most ${PLAYLIST_MAX_ITEMS} songs`);
      const now = Math.floor(ctx.app.deps.now() / 1000);
      if (one(ctx, 'playlistId') !== undefined) {
        const existing = playlistOf(ctx, 'playlistId');
        const name = nameOf(ctx, 'name');
        if (name) playlists.rename(existing.playlist_id, name, now);
        return { playlist: toPlaylist(ctx, playlists.setItems(existing.playlist_id, ids, now)!, true) };
      }
      const name = nameOf(ctx, 'name');
      if (name === undefined) throw missing('name');
      return { playlist: toPlaylist(ctx, playlists.create(name, ids, now), true) };
    },
  },
  updatePlaylist: {
    auth: 'user',
    handle(ctx) {
      const { playlists } = ctx.app.deps.userDb;
      const playlist = playlistOf(ctx, 'playlistId');
      const name = nameOf(ctx, 'name');
      const adding = songIds(ctx, 'songIdToAdd');
      const current = playlists.items(playlist.playlist_id);
      const removing = new Set(all(ctx, 'songIndexToRemove').map((i) => (/^\d{1,9}$/.test(i) ? Number(i) : -1)));
      for (const i of removing) if (i < 0 || i >= current.length) throw invalid('songIndexToRemove', 'must be the index of a song in the playlist');
      const next = [...current.filter((_, i) => !removing.has(i)), ...adding];
      if (next.length > PLAYLIST_MAX_ITEMS) throw invalid('songIdToAdd', `would make the playlist longer than ${PLAYLIST_MAX_ITEMS} songs`);
      const now = Math.floor(ctx.app.deps.now() / 1000);
      if (name) playlists.rename(playlist.playlist_id, name, now);
      if (adding.length > 0 || removing.size > 0) playlists.setItems(playlist.playlist_id, next, now);
      return {};
    },
  },
  getPlayQueue: {
    auth: 'user',
    handle(ctx) {
      const saved = ctx.app.deps.userDb.subsonic.playQueue();
      const s = ctx.app.deps.catalogue.queries.subsonic;
      const songs = (saved?.ids ?? []).map((id) => s.song(id, ctx.site)).filter((sub): sub is SubDto => sub !== undefined);
      return {
        playQueue: {
          ...(saved?.current != null ? { current: String(saved.current), position: saved.position } : {}),
          username: SUBSONIC_USER,
          // Never saved: an empty queue, changed at the epoch (Moecat does not know when).
          changed: new Date(saved?.changed ?? 0).toISOString(),
          changedBy: saved?.changedBy ?? '',
          entry: songsOf(ctx, songs),
        },
      };
    },
  },
  savePlayQueue: {
    auth: 'user',
    handle(ctx) {
      const ids = songIds(ctx, 'id');
      if (ids.length > PLAYLIST_MAX_ITEMS) throw invalid('id', `may name at most ${PLAYLIST_MAX_ITEMS} songs`);
      const currentRaw = one(ctx, 'current');
      const current = currentRaw === undefined || currentRaw === '' ? null : song(ctx, currentRaw).sub_id;
      if (current !== null && !ids.includes(current)) throw invalid('current', 'must be one of the queue’s songs');
      const position = int(ctx, 'position', 0, 0, 1_000_000_000_000);
      const changedBy = (one(ctx, 'c') ?? '').slice(0, 100);
      ctx.app.deps.userDb.subsonic.savePlayQueue({ ids, current, position, changed: ctx.app.deps.now(), changedBy });
      return {};
    },
  },
  deletePlaylist: {
    auth: 'user',
    handle(ctx) {
      ctx.app.deps.userDb.playlists.remove(playlistOf(ctx).playlist_id);
      return {};
    },
  },
};
