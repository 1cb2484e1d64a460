// Moecat's objects as the spec's (docs/api.md, "The OpenSubsonic face", Mapping): a song or episode is a
// Child, a music or radio entry an AlbumID3, an artist name an ArtistID3. Ids are strings: a song's is its
// sub id, an album's `al-<wiki id>`, an artist's `ar-` and its name in base64url (artists have no rows of
// their own: artists.ts finds them by name). Dates are ISO 8601; an entry's year is its date's year in the
// catalogue's zone. Starred dates are the favourite's, shown only to the user's own sign-in.
import type { SubsonicAlbum, SubsonicSong, SubsonicUpload } from '../../catalogue/read/subsonic';
import { artistNames, artistOf, peopleOf } from '../../contract/credits';
import { wallTime } from '../../contract/time';

export const albumId = (wikiId: number) => `al-${wikiId}`;
export const artistId = (name: string) => `ar-${Buffer.from(name, 'utf8').toString('base64url')}`;

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

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

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

/** Per zone, the local year of each UTC day (by its number since 1970), NaN for a day a year starts in. */
const dayYears = new Map<string, Map<number, number>>();
const DAY = 86_400;

/**
 * The year of a date in the catalogue's zone. A zone conversion costs tens of µs and a page of 500 songs
 * or albums holds hundreds of dates: a UTC day whose first and last seconds fall in the same local year
 * lies wholly in it (the year changes once), so that year serves every date of the day; a date of the
 * day a year starts in is converted itself.
 */
function yearOf(seconds: number, timeZone: string): number {
  let days = dayYears.get(timeZone);
  if (!days) {
    days = new Map();
    dayYears.set(timeZone, days);
  }
  const day = Math.floor(seconds / DAY);
  let year = days.get(day);
  if (year === undefined) {
    if (days.size >= 100_000) days.clear();
    const first = wallTime(day * DAY * 1000, timeZone).year;
    year = first === wallTime((day * DAY + DAY - 1) * 1000, timeZone).year ? first : NaN;
    days.set(day, year);
  }
  return Number.isNaN(year) ? exactYear(seconds, timeZone) : year;
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

export function toChild(sub: SubsonicSong, m: Mapper) {
  const wiki = sub.wiki;
  const upload = sub.sub_upload?.[0];
  const artist = artistOf(sub.sub_meta, wiki.wiki_meta);
  const names = artistNames(artist);
  const suffix = upload ? (/\.([a-z0-9]{1,5})$/i.exec(upload.up_uri)?.[1] ?? upload.up_type).toLowerCase() : undefined;
  const track = /^\d{1,6}$/.test(sub.sub_order) ? Number(sub.sub_order) : undefined;
  const starred = m.starred('sub', sub.sub_id);
  const genre = genreOf(wiki.wiki_tags);
  const titleSort = metaValue(sub.sub_meta, 'title_sort');
  return {
    id: String(sub.sub_id),
    parent: albumId(wiki.wiki_id),
    isDir: false,
    title: sub.sub_title,
    album: wiki.wiki_title,
    ...(artist ? { artist } : {}),
    ...(track !== undefined ? { track } : {}),
    year: yearOf(wiki.wiki_date, m.timeZone),
    ...(genre ? { genre } : {}),
    coverArt: albumId(wiki.wiki_id),
    ...(upload
      ? {
          size: upload.up_data.filesize,
          contentType: CONTENT_TYPES[suffix!] ?? 'application/octet-stream',
          suffix,
          duration: upload.up_data.length,
          bitRate: upload.up_data.bitrate,
        }
      : {}),
    isVideo: false,
    created: iso(sub.sub_date),
    ...(starred !== undefined ? { starred: iso(starred) } : {}),
    albumId: albumId(wiki.wiki_id),
    ...(names.length > 0 ? { artistId: artistId(names[0]) } : {}),
    type: wiki.wiki_type === 'radio' ? 'podcast' : 'music',
    mediaType: 'song',
    artists: artistsOf(names),
    displayArtist: artist,
    genres: genre ? [{ name: genre }] : [],
    ...(titleSort ? { sortName: titleSort } : {}),
    // Always present (OpenSubsonic), each value only when the file is tagged with it.
    replayGain: replayGainOf(upload?.up_replaygain ?? null),
  };
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

export function toAlbum(wiki: SubsonicAlbum, counts: { songs: number; seconds: number } | undefined, m: Mapper) {
  const names = peopleOf(wiki.wiki_meta);
  const starred = m.starred('wiki', wiki.wiki_id);
  const genre = genreOf(wiki.wiki_tags);
  return {
    id: albumId(wiki.wiki_id),
    name: wiki.wiki_title,
    ...(names.length > 0 ? { artist: names.join(', '), artistId: artistId(names[0]) } : {}),
    coverArt: albumId(wiki.wiki_id),
    songCount: counts?.songs ?? 0,
    duration: counts?.seconds ?? 0,
    created: iso(wiki.wiki_modified || wiki.wiki_date),
    ...(starred !== undefined ? { starred: iso(starred) } : {}),
    year: yearOf(wiki.wiki_date, m.timeZone),
    ...(genre ? { genre } : {}),
    genres: genre ? [{ name: genre }] : [],
    artists: artistsOf(names),
    displayArtist: names.join(', '),
    sortName: metaValue(wiki.wiki_meta, 'album_sort') ?? wiki.wiki_title_encode,
  };
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
