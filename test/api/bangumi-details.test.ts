// Bangumi details from a fake Bangumi on loopback (a real HTTP server), fetched by the posters run: each
// show's summary, episode count and episodes kept in the user database (one subject request serving the
// poster and the details, episodes a page at a time, the newest of a very long show); a 404, episodes
// that are not JSON, too large or redirected elsewhere, and a 429 never break anything, and a later run
// asks only what was never answered (and shows on air again after a week). Then what the details give:
// /anime/detail's wiki_bangumi in JSON and XML, and calendars whose broadcasts carry episode numbers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPosters, type PosterRun } from '../../src-main/catalogue/sync/posters';
import { MAX_EPISODES, subjectDetails, episodesPage } from '../../src-main/catalogue/sync/show-details';
import { localMidnight } from '../../src-main/contract/time';
import { call, callAsUser, FORMATS } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME, FIXTURE_NOW } from '../fixtures/bangumi-fixture';
import { endless } from '../fixtures/endless-answers';

const UI_TOKEN = 'c4'.repeat(16);
const bgm = (item: { sites: { site: string; id?: string }[] }) => Number(item.sites.find((s) => s.site === 'bangumi')!.id);
const DETAILED = bgm(FIXTURE_ANIME.mondayLateNight); // 1001: a poster, a summary, 12 episodes (and a dub sharing the id)
const NOT_FOUND = bgm(FIXTURE_ANIME.mondayEvening); // 1002: no such subject
const EPISODES_NOT_JSON = bgm(FIXTURE_ANIME.saturday); // 1003
const TWO_PAGES = bgm(FIXTURE_ANIME.daily); // 1004: 130 episodes
const EPISODES_TOO_LARGE = bgm(FIXTURE_ANIME.ended); // 1005: episodes that never end
const EPISODES_ELSEWHERE = bgm(FIXTURE_ANIME.upcoming); // 1006: episodes redirected to another origin
const NO_EPISODES = bgm(FIXTURE_ANIME.movie); // 1007: episodes 404
const VERY_LONG = bgm(FIXTURE_ANIME.digitTitle); // 1008: 1500 episodes

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The late-night show's episodes as Bangumi dates them: the calendar day they air (Tuesdays from 9 January 2024). */
const detailedEpisodes = Array.from({ length: 12 }, (_, i) => ({
  id: 9000 + i,
  type: 0,
  ep: i + 1,
  sort: i + 1,
  airdate: isoDay(Date.UTC(2024, 0, 9) + i * 7 * DAY_MS),
  name: `第${i + 1}話 夜`,
  name_cn: `第${i + 1}话 夜`,
  duration: '00:24:00',
}));
const numbered = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ ep: from + i, sort: from + i, airdate: '', name: '', name_cn: '' }));

let fake: Server;
let base: string;
let poster: Buffer;
let tooMany = false;
/** Every request, as path and query. */
const asked: string[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, base);
  asked.push(url.pathname + url.search);
  const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const subject = /^\/v0\/subjects\/(\d+)$/.exec(url.pathname);
  if (subject) {
    const id = Number(subject[1]);
    if (id === NOT_FOUND) return res.writeHead(404).end();
    if (id === DETAILED) {
      return json({
        id,
        summary: ' A night in Gensokyo.\r\nThe shrine maiden wakes. ',
        eps: 12,
        total_episodes: 13,
        images: { large: `${base}/pic/${id}.jpg` },
      });
    }
    return json({ id, summary: `Subject ${id}.`, eps: 0, total_episodes: id === VERY_LONG ? 1500 : 0, images: {} });
  }
  if (url.pathname === `/pic/${DETAILED}.jpg`) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(poster);
  if (url.pathname === '/v0/episodes') {
    if (tooMany) return res.writeHead(429).end();
    const id = Number(url.searchParams.get('subject_id'));
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    if (url.searchParams.get('type') !== '0') return res.writeHead(400).end();
    const page = (all: { total: number; at: (i: number) => unknown }) =>
      json({ data: Array.from({ length: Math.max(0, Math.min(limit, all.total - offset)) }, (_, i) => all.at(offset + i)), total: all.total, limit, offset });
    if (id === DETAILED) {
      // One item Bangumi would never send: left out, the rest kept.
      return json({ data: [...detailedEpisodes, { ep: 'thirteen', sort: null }], total: 13, limit, offset });
    }
    if (id === TWO_PAGES)
      return page({ total: 130, at: (i) => ({ ep: i + 1, sort: i + 1, airdate: isoDay(Date.UTC(2024, 0, 2) + i * DAY_MS), name: `Day ${i + 1}` }) });
    if (id === VERY_LONG) return page({ total: 1500, at: (i) => numbered(1, i + 1)[0] });
    if (id === EPISODES_NOT_JSON) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (id === EPISODES_TOO_LARGE) return endless(res, { 'content-type': 'application/json' }, () => {});
    if (id === EPISODES_ELSEWHERE) return res.writeHead(302, { location: 'http://127.0.0.2:9/v0/episodes' }).end();
    return res.writeHead(404).end();
  }
  res.writeHead(404).end();
}

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  poster = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#2b8a3e' } })
    .jpeg()
    .toBuffer();
  fake = createServer(answer);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
  ctx = await fixtureApp({ uiToken: UI_TOKEN, withDataDir: true });
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
  await ctx.close();
});

const run = (problems: string[] = [], now = FIXTURE_NOW) =>
  fetchPosters({
    catalogue: ctx.catalogue,
    posters: ctx.userDb.posters,
    details: ctx.userDb.showDetails,
    dataDir: ctx.dataDir,
    apiBase: base,
    signal: new AbortController().signal,
    progress: () => {},
    problem: (m) => problems.push(m),
    intervalMs: 0,
    timeoutMs: 2_000,
    now: () => now,
  } satisfies PosterRun);
/** The Bangumi ids a run asked about (subjects and episodes), each once. */
const idsAsked = () =>
  [
    ...new Set(asked.map((a) => Number(/^\/v0\/subjects\/(\d+)/.exec(a)?.[1] ?? /subject_id=(\d+)/.exec(a)?.[1] ?? NaN)).filter((n) => !Number.isNaN(n))),
  ].sort();
/** The details kept for a Bangumi id. */
const keptOf = (id: number) => ctx.userDb.showDetails.of(id);

describe('the posters run with Bangumi details', () => {
  it('keeps each show’s summary, episode count and episodes, and reports what it could not fetch without breaking', async () => {
    const problems: string[] = [];
    const result = await run(problems);
    expect(result.details).toEqual({ kept: 4, none: 1, failed: 3 });
    expect(result).toMatchObject({ saved: 1, stopped: false });
    // One subject request served the poster and the details.
    expect(asked.filter((a) => a === `/v0/subjects/${DETAILED}`)).toHaveLength(1);
    expect(asked).toContain(`/v0/episodes?subject_id=${DETAILED}&type=0&limit=100&offset=0`);

    const kept = keptOf(DETAILED)!;
    expect(kept.summary).toBe('A night in Gensokyo.\nThe shrine maiden wakes.');
    expect(kept.episode_count).toBe(12);
    expect(kept.episodes).toHaveLength(12);
    expect(kept.episodes[0]).toEqual({ sort: 1, ep: 1, airdate: '2024-01-09', date: localMidnight(2024, 1, 9), name: '第1話 夜', name_cn: '第1话 夜' });
    expect(kept.episodes.at(-1)).toMatchObject({ sort: 12, airdate: '2024-03-26' });
    expect(kept.fetched_at).toBe(FIXTURE_NOW / 1000);

    const twoPages = keptOf(TWO_PAGES)!;
    expect(twoPages.episodes.map((e) => e.sort)).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    expect(twoPages.episode_count).toBe(0); // Bangumi gives no count: none is made up
    // A very long show keeps its newest episodes, read from that many before the end.
    const long = keptOf(VERY_LONG)!;
    expect(long.episodes).toHaveLength(MAX_EPISODES);
    expect([long.episodes[0].sort, long.episodes.at(-1)!.sort]).toEqual([501, 1500]);
    expect(long.episode_count).toBe(1500);
    expect(asked.filter((a) => a.includes(`subject_id=${VERY_LONG}&`))).toHaveLength(11);
    // No episodes listed: the summary is kept all the same.
    expect(keptOf(NO_EPISODES)).toMatchObject({ summary: `Subject ${NO_EPISODES}.`, episodes: [] });
    // No such subject: recorded as none, so not asked again.
    expect(keptOf(NOT_FOUND)).toBeNull();

    for (const id of [EPISODES_NOT_JSON, EPISODES_TOO_LARGE, EPISODES_ELSEWHERE]) expect(keptOf(id)).toBeNull();
    const said = (id: number) => problems.find((p) => p.includes(`(Bangumi ${id})`)) ?? '';
    expect(said(EPISODES_NOT_JSON)).toMatch(/episodes and summary .* not saved: Bangumi answered something that is not JSON/);
    expect(said(EPISODES_TOO_LARGE)).toMatch(/Bangumi's episodes is larger than 2 MiB/);
    expect(said(EPISODES_ELSEWHERE)).toMatch(/redirected to http:\/\/127\.0\.0\.2:9/);
    expect(asked.some((a) => a.includes('127.0.0.2'))).toBe(false);
    // The posters were recorded though the episodes failed.
    expect(ctx.userDb.posters.coverOf(EPISODES_NOT_JSON)).toBeNull();
  });

  it('asks again only what was never answered, and stops when Bangumi asks to slow down', async () => {
    asked.length = 0;
    tooMany = true;
    const problems: string[] = [];
    const stopped = await run(problems);
    tooMany = false;
    expect(stopped.stopped).toBe(true);
    expect(problems.join(' ')).toMatch(/429; run it again later/);
    expect(idsAsked()).toEqual([EPISODES_NOT_JSON]); // the first on air of those left, then the run stopped

    asked.length = 0;
    await run();
    expect(idsAsked()).toEqual([EPISODES_NOT_JSON, EPISODES_TOO_LARGE, EPISODES_ELSEWHERE].sort());
    // Only details were left: no poster was asked for again.
    expect(asked.some((a) => a.startsWith('/pic/'))).toBe(false);
  });

  it('asks again for the details of shows on air once they are a week old', async () => {
    asked.length = 0;
    await run([], FIXTURE_NOW + 6 * DAY_MS);
    expect(idsAsked()).toEqual([EPISODES_NOT_JSON, EPISODES_TOO_LARGE, EPISODES_ELSEWHERE].sort());
    asked.length = 0;
    await run([], FIXTURE_NOW + 8 * DAY_MS);
    // On air and kept: the late-night show and the daily one; the film and the show without a slot are not on air.
    expect(idsAsked()).toEqual([DETAILED, EPISODES_NOT_JSON, TWO_PAGES, EPISODES_TOO_LARGE, EPISODES_ELSEWHERE].sort());
    expect(keptOf(DETAILED)!.fetched_at).toBe((FIXTURE_NOW + 8 * DAY_MS) / 1000);
  });

  it('keeps only what is Bangumi’s shape', () => {
    expect(() => subjectDetails(['not', 'a', 'subject'])).toThrow(/not a subject/);
    expect(subjectDetails({ summary: 42, eps: -1, total_episodes: 2.5 })).toEqual({ summary: '', episodeCount: null });
    expect(() => episodesPage({ data: 'none' })).toThrow(/not a list of episodes/);
    const page = episodesPage({
      data: [{ sort: 3, ep: 3, airdate: '2024-13-40', name: 'x'.repeat(2000) }, { sort: Infinity }, null, { ep: 4, airdate: '2024-02-01', name_cn: 7 }],
      total: 'many',
    });
    expect(page.total).toBe(4);
    expect(page.episodes).toEqual([
      { sort: 3, ep: 3, airdate: '', name: 'x'.repeat(500), nameCn: '' },
      { sort: 4, ep: 4, airdate: '2024-02-01', name: '', nameCn: '' },
    ]);
  });
});

describe.each(FORMATS)('/anime/detail with Bangumi details (%s)', (format) => {
  const asList = <T>(value: T | T[] | null | undefined): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
  const detail = (id: number) => call(ctx.app, '/anime/detail', format, { wiki_id: String(id), api_key: ctx.userDb.defaultKey().key });

  it('answers the show’s summary, episode count and episodes with their dates', async () => {
    const res = await detail(DETAILED);
    expect(res.status).toBe(200);
    const { wiki_bangumi: bangumi } = res.body.response.wiki;
    expect(bangumi).toMatchObject({ summary: 'A night in Gensokyo.\nThe shrine maiden wakes.', episode_count: 12 });
    const episodes = asList(bangumi.episodes);
    expect(episodes).toHaveLength(12);
    expect(episodes[7]).toEqual({ sort: 8, ep: 8, airdate: '2024-02-27', date: localMidnight(2024, 2, 27), name: '第8話 夜', name_cn: '第8话 夜' });
  });

  it('answers null without details, and [] for a show Bangumi lists no episodes of', async () => {
    expect((await detail(EPISODES_TOO_LARGE)).body.response.wiki.wiki_bangumi).toBeNull();
    expect((await detail(NOT_FOUND)).body.response.wiki.wiki_bangumi).toBeNull();
    expect(asList((await detail(NO_EPISODES)).body.response.wiki.wiki_bangumi.episodes)).toEqual([]);
  });
});

describe('calendars with Bangumi details', () => {
  /** The events of a calendar, with its VTIMEZONEs registered and each occurrence written apart related to its series (as calendar apps read them). */
  function seriesOf(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const series = events.filter((e) => !e.isRecurrenceException());
    for (const exception of events.filter((e) => e.isRecurrenceException())) series.find((s) => s.uid === exception.uid)!.relateException(exception);
    return { events, series };
  }
  /** The first `n` occurrences of a series: when, and under what title. */
  function occurrences(series: ICAL.Event, n: number) {
    const out: { at: string; summary: string }[] = [];
    const it = series.iterator();
    for (let next = it.next(); next && out.length < n; next = it.next()) {
      const details = series.getOccurrenceDetails(next);
      out.push({ at: details.startDate.toJSDate().toISOString(), summary: details.item.summary });
    }
    return out;
  }
  const get = (url: string) => ctx.app.inject({ url, headers: { host: '127.0.0.1:7777' } });
  const title = FIXTURE_ANIME.mondayLateNight.title;

  it('names the episode of each broadcast Bangumi dates, in one show’s file and in the feed', async () => {
    const key = ctx.userDb.defaultKey().key;
    const file = await get(`/calendar/anime.ics?wiki_id=${DETAILED}&api_key=${key}`);
    expect(file.statusCode).toBe(200);
    const { events, series } = seriesOf(file.body);
    expect(series).toHaveLength(1);
    expect(series[0].summary).toBe(title);
    // Each occurrence written apart keeps the series' UID and names its broadcast by RECURRENCE-ID.
    expect(events.filter((e) => e.isRecurrenceException())).toHaveLength(12);
    expect(events.every((e) => e.uid === `anime-${DETAILED}@moecat`)).toBe(true);
    expect(file.body).toMatch(/RECURRENCE-ID;TZID=Asia\/Tokyo:20240109T013000/);
    expect(occurrences(series[0], 14)).toEqual([
      ...detailedEpisodes.map((e, i) => ({
        at: new Date(Date.parse('2024-01-08T16:30:00Z') + i * 7 * DAY_MS).toISOString(),
        summary: `${title} — Ep ${e.sort}`,
      })),
      // Past the episodes Bangumi lists, the broadcasts carry no number.
      { at: '2024-04-01T16:30:00.000Z', summary: title },
      { at: '2024-04-08T16:30:00.000Z', summary: title },
    ]);
    const third = events.find((e) => e.isRecurrenceException() && e.summary.endsWith('Ep 3'))!;
    expect(third.description).toMatch(/^第3話 夜\n/);

    ctx.userDb.addFav('wiki', DETAILED, 1);
    ctx.userDb.addFav('wiki', EPISODES_TOO_LARGE, 1);
    const { feed_url: feed } = (await callAsUser(ctx.app, '/app/calendar', 'json', UI_TOKEN)).response.calendar;
    const url = new URL(feed);
    const { series: followed } = seriesOf((await get(url.pathname + url.search)).body);
    expect(followed.map((s) => s.summary)).toEqual([FIXTURE_ANIME.ended.title, title]);
    expect(occurrences(followed[1], 1)).toEqual([{ at: '2024-01-08T16:30:00.000Z', summary: `${title} — Ep 1` }]);
    // Without Bangumi's episodes, no number.
    expect(occurrences(followed[0], 12).every((o) => o.summary === FIXTURE_ANIME.ended.title)).toBe(true);
  });
});

describe('/app/posters with Bangumi details', () => {
  it('counts the shows whose details were answered and kept (failures are not counted: they are asked again)', async () => {
    const res = await callAsUser(ctx.app, '/app/posters', 'json', UI_TOKEN);
    expect(res.response.posters).toMatchObject({ details_asked: 5, details_kept: 4 });
  });
});
