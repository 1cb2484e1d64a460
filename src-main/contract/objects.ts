// The API's objects as they travel (both formats carry exactly these fields), as TypeScript types.
// Each is its schema's in schemas.ts (FromSchema), where the fields, their order and Moecat's decisions
// about them are written once: a field added there is a field here, and an operation's handler cannot
// answer what its schema does not say (server/operations/define.ts).
import type {
  AnimeWikiDtoSchema,
  BroadcastDtoSchema,
  CoverDtoSchema,
  EpisodeDtoSchema,
  FavDtoSchema,
  FromSchema,
  LyricsDtoSchema,
  LyricsLineDtoSchema,
  MetaDtoSchema,
  OnAirDtoSchema,
  PlayDtoSchema,
  PlayItemDtoSchema,
  PlaylistItemDtoSchema,
  PortalDtoSchema,
  SeasonWikiDtoSchema,
  ShowDetailsDtoSchema,
  SubDtoSchema,
  SubFavItemDtoSchema,
  TagDtoSchema,
  UploadDataDtoSchema,
  UploadDtoSchema,
  UserDtoSchema,
  WikiDtoSchema,
  WikiFavItemDtoSchema,
  WikiSiteDtoSchema,
  WikiSourceDtoSchema,
} from './schemas';

/** The uid of the one user Moecat has: the local user (`/user/detail` describes them). */
export const LOCAL_USER_ID = 1;

export type MetaDto = FromSchema<typeof MetaDtoSchema>;
export type CoverDto = FromSchema<typeof CoverDtoSchema>;
/** The local user's favourite mark on an object; null without OAuth or first-party authority. */
export type FavDto = FromSchema<typeof FavDtoSchema>;
/** The local user (/user/detail): Moecat has one user and no accounts. */
export type UserDto = FromSchema<typeof UserDtoSchema>;
export type WikiFavItemDto = FromSchema<typeof WikiFavItemDtoSchema>;
export type SubFavItemDto = FromSchema<typeof SubFavItemDtoSchema>;
/** One item of /user/favs/{wiki,sub}: the fav with its object (null if the catalogue no longer has it). */
export type FavItemDto = WikiFavItemDto | SubFavItemDto;
export type PlayDto = FromSchema<typeof PlayDtoSchema>;
export type PlayItemDto = FromSchema<typeof PlayItemDtoSchema>;
/** An entry: the interface's wiki object, then Moecat's extensions. */
export type WikiDto = FromSchema<typeof WikiDtoSchema>;
export type BroadcastDto = FromSchema<typeof BroadcastDtoSchema>;
export type WikiSiteDto = FromSchema<typeof WikiSiteDtoSchema>;
/** One main-story episode of a show, from Bangumi (Moecat's extension). */
export type EpisodeDto = FromSchema<typeof EpisodeDtoSchema>;
/** What Bangumi says of a show: its summary, episode count and episodes (Moecat's extension). */
export type ShowDetailsDto = FromSchema<typeof ShowDetailsDtoSchema>;
/** An anime entry as /anime/detail answers it: the entry, then when and where it is shown. */
export type AnimeWikiDto = FromSchema<typeof AnimeWikiDtoSchema>;
/** An anime entry as /season answers it: the entry, then its broadcast slot. */
export type SeasonWikiDto = FromSchema<typeof SeasonWikiDtoSchema>;
export type WikiSourceDto = FromSchema<typeof WikiSourceDtoSchema>;
export type SourceKind = WikiSourceDto['kind'];

/**
 * One source of the working catalogue, as Settings → Sources lists it (/app/sources, the UI's alone).
 * No schema: like the UI's views in app.ts, /docs shows it as an object.
 */
export interface SourceDto extends WikiSourceDto {
  /** bangumi-data or demo; the folder's absolute path; the remote API's base URL. */
  locator: string;
  entries: number;
  subs: number;
  /** Unix seconds of the first and the latest import or sync (0 for bundled sources). */
  added_at: number;
  updated_at: number;
}

export type UploadDataDto = FromSchema<typeof UploadDataDtoSchema>;
export type UploadDto = FromSchema<typeof UploadDtoSchema>;
/** A song or an episode: the interface's sub-entry object. */
export type SubDto = FromSchema<typeof SubDtoSchema>;
export type LyricsLineDto = FromSchema<typeof LyricsLineDtoSchema>;
/** A song's lyrics (/sub/lyrics, Moecat's extension). */
export type LyricsDto = FromSchema<typeof LyricsDtoSchema>;
/** A schedule entry of /on-air: the interface's on-air entry, then Moecat's extension. */
export type OnAirDto = FromSchema<typeof OnAirDtoSchema>;
export type PortalDto = FromSchema<typeof PortalDtoSchema>;
export type TagDto = FromSchema<typeof TagDtoSchema>;
/** One playable sub-entry of /listen/playlist. */
export type PlaylistItemDto = FromSchema<typeof PlaylistItemDtoSchema>;
