import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp, fixtureCatalogueDir } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';
import { tempDir } from '../fixtures/temp-dir';

const A = FIXTURE_ANIME;
const SITE = 'http://127.0.0.1:7777';
const tokyoMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000 - 9 * 3600;

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

/** The fixture catalogue served with the clock at another moment (fixtureApp fixes FIXTURE_NOW). */
async function appAt(iso: string) {
  const dir = fixtureCatalogueDir();
  const catalogue = openCatalogue(join(dir, CATALOGUE_FILE));
  const userDb = openUserDb(join(tempDir('moecat-on-air-'), 'user.db'));
  const app = await buildApp({ catalogue, userDb, audioDir: join(dir, AUDIO_DIR), now: () => Date.parse(iso) });
  const close = async () => {
    await app.close();
    catalogue.close();
    userDb.close();
  };
  return { app, key: userDb.defaultKey().key, close };
}

const onAir = (format: Format | 'none', query: Record<string, string> = {}) => call(ctx.app, '/on-air', format, { api_key: key, ...query });
const titles = (list: any[]) => list.map((e) => e.obj.wiki_title);
const dayKeys = (response: any) => Object.keys(response).filter((k) => k.startsWith('onair_'));

describe('GET /on-air: oa_may_have_ended', () => {
  it.each(FORMATS)('marks a show with no end whose first cour ended after the anime data was taken (%s)', async (f) => {
    // The fixture data's newest start is 1 April 2024; Monday's late show began on 8 January.
    const later = await appAt('2024-06-10T03:00:00.000Z');
    try {
      const res = await call(later.app, '/on-air', f, { api_key: later.key, week: '1' });
      const monday = res.body.response.onair_1 as { obj: { wiki_title: string }; oa_may_have_ended: unknown }[];
      const show = monday.find((e) => e.obj.wiki_title === A.mondayLateNight.title)!;
      expect(show.oa_may_have_ended).toBe(true);
    } finally {
      await later.close();
    }
    // While its first cour runs, nothing is in doubt.
    const now = (await onAir(f, { week: '1' })).body.response.onair_1 as { oa_may_have_ended: unknown }[];
    expect(now.length).toBeGreaterThan(0);
    expect(now.every((e) => e.oa_may_have_ended === false)).toBe(true);
  });
});

describe('GET /on-air', () => {
  it.each(FORMATS)('lists all seven days with their counts by default (%s)', async (format) => {
    const { status, body } = await onAir(format);
    expect(status).toBe(200);
    const r = body.response;
    expect(dayKeys(r)).toEqual(['onair_1', 'onair_2', 'onair_3', 'onair_4', 'onair_5', 'onair_6', 'onair_7']);
    // Monday: daily, mondayEvening, mondayLateNight; Saturday: daily, saturday; every other day: daily.
    const expected = [3, 1, 1, 1, 1, 2, 1];
    expected.forEach((n, i) => {
      expect(r[`onair_${i + 1}`]).toHaveLength(n);
      expect(r.information[`onair_${i + 1}_count`]).toBe(n);
    });
    expect(r.information.count).toBe(10);
    expect(r.information.has_error).toBe(false);
    expect(r.information.error).toBe(0);
  });

  it.each(FORMATS)('orders a day by time of day, a 25:30 show after 19:00 (%s)', async (format) => {
    const r = (await onAir(format, { week: '1' })).body.response;
    expect(dayKeys(r)).toEqual(['onair_1']);
    expect(titles(r.onair_1)).toEqual([A.daily.title, A.mondayEvening.title, A.mondayLateNight.title]);
    expect(r.onair_1.map((e: { oa_time: string }) => e.oa_time)).toEqual(['07:00', '19:00', '25:30']);
    expect(r.onair_1.every((e: { oa_week: number }) => e.oa_week === 1)).toBe(true);
    expect(r.information.onair_1_count).toBe(3);
    expect(r.information.count).toBe(3);
    expect(r.information.onair_2_count).toBeUndefined();
  });

  it.each(FORMATS)('gives each schedule entry its slot and its entry in obj (%s)', async (format) => {
    const r = (await onAir(format, { week: '1' })).body.response;
    const late = r.onair_1.find((e: { obj: { wiki_title: string } }) => e.obj.wiki_title === A.mondayLateNight.title);
    const id = late.obj.wiki_id;
    expect(late).toMatchObject({
      oa_id: id * 10 + 1,
      oa_obj_id: id,
      oa_obj_type: 'tv',
      oa_week: 1,
      oa_date_begin: tokyoMidnight(2024, 1, 8),
      oa_date_end: 0,
      oa_active: 1,
      oa_time: '25:30',
    });
    expect(late.obj).toMatchObject({ wiki_type: 'tv', wiki_bgm_id: 1001, wiki_url: `${SITE}/anime/${id}` });
    expect(late.obj.wiki_aliases).toEqual(expect.arrayContaining(['Touhou Night']));
  });

  it('carries the same entries in JSON and XML', async () => {
    const [json, xml] = await Promise.all(FORMATS.map((f) => onAir(f, { week: '6' })));
    expect(xml.body.response.onair_6).toEqual(json.body.response.onair_6);
  });

  it.each(FORMATS)('lists a daily show on every day and never ended, upcoming or single-showing entries (%s)', async (format) => {
    const r = (await onAir(format)).body.response;
    for (let d = 1; d <= 7; d++) expect(titles(r[`onair_${d}`])).toContain(A.daily.title);
    const all = dayKeys(r).flatMap((k) => titles(r[k]));
    for (const absent of [A.ended, A.upcoming, A.movie, A.noBangumiId]) expect(all).not.toContain(absent.title);
    expect(titles(r.onair_6)).toEqual([A.daily.title, A.saturday.title]);
  });

  it.each(FORMATS)('treats week=0 as all seven days (%s)', async (format) => {
    for (const week of ['0', '0,3', '']) {
      const r = (await onAir(format, { week })).body.response;
      expect(dayKeys(r)).toHaveLength(7);
      expect(r.information.count).toBe(10);
    }
  });

  it.each(FORMATS)('collapses duplicate days and answers them in ascending order (%s)', async (format) => {
    const r = (await onAir(format, { week: '3,1,1' })).body.response;
    expect(dayKeys(r)).toEqual(['onair_1', 'onair_3']);
    expect(r.onair_1).toHaveLength(3);
    expect(r.information.onair_1_count).toBe(3);
    expect(r.information.onair_3_count).toBe(1);
    expect(r.information.count).toBe(4);
  });

  it.each(FORMATS)('answers 400 naming week for %s', async (format) => {
    for (const week of ['8', 'x', '1,,2', '-1', '1.5', '12']) {
      const { status, contentType, body } = await onAir(format, { week });
      expect(status, week).toBe(400);
      expect(contentType).toContain(format);
      expect(body.response.information.has_error).toBe(true);
      expect(body.response.information.error).toBe(400);
      expect(body.response.information.msg.join(' ')).toContain('"week"');
    }
  });

  it.each(FORMATS)('answers 401 in %s without a valid api_key', async (format) => {
    for (const query of [{}, { api_key: 'f'.repeat(41) }] as Record<string, string>[]) {
      const { status, contentType, body } = await call(ctx.app, '/on-air', format, { week: '1', ...query });
      expect(status).toBe(401);
      expect(contentType).toContain(format);
      expect(body.response.information.error).toBe(401);
      expect(body.response.onair_1).toBeUndefined();
    }
  });

  it('answers JSON on the path without suffix', async () => {
    const { status, contentType, body } = await onAir('none', { week: '1' });
    expect(status).toBe(200);
    expect(contentType).toContain('application/json');
    expect(titles(body.response.onair_1)).toEqual([A.daily.title, A.mondayEvening.title, A.mondayLateNight.title]);
  });
});

describe('GET /on-air at other moments', () => {
  // Monday 2023-12-18 21:00 Tokyo: only `ended` airs (its last broadcast is that evening).
  let past: Awaited<ReturnType<typeof appAt>>;
  beforeAll(async () => {
    past = await appAt('2023-12-18T12:00:00.000Z');
  });
  afterAll(() => past.close());

  it.each(FORMATS)('gives an empty day [] and count 0 (%s)', async (format) => {
    const r = (await call(past.app, '/on-air', format, { api_key: past.key, week: '1,3' })).body.response;
    expect(titles(r.onair_1)).toEqual([A.ended.title]);
    expect(r.onair_3).toEqual([]);
    expect(r.information.onair_3_count).toBe(0);
    expect(r.information.count).toBe(1);
  });

  // A show airs until its last broadcast day ends (05:00 the next morning), and from the midnight its first day begins.
  it.each([
    ['2023-12-18T19:59:59.000Z', 'ended', true],
    ['2023-12-18T20:00:00.000Z', 'ended', false],
    ['2024-03-31T14:59:59.000Z', 'upcoming', false],
    ['2024-03-31T15:00:00.000Z', 'upcoming', true],
  ] as const)('at %s lists %s: %s', async (iso, name, airing) => {
    const show = A[name];
    const at = await appAt(iso);
    try {
      const r = (await call(at.app, '/on-air', 'json', { api_key: at.key, week: '1' })).body.response;
      expect(titles(r.onair_1).includes(show.title)).toBe(airing);
    } finally {
      await at.close();
    }
  });
});
