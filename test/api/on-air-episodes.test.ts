// /on-air's next broadcast of each entry (oa_next_at) and the episodes it is (oa_next_episodes), from
// Bangumi details kept in the user database as a posters run keeps them (recorded here directly; the
// run itself is tested against the fake Bangumi in bangumi-details.test.ts). The fixture clock is
// Thursday 1 February 2024, 12:00 in Tokyo.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb } from '../../src-main/catalogue/user/user-db';
import type { ShowEpisode } from '../../src-main/catalogue/user/user-show-details';
import { localMidnight } from '../../src-main/contract/time';
import { buildApp } from '../../src-main/server/app';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp, fixtureCatalogueDir } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';
import { tempDir } from '../fixtures/temp-dir';

const A = FIXTURE_ANIME;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** Bangumi's episodes as it dates them: `count` of them, the first on `first` ("YYYY-MM-DD"), `every` days apart. */
const dated = (count: number, first: string, every: number): ShowEpisode[] =>
  Array.from({ length: count }, (_, i) => ({
    sort: i + 1,
    ep: i + 1,
    airdate: isoDay(Date.parse(first) + i * every * DAY_MS),
    name: `第${i + 1}話`,
    nameCn: `第${i + 1}话`,
  }));

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

type Entry = { obj: { wiki_title: string }; oa_next_at: number; oa_next_episodes: { sort: number; airdate: string; date: number; name: string }[] };
const week = async (format: Format, app = ctx.app, apiKey = key) =>
  (await call(app, '/on-air', format, { api_key: apiKey })).body.response as Record<string, Entry[]>;
const entryOf = (day: Entry[], title: string) => day.find((e) => e.obj.wiki_title === title)!;

describe.each(FORMATS)('GET /on-air: the next broadcast and its episodes (%s)', (format) => {
  it('gives each entry its slot’s next broadcast on its own weekday, and no episodes without Bangumi details', async () => {
    const r = await week(format);
    // Monday 25:30 is Tuesday 01:30 in Tokyo: after Thursday, the coming Monday's broadcast day.
    expect(entryOf(r.onair_1, A.mondayLateNight.title).oa_next_at).toBe(seconds('2024-02-05T16:30:00Z'));
    expect(entryOf(r.onair_1, A.mondayEvening.title).oa_next_at).toBe(seconds('2024-02-05T10:00:00Z'));
    // The daily 07:00 show: today's (Thursday) broadcast is over, so a week on; Friday's is tomorrow.
    expect(entryOf(r.onair_4, A.daily.title).oa_next_at).toBe(seconds('2024-02-07T22:00:00Z'));
    expect(entryOf(r.onair_5, A.daily.title).oa_next_at).toBe(seconds('2024-02-01T22:00:00Z'));
    for (let d = 1; d <= 7; d++) for (const e of r[`onair_${d}`]) expect(e.oa_next_episodes).toEqual([]);
  });
});

describe.each(FORMATS)('GET /on-air with Bangumi details (%s)', (format) => {
  beforeAll(() => {
    const bgm = (item: { sites: { site: string; id?: string }[] }) => Number(item.sites.find((s) => s.site === 'bangumi')!.id);
    const record = (item: { sites: { site: string; id?: string }[] }, episodes: ShowEpisode[]) =>
      ctx.userDb.showDetails.record(bgm(item), { summary: '', episodeCount: episodes.length, episodes });
    // Dated by the calendar day they air, as Bangumi often writes a late-night show: Tuesdays from 9 January.
    record(A.mondayLateNight, dated(12, '2024-01-09', 7));
    // A double episode on the coming Monday.
    record(A.mondayEvening, [
      ...dated(3, '2024-01-15', 7),
      { ...dated(1, '2024-02-05', 0)[0], sort: 4, ep: 4 },
      { ...dated(1, '2024-02-05', 0)[0], sort: 5, ep: 5 },
    ]);
    // Every day from 2 January.
    record(A.daily, dated(130, '2024-01-02', 1));
    // Episodes that end before the next broadcast: nothing is named.
    record(A.saturday, dated(3, '2024-01-06', 7));
    // As a posters run does when it ends (the answer cache holds answers until then).
    ctx.app.answerCache.clear();
  });

  it('names the episodes Bangumi dates on the next broadcast’s day', async () => {
    const r = await week(format);
    const late = entryOf(r.onair_1, A.mondayLateNight.title);
    // Tuesday 6 February is the fifth Tuesday from 9 January.
    expect(late.oa_next_episodes).toEqual([{ sort: 5, ep: 5, airdate: '2024-02-06', date: localMidnight(2024, 2, 6), name: '第5話', name_cn: '第5话' }]);
    expect(entryOf(r.onair_1, A.mondayEvening.title).oa_next_episodes.map((e) => e.sort)).toEqual([4, 5]);
  });

  it('names a daily show’s episode of each day it is listed on', async () => {
    const r = await week(format);
    // Thursday's next is 8 February (37 days after 2 January), Friday's 2 February.
    expect(entryOf(r.onair_4, A.daily.title).oa_next_episodes.map((e) => e.airdate)).toEqual(['2024-02-08']);
    expect(entryOf(r.onair_4, A.daily.title).oa_next_episodes[0].sort).toBe(38);
    expect(entryOf(r.onair_5, A.daily.title).oa_next_episodes[0].sort).toBe(32);
  });

  it('names nothing when Bangumi dates no episode that day', async () => {
    const r = await week(format);
    expect(entryOf(r.onair_6, A.saturday.title).oa_next_episodes).toEqual([]);
  });
});

describe('GET /on-air after a show’s last broadcast', () => {
  it.each(FORMATS)('gives 0 and no episodes while its last broadcast day is still listed (%s)', async (format) => {
    // Monday 18 December 2023, 21:00 in Tokyo: `ended` aired its last at 19:00 and stays listed until 05:00.
    const dir = fixtureCatalogueDir();
    const catalogue = openCatalogue(join(dir, CATALOGUE_FILE));
    const userDb = openUserDb(join(tempDir('moecat-on-air-'), 'user.db'));
    userDb.showDetails.record(1005, { summary: '', episodeCount: 12, episodes: dated(12, '2023-10-02', 7) });
    const app = await buildApp({ catalogue, userDb, audioDir: join(dir, AUDIO_DIR), now: () => Date.parse('2023-12-18T12:00:00.000Z') });
    try {
      const r = await week(format, app, userDb.defaultKey().key);
      expect(entryOf(r.onair_1, A.ended.title)).toMatchObject({ oa_next_at: 0, oa_next_episodes: [] });
    } finally {
      await app.close();
      catalogue.close();
      userDb.close();
    }
  });
});
