import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const wikis = (format: Format, query: Record<string, string>) => call(ctx.app, '/wikis', format, { api_key: key, ...query });
const ids = (body: { response: { wikis: { wiki_id: number }[] } }) => body.response.wikis.map((w) => w.wiki_id);
const SHARED = expect.any(Number); // sharedBangumiId: a hashed id

// Demo albums by wiki_date, newest first: Blue Horizon (indie) 2024-08-31, Sakura Letters 2023-04-05,
// 東方幻夜譚 2022-08-13, 夢見る機械 2022-01-19, 祈り 2021-03-24, 星河漫游 2020-11-06, Blue Horizon (OST) 2019-07-17.
const MUSIC_NEWEST_FIRST = [51000006, 51000004, 51000002, 51000007, 51000001, 51000003, 51000005];

describe.each(FORMATS)('GET /wikis.%s', (format) => {
  it('lists the entries of a type newest first, with the envelope', async () => {
    const { status, body } = await wikis(format, { wiki_type: 'music' });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(MUSIC_NEWEST_FIRST);
    expect(body.response.information).toMatchObject({ has_error: false, error: 0, msg: [], page: 1, perpage: 20, count: 7 });
    expect(body.response.information.parameters).toEqual({ wiki_type: 'music' });
    expect(body.response.information.request).toBe(`/wikis.${format}?wiki_type=music`);
  });

  it('carries every field of a wiki', async () => {
    const { body } = await wikis(format, { wiki_type: 'music', wiki_id: '51000001' });
    const [w] = body.response.wikis;
    expect(w).toEqual({
      wiki_id: 51000001,
      wiki_title: '祈り～Starlight Serenade',
      wiki_title_encode: 'qiristarlightserenade',
      wiki_name: '51000001',
      wiki_type: 'music',
      wiki_parent: 0,
      wiki_date: Date.UTC(2021, 2, 24) / 1000 - 9 * 3600,
      wiki_modified: expect.any(Number),
      wiki_modified_user: 0,
      wiki_meta: expect.arrayContaining([{ meta_key: 'artist', meta_value: '星野あおい' }]),
      wiki_fm_url: 'http://127.0.0.1:7777/music/51000001',
      wiki_url: 'http://127.0.0.1:7777/music/51000001',
      wiki_cover: {
        small: 'http://127.0.0.1:7777/covers/51000001/small',
        medium: 'http://127.0.0.1:7777/covers/51000001/medium',
        square: 'http://127.0.0.1:7777/covers/51000001/square',
        large: 'http://127.0.0.1:7777/covers/51000001/large',
      },
      wiki_user_fav: null,
      wiki_about: expect.any(String),
      wiki_aliases: ['Prayer ~ Starlight Serenade', '祈祷～星光小夜曲'],
      wiki_tags: ['Vocal', 'Piano', 'Single'],
      wiki_bgm_id: 116412,
      wiki_source: { source_id: 2, kind: 'bundled', name: 'demo' },
    });
  });

  it('expands the anime alias to tv, ova, oad and movie (not web)', async () => {
    const { body } = await wikis(format, { wiki_type: 'anime' });
    const types = new Set(body.response.wikis.map((w: { wiki_type: string }) => w.wiki_type));
    expect(types).toEqual(new Set(['tv', 'movie']));
    expect(body.response.information.count).toBe(9); // 8 tv (incl. the dub and 86) + 1 movie
  });

  it('takes a comma list of types', async () => {
    const { body } = await wikis(format, { wiki_type: 'radio,web' });
    expect(body.response.wikis.map((w: { wiki_type: string }) => w.wiki_type).sort()).toEqual(['radio', 'web']);
  });

  it.each([
    ['b', [51000006, 51000005]],
    ['q', [51000001]],
    ['x', [51000003]],
  ])('filters music by initial %s', async (initial, expected) => {
    expect(ids((await wikis(format, { wiki_type: 'music', initial })).body)).toEqual(expected);
  });

  it('files titles starting with a digit under initial 0', async () => {
    const { body } = await wikis(format, { wiki_type: 'anime', initial: '0' });
    expect(body.response.wikis.map((w: { wiki_title: string }) => w.wiki_title)).toEqual(['86 -エイティシックス-']);
  });

  it('requires every listed tag', async () => {
    expect(ids((await wikis(format, { wiki_type: 'music', tag: 'Vocal,Piano' })).body)).toEqual([51000004, 51000001]);
    expect(ids((await wikis(format, { wiki_type: 'music', tag: 'OST,Instrumental' })).body)).toEqual([51000003, 51000005]);
  });

  it('selects a list of ids, in the usual order', async () => {
    expect(ids((await wikis(format, { wiki_type: 'music,tv', wiki_id: '1001,51000005,51000004' })).body)).toEqual([1001, 51000004, 51000005]);
  });

  it.each([
    ['a day in Tokyo time', '2024-01-09', [1001]],
    ['a day that is a different day in UTC', '2023-07-14', []],
    ['a month', '2024-01', [SHARED, 1001, 1002, 1003, 1004]],
    ['a compact month', '202401', [SHARED, 1001, 1002, 1003, 1004]],
    ['a year', '2023', [1005, 1007]],
    ['a start,end pair with the whole end month', '2023-10,2024-01', [SHARED, 1001, 1002, 1003, 1004, 1005]],
    ['a start,end pair of days, both included', '2024-01-08,2024-01-09', [1001, 1002]],
    ['the last day of a month', '2024-01-31', []],
    ['29 February of a leap year', '2024-02-29', []],
    ['a pair of years', '2021,2023', [1005, 1007, 1008]],
  ])('filters anime by date: %s', async (_what, date, expected) => {
    const { status, body } = await wikis(format, { wiki_type: 'anime', date });
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected);
  });

  it('says has_error when nothing matches, but still answers 200 with error 0 and an empty list', async () => {
    const { status, body } = await wikis(format, { wiki_type: 'anime', date: '1999' });
    expect(status).toBe(200);
    expect(body.response.wikis).toEqual([]);
    expect(body.response.information).toMatchObject({ has_error: true, error: 0, count: 0 });
    expect(body.response.information.msg).toHaveLength(1);
  });

  it('pages, and answers a page past the end with an empty list and the true count', async () => {
    const p1 = await wikis(format, { wiki_type: 'music', perpage: '3' });
    const p3 = await wikis(format, { wiki_type: 'music', perpage: '3', page: '3' });
    const p9 = await wikis(format, { wiki_type: 'music', perpage: '3', page: '9' });
    expect(ids(p1.body)).toEqual(MUSIC_NEWEST_FIRST.slice(0, 3));
    expect(ids(p3.body)).toEqual(MUSIC_NEWEST_FIRST.slice(6));
    expect(p9.body.response.wikis).toEqual([]);
    expect(p9.body.response.information).toMatchObject({ page: 9, perpage: 3, count: 7, has_error: false });
  });

  it('clamps perpage above 50 to 50 and reports it', async () => {
    const { status, body } = await wikis(format, { wiki_type: 'anime', perpage: '500' });
    expect(status).toBe(200);
    expect(body.response.information.perpage).toBe(50);
  });

  it.each([
    ['missing wiki_type', {}, 'wiki_type'],
    ['unknown type', { wiki_type: 'music,novel' }, 'wiki_type'],
    ['empty list item', { wiki_type: 'music,' }, 'wiki_type'],
    ['two-letter initial', { wiki_type: 'music', initial: 'ab' }, 'initial'],
    ['symbol initial', { wiki_type: 'music', initial: '#' }, 'initial'],
    ['non-numeric id', { wiki_type: 'music', wiki_id: '1,abc' }, 'wiki_id'],
    ['zero page', { wiki_type: 'music', page: '0' }, 'page'],
    ['negative page', { wiki_type: 'music', page: '-1' }, 'page'],
    ['non-numeric perpage', { wiki_type: 'music', perpage: 'ten' }, 'perpage'],
    ['zero perpage', { wiki_type: 'music', perpage: '0' }, 'perpage'],
    ['month 13', { wiki_type: 'music', date: '2023-13' }, 'date'],
    ['30 February', { wiki_type: 'music', date: '2024-02-30' }, 'date'],
    ['29 February of a common year', { wiki_type: 'music', date: '2023-02-29' }, 'date'],
    ['a range ending before it starts', { wiki_type: 'music', date: '2024,2023' }, 'date'],
    ['three dates', { wiki_type: 'music', date: '2020,2021,2022' }, 'date'],
    ['words for a date', { wiki_type: 'music', date: 'last week' }, 'date'],
  ])('answers 400 naming the parameter for %s', async (_what, query, name) => {
    const { status, contentType, body } = await wikis(format, query as Record<string, string>);
    expect(status).toBe(400);
    expect(contentType).toContain(format);
    expect(body.response.information).toMatchObject({ has_error: true, error: 400 });
    expect(body.response.information.msg.join(' ')).toContain(`"${name}"`);
    expect(body.response.wikis).toBeUndefined();
  });
});

describe('GET /wikis', () => {
  it('answers JSON without a suffix', async () => {
    const { status, contentType, body } = await call(ctx.app, '/wikis', 'none', { api_key: key, wiki_type: 'radio' });
    expect(status).toBe(200);
    expect(contentType).toBe('application/json; charset=utf-8');
    expect(ids(body)).toEqual([51000008]);
  });

  it('gives JSON and XML the same fields and values', async () => {
    const query = { wiki_type: 'music,tv', perpage: '50' };
    const [json, xml] = await Promise.all([wikis('json', query), wikis('xml', query)]);
    expect(xml.body.response.information.request).toBe(json.body.response.information.request.replace('.json', '.xml'));
    xml.body.response.information.request = json.body.response.information.request;
    expect(json.body.response.wikis.length).toBeGreaterThan(10);
    expect(xml.body.response).toEqual(json.body.response);
  });
});
