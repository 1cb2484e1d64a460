// /season over the fixture catalogue (bangumi-fixture.ts: "now" is 2024-02-01 in Tokyo, in Winter
// 2024), every assertion in JSON and XML: the season's shows in start-date order with their slots,
// the type filter, the season's edges, bad parameters and the key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { CONTRACT_SCHEMAS } from '../../src-main/contract/schemas';
import Ajv from 'ajv';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const season = (format: Format | 'none', query: Record<string, string>, withKey = true) =>
  call(ctx.app, '/season', format, withKey ? { api_key: key, ...query } : query);
const idOf = (show: keyof typeof FIXTURE_ANIME) => Number(FIXTURE_ANIME[show].sites[0]?.id);
const ids = (body: { response: { wikis: { wiki_id: number }[] } }) => body.response.wikis.map((w) => w.wiki_id);
/** The dub shares mondayLateNight's Bangumi id, so its id is hashed: found by its title. */
const sharedId = () => sqlOf(ctx.catalogue).prepare('SELECT wiki_id FROM wiki WHERE wiki_title = ?').pluck().get(FIXTURE_ANIME.sharedBangumiId.title) as number;
const webId = () => sqlOf(ctx.catalogue).prepare('SELECT wiki_id FROM wiki WHERE wiki_title = ?').pluck().get(FIXTURE_ANIME.noBangumiId.title) as number;
/** XML repeats a list's element (one item decodes to an object); the shared decoder knows only the query lists. */
const asList = <T>(value: T | T[] | null | undefined): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
const tokyoMidnight = (day: string) => Date.parse(`${day}T00:00:00+09:00`) / 1000;

describe.each(FORMATS)('GET /season.%s', (format) => {
  it('lists the shows that begin in the season, in start-date order, with the envelope', async () => {
    const { status, contentType, body } = await season(format, { year: '2024', season: 'winter' });
    expect(status).toBe(200);
    expect(contentType).toContain(`application/${format}`);
    // Started 2 Jan (daily), 6 Jan (Saturday), 8 Jan (Monday 19:00), 9 Jan (Monday 25:30 is Tuesday 01:30), 20 Jan (the dub).
    expect(ids(body)).toEqual([idOf('daily'), idOf('saturday'), idOf('mondayEvening'), idOf('mondayLateNight'), sharedId()]);
    expect(body.response.wikis.map((w: { wiki_date: number }) => w.wiki_date)).toEqual(
      ['2024-01-02', '2024-01-06', '2024-01-08', '2024-01-09', '2024-01-20'].map(tokyoMidnight),
    );
    expect(body.response.information).toMatchObject({ has_error: false, error: 0, msg: [], count: 5 });
    expect(body.response.information.parameters).toEqual({ year: '2024', season: 'winter' });
    expect(body.response.information.request).toBe(`/season.${format}?year=2024&season=winter`);
  });

  it('gives each show its broadcast slot as /anime/detail does, null for one without', async () => {
    const { body } = await season(format, { year: '2024', season: 'winter' });
    const byId = new Map(body.response.wikis.map((w: { wiki_id: number }) => [w.wiki_id, w]));
    const late = byId.get(idOf('mondayLateNight')) as Record<string, any>;
    expect(late).toMatchObject({
      wiki_title: FIXTURE_ANIME.mondayLateNight.title,
      wiki_type: 'tv',
      wiki_url: `http://127.0.0.1:7777/anime/${idOf('mondayLateNight')}`,
    });
    expect({ ...late.wiki_broadcast, weekdays: asList(late.wiki_broadcast.weekdays) }).toEqual({
      weekdays: [1],
      time: '25:30',
      period_days: 7,
      date_begin: tokyoMidnight('2024-01-08'),
      date_end: 0,
      time_zone: 'Asia/Tokyo',
    });
    const daily = byId.get(idOf('daily')) as Record<string, any>;
    expect(asList(daily.wiki_broadcast.weekdays)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(daily.wiki_broadcast).toMatchObject({ time: '07:00', period_days: 1 });
    expect((byId.get(sharedId()) as Record<string, unknown>).wiki_broadcast).toBeNull();
    const detail = await call(ctx.app, '/anime/detail', format, { api_key: key, wiki_id: String(idOf('mondayLateNight')) });
    expect(late.wiki_broadcast).toEqual(detail.body.response.wiki.wiki_broadcast);
  });

  it('takes every kind of show, and the season by the first day in Tokyo', async () => {
    // A film that opened at midnight on 15 July 2023 in Tokyo (14 July in UTC) is a summer show.
    expect(ids((await season(format, { year: '2023', season: 'summer' })).body)).toEqual([idOf('movie')]);
    expect(ids((await season(format, { year: '2023', season: 'spring' })).body)).toEqual([webId()]);
    expect(ids((await season(format, { year: '2023', season: 'fall' })).body)).toEqual([idOf('ended')]);
    // A show that begins on 1 April is spring's, not winter's.
    expect(ids((await season(format, { year: '2024', season: 'spring' })).body)).toEqual([idOf('upcoming')]);
  });

  it('answers an empty season with an empty list, not an error', async () => {
    const { status, body } = await season(format, { year: '2022', season: 'fall' });
    expect(status).toBe(200);
    expect(ids(body)).toEqual([]);
    expect(body.response.information).toMatchObject({ has_error: false, error: 0, count: 0 });
  });

  it('filters by type, `anime` as the interface has it', async () => {
    expect(ids((await season(format, { year: '2023', season: 'spring', wiki_type: 'web' })).body)).toEqual([webId()]);
    expect(ids((await season(format, { year: '2023', season: 'spring', wiki_type: 'tv,movie' })).body)).toEqual([]);
    expect(ids((await season(format, { year: '2023', season: 'summer', wiki_type: 'anime' })).body)).toEqual([idOf('movie')]);
    expect(ids((await season(format, { year: '2023', season: 'summer', wiki_type: 'tv' })).body)).toEqual([]);
    const { body } = await season(format, { year: '2024', season: 'WINTER', wiki_type: 'TV' });
    expect(body.response.information.count).toBe(5);
  });

  it.each([
    [{ season: 'winter' }, /year/],
    [{ year: '2024' }, /season/],
    [{ year: '24', season: 'winter' }, /year.*1900 to 2999/],
    [{ year: '1899', season: 'winter' }, /year.*1900 to 2999/],
    [{ year: '2024.5', season: 'winter' }, /year/],
    [{ year: 'next', season: 'winter' }, /year/],
    [{ year: '2024', season: 'autumn' }, /season.*winter, spring, summer or fall/],
    [{ year: '2024', season: 'winter', wiki_type: 'music' }, /wiki_type.*"music".*not an anime type/],
    [{ year: '2024', season: 'winter', wiki_type: 'cartoon' }, /wiki_type.*unknown type "cartoon"/],
  ])('refuses %o with a 400 in the format asked', async (query, msg) => {
    const { status, contentType, body } = await season(format, query);
    expect(status).toBe(400);
    expect(contentType).toContain(`application/${format}`);
    expect(body.response.information).toMatchObject({ has_error: true, error: 400 });
    expect(asList(body.response.information.msg).join(' ')).toMatch(msg);
  });

  it('needs an API key', async () => {
    const { status, contentType, body } = await season(format, { year: '2024', season: 'winter' }, false);
    expect(status).toBe(401);
    expect(contentType).toContain(`application/${format}`);
    expect(body.response.information).toMatchObject({ has_error: true, error: 401 });
    expect(body.response).not.toHaveProperty('wikis');
  });
});

describe('GET /season', () => {
  it('answers JSON without a suffix', async () => {
    const { status, contentType, body } = await season('none', { year: '2024', season: 'winter' });
    expect(status).toBe(200);
    expect(contentType).toContain('application/json');
    expect(body.response.wikis).toHaveLength(5);
  });

  it('answers entries its schema describes', async () => {
    const { body } = await season('json', { year: '2024', season: 'winter' });
    const validate = new Ajv({ strict: true }).compile(CONTRACT_SCHEMAS.SeasonWikiDto);
    for (const wiki of body.response.wikis) expect(validate(wiki), new Ajv().errorsText(validate.errors)).toBe(true);
  });
});
