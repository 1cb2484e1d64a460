// What remote sync reads from a Moefou-compatible API's answers: their shapes as TypeScript types, and
// the contract's JSON schemas made lenient where another implementation may differ (extra fields,
// optional fields left out, `sub_order` as a number) yet strict about what the sync reads (ids, titles,
// types, times, upload facts), so garbage is refused before anything reads it.
import type { ValidateFunction } from 'ajv';
import type { WikiSiteDto } from '../../contract/objects';
import {
  AnimeWikiDtoSchema,
  InformationSchema,
  OnAirDtoSchema,
  PlaylistItemDtoSchema,
  SubDtoSchema,
  UploadDtoSchema,
  WikiDtoSchema,
} from '../../contract/schemas';

export interface RemoteMeta {
  meta_key: string;
  meta_value: string;
}

export interface RemoteWiki {
  wiki_id: number;
  wiki_title: string;
  wiki_title_encode?: string;
  wiki_type: 'music' | 'radio' | 'tv' | 'web' | 'movie' | 'ova' | 'oad';
  wiki_date: number;
  wiki_modified: number;
  wiki_about?: string;
  wiki_meta?: RemoteMeta[] | null;
  wiki_aliases?: string[];
  wiki_tags?: string[];
  wiki_bgm_id?: number | null;
  wiki_cover?: { large?: string };
  /** A Moecat remote's /anime/detail: where the show is watched and described. */
  wiki_sites?: WikiSiteDto[];
}

export interface RemoteUpload {
  up_id?: number;
  up_uri?: string;
  up_md5?: string;
  up_data: { bitrate: number; length: number; filesize: number };
  up_date?: number;
  up_url: string;
}

export interface RemoteSub {
  sub_id: number;
  sub_title: string;
  sub_title_encode?: string;
  sub_type: 'song' | 'ep';
  sub_order: string | number;
  sub_date: number;
  sub_modified: number;
  sub_about?: string;
  sub_meta?: RemoteMeta[] | null;
  sub_upload?: RemoteUpload[];
}

/** A schedule entry as the Moefou interface gives it; `oa_time` is Moecat's extension (a remote without it gives no times). */
export interface RemoteOnAir {
  oa_obj_id: number;
  oa_week: number;
  oa_date_begin: number;
  oa_date_end: number;
  oa_time?: string;
  obj?: RemoteWiki;
}

/** A schedule entry as Moecat answered before it followed the interface's on-air entry: the entry's fields with its slot. */
export interface LegacyRemoteOnAir extends RemoteWiki {
  oa_weekday: number;
  oa_time: string;
  oa_date_begin: number;
  oa_date_end: number;
}

export interface RemotePlaylistItem {
  sub_id: number;
  up_url: string;
  duration: number;
  file_size: number;
}

export interface RemoteInformation {
  count?: number;
  page?: number;
  perpage?: number;
  error?: number;
  msg?: string[];
}

type Schema = Record<string, unknown>;

/** The schema without `additionalProperties` anywhere (a remote may send more), `required` replaced when given. */
function lenient(schema: Schema, required?: string[], overrides: Record<string, Schema> = {}): Schema {
  const { additionalProperties: _extra, ...out } = schema;
  if (required) out.required = required;
  if (out.properties) {
    const props = Object.entries(out.properties as Record<string, Schema>).map(([k, v]) => [k, overrides[k] ?? lenient(v)]);
    out.properties = Object.fromEntries(props);
  }
  if (out.items) out.items = lenient(out.items as Schema);
  return out;
}

const ANY = {};
const ID = { type: 'integer', minimum: 1 };
const WIKI_REQUIRED = ['wiki_id', 'wiki_title', 'wiki_type', 'wiki_date', 'wiki_modified'];
// What the sync does not read is not held to Moecat's own values (an older Moecat or another server may differ).
const wikiOverrides = { wiki_id: ID, wiki_user_fav: ANY, wiki_cover: { type: 'object' }, wiki_name: ANY, wiki_parent: ANY, wiki_modified_user: ANY };
const remoteWiki = lenient(WikiDtoSchema, WIKI_REQUIRED, wikiOverrides);
// /anime/detail from a Moecat adds the show's slot, sites and Bangumi details (Moecat's extension), all
// optional here; the details are that user's own and are not read.
const remoteDetailWiki = lenient(AnimeWikiDtoSchema, WIKI_REQUIRED, { ...wikiOverrides, wiki_broadcast: ANY, wiki_bangumi: ANY });
const remoteUpload = lenient(UploadDtoSchema, ['up_url', 'up_data'], {
  up_uid: ANY,
  up_obj_type: ANY,
  up_data: {
    type: 'object',
    required: ['bitrate', 'length', 'filesize'],
    properties: { bitrate: { type: 'integer', minimum: 0 }, length: { type: 'integer', minimum: 0 }, filesize: { type: 'integer', minimum: 0 } },
  },
});
const remoteSub = lenient(SubDtoSchema, ['sub_id', 'sub_title', 'sub_type', 'sub_order', 'sub_date', 'sub_modified'], {
  sub_id: ID,
  sub_order: { type: ['string', 'integer'] },
  sub_user_fav: ANY,
  sub_upload: { type: 'array', items: remoteUpload },
  sub_parent: ANY,
  sub_data: ANY,
  wiki: ANY,
});
const OA_TIME = { type: 'string', pattern: '^\\d{2}:\\d{2}$' };
const remoteOnAir = lenient(OnAirDtoSchema, ['oa_obj_id', 'oa_week', 'oa_date_begin', 'oa_date_end'], {
  oa_obj_id: ID,
  oa_week: { type: 'integer', minimum: 1, maximum: 7 },
  oa_obj_type: ANY,
  oa_active: ANY,
  oa_time: OA_TIME,
  obj: remoteWiki,
});
// An older Moecat's on-air entry: WikiDto's fields flattened with oa_weekday and oa_time.
const legacyRemoteOnAir = {
  type: 'object',
  required: [...WIKI_REQUIRED, 'oa_weekday', 'oa_time', 'oa_date_begin', 'oa_date_end'],
  properties: {
    ...(remoteWiki.properties as Record<string, Schema>),
    oa_weekday: { type: 'integer', minimum: 1, maximum: 7 },
    oa_time: OA_TIME,
    oa_date_begin: { type: 'integer' },
    oa_date_end: { type: 'integer' },
  },
};
const remotePlaylistItem = lenient(PlaylistItemDtoSchema, ['sub_id', 'up_url', 'duration', 'file_size'], { sub_id: ID });
const information = (required: string[]) => lenient(InformationSchema, required);

function envelope(info: Schema, payload: Record<string, Schema>, required = Object.keys(payload)): Schema {
  return {
    type: 'object',
    required: ['response'],
    properties: {
      response: { type: 'object', required: ['information', ...required], properties: { information: info, ...payload } },
    },
  };
}

const list = (items: Schema) => ({ type: 'array', items });
const WEEK = [1, 2, 3, 4, 5, 6, 7];

const SCHEMAS = {
  wikis: envelope(information(['count']), { wikis: list(remoteWiki) }),
  detail: envelope(information([]), { wiki: remoteDetailWiki, subs: list(remoteSub) }),
  onAir: envelope(information([]), Object.fromEntries(WEEK.map((d) => [`onair_${d}`, list({ anyOf: [remoteOnAir, legacyRemoteOnAir] })]))),
  playlist: envelope(information([]), { playlist: list(remotePlaylistItem) }),
  /** Any Moefou envelope (reading an error answer's messages). */
  any: envelope({ type: 'object' }, {}),
};

export interface Answers {
  wikis: { information: RemoteInformation & { count: number }; wikis: RemoteWiki[] };
  detail: { information: RemoteInformation; wiki: RemoteWiki; subs: RemoteSub[] };
  onAir: { information: RemoteInformation } & Record<`onair_${number}`, (RemoteOnAir | LegacyRemoteOnAir)[]>;
  playlist: { information: RemoteInformation; playlist: RemotePlaylistItem[] };
  any: { information: RemoteInformation };
}
export type AnswerKind = keyof Answers;

let validators: Promise<Record<AnswerKind, ValidateFunction>> | undefined;

/** The compiled check of one kind of answer (Ajv is loaded and the schemas compiled on the first sync, not at start-up). */
export async function validatorOf(kind: AnswerKind): Promise<ValidateFunction> {
  validators ??= import('ajv').then(({ default: Ajv }) => {
    const ajv = new Ajv({ strict: false, allErrors: false });
    return Object.fromEntries(Object.entries(SCHEMAS).map(([k, s]) => [k, ajv.compile(s)])) as Record<AnswerKind, ValidateFunction>;
  });
  return (await validators)[kind];
}

/** The first schema complaint in words: 'response.wikis[0].wiki_id must be integer'. */
export function complaint(validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  if (!e) return 'unexpected content';
  const where = e.instancePath
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  return `${where || 'the answer'} ${e.message}`;
}
