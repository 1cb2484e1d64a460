// The OpenSubsonic face, measured for `npm run bench` (docs/opensubsonic.md, "Performance"): every
// endpoint a player browses, lists and searches with, on the generated 100k/1M catalogue, as a client
// sees it over loopback (tools/steady-load.ts, backToBack: each answer read to its last byte). One connection — a player asks one thing at a time — for `seconds` per
// endpoint, JSON, signed in with the server's API key, or with the Subsonic password where the endpoint
// answers the user's own data (starred, recent, frequent, top songs, playlists). The ids are real ones
// of the catalogue, a spread of them per endpoint, so no answer is one row's luck; the empty search
// pages from the first song to the last.
import Database from 'better-sqlite3';
import { backToBack, percentiles } from './steady-load';

export interface SubsonicFigure {
  name: string;
  /** The client's p99 and p50 (ms; Infinity when no answer came in the time), throughput, and failed requests. */
  p99: number;
  p50: number;
  reqPerSec: number;
  failed: number;
  /** The server's own time for the same requests (Fastify's elapsed time), when the bench server records it. */
  server?: { p50: number; p99: number };
  /** The target (ms): 10 for the whole-library pages, 5 for the rest. */
  target: number;
}

/** The password the bench sets for the Subsonic sign-in (the server's user database is the bench's own). */
export const BENCH_SUBSONIC_PASSWORD = 'bench-subsonic-password';

/** Real ids and names of the catalogue: albums, songs with audio, artists, genres, title words. */
function samplesOf(file: string) {
  const db = new Database(file, { readonly: true });
  const spread = <T>(rows: T[], n: number) => Array.from({ length: Math.min(n, rows.length) }, (_, i) => rows[Math.floor((i * rows.length) / n)]);
  const albums = db.prepare("SELECT wiki_id FROM wiki WHERE wiki_section = 'music' AND wiki_id % 101 = 0").pluck().all() as number[];
  const songs = db.prepare('SELECT up_obj_id FROM upload WHERE up_obj_id % 1009 = 0').pluck().all() as number[];
  const metas = db.prepare("SELECT wiki_meta FROM wiki WHERE wiki_section IN ('music', 'radio') AND wiki_id % 997 = 0").pluck().all() as string[];
  const artists = metas.flatMap((m) => (JSON.parse(m) as { key: string; value: string }[]).map((x) => x.value.split(', ')[0]));
  const genres = db.prepare("SELECT tag_name FROM tag WHERE tag_name NOT GLOB '[12][0-9][0-9][0-9]' ORDER BY tag_id").pluck().all() as string[];
  const titles = db.prepare("SELECT wiki_title FROM wiki WHERE wiki_section = 'music' AND wiki_id % 1013 = 0").pluck().all() as string[];
  const songTotal = db
    .prepare("SELECT count(*) FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.wiki_section IN ('music', 'radio')")
    .pluck()
    .get() as number;
  const albumTotal = db.prepare("SELECT count(*) FROM wiki WHERE wiki_section IN ('music', 'radio')").pluck().get() as number;
  db.close();
  const words = titles.map((t) => t.split(/\s+/)[0]).filter((w) => w.length > 0);
  return {
    albums: spread(albums, 20),
    songs: spread(songs, 20),
    artists: spread([...new Set(artists)], 20),
    genres: spread(genres, 10),
    words: spread([...new Set(words)], 20),
    songTotal,
    albumTotal,
  };
}

const LIST_TYPES = ['random', 'newest', 'recent', 'frequent', 'starred', 'alphabeticalByName', 'alphabeticalByArtist', 'byYear', 'byGenre'];
/** The list types that answer the user's own data, asked with the password. */
const USER_LISTS = new Set(['recent', 'frequent', 'starred']);

/** The operations: a name, the requests (one path each, taken in turn), the target. */
export function subsonicOperations(file: string, apiKey: string): { name: string; paths: string[]; target: number }[] {
  const s = samplesOf(file);
  const common = { c: 'bench', v: '1.16.1', f: 'json' };
  const withKey = (endpoint: string, params: Record<string, string> = {}) => `/rest/${endpoint}?${new URLSearchParams({ ...common, apiKey, ...params })}`;
  const asUser = (endpoint: string, params: Record<string, string> = {}) =>
    `/rest/${endpoint}?${new URLSearchParams({ ...common, u: 'moecat', p: BENCH_SUBSONIC_PASSWORD, ...params })}`;
  const artistId = (name: string) => `ar-${Buffer.from(name).toString('base64url')}`;
  const each = <T>(list: T[], path: (x: T) => string) => list.map(path);
  const deep = (total: number) => [0, 0.25, 0.5, 0.75, 0.999].map((share) => String(Math.max(0, Math.floor(total * share) - 500)));
  const ops: { name: string; paths: string[]; target: number }[] = [
    { name: 'ping', paths: [withKey('ping')], target: 5 },
    { name: 'getMusicFolders', paths: [withKey('getMusicFolders')], target: 5 },
    { name: 'getIndexes', paths: [withKey('getIndexes')], target: 5 },
    { name: 'getArtists', paths: [withKey('getArtists')], target: 5 },
    { name: 'getArtist', paths: each(s.artists, (a) => withKey('getArtist', { id: artistId(a) })), target: 5 },
    { name: 'getAlbum', paths: each(s.albums, (id) => withKey('getAlbum', { id: `al-${id}` })), target: 5 },
    ...LIST_TYPES.map((type) => {
      const extra = (i: number): Record<string, string> =>
        type === 'byYear' ? { fromYear: String(1995 + i), toYear: String(2025 - i) } : type === 'byGenre' ? { genre: s.genres[i % s.genres.length] } : {};
      const paths = [0, 1, 2, 3].map((i) =>
        (USER_LISTS.has(type) ? asUser : withKey)('getAlbumList2', { type, size: '20', offset: String(i * 20), ...extra(i) }),
      );
      return { name: `getAlbumList2 ${type}`, paths, target: 5 };
    }),
    { name: 'getSong', paths: each(s.songs, (id) => withKey('getSong', { id: String(id) })), target: 5 },
    { name: 'getGenres', paths: [withKey('getGenres')], target: 5 },
    { name: 'getSongsByGenre', paths: each(s.genres, (genre) => withKey('getSongsByGenre', { genre, count: '20' })), target: 5 },
    { name: 'getRandomSongs', paths: [withKey('getRandomSongs', { size: '20' })], target: 5 },
    { name: 'getMusicDirectory album', paths: each(s.albums, (id) => withKey('getMusicDirectory', { id: `al-${id}` })), target: 5 },
    { name: 'getMusicDirectory artist', paths: each(s.artists, (a) => withKey('getMusicDirectory', { id: artistId(a) })), target: 5 },
    { name: 'getTopSongs', paths: each(s.artists, (artist) => asUser('getTopSongs', { artist, count: '20' })), target: 5 },
    { name: 'getSimilarSongs2', paths: each(s.artists, (a) => withKey('getSimilarSongs2', { id: artistId(a), count: '20' })), target: 5 },
    { name: 'search2', paths: each(s.words, (query) => withKey('search2', { query })), target: 5 },
    { name: 'search3', paths: each(s.words, (query) => withKey('search3', { query })), target: 5 },
    { name: 'getStarred2', paths: [asUser('getStarred2')], target: 5 },
    { name: 'getPlaylists', paths: [asUser('getPlaylists')], target: 5 },
    { name: 'getLyricsBySongId', paths: each(s.songs, (id) => withKey('getLyricsBySongId', { id: String(id) })), target: 5 },
    {
      name: 'search3 "" songs, offsets to the last',
      paths: deep(s.songTotal).map((songOffset) => withKey('search3', { query: '', songCount: '500', songOffset, albumCount: '0', artistCount: '0' })),
      target: 10,
    },
    {
      name: 'search3 "" albums, offsets to the last',
      paths: deep(s.albumTotal).map((albumOffset) => withKey('search3', { query: '', albumCount: '500', albumOffset, songCount: '0', artistCount: '0' })),
      target: 10,
    },
    {
      name: 'search3 "" artists, offsets to the last',
      paths: [0, 2000, 10_000, 19_500].map((artistOffset) =>
        withKey('search3', { query: '', artistCount: '500', artistOffset: String(artistOffset), albumCount: '0', songCount: '0' }),
      ),
      target: 10,
    },
    {
      name: 'search3 "" all three, a client’s sync page',
      paths: deep(s.songTotal).map((offset) =>
        withKey('search3', { query: '', songCount: '20', songOffset: offset, albumCount: '20', albumOffset: String(Math.floor(Number(offset) / 20)) }),
      ),
      target: 10,
    },
  ];
  return ops;
}

/** Measures every operation at `url` (the app's server, its user database holding BENCH_SUBSONIC_PASSWORD). */
export async function benchSubsonic(
  url: string,
  file: string,
  apiKey: string,
  seconds: number,
  /** Starts the server's recording of its own times, and answers those recorded since (tools/bench-server.ts). */
  serverTimes?: { record(): Promise<unknown>; times(): Promise<number[]> },
): Promise<SubsonicFigure[]> {
  const figures: SubsonicFigure[] = [];
  for (const op of subsonicOperations(file, apiKey)) {
    // Every answer must be a Subsonic `ok`: an error answers fast and would make a figure of nothing.
    // These first answers also warm what the server keeps (the artist lists, the block counts).
    for (const path of op.paths) {
      const body = (await (await fetch(url + path)).json()) as { 'subsonic-response': { status: string; error?: { message: string } } };
      if (body['subsonic-response'].status !== 'ok') throw new Error(`${op.name}: ${path} answered ${JSON.stringify(body['subsonic-response'].error)}`);
    }
    await serverTimes?.record();
    const r = await backToBack(url, op.paths, 1, seconds, { 'accept-encoding': 'gzip' });
    const times = await serverTimes?.times();
    figures.push({
      name: op.name,
      p99: r.p99,
      p50: r.p50,
      reqPerSec: r.rps,
      failed: r.failed,
      ...(times && times.length > 0 ? { server: percentiles(times) } : {}),
      target: op.target,
    });
  }
  return figures;
}
