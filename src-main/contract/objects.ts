// The API's objects as they travel (both formats carry exactly these fields). Field names follow the
// Moefou interface; the comments give Moecat's decisions where it is silent.

export interface MetaDto {
  meta_key: string;
  meta_value: string;
}

export interface CoverDto {
  small: string;
  medium: string;
  square: string;
  large: string;
}

/** The uid of the one user Moecat has: the local user (`/user/detail` describes them). */
export const LOCAL_USER_ID = 1;

/** The local user's favourite mark on an object; null without OAuth or first-party authority. */
export interface FavDto {
  fav_id: number;
  fav_obj_id: number;
  fav_obj_type: 'wiki' | 'sub';
  /** Always LOCAL_USER_ID. */
  fav_uid: number;
  fav_date: number;
  fav_type: number;
}

/**
 * The local user (/user/detail). Moecat has one user and no accounts: a name and nickname of "local",
 * no avatar (empty addresses), and what the user data truly knows — since when it exists, the last
 * play or favourite, and its counts.
 */
export interface UserDto {
  /** Always LOCAL_USER_ID. */
  uid: number;
  user_name: string;
  user_nickname: string;
  /** Seconds: when this user data began. */
  user_registered: number;
  /** Seconds: the latest play or favourite (user_registered when none). */
  user_lastactivity: number;
  /** No avatar: each address is ''. */
  user_avatar: { small: string; medium: string; large: string };
  /** The user's Favourites page in the UI. */
  user_url: string;
  user_fav_wiki_count: number;
  user_fav_sub_count: number;
  /** Plays kept in Recently played. */
  user_play_count: number;
}

/** One item of /user/favs/{wiki,sub}: the fav with its object (null if the catalogue no longer has it). */
export interface FavItemDto extends FavDto {
  obj: WikiDto | SubDto | null;
}

/** One play of Recently played (/app/history/add answers it): a sub-entry and when it started. */
export interface PlayDto {
  play_id: number;
  sub_id: number;
  /** The sub-entry's entry. */
  wiki_id: number;
  /** Unix seconds. */
  played_at: number;
}

/** One item of /app/history: a sub-entry's latest play, with the sub-entry (its entry in `wiki`); null if the catalogue no longer has it. */
export interface PlayItemDto extends PlayDto {
  sub: SubDto | null;
}

/**
 * An entry, INTERFACE.md's wiki object field by field (in its order), then Moecat's extensions.
 * Values the interface leaves open are DESIGN.md §4's.
 */
export interface WikiDto {
  wiki_id: number;
  wiki_title: string;
  wiki_title_encode: string;
  /** The id as a string (the interface's observed shape is numeric text). */
  wiki_name: string;
  wiki_type: string;
  /** Always 0: entries have no parent entry. */
  wiki_parent: number;
  /** Unix seconds (local midnight in the catalogue time zone for day-precision dates); 0 = unknown. */
  wiki_date: number;
  wiki_modified: number;
  /** 0 for bundled and synced entries, LOCAL_USER_ID for the user's own imports. */
  wiki_modified_user: number;
  /** The entry's facts (artist, label …) as key/value pairs; null when it has none (the observed shape). */
  wiki_meta: MetaDto[] | null;
  wiki_fm_url: string;
  wiki_url: string;
  wiki_cover: CoverDto;
  wiki_user_fav: FavDto | null;
  // Moecat's extensions.
  wiki_about: string;
  /** Translated titles (searchable). */
  wiki_aliases: string[];
  wiki_tags: string[];
  /** Bangumi subject id, or null. */
  wiki_bgm_id: number | null;
  /** Where the entry came from (other clients ignore the field). */
  wiki_source: WikiSourceDto;
}

/** Moecat's extension of an anime entry in /anime/detail: when it is broadcast, in the catalogue time zone. */
export interface BroadcastDto {
  /** 1 Monday … 7 Sunday, on the broadcast day (05:00–28:59); all seven for a daily show. */
  weekdays: number[];
  /** "HH:MM" on the broadcast day, 05:00–28:59 (a Monday 25:30 show is on air Tuesday at 01:30). */
  time: string;
  /** 7 weekly, 1 daily. */
  period_days: number;
  /** Local midnight of the first broadcast day, Unix seconds. */
  date_begin: number;
  /** Local midnight of the last broadcast day; 0 when unknown. */
  date_end: number;
  /** The IANA zone of the slot and the dates (Asia/Tokyo). */
  time_zone: string;
}

/** Moecat's extension of an anime entry in /anime/detail: a site where it is shown (onair) or described (info). */
export interface WikiSiteDto {
  /** bangumi-data's site name: bilibili, netflix, mal … */
  site: string;
  /** What the site calls itself. */
  name: string;
  kind: 'onair' | 'info';
  /** The anime's page on the site. */
  url: string;
  /** Unix seconds of the site's own first broadcast; 0 when not given. */
  begin: number;
  /** ISO 3166 codes of the regions the site serves; [] = not limited, or not said. */
  regions: string[];
}

/** An anime entry as /anime/detail answers it: the entry, then when and where it is shown. */
export interface AnimeWikiDto extends WikiDto {
  /** null when the entry has no weekly or daily slot (a film, a one-off broadcast, or unknown). */
  wiki_broadcast: BroadcastDto | null;
  /** [] when none are known. */
  wiki_sites: WikiSiteDto[];
}

export type SourceKind = 'bundled' | 'folder' | 'remote';

/** An entry's source: the bundled data (bangumi-data, demo), a music folder, or a remote API. */
export interface WikiSourceDto {
  source_id: number;
  kind: SourceKind;
  /** bangumi-data or demo; the folder's name; the remote's host. */
  name: string;
}

/** One source of the working catalogue, as Settings → Sources lists it (/app/sources, first-party). */
export interface SourceDto extends WikiSourceDto {
  /** bangumi-data or demo; the folder's absolute path; the remote API's base URL. */
  locator: string;
  entries: number;
  subs: number;
  /** Unix seconds of the first and the latest import or sync (0 for bundled sources). */
  added_at: number;
  updated_at: number;
}

export interface UploadDataDto {
  /** kbps */
  bitrate: number;
  /** seconds */
  length: number;
  /** "mm:ss" */
  time: string;
  /** bytes */
  filesize: number;
}

/** An audio file of a song, INTERFACE.md's upload object field by field. */
export interface UploadDto {
  up_id: number;
  /** 0 for bundled and synced files, LOCAL_USER_ID for the user's own imports. */
  up_uid: number;
  /** The song's sub_id. */
  up_obj_id: number;
  up_obj_type: 'song';
  /** Storage path relative to the audio root. */
  up_uri: string;
  up_type: string;
  up_md5: string;
  /** KiB, rounded up. */
  up_size: number;
  up_data: UploadDataDto;
  up_date: number;
  up_url: string;
}

/** A song or an episode, INTERFACE.md's sub-entry object field by field (in its order). */
export interface SubDto {
  sub_id: number;
  sub_parent_wiki: number;
  /** Always 0: sub-entries have no parent sub-entry. */
  sub_parent: number;
  sub_title: string;
  sub_title_encode: string;
  sub_type: 'song' | 'ep';
  sub_order: string;
  /** The sub-entry's facts (artist …) as key/value pairs; null when it has none (the observed shape). */
  sub_meta: MetaDto[] | null;
  sub_about: string;
  /** Always null (the observed shape). */
  sub_data: null;
  sub_date: number;
  sub_modified: number;
  sub_url: string;
  sub_fm_url: string;
  /** `<sub_type>.<sub_order, two digits when numeric> <sub_title>`. */
  sub_view_title: string;
  /** The owning entry. */
  wiki: WikiDto;
  sub_user_fav: FavDto | null;
  /** Songs only: their audio files ([] when the song has none); episodes have no such field. */
  sub_upload?: UploadDto[];
}

/** One line of a song's lyrics (/sub/lyrics, Moecat's extension). */
export interface LyricsLineDto {
  /** Milliseconds from the start of the song; 0 for every line of unsynced lyrics. */
  time_ms: number;
  text: string;
}

/** A song's lyrics (/sub/lyrics, Moecat's extension). */
export interface LyricsDto {
  /** True when each line has its time. */
  synced: boolean;
  lines: LyricsLineDto[];
  /** Where they came from: `lrc` (a sidecar file beside the MP3), `sylt` or `uslt` (the file's ID3 tags). */
  source: 'lrc' | 'sylt' | 'uslt';
}

/** A schedule entry of /on-air, INTERFACE.md's on-air entry field by field, then Moecat's extension. */
export interface OnAirDto {
  /** Stable: wiki_id × 10 + oa_week (one schedule entry per entry and weekday). */
  oa_id: number;
  /** The entry's wiki_id. */
  oa_obj_id: number;
  /** The entry's wiki_type. */
  oa_obj_type: string;
  /** 1 Monday … 7 Sunday, in the catalogue time zone with the broadcast day starting at 05:00: the n of the `onair_<n>` it is listed under. */
  oa_week: number;
  /** Local midnight of the first broadcast day. */
  oa_date_begin: number;
  /** Local midnight of the last broadcast day; 0 when unknown. */
  oa_date_end: number;
  /** Always 1: only airing entries are listed. */
  oa_active: 1;
  obj: WikiDto;
  // Moecat's extension.
  /** "HH:MM" on the broadcast day, 05:00–28:59 (late-night shows past 24:00). */
  oa_time: string;
}

export interface PortalDto {
  has_wiki: boolean;
  has_mp3: boolean;
  url: string;
}

/** A tag with how many entries of the requested types carry it (/app/tags, the UI's tag chips). */
export interface TagDto {
  tag_name: string;
  tag_count: number;
}

/** One playable sub-entry of /listen/playlist: the names Moe.FM players read, plus up_url and duration. */
export interface PlaylistItemDto {
  sub_id: number;
  sub_type: 'song' | 'ep';
  sub_title: string;
  sub_view_title: string;
  sub_url: string;
  /** The sub-entry's title (Moe.FM's name for it). */
  title: string;
  /** From the sub-entry's meta, else the entry's ('' when neither says). */
  artist: string;
  wiki_id: number;
  wiki_type: string;
  wiki_title: string;
  wiki_url: string;
  cover: CoverDto;
  up_id: number;
  up_url: string;
  /** = up_url (Moe.FM's name for it). */
  url: string;
  /** Seconds, = up_data.length. */
  duration: number;
  /** = duration (Moe.FM's name for it). */
  stream_length: number;
  /** "mm:ss" */
  stream_time: string;
  /** KiB, = up_size. */
  file_size: number;
  file_type: string;
}
