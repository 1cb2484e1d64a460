// The Moefou interface's objects (docs/api.md): every field of every object, with its type and nesting,
// in JSON and in XML (parsed with a real XML parser), as the operations that carry the object answer
// it. One case per field: a field that goes missing, changes type or moves into another object fails
// its own case. Moecat's extensions may follow the interface's fields, never come before them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, keyClient, oauthClientOf, type Format } from './client';
import { checkField, checkOrder, FAV, ON_AIR, SUB, UPLOAD, WIKI, type Field, type FieldType } from './interface';

type Obj = Record<string, unknown>;

interface Samples {
  wikis: Obj[];
  subs: Obj[];
  uploads: Obj[];
  favs: Obj[];
  onAir: Obj[];
}

let keyed: Awaited<ReturnType<typeof keyClient>>;
let signed: Awaited<ReturnType<typeof oauthClientOf>>;
const samples = {} as Record<Format, Samples>;

/** Every object the interface describes, as each operation that carries it answers, in `format`. */
async function samplesIn(format: Format): Promise<Samples> {
  const list = async (path: string, query: Record<string, string>, key: string) => {
    const { status, body } = await keyed.get(format, path, query);
    expect(status, `${path} ${JSON.stringify(query)}`).toBe(200);
    return body.response[key] as Obj[];
  };
  const wikis = [
    ...(await list('/wikis', { wiki_type: 'music,radio', perpage: '50' }, 'wikis')),
    ...(await list('/wikis', { wiki_type: 'anime', perpage: '50' }, 'wikis')),
    ...(await list('/search/wiki', { keyword: 'Blue' }, 'wikis')),
  ];
  const songs = await list('/search/sub', { keyword: 'Sakura', sub_type: 'song' }, 'subs');
  const episodes = await list('/search/sub', { keyword: 'Moecat', sub_type: 'ep' }, 'subs');
  const week = (await keyed.get(format, '/on-air')).body.response;
  const onAir = [1, 2, 3, 4, 5, 6, 7].flatMap((d) => week[`onair_${d}`] as Obj[]);
  const subs = [...songs, ...episodes];
  // The favourite objects a logged-in user sees: on entries of the list, on sub-entries and their entries.
  const mine = [
    ...((await signed.get(format, '/wikis', { wiki_type: 'music' })).response.wikis as Obj[]),
    ...((await signed.get(format, '/search/sub', { keyword: 'Sakura' })).response.subs as Obj[]),
  ];
  const favs = mine.flatMap((o) => [o.wiki_user_fav, o.sub_user_fav, (o.wiki as Obj | undefined)?.wiki_user_fav]).filter((fav): fav is Obj => !!fav);
  return {
    wikis: [...wikis, ...subs.map((s) => s.wiki as Obj), ...onAir.map((o) => o.obj as Obj)],
    subs,
    uploads: subs.flatMap((s) => (s.sub_upload as Obj[] | undefined) ?? []),
    favs,
    onAir,
  };
}

beforeAll(async () => {
  keyed = await keyClient();
  signed = await oauthClientOf();
  const album = (await keyed.get('json', '/search/wiki', { keyword: 'Sakura Letters' })).body.response.wikis[0];
  const song = (await keyed.get('json', '/search/sub', { keyword: 'Sakura', sub_type: 'song' })).body.response.subs[0];
  await signed.addFav('wiki', album.wiki_id);
  await signed.addFav('sub', song.sub_id);
  for (const format of FORMATS) samples[format] = await samplesIn(format);
});
afterAll(async () => {
  await keyed?.close();
  await signed?.close();
});

const typeName = (type: FieldType): string =>
  typeof type === 'string'
    ? type
    : 'object' in type
      ? 'an object'
      : 'nullable' in type
        ? `${typeName(type.nullable)} or null`
        : `an array of ${typeName(type.array)}`;
const cases = (fields: Field[]) => fields.map((field) => ({ field, name: field.name, type: typeName(field.type) }));

const OBJECTS: { object: string; fields: Field[]; of: (s: Samples) => Obj[]; least: number }[] = [
  { object: 'Wiki object (entry)', fields: WIKI, of: (s) => s.wikis, least: 20 },
  { object: 'Sub-entry object', fields: SUB, of: (s) => s.subs, least: 8 },
  { object: 'Upload object', fields: UPLOAD, of: (s) => s.uploads, least: 4 },
  { object: 'Favourite object', fields: FAV, of: (s) => s.favs, least: 3 },
  { object: 'On-air entry', fields: ON_AIR, of: (s) => s.onAir, least: 10 },
];

describe.each(FORMATS)('the interface’s objects in %s', (format) => {
  describe.each(OBJECTS)('$object', ({ fields, of, least }) => {
    it('is answered by the operations that carry it', () => {
      expect(of(samples[format]).length).toBeGreaterThanOrEqual(least);
    });

    it.each(cases(fields))('has $name, $type', ({ field }) => {
      expect(of(samples[format]).flatMap((o, i) => checkField(o, field, `#${i}`))).toEqual([]);
    });

    it('has the interface’s fields first, in its order', () => {
      expect(of(samples[format]).flatMap((o, i) => checkOrder(o, fields, `#${i}`))).toEqual([]);
    });
  });

  it('gives songs sub_upload and episodes none (present only when sub_type is song)', () => {
    const { subs } = samples[format];
    expect(subs.some((s) => s.sub_type === 'song' && Array.isArray(s.sub_upload))).toBe(true);
    expect(subs.some((s) => s.sub_type === 'ep' && !('sub_upload' in s))).toBe(true);
  });
});
