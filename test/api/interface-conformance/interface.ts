// The Moefou interface's objects as data, field by field and in its order, for the conformance tests:
// each table below is one of its objects (the envelope's information, entry, sub-entry, upload,
// favourite, on-air entry; docs/api.md), with the type the interface gives each field. `check()` says what is wrong with a value of such a type, so a missing field, a changed
// type or a wrong nesting fails the test that reads it.

export type FieldType =
  | 'int'
  | 'number'
  | 'string'
  | 'boolean'
  /** "null or value" */
  | 'null-or-value'
  | { object: Field[] }
  | { nullable: FieldType }
  | { array: FieldType };

export interface Field {
  name: string;
  type: FieldType;
  /** A field the interface lists with a condition: it must be there when this holds, and only then. */
  when?: (owner: Record<string, unknown>) => boolean;
}

const f = (name: string, type: FieldType, when?: Field['when']): Field => ({ name, type, when });

/** "Wiki object (entry)": wiki_cover is an object with keys small, medium, square, large (all strings). */
export const COVER: Field[] = [f('small', 'string'), f('medium', 'string'), f('square', 'string'), f('large', 'string')];

/** "Favourite object". */
export const FAV: Field[] = [
  f('fav_id', 'int'),
  f('fav_obj_id', 'int'),
  f('fav_obj_type', 'string'),
  f('fav_uid', 'int'),
  f('fav_date', 'int'),
  f('fav_type', 'int'),
];

/** "Wiki object (entry)". */
export const WIKI: Field[] = [
  f('wiki_id', 'int'),
  f('wiki_title', 'string'),
  f('wiki_title_encode', 'string'),
  f('wiki_name', 'string'),
  f('wiki_type', 'string'),
  f('wiki_parent', 'int'),
  f('wiki_date', 'int'),
  f('wiki_modified', 'int'),
  f('wiki_modified_user', 'int'),
  f('wiki_meta', 'null-or-value'),
  f('wiki_fm_url', 'string'),
  f('wiki_url', 'string'),
  f('wiki_cover', { object: COVER }),
  f('wiki_user_fav', { nullable: { object: FAV } }),
];

/** "Upload object": up_data holds bitrate (int), length (number), time (string mm:ss), filesize (int). */
export const UP_DATA: Field[] = [f('bitrate', 'int'), f('length', 'number'), f('time', 'string'), f('filesize', 'int')];

/** "Upload object (audio file of a song)". */
export const UPLOAD: Field[] = [
  f('up_id', 'int'),
  f('up_uid', 'int'),
  f('up_obj_id', 'int'),
  f('up_obj_type', 'string'),
  f('up_uri', 'string'),
  f('up_type', 'string'),
  f('up_md5', 'string'),
  f('up_size', 'int'),
  f('up_data', { object: UP_DATA }),
  f('up_date', 'int'),
  f('up_url', 'string'),
];

/** "Sub-entry object": sub_upload is "present only when sub_type is song". */
export const SUB: Field[] = [
  f('sub_id', 'int'),
  f('sub_parent_wiki', 'int'),
  f('sub_parent', 'int'),
  f('sub_title', 'string'),
  f('sub_title_encode', 'string'),
  f('sub_type', 'string'),
  f('sub_order', 'string'),
  f('sub_meta', 'null-or-value'),
  f('sub_about', 'string'),
  f('sub_data', 'null-or-value'),
  f('sub_date', 'int'),
  f('sub_modified', 'int'),
  f('sub_url', 'string'),
  f('sub_fm_url', 'string'),
  f('sub_view_title', 'string'),
  f('wiki', { object: WIKI }),
  f('sub_user_fav', { nullable: { object: FAV } }),
  f('sub_upload', { array: { object: UPLOAD } }, (sub) => sub.sub_type === 'song'),
];

/** "On-air entry". */
export const ON_AIR: Field[] = [
  f('oa_id', 'int'),
  f('oa_obj_id', 'int'),
  f('oa_obj_type', 'string'),
  f('oa_week', 'int'),
  f('oa_date_begin', 'int'),
  f('oa_date_end', 'int'),
  f('oa_active', 'int'),
  f('obj', { object: WIKI }),
];

/** "Response envelope": the fields of `information` every query operation carries. */
export const INFORMATION: Field[] = [f('parameters', 'null-or-value'), f('msg', { array: 'string' }), f('has_error', 'boolean'), f('request', 'string')];

/** The same, for the operations with pages (sub-entry search, entry list, entry search). */
export const PAGED_INFORMATION: Field[] = [...INFORMATION, f('page', 'int'), f('perpage', 'int'), f('count', 'int')];

/** "Redirect portal": the structured response. */
export const PORTAL: Field[] = [f('has_wiki', 'boolean'), f('has_mp3', 'boolean'), f('url', 'string')];

const describeType = (type: FieldType): string =>
  typeof type === 'string'
    ? type
    : 'object' in type
      ? 'object'
      : 'nullable' in type
        ? `${describeType(type.nullable)} or null`
        : `array of ${describeType(type.array)}`;

/** What is wrong with `value` as a `type` at `path`: [] when nothing is. */
export function check(value: unknown, type: FieldType, path: string): string[] {
  const wrong = [`${path} is ${JSON.stringify(value)?.slice(0, 60)}, not ${describeType(type)}`];
  if (type === 'null-or-value') return value === undefined ? [`${path} is missing`] : [];
  if (type === 'int') return Number.isInteger(value) ? [] : wrong;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? [] : wrong;
  if (type === 'string') return typeof value === 'string' ? [] : wrong;
  if (type === 'boolean') return typeof value === 'boolean' ? [] : wrong;
  if ('nullable' in type) return value === null ? [] : check(value, type.nullable, path);
  if ('array' in type) return Array.isArray(value) ? value.flatMap((v, i) => check(v, type.array, `${path}[${i}]`)) : wrong;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return wrong;
  return checkObject(value as Record<string, unknown>, type.object, path);
}

/** Every field of `fields` present (or, with a condition, present exactly when it holds) and of its type. */
export function checkObject(obj: Record<string, unknown>, fields: Field[], path: string): string[] {
  return fields.flatMap((field) => checkField(obj, field, path));
}

export function checkField(obj: Record<string, unknown>, field: Field, path: string): string[] {
  const at = `${path}.${field.name}`;
  if (field.when && !field.when(obj)) return field.name in obj ? [`${at} is present, but the interface has it only in other cases`] : [];
  if (!(field.name in obj)) return [`${at} is missing`];
  return check(obj[field.name], field.type, at);
}

/**
 * The interface's fields come first, in its order; Moecat's extensions may follow. Returns what is out of
 * place: [] when the object's keys start with the interface's (those present).
 */
export function checkOrder(obj: Record<string, unknown>, fields: Field[], path: string): string[] {
  const expected = fields.map((field) => field.name).filter((name) => name in obj);
  const actual = Object.keys(obj).slice(0, expected.length);
  return actual.join(',') === expected.join(',') ? [] : [`${path}'s keys start ${actual.join(', ')}; the interface's order is ${expected.join(', ')}`];
}
