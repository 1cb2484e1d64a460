// Row → API object, one mapper per object, so every operation and both formats carry the same fields.
// The SELECT column lists live here too, beside the mappers that read them.
import type { MetaItem } from '../db/schema';
import {
  LOCAL_USER_ID,
  type MetaDto,
  type OnAirDto,
  type SourceKind,
  type SubDto,
  type UploadDto,
  type WikiDto,
  type WikiSourceDto,
} from '../../contract/objects';
import { coverPath, filePath, subFmPath, subPagePath, wikiPagePath } from '../../contract/paths';
import type { WikiType } from '../../contract/sections';

// The source's kind and name come from the (small) source table by primary key, one look-up per row.
export const WIKI_COLUMNS = `w.wiki_id, w.wiki_type, w.wiki_title, w.wiki_title_encode, w.wiki_date, w.wiki_modified,
  w.wiki_about, w.wiki_meta, w.wiki_aliases, w.wiki_tags, w.wiki_bgm_id, w.source_id AS wiki_source_id,
  (SELECT src.kind || ' ' || CASE WHEN src.name <> '' THEN src.name ELSE src.locator END FROM source src WHERE src.source_id = w.source_id) AS wiki_source`;

export interface WikiRow {
  wiki_id: number;
  /** One of WIKI_TYPES: the catalogue's writer takes no other. */
  wiki_type: WikiType;
  wiki_title: string;
  wiki_title_encode: string;
  wiki_date: number;
  wiki_modified: number;
  wiki_about: string;
  wiki_meta: string;
  wiki_aliases: string;
  wiki_tags: string;
  wiki_bgm_id: number | null;
  wiki_source_id: number;
  /** '<kind> <name>' */
  wiki_source: string;
}

/** The meta pairs, or null when there are none (the interface's observed shape). */
export function metaOf(json: string): MetaDto[] | null {
  const items = JSON.parse(json) as MetaItem[];
  return items.length === 0 ? null : items.map((m) => ({ meta_key: m.key, meta_value: m.value }));
}

/** Who last changed a row (wiki_modified_user, up_uid): the local user for their own imports, else 0. */
const userOf = (source: WikiSourceDto) => (source.kind === 'folder' ? LOCAL_USER_ID : 0);

export function toWiki(row: WikiRow, site: string): WikiDto {
  const page = `${site}${wikiPagePath(row.wiki_type, row.wiki_id)}`;
  const source = sourceOf(row);
  return {
    wiki_id: row.wiki_id,
    wiki_title: row.wiki_title,
    wiki_title_encode: row.wiki_title_encode,
    wiki_name: String(row.wiki_id),
    wiki_type: row.wiki_type,
    wiki_parent: 0,
    wiki_date: row.wiki_date,
    wiki_modified: row.wiki_modified,
    wiki_modified_user: userOf(source),
    wiki_meta: metaOf(row.wiki_meta),
    wiki_fm_url: page,
    wiki_url: page,
    wiki_cover: {
      small: `${site}${coverPath(row.wiki_id, 'small')}`,
      medium: `${site}${coverPath(row.wiki_id, 'medium')}`,
      square: `${site}${coverPath(row.wiki_id, 'square')}`,
      large: `${site}${coverPath(row.wiki_id, 'large')}`,
    },
    wiki_user_fav: null,
    wiki_about: row.wiki_about,
    wiki_aliases: JSON.parse(row.wiki_aliases) as string[],
    wiki_tags: JSON.parse(row.wiki_tags) as string[],
    wiki_bgm_id: row.wiki_bgm_id,
    wiki_source: source,
  };
}

function sourceOf(row: WikiRow): WikiSourceDto {
  const space = row.wiki_source.indexOf(' ');
  return { source_id: row.wiki_source_id, kind: row.wiki_source.slice(0, space) as SourceKind, name: row.wiki_source.slice(space + 1) };
}

export const SUB_COLUMNS = `s.sub_id, s.sub_parent_wiki, s.sub_type, s.sub_order, s.sub_title, s.sub_title_encode,
  s.sub_view_title, s.sub_date, s.sub_modified, s.sub_about, s.sub_meta`;

export interface SubRow {
  sub_id: number;
  sub_parent_wiki: number;
  sub_type: 'song' | 'ep';
  sub_order: string;
  sub_title: string;
  sub_title_encode: string;
  sub_view_title: string;
  sub_date: number;
  sub_modified: number;
  sub_about: string;
  sub_meta: string;
}

export const UPLOAD_COLUMNS = `u.up_id, u.up_obj_id, u.up_uri, u.up_type, u.up_md5, u.up_filesize, u.up_bitrate, u.up_length, u.up_date,
  u.up_remote_url, u.up_track_gain, u.up_track_peak, u.up_album_gain, u.up_album_peak`;

export interface UploadRow {
  up_id: number;
  up_obj_id: number;
  up_uri: string;
  up_type: string;
  up_md5: string;
  up_filesize: number;
  up_bitrate: number;
  up_length: number;
  up_date: number;
  up_remote_url: string | null;
  up_track_gain: number | null;
  up_track_peak: number | null;
  up_album_gain: number | null;
  up_album_peak: number | null;
}

/**
 * "mm:ss" from seconds, or "HH:MM" from minutes: the larger unit keeps counting (a long track's 75:02,
 * a late-night show's 25:30).
 */
export function clockTime(units: number): string {
  return `${String(Math.floor(units / 60)).padStart(2, '0')}:${String(units % 60).padStart(2, '0')}`;
}

/** A song's file; `owner` is the song's entry, whose source says who uploaded it. */
export function toUpload(row: UploadRow, site: string, owner: WikiDto): UploadDto {
  return {
    up_id: row.up_id,
    up_uid: userOf(owner.wiki_source),
    up_obj_id: row.up_obj_id,
    up_obj_type: 'song',
    up_uri: row.up_uri,
    up_type: row.up_type,
    up_md5: row.up_md5,
    up_size: Math.ceil(row.up_filesize / 1024),
    up_data: { bitrate: row.up_bitrate, length: row.up_length, time: clockTime(row.up_length), filesize: row.up_filesize },
    up_date: row.up_date,
    up_url: row.up_remote_url ?? `${site}${filePath(row.up_uri)}`,
    up_replaygain:
      row.up_track_gain === null && row.up_track_peak === null && row.up_album_gain === null && row.up_album_peak === null
        ? null
        : { track_gain: row.up_track_gain, track_peak: row.up_track_peak, album_gain: row.up_album_gain, album_peak: row.up_album_peak },
  };
}

/** A sub-entry with its entry in `wiki`; songs carry `sub_upload` (their files, [] when none), episodes do not. */
export function toSub(row: SubRow, site: string, uploads: UploadRow[], wiki: WikiDto): SubDto {
  const dto: SubDto = {
    sub_id: row.sub_id,
    sub_parent_wiki: row.sub_parent_wiki,
    sub_parent: 0,
    sub_title: row.sub_title,
    sub_title_encode: row.sub_title_encode,
    sub_type: row.sub_type,
    sub_order: row.sub_order,
    sub_meta: metaOf(row.sub_meta),
    sub_about: row.sub_about,
    sub_data: null,
    sub_date: row.sub_date,
    sub_modified: row.sub_modified,
    sub_url: `${site}${subPagePath(row.sub_type, row.sub_id)}`,
    sub_fm_url: `${site}${subFmPath(row.sub_type, row.sub_id)}`,
    sub_view_title: row.sub_view_title,
    wiki,
    sub_user_fav: null,
  };
  if (row.sub_type === 'song') dto.sub_upload = uploads.map((u) => toUpload(u, site, wiki));
  return dto;
}

export interface OnAirRow extends WikiRow {
  oa_weekday: number;
  oa_minute: number;
  oa_date_begin: number;
  oa_date_end: number;
}

/** oa_id: an entry has at most one schedule row per weekday, so this names the row and stays stable across rebuilds. */
export const onAirId = (wikiId: number, weekday: number) => wikiId * 10 + weekday;

/**
 * `mayHaveEnded`: the row's show may have ended without the anime data saying so (contract/broadcast-schedule.ts);
 * `nextAt`: Unix seconds of the slot's next broadcast, 0 for none. Its episodes are Bangumi's, from the
 * user database: on-air.ts fills `oa_next_episodes` in.
 */
export function toOnAir(row: OnAirRow, site: string, mayHaveEnded = false, nextAt = 0): OnAirDto {
  return {
    oa_id: onAirId(row.wiki_id, row.oa_weekday),
    oa_obj_id: row.wiki_id,
    oa_obj_type: row.wiki_type,
    oa_week: row.oa_weekday,
    oa_date_begin: row.oa_date_begin,
    oa_date_end: row.oa_date_end,
    oa_active: 1,
    obj: toWiki(row, site),
    oa_time: clockTime(row.oa_minute),
    oa_may_have_ended: mayHaveEnded,
    oa_next_at: nextAt,
    oa_next_episodes: [],
  };
}
