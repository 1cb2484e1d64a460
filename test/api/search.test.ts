// GET /search/wiki and /search/sub over the fixture catalogue (the anime fixture plus the demo
// section), every assertion in JSON and XML. Over 200 lines: one block per rule of the interface.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let apiKey: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  apiKey = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const search = (kind: 'wiki' | 'sub', format: Format, query: Record<string, string>) => call(ctx.app, `/search/${kind}`, format, { api_key: apiKey, ...query });

/** The ids of an OK answer's list, asserting the envelope of a successful search on the way. */
async function ids(kind: 'wiki' | 'sub', format: Format, query: Record<string, string>): Promise<number[]> {
  const res = await search(kind, format, query);
  expect(res.status).toBe(200);
  expect(res.body.response.information).toMatchObject({ has_error: false, error: 0 });
  const list = res.body.response[`${kind}s`] as { wiki_id?: number; sub_id?: number }[];
  return list.map((item) => (kind === 'wiki' ? item.wiki_id! : item.sub_id!));
}

/** Demo ids by meaning: the album by its slug, a sub-entry by album slug and track number. */
const demo = (slug: string) => DEMO_SPEC.find((a) => a.slug === slug)!;
const albumId = (slug: string) => DEMO_WIKI_ID_BASE + demo(slug).n;
const trackId = (slug: string, track: number) => DEMO_WIKI_ID_BASE + demo(slug).n * 100 + track;
const tracksOf = (slug: string) => demo(slug).tracks.map((_, i) => trackId(slug, i + 1));
const wikiIdOf = (title: string) => sqlOf(ctx.catalogue).prepare('SELECT wiki_id FROM wiki WHERE wiki_title = ?').pluck().get(title) as number;

const TOUHOU_NIGHT = 1001; // FIXTURE_ANIME.mondayLateNight: 東方の夜, aliases 东方之夜 / Touhou Night, key dongfangnoye
const GENYATAN = 'touhou-genyatan'; // 東方幻夜譚 ～ Phantasmal Night Tales, alias "Touhou Gen'yatan ~ …"
const RADIO = 'radio-moecat-houkago'; // episodes; alias "Radio Moecat After-School Time"
const BLUE_OST = 'blue-horizon-ost';
const BLUE_INDIE = 'blue-horizon-indie'; // newer than the OST, same title
const NO_AUDIO = 'yumemiru-kikai';

describe('GET /search/wiki', () => {
  it.each(FORMATS)('finds every entry containing a single word, a franchise’s first TV series first among equal matches (%s)', async (f) => {
    const dubbed = wikiIdOf(FIXTURE_ANIME.sharedBangumiId.title);
    // The album keeps its place; the two shows take theirs oldest first.
    expect(await ids('wiki', f, { keyword: '東方' })).toEqual([albumId(GENYATAN), TOUHOU_NIGHT, dubbed]);
  });

  it.each(FORMATS)('requires every word to match, and answers an empty list without error when one does not (%s)', async (f) => {
    // 東方 read as touhou: the dubbed show's romanised title (東方の夜 → touhou no yoru) holds it too.
    const dubbed = wikiIdOf(FIXTURE_ANIME.sharedBangumiId.title);
    expect(await ids('wiki', f, { keyword: 'touhou' })).toEqual([albumId(GENYATAN), TOUHOU_NIGHT, dubbed]);
    expect(await ids('wiki', f, { keyword: 'touhou phantasmal' })).toEqual([albumId(GENYATAN)]);
    const res = await search('wiki', f, { keyword: 'touhou nosuchword' });
    expect(res.status).toBe(200);
    expect(res.body.response.information).toMatchObject({ has_error: false, error: 0, count: 0, msg: [] });
    expect(res.body.response.wikis).toEqual([]);
  });

  it.each(FORMATS)('answers a keyword that finds nothing with the results of its respelling one typing slip away, and says so (%s)', async (f) => {
    const res = await search('wiki', f, { keyword: 'tuohou nigth' });
    expect(res.status).toBe(200);
    const info = res.body.response.information;
    expect(info).toMatchObject({ has_error: false, error: 0, keyword_used: 'touhou night' });
    expect(info.msg).toEqual(['Nothing matched "tuohou nigth"; these are the results for "touhou night".']);
    expect(await ids('wiki', f, { keyword: 'tuohou nigth' })).toEqual(await ids('wiki', f, { keyword: 'touhou night' }));
    const subs = await search('sub', f, { keyword: 'phantasmall' });
    expect(subs.body.response.information.keyword_used).toBe('phantasmal');
    // A keyword that finds something as typed is never respelled.
    const plain = await search('wiki', f, { keyword: 'touhou night' });
    expect(plain.body.response.information.keyword_used).toBeUndefined();
  });

  it.each(FORMATS)('ignores case, width and kana kind (%s)', async (f) => {
    // "Touhou Night" is a translated title of 東方の夜: an exact name leads.
    const expected = await ids('wiki', f, { keyword: 'touhou night' });
    expect(expected).toEqual([TOUHOU_NIGHT, albumId(GENYATAN)]);
    expect(await ids('wiki', f, { keyword: 'TOUHOU nIgHt' })).toEqual(expected);
    expect(await ids('wiki', f, { keyword: 'ＴＯＵＨＯＵ　ｎｉｇｈｔ' })).toEqual(expected);
    const saturday = wikiIdOf(FIXTURE_ANIME.saturday.title); // 土曜日のアニメ
    expect(await ids('wiki', f, { keyword: 'あにめ' })).toEqual([saturday]);
    expect(await ids('wiki', f, { keyword: 'ｱﾆﾒ' })).toEqual([saturday]);
    // The radio's title mixes hiragana and katakana: either spelling finds it.
    expect(await ids('wiki', f, { keyword: 'モエキャット' })).toEqual([albumId(RADIO)]);
    expect(await ids('wiki', f, { keyword: 'もえきゃっと' })).toEqual([albumId(RADIO)]);
  });

  it.each(FORMATS)('finds an entry by its alias and by its title key (%s)', async (f) => {
    expect(await ids('wiki', f, { keyword: 'Touhou Night' })).toContain(TOUHOU_NIGHT);
    expect(await ids('wiki', f, { keyword: '东方之夜' })).toEqual([TOUHOU_NIGHT]);
    expect(await ids('wiki', f, { keyword: 'dongfangnoye' })).toContain(TOUHOU_NIGHT);
  });

  it.each(FORMATS)('splits words on the ideographic space U+3000 (%s)', async (f) => {
    expect(await ids('wiki', f, { keyword: 'touhou\u3000phantasmal' })).toEqual([albumId(GENYATAN)]);
  });

  it.each(FORMATS)('ranks the exact title first even when a prefix match is newer (%s)', async (f) => {
    const dubbed = wikiIdOf(FIXTURE_ANIME.sharedBangumiId.title); // 東方の夜 (吹替版), a hashed id above 1001
    expect(dubbed).toBeGreaterThan(TOUHOU_NIGHT);
    expect(await ids('wiki', f, { keyword: '東方の夜' })).toEqual([TOUHOU_NIGHT, dubbed]);
  });

  it.each(FORMATS)('ranks names starting with the word (title or translated title), then words in the title, then artist-only matches (%s)', async (f) => {
    // 星河漫游 starts with 星, and so does a translated title of 祈り～Starlight Serenade (the newer first
    // of those two albums); 劇場版 星の歌 has it inside its title; the radio only in its personality 星野あおい.
    const movie = wikiIdOf(FIXTURE_ANIME.movie.title);
    expect(await ids('wiki', f, { keyword: '星' })).toEqual([
      albumId('xinghe-manyou'),
      albumId('inori-starlight-serenade'),
      movie,
      albumId('radio-moecat-houkago'),
    ]);
  });

  it.each(FORMATS)('finds songs and albums by their artist, folded like titles (%s)', async (f) => {
    // Hanamori Yui sings Sakura Letters; "hanamori" and its romanised key find the songs.
    const songs = await ids('sub', f, { keyword: 'hanamori yui' });
    expect(songs.length).toBeGreaterThanOrEqual(5);
    expect(await ids('wiki', f, { keyword: 'ＨＡＮＡＭＯＲＩ' })).toContain(albumId('sakura-letters'));
  });

  it.each(FORMATS)('orders equal titles newest id first (%s)', async (f) => {
    expect(await ids('wiki', f, { keyword: 'blue horizon' })).toEqual([albumId(BLUE_INDIE), albumId(BLUE_OST)]);
  });

  it.each(FORMATS)('filters by wiki_type, anime included (%s)', async (f) => {
    expect(await ids('wiki', f, { keyword: '東方', wiki_type: 'music' })).toEqual([albumId(GENYATAN)]);
    expect(await ids('wiki', f, { keyword: '東方', wiki_type: 'anime' })).not.toContain(albumId(GENYATAN));
    expect(await ids('wiki', f, { keyword: '東方', wiki_type: 'anime' })).toContain(TOUHOU_NIGHT);
  });

  it.each(FORMATS)('searches SQL, LIKE and FTS syntax as plain text (%s)', async (f) => {
    // Punctuation folds away, so these keywords are the words left over, or nothing at all.
    for (const keyword of ['"a" OR 1=1 --', '%', '_', '*', '"', '()', '-', 'touhou %']) {
      const res = await search('wiki', f, { keyword });
      expect(res.status, keyword).toBe(200);
      const words = { 'touhou %': 'touhou', '"a" OR 1=1 --': 'a or 11' }[keyword];
      const expected = words ? await ids('wiki', f, { keyword: words }) : [];
      expect(
        res.body.response.wikis.map((w: { wiki_id: number }) => w.wiki_id),
        keyword,
      ).toEqual(expected);
    }
    expect(await ids('wiki', f, { keyword: "' OR ''='" })).toEqual(await ids('wiki', f, { keyword: 'or' }));
    expect(await ids('wiki', f, { keyword: "' OR ''='" })).toContain(wikiIdOf(FIXTURE_ANIME.daily.title)); // Morning Daily
    expect(await ids('wiki', f, { keyword: "gen'yatan" })).toEqual([albumId(GENYATAN)]);
    expect(await ids('wiki', f, { keyword: '(吹替版)' })).toEqual([wikiIdOf(FIXTURE_ANIME.sharedBangumiId.title)]);
  });

  it.each(FORMATS)('answers 400 naming the parameter for a bad keyword or wiki_type (%s)', async (f) => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'keyword'],
      [{ keyword: ' \u3000 ' }, 'keyword'],
      [{ keyword: 'a'.repeat(101) }, 'keyword'],
      [{ keyword: 'a b c d e f g h i' }, 'keyword'],
      [{ keyword: 'touhou', wiki_type: 'cartoon' }, 'wiki_type'],
    ];
    for (const [query, name] of cases) {
      const res = await search('wiki', f, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.contentType).toContain(f);
      expect(res.body.response.information).toMatchObject({ has_error: true, error: 400 });
      expect(res.body.response.information.msg.join(' ')).toContain(`"${name}"`);
    }
    expect(await ids('wiki', f, { keyword: 'a'.repeat(100) })).toEqual([]);
    expect(await ids('wiki', f, { keyword: 'a b c d e f g h' })).toBeInstanceOf(Array);
  });

  it.each(FORMATS)('answers 401 without an api_key (%s)', async (f) => {
    const res = await call(ctx.app, '/search/wiki', f, { keyword: 'touhou' });
    expect(res.status).toBe(401);
    expect(res.body.response.information).toMatchObject({ has_error: true, error: 401 });
  });
});

describe('GET /search/sub', () => {
  it.each(FORMATS)("matches sub-entries by their entry's title and embeds the entry (%s)", async (f) => {
    const res = await search('sub', f, { keyword: '幻夜譚' });
    expect(res.status).toBe(200);
    const subs = res.body.response.subs as { sub_id: number; wiki: { wiki_id: number; wiki_title: string; wiki_aliases: string[] } }[];
    expect(subs.map((s) => s.sub_id)).toEqual([...tracksOf(GENYATAN)]); // in the album's order
    for (const s of subs) {
      expect(s.wiki.wiki_id).toBe(albumId(GENYATAN));
      expect(s.wiki.wiki_title).toBe(demo(GENYATAN).title);
      expect(s.wiki.wiki_aliases).toContain(demo(GENYATAN).aliases[0].title);
    }
  });

  it.each(FORMATS)('ranks a title match above newer matches through the entry, and filters by sub_type (%s)', async (f) => {
    // "radio": the song "Seaside Radio" by its title, the radio's episodes by the entry's alias.
    const episodes = [...tracksOf(RADIO)]; // in the radio's order
    expect(await ids('sub', f, { keyword: 'radio' })).toEqual([trackId(BLUE_INDIE, 1), ...episodes]);
    expect(await ids('sub', f, { keyword: 'radio', sub_type: 'ep' })).toEqual(episodes);
    expect(await ids('sub', f, { keyword: 'radio', sub_type: 'song' })).toEqual([trackId(BLUE_INDIE, 1)]);
    expect(await ids('sub', f, { keyword: 'radio', sub_type: 'song,ep' })).toHaveLength(episodes.length + 1);
  });

  it.each(FORMATS)("ranks an exact sub title first, then its entry-only matches in the album's order (%s)", async (f) => {
    // 蓝色地平线 is track 4's title and the album's alias.
    const [t1, t2, t3, t4, t5] = tracksOf(BLUE_INDIE);
    expect(await ids('sub', f, { keyword: '蓝色地平线' })).toEqual([t4, t1, t2, t3, t5]);
  });

  it.each(FORMATS)("keeps an album's songs in order across pages, whatever the page size (%s)", async (f) => {
    const whole = await ids('sub', f, { keyword: 'horizon', perpage: '50' });
    expect(whole.length).toBeGreaterThan(5);
    for (const perpage of [1, 2, 3, 4]) {
      const paged: number[] = [];
      for (let page = 1; paged.length < whole.length; page += 1) {
        const got = await ids('sub', f, { keyword: 'horizon', perpage: String(perpage), page: String(page) });
        expect(got.length).toBeGreaterThan(0);
        paged.push(...got);
      }
      expect(paged, `perpage ${perpage}`).toEqual(whole);
    }
    // Within each album the songs are in track order.
    const indie = whole.filter((id) => tracksOf(BLUE_INDIE).includes(id));
    expect(indie).toEqual([...indie].sort((a, b) => a - b));
  });

  it.each(FORMATS)('gives songs their uploads and episodes no sub_upload (%s)', async (f) => {
    const res = await search('sub', f, { keyword: 'radio' });
    const [song, ...episodes] = res.body.response.subs;
    expect(song.sub_type).toBe('song');
    expect(song.sub_upload).toHaveLength(1);
    expect(song.sub_upload[0].up_url).toMatch(/^http:\/\/127\.0\.0\.1:7777\/files\/demo\/blue-horizon-indie\/01\.mp3$/);
    expect(song.sub_upload[0].up_data).toMatchObject({ bitrate: expect.any(Number), length: expect.any(Number), filesize: expect.any(Number) });
    expect(song.sub_upload[0].up_data.time).toMatch(/^\d{2}:\d{2}$/);
    for (const ep of episodes) {
      expect(ep.sub_type).toBe('ep');
      expect(ep).not.toHaveProperty('sub_upload');
    }
    // A song of the album without audio carries an empty list.
    const silent = await search('sub', f, { keyword: 'neon rain' });
    expect(silent.body.response.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual([trackId(NO_AUDIO, 4)]);
    expect(silent.body.response.subs[0].sub_upload).toEqual([]);
  });

  it.each(FORMATS)('pages with the true count, past the end and with perpage clamped to 50 (%s)', async (f) => {
    const all = await ids('sub', f, { keyword: 'radio' });
    const page2 = await search('sub', f, { keyword: 'radio', page: '2', perpage: '2' });
    expect(page2.body.response.information).toMatchObject({ page: 2, perpage: 2, count: all.length });
    expect(page2.body.response.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual(all.slice(2, 4));
    const past = await search('sub', f, { keyword: 'radio', page: '9', perpage: '2' });
    expect(past.status).toBe(200);
    expect(past.body.response.information).toMatchObject({ has_error: false, page: 9, count: all.length });
    expect(past.body.response.subs).toEqual([]);
    // The fixture holds fewer than 50 sub-entries, so the clamp shows in information.perpage.
    const big = await search('sub', f, { keyword: 'e', perpage: '500' });
    expect(big.body.response.information.perpage).toBe(50);
    expect(big.body.response.subs).toHaveLength(big.body.response.information.count);
  });

  it.each(FORMATS)('answers 400 for an unknown sub_type or a missing keyword, 401 without api_key (%s)', async (f) => {
    for (const [query, name] of [
      [{ keyword: 'radio', sub_type: 'song,video' }, 'sub_type'],
      [{ sub_type: 'song' }, 'keyword'],
    ] as const) {
      const res = await search('sub', f, query);
      expect(res.status).toBe(400);
      expect(res.body.response.information.msg.join(' ')).toContain(`"${name}"`);
    }
    const res = await call(ctx.app, '/search/sub', f, { keyword: 'radio' });
    expect(res.status).toBe(401);
  });
});
