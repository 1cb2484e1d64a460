// Browsing by tags (ID3) and by folders: artists, an artist's albums, an album's songs, a song, genres,
// the folder-shaped directories older clients walk, and what Moecat can say of an artist: no biography
// (it keeps none), "similar" songs from the albums sharing the most tags with the artist's, and "top"
// songs from the user's own Recently played (Moecat knows no other listeners' counts). docs/api.md,
// "The OpenSubsonic face", says so for players' users.
import { gzipSync } from 'node:zlib';
import type { SubDto, WikiDto } from '../../contract/objects';
import type { SubsonicAlbum, SubsonicSong } from '../../catalogue/read/subsonic';
import { int, one, required, type Endpoint, type SubsonicContext } from './context';
import { albumIdOf, artistId, artistNameOf, songIdOf, toAlbum, toAlbumChild, toArtist, toChild } from './objects';
import { notFound, renderSubsonic, type Payload } from './response';
import { encodedBody } from '../answer-encoding';
import type { CachedAnswer } from '../answer-cache';

const queries = (ctx: SubsonicContext) => ctx.app.deps.catalogue.queries;

export function albumsOf(ctx: SubsonicContext, wikis: SubsonicAlbum[]) {
  const counts = queries(ctx).subsonic.songCounts(wikis.map((w) => w.wiki_id));
  return wikis.map((w) => toAlbum(w, counts.get(w.wiki_id), ctx.m));
}

export const songsOf = (ctx: SubsonicContext, subs: SubsonicSong[]) => subs.map((s) => toChild(s, ctx.m));

function folderOf(ctx: SubsonicContext): number | undefined {
  return int(ctx, 'musicFolderId', undefined, 0, 1_000_000_000);
}

/** The artists grouped under their initials (A–Z, else #), as both artist lists answer them. */
function indexed<T>(ctx: SubsonicContext, map: (name: string, albumCount: number) => T) {
  const groups = new Map<string, T[]>();
  for (const a of queries(ctx).subsonic.artists(folderOf(ctx))) {
    const first = a.fold.charAt(0).toUpperCase();
    const key = /[A-Z]/.test(first) ? first : '#';
    groups.set(key, [...(groups.get(key) ?? []), map(a.name, a.albumCount)]);
  }
  return [...groups.keys()].sort().map((name) => ({ name, artist: groups.get(name)! }));
}

/** The artist an `ar-` id names, with their albums (their own and those of their songs) and songs. */
export function artistOf(ctx: SubsonicContext, id: string) {
  const name = artistNameOf(id);
  const found = name === undefined ? undefined : queries(ctx).artists.byName(name, ctx.site);
  if (!name || !found) throw notFound('Artist');
  const albums = new Map<number, WikiDto>(found.wikis.map((w) => [w.wiki_id, w]));
  for (const sub of found.subs) if (!albums.has(sub.wiki.wiki_id)) albums.set(sub.wiki.wiki_id, sub.wiki);
  return { name, albums: [...albums.values()], songs: found.subs };
}

function album(ctx: SubsonicContext, id: string): SubsonicAlbum {
  const wikiId = albumIdOf(id);
  const found = wikiId === undefined ? undefined : queries(ctx).subsonic.album(wikiId);
  if (!found) throw notFound('Album');
  return found;
}

export function song(ctx: SubsonicContext, id: string): SubDto {
  const subId = songIdOf(id);
  const found = subId === undefined ? undefined : queries(ctx).subsonic.song(subId, ctx.site);
  if (!found) throw notFound('Song');
  return found;
}

/** Kept answers: the whole artist lists, by catalogue (until it changes), list, folder and format. */
const keptLists = new WeakMap<object, { version: number; bodies: Map<string, CachedAnswer> }>();
/** Kept answers per catalogue at most: lists × formats × a few music folders. */
const KEPT_MAX = 32;
/**
 * Compressed once per catalogue change, so harder than a cold answer (answer-encoding.ts): a library's
 * 20,000 artists are about an eighth fewer bytes for every player that fetches them (tens of ms, once).
 */
const KEPT_GZIP_LEVEL = 6;

/**
 * Sends a whole artist list as written the last time, until the catalogue changes: a library's
 * thousands of artists take far longer to write out than to read (docs/opensubsonic.md, "Performance").
 * Kept plain and gzip-compressed, sent compressed to a client that takes it, as the answer cache sends
 * large answers (answer-encoding.ts). The lists hold nothing of the user's, so one body serves every sign-in.
 */
async function sendKept(ctx: SubsonicContext, list: string, payload: () => Payload) {
  const format = one(ctx, 'f') === 'json' ? 'json' : 'xml';
  const subsonic = queries(ctx).subsonic;
  const version = subsonic.version();
  let kept = keptLists.get(subsonic);
  if (!kept || kept.version !== version || kept.bodies.size >= KEPT_MAX) {
    kept = { version, bodies: new Map() };
    keptLists.set(subsonic, kept);
  }
  const key = `${list} ${folderOf(ctx) ?? ''} ${format}`;
  let answer = kept.bodies.get(key);
  if (answer === undefined) {
    const body = Buffer.from(await renderSubsonic(format, payload()));
    const contentType = format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8';
    answer = { status: 200, contentType, body, gzip: gzipSync(body, { level: KEPT_GZIP_LEVEL }) };
    kept.bodies.set(key, answer);
  }
  ctx.reply.code(200).header('cache-control', 'no-store').type(answer.contentType);
  return ctx.reply.send(encodedBody(ctx.reply, answer));
}

export const BROWSING_ENDPOINTS: Record<string, Endpoint> = {
  getArtists: {
    auth: 'key',
    handle: (ctx) =>
      sendKept(ctx, 'artists', () => ({ artists: { ignoredArticles: '', index: indexed(ctx, (name, albumCount) => toArtist(name, albumCount)) } })),
  },
  getIndexes: {
    auth: 'key',
    handle(ctx) {
      const lastModified = queries(ctx).subsonic.lastModified() * 1000;
      // A client that has the list as of `ifModifiedSince` gets no artists when nothing changed since.
      const since = int(ctx, 'ifModifiedSince', undefined, 0, 8_640_000_000_000_000);
      if (since !== undefined && lastModified <= since) return { indexes: { ignoredArticles: '', lastModified } };
      return sendKept(ctx, 'indexes', () => ({
        indexes: { ignoredArticles: '', lastModified, index: indexed(ctx, (name) => ({ id: artistId(name), name })) },
      }));
    },
  },
  getArtist: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const id = required(ctx, 'id');
      const { name, albums } = artistOf(ctx, id);
      return { artist: { ...toArtist(name, albums.length), album: albumsOf(ctx, albums) } };
    },
  },
  getAlbum: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const wiki = album(ctx, required(ctx, 'id'));
      const songs = queries(ctx).subsonic.songsOf(wiki.wiki_id);
      return { album: { ...albumsOf(ctx, [wiki])[0], song: songsOf(ctx, songs) } };
    },
  },
  getSong: { auth: 'key', keep: true, handle: (ctx) => ({ song: toChild(song(ctx, required(ctx, 'id')), ctx.m) }) },
  getGenres: { auth: 'key', keep: true, handle: (ctx) => ({ genres: { genre: queries(ctx).subsonic.genres() } }) },
  getMusicDirectory: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const id = required(ctx, 'id');
      if (id.startsWith('ar-')) {
        const { name, albums } = artistOf(ctx, id);
        return { directory: { id, name, child: albums.map((w) => toAlbumChild(w, ctx.m)) } };
      }
      const wiki = album(ctx, id);
      const child = songsOf(ctx, queries(ctx).subsonic.songsOf(wiki.wiki_id));
      const parent = toAlbumChild(wiki, ctx.m).parent;
      return { directory: { id, ...(parent ? { parent } : {}), name: wiki.wiki_title, child } };
    },
  },
  getArtistInfo2: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      artistOf(ctx, required(ctx, 'id'));
      return { artistInfo2: {} };
    },
  },
  getTopSongs: {
    auth: 'key',
    // An API key's answer is always empty: it does not open the user's plays.
    keep: (ctx) => ctx.auth !== 'user',
    handle(ctx) {
      const name = required(ctx, 'artist');
      const count = int(ctx, 'count', 50, 0, 500);
      if (ctx.auth !== 'user') return { topSongs: { song: [] } };
      // The plays first: with none, the artist's songs (all of them, read whole) need not be read.
      const plays = ctx.app.deps.userDb.listPlays(1000, 0).plays;
      const found = plays.length === 0 ? undefined : queries(ctx).artists.byName(name, ctx.site);
      if (!found) return { topSongs: { song: [] } };
      const theirs = new Map(found.subs.map((s) => [s.sub_id, s]));
      const played = plays.map((p) => theirs.get(p.sub_id)).filter((s): s is SubDto => s !== undefined);
      return { topSongs: { song: songsOf(ctx, played.slice(0, count)) } };
    },
  },
  getSimilarSongs2: {
    auth: 'key',
    keep: true,
    handle(ctx) {
      const { albums } = artistOf(ctx, required(ctx, 'id'));
      const count = int(ctx, 'count', 50, 0, 500);
      // The albums sharing the most tags with the artist's first five (one query for the five).
      const own = albums.map((w) => w.wiki_id);
      const similar = queries(ctx).subsonic.similarAlbums(own.slice(0, 5), own, 50);
      const songs: SubsonicSong[] = [];
      for (const w of similar) {
        songs.push(
          ...queries(ctx)
            .subsonic.songsOf(w.wiki_id)
            .filter((s) => (s.sub_upload?.length ?? 0) > 0),
        );
        if (songs.length >= count) break;
      }
      return { similarSongs2: { song: songsOf(ctx, songs.slice(0, count)) } };
    },
  },
};
