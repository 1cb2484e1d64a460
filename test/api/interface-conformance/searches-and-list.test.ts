// The Moefou interface's sub-entry search, entry list (its parameters and its two date rules: 1, one
// value is its whole period; 2, of two values the end's whole period is included) and entry search, in
// JSON and XML. Keyword matching and how several keywords combine are "not shown": Moecat decides
// (every word must match; docs/api.md), and the last block holds it to that.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, keyClient, type Format, type Query } from './client';

let api: Awaited<ReturnType<typeof keyClient>>;
type Wiki = { wiki_id: number; wiki_type: string; wiki_title_encode: string; wiki_date: number; wiki_user_fav: unknown; wiki_tags: string[] };
type Sub = { sub_id: number; sub_type: string; sub_parent_wiki: number; sub_title: string; wiki: Wiki; sub_upload?: unknown[]; sub_user_fav: unknown };
/** Every entry of the catalogue, as the entry list answers it. */
let everything: Wiki[];

const ALL_TYPES = 'music,radio,tv,web,movie,ova,oad';
const list = async (format: Format, query: Query) => (await api.get(format, '/wikis', { perpage: '50', ...query })).body.response;
const ids = (wikis: Wiki[]) => wikis.map((w) => w.wiki_id).sort((a, b) => a - b);

beforeAll(async () => {
  api = await keyClient();
  const first = await list('json', { wiki_type: ALL_TYPES });
  expect(first.information.count).toBeLessThanOrEqual(50); // one page holds the fixture catalogue
  everything = first.wikis;
});
afterAll(() => api.close());

/** Year, month and day of a timestamp in Tokyo, the catalogue time zone. */
function tokyoDay(seconds: number): [number, number, number] {
  const d = new Date((seconds + 9 * 3600) * 1000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
const pad = (n: number) => String(n).padStart(2, '0');
/** A date value of the interface's format at a precision: YYYY, YYYY-MM or YYYY-MM-DD. */
const dateText = ([y, m, d]: [number, number, number], parts: 1 | 2 | 3) => [String(y), pad(m), pad(d)].slice(0, parts).join('-');
/** Whether a day falls in the period of a value: its whole year, month or day. */
const key = ([y, m, d]: [number, number, number], parts: number) => [y, m, d].slice(0, parts).map(pad).join('');
const inPeriod = (day: [number, number, number], start: string, end: string) => {
  const [s, e] = [start.replace(/-/g, ''), end.replace(/-/g, '')];
  return key(day, s.length === 4 ? 1 : s.length === 6 ? 2 : 3) >= s && key(day, e.length === 4 ? 1 : e.length === 6 ? 2 : 3) <= e;
};

describe.each(FORMATS)('GET /wikis.%s (entry list)', (format) => {
  it('wiki_type is required', async () => {
    expect((await api.get(format, '/wikis')).status).toBe(400);
  });

  it('takes a comma list of types', async () => {
    const r = await list(format, { wiki_type: 'music,radio' });
    expect(ids(r.wikis)).toEqual(ids(everything.filter((w) => w.wiki_type === 'music' || w.wiki_type === 'radio')));
  });

  it('alias anime replaces tv, ova, oad, movie', async () => {
    const anime = await list(format, { wiki_type: 'anime' });
    expect(ids(anime.wikis)).toEqual(ids((await list(format, { wiki_type: 'tv,ova,oad,movie' })).wikis));
    expect(ids(anime.wikis)).toEqual(ids(everything.filter((w) => ['tv', 'ova', 'oad', 'movie'].includes(w.wiki_type))));
    expect(new Set(anime.wikis.map((w: Wiki) => w.wiki_type))).toEqual(new Set(['tv', 'movie']));
  });

  it('initial defaults to 1: the same list as initial=1, and as no initial', async () => {
    const none = await list(format, { wiki_type: ALL_TYPES });
    const one = await list(format, { wiki_type: ALL_TYPES, initial: '1' });
    expect(ids(one.wikis)).toEqual(ids(none.wikis));
    expect(one.information.count).toBe(everything.length);
  });

  it('initial: the first letter of the title', async () => {
    const r = await list(format, { wiki_type: ALL_TYPES, initial: 's' });
    expect(ids(r.wikis)).toEqual(ids(everything.filter((w) => w.wiki_title_encode.startsWith('s'))));
    expect(r.wikis.length).toBeGreaterThan(0);
  });

  it('tag: a comma list of tags (every one applies, Moecat’s decision)', async () => {
    const r = await list(format, { wiki_type: ALL_TYPES, tag: 'Vocal,Piano' });
    expect(ids(r.wikis)).toEqual(ids(everything.filter((w) => w.wiki_tags.includes('Vocal') && w.wiki_tags.includes('Piano'))));
    expect(r.wikis.length).toBeGreaterThan(0);
  });

  it('wiki_id: a comma list of ids fetches those entries', async () => {
    const wanted = [everything[0].wiki_id, everything[3].wiki_id, everything[7].wiki_id];
    const r = await list(format, { wiki_type: ALL_TYPES, wiki_id: wanted.join(',') });
    expect(ids(r.wikis)).toEqual([...wanted].sort((a, b) => a - b));
  });

  it('answers wikis, each with wiki_user_fav', async () => {
    const r = await list(format, { wiki_type: ALL_TYPES });
    expect(r.wikis.every((w: Wiki) => 'wiki_user_fav' in w)).toBe(true);
  });

  it('has_error true means that no result was found', async () => {
    const none = await list(format, { wiki_type: 'music', initial: 'z' });
    expect(none.information.count).toBe(0);
    expect(none.information.has_error).toBe(true);
    expect(none.wikis).toEqual([]);
    expect((await list(format, { wiki_type: 'music' })).information.has_error).toBe(false);
  });

  describe('date: YYYY[-MM[-DD]], or start,end', () => {
    const cases = () => {
      // a: the eighth newest date, b: the newest; the end's whole period must include b itself.
      const dated = [...everything].filter((w) => w.wiki_date > 0).sort((x, y) => x.wiki_date - y.wiki_date);
      const [a, b] = [dated[dated.length - 8], dated[dated.length - 1]].map((w) => tokyoDay(w.wiki_date));
      return [
        ['rule 1: YYYY is the whole year', dateText(a, 1), dateText(a, 1), dateText(a, 1)],
        ['rule 1: YYYY-MM is the whole month', dateText(a, 2), dateText(a, 2), dateText(a, 2)],
        ['rule 1: YYYY-MM-DD is that day', dateText(a, 3), dateText(a, 3), dateText(a, 3)],
        ['rule 2: end YYYY runs to 31 December', `${dateText(a, 2)},${dateText(b, 1)}`, dateText(a, 2), dateText(b, 1)],
        ['rule 2: end YYYY-MM runs to the month’s last day', `${dateText(a, 3)},${dateText(b, 2)}`, dateText(a, 3), dateText(b, 2)],
        ['rule 2: two days, both included', `${dateText(a, 3)},${dateText(b, 3)}`, dateText(a, 3), dateText(b, 3)],
      ] as const;
    };

    it('selects exactly the entries dated in each rule’s period', async () => {
      for (const [rule, date, start, end] of cases()) {
        const r = await list(format, { wiki_type: ALL_TYPES, date });
        const expected = everything.filter((w) => w.wiki_date > 0 && inPeriod(tokyoDay(w.wiki_date), start, end));
        expect(ids(r.wikis), rule).toEqual(ids(expected));
        expect(expected.length, rule).toBeGreaterThan(0);
      }
    });
  });
});

describe.each(FORMATS)('GET /search/sub.%s (sub-entry search)', (format) => {
  const search = async (query: Query) => (await api.get(format, '/search/sub', { perpage: '50', ...query })).body.response;

  it('keyword is required', async () => {
    expect((await api.get(format, '/search/sub')).status).toBe(400);
  });

  it('answers subs, each with its owning entry in wiki', async () => {
    const r = await search({ keyword: 'Sakura' });
    expect(r.subs.length).toBeGreaterThan(0);
    for (const s of r.subs as Sub[]) expect(s.wiki.wiki_id).toBe(s.sub_parent_wiki);
  });

  it('sub_type: ep, song or both, comma-separated; songs carry sub_upload', async () => {
    const songs = (await search({ keyword: 'a', sub_type: 'song' })).subs as Sub[];
    const eps = (await search({ keyword: 'a', sub_type: 'ep' })).subs as Sub[];
    const both = (await search({ keyword: 'a', sub_type: 'ep,song' })).information.count;
    expect(songs.length).toBeGreaterThan(0);
    expect(eps.length).toBeGreaterThan(0);
    expect(songs.every((s) => s.sub_type === 'song' && Array.isArray(s.sub_upload))).toBe(true);
    expect(eps.every((s) => s.sub_type === 'ep' && s.sub_upload === undefined)).toBe(true);
    expect(both).toBe((await search({ keyword: 'a' })).information.count);
    expect(both).toBe(
      (await search({ keyword: 'a', sub_type: 'song' })).information.count + (await search({ keyword: 'a', sub_type: 'ep' })).information.count,
    );
  });

  it('without OAuth, sub_user_fav and wiki.wiki_user_fav are null', async () => {
    const r = await search({ keyword: 'Sakura' });
    expect(r.subs.every((s: Sub) => s.sub_user_fav === null && s.wiki.wiki_user_fav === null)).toBe(true);
  });
});

describe.each(FORMATS)('GET /search/wiki.%s (entry search)', (format) => {
  const search = async (query: Query) => (await api.get(format, '/search/wiki', { perpage: '50', ...query })).body.response;

  it('keyword is required', async () => {
    expect((await api.get(format, '/search/wiki')).status).toBe(400);
  });

  it('finds entries by keyword, each with wiki_user_fav', async () => {
    const r = await search({ keyword: 'Blue Horizon' });
    expect(r.wikis.map((w: { wiki_title: string }) => w.wiki_title)).toEqual(['Blue Horizon', 'Blue Horizon']);
    expect(r.wikis.every((w: Wiki) => w.wiki_user_fav === null)).toBe(true);
  });

  it('wiki_type: a comma list, alias anime replaces tv, ova, oad, movie', async () => {
    const all = (await search({ keyword: 'e' })).wikis as Wiki[];
    const anime = (await search({ keyword: 'e', wiki_type: 'anime' })).wikis as Wiki[];
    expect(ids(anime)).toEqual(ids(all.filter((w) => ['tv', 'ova', 'oad', 'movie'].includes(w.wiki_type))));
    expect(ids((await search({ keyword: 'e', wiki_type: 'music,radio' })).wikis)).toEqual(
      ids(all.filter((w) => w.wiki_type === 'music' || w.wiki_type === 'radio')),
    );
    expect(anime.length).toBeGreaterThan(0);
  });
});

describe('Several keywords: every word must match (Moecat’s decision)', () => {
  it.each(FORMATS)('%s: two words find only what holds both', async (format) => {
    const blue = (await api.get(format, '/search/wiki', { keyword: 'Blue' })).body.response.information.count;
    const both = (await api.get(format, '/search/wiki', { keyword: 'Blue Horizon' })).body.response.information.count;
    const none = (await api.get(format, '/search/wiki', { keyword: 'Blue Sakura' })).body.response.information.count;
    expect([blue >= both, both, none]).toEqual([true, 2, 0]);
  });
});
