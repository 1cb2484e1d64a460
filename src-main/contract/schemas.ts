// The API's objects as JSON Schemas (OpenAPI 3.0's dialect: `nullable`), written once: /docs describes
// them, the tests validate real answers with them, and objects.ts reads its TypeScript types from them
// (FromSchema, at the end), which type what each operation may answer. Fields follow the Moefou
// interface in its order, then Moecat's extensions (docs/api.md, "The envelope, the objects and the
// rules"); the comments give Moecat's decisions where the interface is silent (docs/api.md, "The
// interface, and what it leaves open"). Over 300 lines: one schema per object of the contract.
import type { Information } from './envelope';
import { WIKI_TYPES } from './sections';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const unixSeconds = { type: 'integer', description: 'Unix seconds; 0 = unknown' } as const;

export const MetaDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['meta_key', 'meta_value'],
  properties: { meta_key: str, meta_value: str },
} as const;

export const CoverDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['small', 'medium', 'square', 'large'],
  properties: { small: str, medium: str, square: str, large: str },
} as const;

/** The local user's favourite mark on an object. */
export const FavDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fav_id', 'fav_obj_id', 'fav_obj_type', 'fav_uid', 'fav_date', 'fav_type'],
  properties: {
    fav_id: int,
    fav_obj_id: int,
    fav_obj_type: { type: 'string', enum: ['wiki', 'sub'] },
    fav_uid: { type: 'integer', description: 'The local user (uid 1), the only user Moecat has' },
    fav_date: unixSeconds,
    fav_type: { type: 'integer', description: "A number of the client's choosing, 1–1000" },
  },
} as const;

/** FavDto or null: null without OAuth or first-party authority. */
const userFav = { ...FavDtoSchema, nullable: true } as const;

/** Moecat's extension of WikiDto: where the entry came from — the bundled data (bangumi-data, demo), a music folder, or a remote API. */
export const WikiSourceDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['source_id', 'kind', 'name'],
  description: "Moecat's extension: the entry's source (other clients ignore it)",
  properties: {
    source_id: { type: 'integer', description: 'The value of the `source` parameter that lists this source alone' },
    kind: { type: 'string', enum: ['bundled', 'folder', 'remote'] },
    name: { type: 'string', description: "bangumi-data or demo (bundled); the folder's name; the remote's host" },
  },
} as const;

/** Always null (the interface's observed shape); OpenAPI 3.0 has no null type. */
const alwaysNull = { type: 'string', nullable: true, enum: [null], description: 'Always null' } as const;
/** Key/value facts, or null when there are none (the interface's observed shape). */
const metaList = { type: 'array', items: MetaDtoSchema, nullable: true, description: 'Key/value facts; null when there are none' } as const;
const byUser = { type: 'integer', description: '0 for bundled and synced rows, 1 (the local user) for imported ones' } as const;

// The interface's wiki object (an entry) field by field, in its order, then Moecat's extensions.
const wikiProperties = {
  wiki_id: int,
  wiki_title: str,
  wiki_title_encode: str,
  // The interface's observed shape is numeric text.
  wiki_name: { type: 'string', description: 'The id as a string' },
  wiki_type: { type: 'string', enum: WIKI_TYPES },
  wiki_parent: { type: 'integer', description: 'Always 0 (entries have no parent)' },
  // Local midnight in the catalogue time zone for dates known only to the day.
  wiki_date: unixSeconds,
  wiki_modified: unixSeconds,
  wiki_modified_user: byUser,
  wiki_meta: metaList,
  wiki_fm_url: str,
  wiki_url: str,
  wiki_cover: CoverDtoSchema,
  wiki_user_fav: userFav,
  wiki_about: str,
  wiki_aliases: { type: 'array', items: str, description: 'Translated titles (searchable)' },
  wiki_tags: { type: 'array', items: str },
  wiki_bgm_id: { type: 'integer', nullable: true, description: 'Bangumi subject id' },
  wiki_source: WikiSourceDtoSchema,
} as const;

export const WikiDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(wikiProperties) as (keyof typeof wikiProperties)[],
  properties: wikiProperties,
} as const;

export const BroadcastDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['weekdays', 'time', 'period_days', 'date_begin', 'date_end', 'time_zone'],
  description: "Moecat's extension: the anime's broadcast slot, in the catalogue time zone with the broadcast day starting at 05:00",
  properties: {
    weekdays: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 7 },
      description: '1 Monday … 7 Sunday, on the broadcast day; all seven for a daily show',
    },
    time: { type: 'string', description: '"HH:MM" on the broadcast day, 05:00–28:59 (Monday 25:30 = Tuesday 01:30)' },
    period_days: { type: 'integer', description: '7 weekly, 1 daily' },
    date_begin: { type: 'integer', description: 'Local midnight of the first broadcast day, Unix seconds' },
    date_end: { type: 'integer', description: 'Local midnight of the last broadcast day; 0 when unknown' },
    time_zone: { type: 'string', description: 'The IANA zone of the slot (Asia/Tokyo)' },
  },
} as const;

export const WikiSiteDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['site', 'name', 'kind', 'url', 'begin', 'regions'],
  description: "Moecat's extension: a site where the anime is shown (onair) or described (info), from bangumi-data",
  properties: {
    site: { type: 'string', description: "bangumi-data's site name (bilibili, netflix, mal …)" },
    name: { type: 'string', description: 'What the site calls itself' },
    kind: { type: 'string', enum: ['onair', 'info'] },
    url: { type: 'string', description: "The anime's page on the site (http or https)" },
    begin: { type: 'integer', description: "Unix seconds of the site's own first broadcast; 0 when not given" },
    regions: { type: 'array', items: str, description: 'ISO 3166 codes of the regions the site serves; [] = not limited, or not said' },
  },
} as const;

// Bangumi's word on a show, kept when the user turned on posters and Bangumi details: a main-story
// episode of Bangumi's /v0/episodes, in Bangumi's own numbering, its air date a day in Japan.
export const EpisodeDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sort', 'ep', 'airdate', 'date', 'name', 'name_cn'],
  description: "Moecat's extension: one episode of the show, from Bangumi",
  properties: {
    sort: { type: 'number', description: "The episode's number as Bangumi shows it (the 8 of Ep 8; it may go on from an earlier season, or be 12.5)" },
    ep: { type: 'number', nullable: true, description: 'Its number within this show on Bangumi, from 1; null when Bangumi gives none' },
    airdate: { type: 'string', description: 'Its air date in Japan, "YYYY-MM-DD" as Bangumi writes it; "" when unknown' },
    date: { type: 'integer', description: 'The same day as local midnight in the catalogue time zone, Unix seconds; 0 when unknown' },
    name: { type: 'string', description: "Its title in the original language; '' when Bangumi has none" },
    name_cn: { type: 'string', description: "Its Chinese title; '' when Bangumi has none" },
  },
} as const;

export const ShowDetailsDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'episode_count', 'episodes', 'fetched_at'],
  description: "Moecat's extension: what Bangumi says of the show, fetched once the user turned on posters and Bangumi details",
  properties: {
    summary: { type: 'string', description: "Bangumi's summary of the show; '' when it has none" },
    episode_count: { type: 'integer', description: 'How many episodes Bangumi gives the show; 0 when unknown' },
    episodes: { type: 'array', items: EpisodeDtoSchema, description: 'The main-story episodes in order; [] when Bangumi lists none' },
    fetched_at: { type: 'integer', description: 'Unix seconds: when Moecat asked Bangumi' },
  },
} as const;

export const AnimeWikiDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...WikiDtoSchema.required, 'wiki_broadcast', 'wiki_sites', 'wiki_bangumi'],
  description: 'An anime entry as /anime/detail answers it: the entry, then when and where it is shown',
  properties: {
    ...wikiProperties,
    wiki_broadcast: { ...BroadcastDtoSchema, nullable: true, description: 'null when the entry has no weekly or daily slot' },
    wiki_sites: { type: 'array', items: WikiSiteDtoSchema, description: "Moecat's extension: where to watch it and read about it; [] when none are known" },
    wiki_bangumi: {
      ...ShowDetailsDtoSchema,
      nullable: true,
      description:
        "Moecat's extension: the show's summary and episodes from Bangumi; null when Moecat has none (Bangumi details off, not fetched yet, no Bangumi id, or Bangumi has no such show)",
    },
  },
} as const;

export const SeasonWikiDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...WikiDtoSchema.required, 'wiki_broadcast'],
  description: "Moecat's extension: an anime entry as /season answers it, the entry then its broadcast slot",
  properties: {
    ...wikiProperties,
    wiki_broadcast: { ...BroadcastDtoSchema, nullable: true, description: 'null when the entry has no weekly or daily slot (a film, a one-off)' },
  },
} as const;

export const LyricsLineDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['time_ms', 'text'],
  properties: {
    time_ms: { type: 'integer', description: 'Milliseconds from the start of the song; 0 for every line of unsynced lyrics' },
    text: str,
  },
} as const;

export const LyricsDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['synced', 'lines', 'source'],
  description: "Moecat's extension: a song's lyrics, read at import from a sidecar .lrc or the file's ID3 tags",
  properties: {
    synced: { type: 'boolean', description: 'True when each line has its time' },
    lines: { type: 'array', items: LyricsLineDtoSchema, description: 'In time order' },
    source: {
      type: 'string',
      enum: ['lrc', 'sylt', 'uslt', 'none'],
      description: 'A sidecar .lrc file, or the ID3 SYLT (synced) or USLT (unsynced) tag; none when the song has no lyrics (no lines)',
    },
  },
} as const;

export const UploadDataDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['bitrate', 'length', 'time', 'filesize'],
  properties: {
    bitrate: { type: 'integer', description: 'kbps' },
    length: { type: 'number', description: 'seconds' },
    time: { type: 'string', description: '"mm:ss"' },
    filesize: { type: 'integer', description: 'bytes' },
  },
} as const;

const gainOrNull = { type: 'number', nullable: true, description: 'dB; null when the file has no such tag' } as const;
const peakOrNull = { type: 'number', nullable: true, description: 'Fraction of full scale (1 = 0 dBFS); null when the file has no such tag' } as const;

/** The file's ReplayGain tags (Moecat's addition to the upload object; docs/api.md). */
export const ReplayGainDtoSchema = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  required: ['track_gain', 'track_peak', 'album_gain', 'album_peak'],
  properties: { track_gain: gainOrNull, track_peak: peakOrNull, album_gain: gainOrNull, album_peak: peakOrNull },
  description: 'null when the file carries no ReplayGain tag',
} as const;

/** An audio file of a song: the interface's upload object field by field, and Moecat's up_replaygain. */
export const UploadDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['up_id', 'up_uid', 'up_obj_id', 'up_obj_type', 'up_uri', 'up_type', 'up_md5', 'up_size', 'up_data', 'up_date', 'up_url', 'up_replaygain'],
  properties: {
    up_id: int,
    up_uid: byUser,
    up_obj_id: { type: 'integer', description: "The song's sub_id" },
    up_obj_type: { type: 'string', enum: ['song'] },
    up_uri: { type: 'string', description: 'Storage path relative to the audio root' },
    up_type: str,
    up_md5: { type: 'string', description: 'MD5 of the file, 32 hexadecimal characters' },
    up_size: { type: 'integer', description: 'KiB, rounded up' },
    up_data: UploadDataDtoSchema,
    up_date: unixSeconds,
    up_url: str,
    up_replaygain: ReplayGainDtoSchema,
  },
} as const;

// The interface's sub-entry object (a song or an episode) field by field, in its order.
const subProperties = {
  sub_id: int,
  sub_parent_wiki: int,
  sub_parent: { type: 'integer', description: 'Always 0 (sub-entries have no parent sub-entry)' },
  sub_title: str,
  sub_title_encode: str,
  sub_type: { type: 'string', enum: ['song', 'ep'] },
  sub_order: str,
  sub_meta: metaList,
  sub_about: str,
  sub_data: alwaysNull,
  sub_date: unixSeconds,
  sub_modified: unixSeconds,
  sub_url: str,
  sub_fm_url: str,
  // `<sub_type>.<sub_order, two digits when numeric> <sub_title>`.
  sub_view_title: str,
  wiki: { ...WikiDtoSchema, description: 'The owning entry' },
  sub_user_fav: userFav,
  sub_upload: { type: 'array', items: UploadDtoSchema, description: 'Songs only: their audio files ([] when none); episodes have no such field' },
} as const;

export const SubDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: (Object.keys(subProperties) as (keyof typeof subProperties)[]).filter((k) => k !== 'sub_upload'),
  properties: subProperties,
} as const;

// The interface's on-air entry (a schedule entry) field by field, in its order, then Moecat's extension.
const onAirProperties = {
  oa_id: { type: 'integer', description: 'wiki_id × 10 + oa_week: one schedule entry per entry and weekday, stable across rebuilds' },
  oa_obj_id: { type: 'integer', description: "The entry's wiki_id" },
  oa_obj_type: { type: 'string', enum: WIKI_TYPES, description: "The entry's wiki_type" },
  oa_week: { type: 'integer', minimum: 1, maximum: 7, description: '1 Monday … 7 Sunday (the n of onair_<n>); the broadcast day starts at 05:00' },
  oa_date_begin: { type: 'integer', description: 'Local midnight of the first broadcast day' },
  oa_date_end: { type: 'integer', description: 'Local midnight of the last broadcast day; 0 when unknown (not to be relied on)' },
  oa_active: { type: 'integer', enum: [1], description: '1 airing: only airing entries are listed' },
  obj: { ...WikiDtoSchema, description: 'The entry' },
  oa_time: { type: 'string', description: 'Moecat\'s extension: "HH:MM" on the broadcast day, 05:00–28:59' },
  oa_may_have_ended: {
    type: 'boolean',
    description:
      "Moecat's extension: no end is recorded, the show's first cour (13 weeks) is over and the anime data is from before it ended, so it may have ended unseen (update the anime data to know)",
  },
  oa_next_at: {
    type: 'integer',
    description:
      "Moecat's extension: Unix seconds of this slot's next broadcast (on oa_week's broadcast day) at or after the answer's moment; 0 when its run has none left",
  },
  oa_next_episodes: {
    type: 'array',
    items: EpisodeDtoSchema,
    description:
      "Moecat's extension: the episodes that broadcast is, from Bangumi's (as /anime/detail's wiki_bangumi); [] when Moecat has no Bangumi details of the show or none is dated that day (nothing is guessed)",
  },
} as const;

export const OnAirDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(onAirProperties) as (keyof typeof onAirProperties)[],
  properties: onAirProperties,
} as const;

export const PortalDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['has_wiki', 'has_mp3', 'url'],
  properties: { has_wiki: { type: 'boolean' }, has_mp3: { type: 'boolean' }, url: str },
} as const;

// One playable sub-entry of /listen/playlist: the names Moe.FM players read (title, url, stream_length,
// file_size … repeat other fields under those players' names), plus up_url and duration.
const playlistItemProperties = {
  sub_id: int,
  sub_type: { type: 'string', enum: ['song', 'ep'] },
  sub_title: str,
  sub_view_title: str,
  sub_url: str,
  title: { type: 'string', description: "The sub-entry's title" },
  artist: { type: 'string', description: "From the sub-entry's meta, else the entry's; '' when neither says" },
  wiki_id: int,
  wiki_type: wikiProperties.wiki_type,
  wiki_title: str,
  wiki_url: str,
  cover: CoverDtoSchema,
  up_id: int,
  up_url: str,
  url: { type: 'string', description: '= up_url' },
  duration: { type: 'integer', description: 'seconds (up_data.length)' },
  stream_length: { type: 'integer', description: '= duration' },
  stream_time: { type: 'string', description: '"mm:ss"' },
  file_size: { type: 'integer', description: 'KiB, rounded up' },
  file_type: str,
} as const;

export const PlaylistItemDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(playlistItemProperties) as (keyof typeof playlistItemProperties)[],
  properties: playlistItemProperties,
} as const;

/** A fav with its object (/user/favs/wiki or /sub): null when the catalogue no longer has it. */
const favItemSchema = <O extends object>(obj: O) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: [...FavDtoSchema.required, 'obj'],
    properties: { ...FavDtoSchema.properties, obj: { ...obj, nullable: true, description: 'The favourite object; null if the catalogue no longer has it' } },
  }) as const;

export const WikiFavItemDtoSchema = favItemSchema(WikiDtoSchema);
export const SubFavItemDtoSchema = favItemSchema(SubDtoSchema);

/** One play of Recently played (/app/history/add answers it): a sub-entry and when it started. */
export const PlayDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['play_id', 'sub_id', 'wiki_id', 'played_at'],
  properties: {
    play_id: int,
    sub_id: int,
    wiki_id: { type: 'integer', description: "The sub-entry's entry" },
    played_at: { type: 'integer', description: 'Unix seconds' },
  },
} as const;

/** One item of /app/history: a sub-entry's latest play, with the sub-entry. */
export const PlayItemDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...PlayDtoSchema.required, 'sub'],
  properties: {
    ...PlayDtoSchema.properties,
    sub: { ...SubDtoSchema, nullable: true, description: 'The sub-entry with its entry in `wiki`; null if the catalogue no longer has it' },
  },
} as const;

/** A tag with how many entries of the requested types carry it (/app/tags, the UI's tag chips). */
export const TagDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tag_name', 'tag_count'],
  properties: { tag_name: str, tag_count: { type: 'integer', description: 'Entries of the requested types with this tag' } },
} as const;

export const UserDtoSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'uid',
    'user_name',
    'user_nickname',
    'user_registered',
    'user_lastactivity',
    'user_avatar',
    'user_url',
    'user_fav_wiki_count',
    'user_fav_sub_count',
    'user_play_count',
  ],
  description: 'The local user: Moecat has one user and no accounts, so only what its user data knows',
  properties: {
    uid: { type: 'integer', description: 'Always 1, the local user' },
    user_name: { type: 'string', description: 'Always "local"' },
    user_nickname: { type: 'string', description: 'Always "local"' },
    user_registered: { type: 'integer', description: 'Unix seconds: when this user data began (its first API key)' },
    user_lastactivity: { type: 'integer', description: 'Unix seconds: the latest play or favourite (user_registered when none)' },
    user_avatar: {
      type: 'object',
      additionalProperties: false,
      required: ['small', 'medium', 'large'],
      description: 'No avatar: each address is empty',
      properties: { small: str, medium: str, large: str },
    },
    user_url: { type: 'string', description: "The user's Favourites page in the UI" },
    user_fav_wiki_count: { type: 'integer', description: 'Favourite entries' },
    user_fav_sub_count: { type: 'integer', description: 'Favourite songs and episodes' },
    user_play_count: { type: 'integer', description: 'Plays kept in Recently played' },
  },
} as const;

export const InformationSchema = {
  type: 'object',
  required: ['parameters', 'msg', 'has_error', 'request', 'error'],
  properties: {
    parameters: {
      type: 'object',
      additionalProperties: str,
      description: 'Every query parameter as sent, decoded, values as strings; credentials left out (XML: an element per parameter)',
    },
    msg: { type: 'array', items: str, description: 'Messages; [] when none (XML: the text NULL)' },
    has_error: { type: 'boolean', description: 'false on success; for the entry list, true when nothing matched' },
    request: { type: 'string', description: 'Path and query as received, URL-encoded, credentials removed' },
    page: int,
    perpage: int,
    count: { type: 'integer', description: 'Total matches; for on-air, the sum of the onair_<n>_count' },
    item_count: { type: 'integer', description: 'A playlist: the items on this page' },
    may_have_next: { type: 'boolean', description: 'A playlist: whether another page may follow' },
    next_url: { type: 'string', description: "A playlist: the next page's address, without credentials (add your own)" },
    keyword_used: {
      type: 'string',
      description:
        'A search that found nothing for the keyword as sent: the keyword (folded) its results are for, each word that matched nothing replaced by a known word one typing slip away',
    },
    error: { type: 'integer', description: "Moecat's extension: 0 on success, else the HTTP status" },
  },
  // On-air adds `onair_<n>_count` per requested weekday (OpenAPI 3.0 has no patternProperties).
  additionalProperties: int,
} as const;

/** The schemas /docs names (its components), by the names it gives them; an operation's `responds` points at these objects. */
export const CONTRACT_SCHEMAS = {
  MetaDto: MetaDtoSchema,
  CoverDto: CoverDtoSchema,
  FavDto: FavDtoSchema,
  WikiDto: WikiDtoSchema,
  BroadcastDto: BroadcastDtoSchema,
  WikiSiteDto: WikiSiteDtoSchema,
  EpisodeDto: EpisodeDtoSchema,
  ShowDetailsDto: ShowDetailsDtoSchema,
  AnimeWikiDto: AnimeWikiDtoSchema,
  SeasonWikiDto: SeasonWikiDtoSchema,
  LyricsLineDto: LyricsLineDtoSchema,
  LyricsDto: LyricsDtoSchema,
  UploadDataDto: UploadDataDtoSchema,
  UploadDto: UploadDtoSchema,
  SubDto: SubDtoSchema,
  OnAirDto: OnAirDtoSchema,
  PortalDto: PortalDtoSchema,
  TagDto: TagDtoSchema,
  PlaylistItemDto: PlaylistItemDtoSchema,
  WikiFavItemDto: WikiFavItemDtoSchema,
  SubFavItemDto: SubFavItemDtoSchema,
  PlayDto: PlayDtoSchema,
  PlayItemDto: PlayItemDtoSchema,
  UserDto: UserDtoSchema,
  Information: InformationSchema,
} as const;

/**
 * The TypeScript type of a schema above, which objects.ts exports for each object. It reads the part of
 * JSON Schema these schemas use — `type` object (with `properties` and `required`), array (`items`),
 * string, integer, number and boolean, `enum`, and OpenAPI 3.0's `nullable` — and nothing else: a
 * schema that needs more reads as `never`, which fails the typecheck wherever its type is used.
 * Written here rather than taken from a library: a few lines for what these schemas use, and contract/
 * stays free of imports (the browser shares it).
 */
export type FromSchema<S> = S extends { readonly nullable: true } ? TypeOf<S> | null : TypeOf<S>;
type TypeOf<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: 'string' }
    ? string
    : S extends { readonly type: 'integer' | 'number' }
      ? number
      : S extends { readonly type: 'boolean' }
        ? boolean
        : S extends { readonly type: 'array'; readonly items: infer I }
          ? FromSchema<I>[]
          : S extends { readonly type: 'object'; readonly properties: infer P; readonly required: readonly (infer R)[] }
            ? ObjectOf<P, R>
            : never;
/** The properties named in `required` are required, the others optional. */
type ObjectOf<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & { -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]> }
>;
type Flat<T> = { [K in keyof T]: T[K] };

// The envelope's `information` is typed in envelope.ts (its `onair_<n>_count` is a template the schema
// cannot name): a schema whose property names or required list drift from that type fails the typecheck.
type Props<S> = S extends { properties: infer P } ? keyof P : never;
type RequiredOf<S> = S extends { required: readonly (infer R)[] } ? R : never;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type FixedInformation = Omit<Information, `onair_${number}_count`>;
const informationMirrors: Same<Props<typeof InformationSchema>, keyof FixedInformation> extends true
  ? Same<RequiredOf<typeof InformationSchema>, RequiredKeys<FixedInformation>>
  : false = true;
void informationMirrors;
