// The Moefou interface's fields whose values it describes (an upload's md5 of 32 hexadecimal characters,
// up_data's mm:ss time, sub_view_title composed of type, order and title, the wiki types seen …) and the
// values it leaves open that Moecat fixes (docs/api.md: wiki_name = the id as text, wiki_parent and
// sub_parent 0, sub_data null, up_obj_type song, meta null when empty …), in JSON and XML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, keyClient, type Format } from './client';

type Obj = Record<string, any>;

let api: Awaited<ReturnType<typeof keyClient>>;
const answers = {} as Record<Format, { wikis: Obj[]; subs: Obj[] }>;

beforeAll(async () => {
  api = await keyClient();
  for (const format of FORMATS) {
    const wikis = (await api.get(format, '/wikis', { wiki_type: 'music,radio,tv,web,movie,ova,oad', perpage: '50' })).body.response.wikis;
    const subs = [
      ...(await api.get(format, '/search/sub', { keyword: 'a', sub_type: 'song', perpage: '50' })).body.response.subs,
      ...(await api.get(format, '/search/sub', { keyword: 'a', sub_type: 'ep', perpage: '50' })).body.response.subs,
    ];
    answers[format] = { wikis, subs };
  }
});
afterAll(() => api.close());

describe.each(FORMATS)('Values, in %s', (format) => {
  const wikis = () => answers[format].wikis;
  const subs = () => answers[format].subs;
  const uploads = () => subs().flatMap((s) => s.sub_upload ?? []);

  it('wiki_type: the types seen (music, radio, tv, ova, oad, movie) and bangumi-data’s web', () => {
    const types = new Set(wikis().map((w) => w.wiki_type));
    expect([...types].every((t) => ['music', 'radio', 'tv', 'ova', 'oad', 'movie', 'web'].includes(t))).toBe(true);
    expect(types.size).toBeGreaterThanOrEqual(4);
  });

  it('wiki_name is the id as text, wiki_parent 0, wiki_modified_user 0 for the bundled catalogue', () => {
    for (const w of wikis()) expect([w.wiki_name, w.wiki_parent, w.wiki_modified_user]).toEqual([String(w.wiki_id), 0, 0]);
  });

  it('wiki_meta is null when an entry has none (the observed shape), else its key/value pairs', () => {
    expect(wikis().some((w) => w.wiki_meta === null)).toBe(true);
    const withMeta = wikis().filter((w) => w.wiki_meta !== null);
    expect(withMeta.length).toBeGreaterThan(0);
    for (const w of withMeta) expect(w.wiki_meta.every((m: Obj) => typeof m.meta_key === 'string' && typeof m.meta_value === 'string')).toBe(true);
  });

  it('wiki_url and wiki_fm_url are the entry’s page, wiki_cover four image URLs', () => {
    for (const w of wikis()) {
      const section = w.wiki_type === 'music' || w.wiki_type === 'radio' ? w.wiki_type : 'anime';
      expect(new URL(w.wiki_url).pathname).toBe(`/${section}/${w.wiki_id}`);
      expect(w.wiki_fm_url).toBe(w.wiki_url);
      expect(Object.keys(w.wiki_cover)).toEqual(['small', 'medium', 'square', 'large']);
    }
  });

  it('sub_type ep or song; sub_parent 0, sub_data null; sub_view_title of type, order and title', () => {
    expect(new Set(subs().map((s) => s.sub_type))).toEqual(new Set(['song', 'ep']));
    for (const s of subs()) {
      expect([s.sub_parent, s.sub_data]).toEqual([0, null]);
      const order = /^\d+$/.test(s.sub_order) ? s.sub_order.padStart(2, '0') : s.sub_order;
      expect(s.sub_view_title).toBe(`${s.sub_type}.${order} ${s.sub_title}`);
      expect(s.sub_about).toEqual(expect.any(String));
    }
  });

  it('an upload belongs to its song: up_obj_id, up_obj_type song, an mp3 with its md5, size and data', () => {
    expect(uploads().length).toBeGreaterThan(0);
    for (const s of subs().filter((x) => x.sub_type === 'song')) {
      for (const u of s.sub_upload) {
        expect([u.up_obj_id, u.up_obj_type, u.up_type, u.up_uid]).toEqual([s.sub_id, 'song', 'mp3', 0]);
        expect(u.up_md5).toMatch(/^[0-9a-f]{32}$/);
        const { bitrate, length, time, filesize } = u.up_data;
        expect(time).toBe(`${String(Math.floor(length / 60)).padStart(2, '0')}:${String(Math.round(length) % 60).padStart(2, '0')}`);
        expect(bitrate).toBeGreaterThan(0);
        expect(u.up_size).toBe(Math.ceil(filesize / 1024)); // KiB, rounded up (docs/api.md)
        expect(u.up_url.endsWith(u.up_uri.split('/').map(encodeURIComponent).join('/'))).toBe(true);
      }
    }
  });
});
