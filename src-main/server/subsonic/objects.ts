// Moecat's objects as the spec's (docs/api.md, "The OpenSubsonic face", Mapping): a song or episode is a
// Child, a music or radio entry an AlbumID3, an artist name an ArtistID3. Ids are strings: a song's is its
// sub id, an album's `al-<wiki id>`, an artist's `ar-` and its name in base64url (artists have no rows of
// their own: artists.ts finds them by name). Dates are ISO 8601; an entry's year is its date's year in the
// catalogue's zone. Starred dates are the favourite's, shown only to the user's own sign-in.
import type { SubsonicAlbum, SubsonicSong, SubsonicUpload } from '../../catalogue/read/subsonic';
import { artistNames, artistOf, peopleOf } from '../../contract/credits';
import { wallTime } from '../../contract/time';

export const albumId = (wikiId: number) => `al-${wikiId}`;
/** Artist ids by name: a page names the same artists many times, and each encoding costs a Buffer. */
const artistIds = new Map<string, string>();
export function artistId(name: string): string {
  let id = artistIds.get(name);
  if (id === undefined) {
    if (artistIds.size >= 20_000) artistIds.clear();
    id = `ar-${Buffer.from(name, 'utf8').toString('base64url')}`;
    artistIds.set(name, id);
  }
  return id;
}

/** The wiki id of an `al-` id, or undefined. */
export function albumIdOf(id: string): number | undefined {
  const m = /^al-(\d{1,15})$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

/** The artist name of an `ar-` id, or undefined. */
export function artistNameOf(id: string): string | undefined {
  const m = /^ar-([A-Za-z0-9_-]{1,800})$/.exec(id);
  if (!m) return undefined;
  const name = Buffer.from(m[1], 'base64url').toString('utf8');
  return name.trim() === '' || name.includes('\uFFFD') ? undefined : name;
}

/** A song's id (its sub id), or undefined. */
export function songIdOf(id: string): number | undefined {
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

const DAY = 86_400;

/** ISO 8601 dates of the UTC days met, up to the time of day ("2024-05-01T"), by day number since 1970. */
const isoDays = new Map<number, string>();
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A date (Unix seconds) in ISO 8601, as Date's toISOString() writes it: its day's text and its time of day. */
function iso(seconds: number): string {
  if (!Number.isInteger(seconds)) return new Date(seconds * 1000).toISOString();
  const day = Math.floor(seconds / DAY);
  let date = isoDays.get(day);
  if (date === undefined) {
    if (isoDays.size >= 100_000) isoDays.clear();
    date = new Date(day * DAY * 1000).toISOString().slice(0, -'00:00:00.000Z'.length);
    isoDays.set(day, date);
  }
  const time = seconds - day * DAY;
  return `${date}${twoDigits(Math.floor(time / 3600))}:${twoDigits(Math.floor(time / 60) % 60)}:${twoDigits(time % 60)}.000Z`;
}

/** Years by zone and date, for the dates of the days a year starts in (see yearOf). */
const years = new Map<string, number>();
function exactYear(seconds: number, timeZone: string): number {
  const key = `${timeZone} ${seconds}`;
  let year = years.get(key);
  if (year === undefined) {
    if (years.size >= 10_000) years.clear();
    year = wallTime(seconds * 1000, timeZone).year;
    years.set(key, year);
  }
  return year;
}

/** Spans of UTC time (seconds) whose local year is kept: four weeks, and the day within them. */
const SPANS = [28 * DAY, DAY];
/** Per zone and span, the local year of each span of time (by its number since 1970), NaN for one a year starts in. */
const spanYears = new Map<string, Map<number, number>[]>();

/**
 * The year of a date in the catalogue's zone. A zone conversion costs tens of µs and a page of 500 songs
 * or albums holds hundreds of dates: a span of time whose first and last seconds fall in the same local
 * year lies wholly in it (the year changes once), so that year serves every date of the span. Four weeks
 * first; in the four weeks a year starts in, the day; a date of the day it starts on is converted itself.
 */
function yearOf(seconds: number, timeZone: string): number {
  let kept = spanYears.get(timeZone);
  if (!kept) {
    kept = SPANS.map(() => new Map());
    spanYears.set(timeZone, kept);
  }
  for (let i = 0; i < SPANS.length; i++) {
    const span = SPANS[i];
    const n = Math.floor(seconds / span);
    let year = kept[i].get(n);
    if (year === undefined) {
      if (kept[i].size >= 100_000) kept[i].clear();
      const first = wallTime(n * span * 1000, timeZone).year;
      year = first === wallTime((n * span + span - 1) * 1000, timeZone).year ? first : NaN;
      kept[i].set(n, year);
    }
    if (!Number.isNaN(year)) return year;
  }
  return exactYear(seconds, timeZone);
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
};

/** When the user made it a favourite (Unix seconds), for the user's own sign-in; undefined otherwise. */
export type StarredOf = (type: 'wiki' | 'sub', id: number) => number | undefined;

export interface Mapper {
  timeZone: string;
  starred: StarredOf;
}

const genreOf = (tags: string[]) => tags.find((t) => !/^[12]\d{3}$/.test(t));

function artistsOf(names: string[]) {
  return names.map((name) => ({ id: artistId(name), name }));
}

/** The spec's Child of a song, its fields in the order every answer writes them. */
export interface Child {
  id: string;
  parent: string;
  isDir: false;
  title: string;
  album: string;
  artist?: string;
  track?: number;
  year: number;
  genre?: string;
  coverArt: string;
  size?: number;
  contentType?: string;
  suffix?: string;
  duration?: number;
  bitRate?: number;
  isVideo: false;
  created: string;
  starred?: string;
  albumId: string;
  artistId?: string;
  type: 'podcast' | 'music';
  mediaType: 'song';
  artists: { id: string; name: string }[];
  displayArtist: string;
  genres: { name: string }[];
  sortName?: string;
  replayGain: Record<string, number>;
}

// The objects are built field by field in their order (an optional field set only when it has a value):
// a spread of `cond ? { x } : {}` per optional field made a page of 500 songs cost milliseconds.
export function toChild(sub: SubsonicSong, m: Mapper): Child {
  const wiki = sub.wiki;
  const upload = sub.sub_upload?.[0];
  const artist = artistOf(sub.sub_meta, wiki.wiki_meta);
  const names = artistNames(artist);
  const track = /^\d{1,6}$/.test(sub.sub_order) ? Number(sub.sub_order) : undefined;
  const starred = m.starred('sub', sub.sub_id);
  const genre = genreOf(wiki.wiki_tags);
  const titleSort = metaValue(sub.sub_meta, 'title_sort');
  const album = albumId(wiki.wiki_id);
  const child = { id: String(sub.sub_id), parent: album, isDir: false, title: sub.sub_title, album: wiki.wiki_title } as Child;
  if (artist) child.artist = artist;
  if (track !== undefined) child.track = track;
  child.year = yearOf(wiki.wiki_date, m.timeZone);
  if (genre) child.genre = genre;
  child.coverArt = album;
  if (upload) {
    const suffix = (/\.([a-z0-9]{1,5})$/i.exec(upload.up_uri)?.[1] ?? upload.up_type).toLowerCase();
    child.size = upload.up_data.filesize;
    child.contentType = CONTENT_TYPES[suffix] ?? 'application/octet-stream';
    child.suffix = suffix;
    child.duration = upload.up_data.length;
    child.bitRate = upload.up_data.bitrate;
  }
  child.isVideo = false;
  child.created = iso(sub.sub_date);
  if (starred !== undefined) child.starred = iso(starred);
  child.albumId = album;
  if (names.length > 0) child.artistId = artistId(names[0]);
  child.type = wiki.wiki_type === 'radio' ? 'podcast' : 'music';
  child.mediaType = 'song';
  child.artists = artistsOf(names);
  child.displayArtist = artist;
  child.genres = genre ? [{ name: genre }] : [];
  if (titleSort) child.sortName = titleSort;
  // Always present (OpenSubsonic), each value only when the file is tagged with it.
  child.replayGain = replayGainOf(upload?.up_replaygain ?? null);
  return child;
}

const metaValue = (meta: SubsonicSong['sub_meta'], key: string) => meta?.find((m) => m.meta_key === key)?.meta_value;

function replayGainOf(rg: SubsonicUpload['up_replaygain']) {
  if (!rg) return {};
  const out: Record<string, number> = {};
  if (rg.track_gain !== null) out.trackGain = rg.track_gain;
  if (rg.album_gain !== null) out.albumGain = rg.album_gain;
  if (rg.track_peak !== null) out.trackPeak = rg.track_peak;
  if (rg.album_peak !== null) out.albumPeak = rg.album_peak;
  return out;
}

/** The spec's AlbumID3, its fields in the order every answer writes them. */
export interface AlbumID3 {
  id: string;
  name: string;
  artist?: string;
  artistId?: string;
  coverArt: string;
  songCount: number;
  duration: number;
  created: string;
  starred?: string;
  year: number;
  genre?: string;
  genres: { name: string }[];
  artists: { id: string; name: string }[];
  displayArtist: string;
  sortName: string;
}

export function toAlbum(wiki: SubsonicAlbum, counts: { songs: number; seconds: number } | undefined, m: Mapper): AlbumID3 {
  const names = peopleOf(wiki.wiki_meta);
  const starred = m.starred('wiki', wiki.wiki_id);
  const genre = genreOf(wiki.wiki_tags);
  const id = albumId(wiki.wiki_id);
  const album = { id, name: wiki.wiki_title } as AlbumID3;
  if (names.length > 0) {
    album.artist = names.join(', ');
    album.artistId = artistId(names[0]);
  }
  album.coverArt = id;
  album.songCount = counts?.songs ?? 0;
  album.duration = counts?.seconds ?? 0;
  album.created = iso(wiki.wiki_modified || wiki.wiki_date);
  if (starred !== undefined) album.starred = iso(starred);
  album.year = yearOf(wiki.wiki_date, m.timeZone);
  if (genre) album.genre = genre;
  album.genres = genre ? [{ name: genre }] : [];
  album.artists = artistsOf(names);
  album.displayArtist = names.join(', ');
  album.sortName = metaValue(wiki.wiki_meta, 'album_sort') ?? wiki.wiki_title_encode;
  return album;
}

export function toArtist(name: string, albumCount: number) {
  return { id: artistId(name), name, albumCount, coverArt: artistId(name) };
}

/** The older, folder-shaped album (a directory Child), for getAlbumList, search2 and getMusicDirectory. */
export function toAlbumChild(wiki: SubsonicAlbum, m: Mapper) {
  const names = peopleOf(wiki.wiki_meta);
  const starred = m.starred('wiki', wiki.wiki_id);
  return {
    id: albumId(wiki.wiki_id),
    ...(names.length > 0 ? { parent: artistId(names[0]), artist: names.join(', ') } : {}),
    isDir: true,
    title: wiki.wiki_title,
    album: wiki.wiki_title,
    year: yearOf(wiki.wiki_date, m.timeZone),
    coverArt: albumId(wiki.wiki_id),
    created: iso(wiki.wiki_modified || wiki.wiki_date),
    ...(starred !== undefined ? { starred: iso(starred) } : {}),
  };
}
