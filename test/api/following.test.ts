// Following shows (favourite anime with a slot), their reminder settings and their calendars: the feed a
// calendar app subscribes to with its own token, and one show's "Add to calendar" file, both read back
// with a real iCalendar parser (ical.js).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAsUser } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

const UI_TOKEN = 'f0'.repeat(16);
const idOf = (item: { sites: { id?: string }[] }) => Number(item.sites[0].id);
const LATE = idOf(FIXTURE_ANIME.mondayLateNight); // Monday 25:30, open-ended
const ENDED = idOf(FIXTURE_ANIME.ended); // Monday 19:00, ended 18 December 2023
const MOVIE = idOf(FIXTURE_ANIME.movie); // no slot

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
  for (const id of [MOVIE, ENDED, LATE]) {
    const added = await callAsUser(ctx.app, '/fav/add', 'json', UI_TOKEN, { method: 'POST', json: { fav_obj_type: 'wiki', fav_obj_id: id } });
    expect(added.status).toBe(200);
  }
});
afterAll(() => ctx.close());

const asUser = (path: string, sent: Parameters<typeof callAsUser>[4] = {}) => callAsUser(ctx.app, path, 'json', UI_TOKEN, sent);
const get = (url: string) => ctx.app.inject({ url, headers: { host: '127.0.0.1:7777' } });

/** The events, with the calendar's own VTIMEZONEs registered so times resolve by them (as calendar apps do). */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('/app/following', () => {
  it('lists the followed anime that have a slot, newest followed first, with their slots', async () => {
    const res = await asUser('/app/following');
    expect(res.status).toBe(200);
    expect(res.response.shows.map((s: { wiki_id: number }) => s.wiki_id)).toEqual([LATE, ENDED]);
    expect(res.response.shows[0].wiki_broadcast).toMatchObject({ weekdays: [1], time: '25:30' });
  });

  it('is the UI’s alone', async () => {
    expect((await callAsUser(ctx.app, '/app/following', 'json', UI_TOKEN, { token: null })).status).toBe(401);
  });
});

describe('/app/reminders', () => {
  it('is off, 10 minutes before, until set; keeps what is set', async () => {
    expect((await asUser('/app/reminders')).response.reminders).toEqual({ enabled: false, minutes: 10 });
    const set = await asUser('/app/reminders', { method: 'POST', json: { enabled: true, minutes: 25 } });
    expect(set.response.reminders).toEqual({ enabled: true, minutes: 25 });
    expect((await asUser('/app/reminders')).response.reminders).toEqual({ enabled: true, minutes: 25 });
  });

  it.each([{ enabled: true }, { enabled: true, minutes: 1441 }, { enabled: true, minutes: 'soon' }, { enabled: 'yes', minutes: 5 }])(
    'refuses %j and changes nothing',
    async (json) => {
      const before = ctx.userDb.settings.reminders();
      const res = await asUser('/app/reminders', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(res.response.information.msg.join(' ')).toMatch(/"(minutes|enabled)"/);
      expect(ctx.userDb.settings.reminders()).toEqual(before);
    },
  );
});

describe('bodies naming __proto__, constructor or prototype', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses a form or JSON field named %s, changing nothing', async (name) => {
    const before = ctx.userDb.settings.reminders();
    const form = await asUser('/app/reminders', { method: 'POST', form: { minutes: '30', [name]: 'x' } });
    expect(form.status).toBe(400);
    const json = await asUser('/app/reminders', { method: 'POST', json: JSON.parse(`{"minutes": 30, "enabled": true, "${name}": {"polluted": 1}}`) });
    expect(json.status).toBe(400);
    expect(ctx.userDb.settings.reminders()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('/calendar/following.ics', () => {
  it('needs the feed token, and the token opens nothing else', async () => {
    const { feed_url: feed } = (await asUser('/app/calendar')).response.calendar;
    const token = new URL(feed).searchParams.get('token')!;
    expect(feed).toBe(`http://127.0.0.1:7777/calendar/following.ics?token=${token}`);
    expect((await get('/calendar/following.ics')).statusCode).toBe(400);
    const wrong = await get(`/calendar/following.ics?token=${'0'.repeat(32)}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain(token);
    expect((await get(`/app/following.json?token=${token}`)).statusCode).toBe(401);
    expect((await get(`/calendar/anime.ics?wiki_id=${LATE}&api_key=${token}`)).statusCode).toBe(401);
  });

  it('puts a Monday 25:30 show on Tuesday 01:30 Tokyo time, weekly with no end, and an ended show until its last broadcast', async () => {
    const { feed_url: feed } = (await asUser('/app/calendar')).response.calendar;
    const res = await get(new URL(feed).pathname + new URL(feed).search);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const events = eventsOf(res.body);
    expect(events.map((e) => e.summary)).toEqual([FIXTURE_ANIME.mondayLateNight.title, FIXTURE_ANIME.ended.title]);
    const [late, ended] = events;
    expect(late.uid).toBe(`anime-${LATE}@moecat`);
    expect(late.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Asia/Tokyo');
    expect(late.startDate.zone.tzid).toBe('Asia/Tokyo');
    expect(late.startDate.toString()).toBe('2024-01-09T01:30:00');
    expect(late.startDate.toJSDate().toISOString()).toBe('2024-01-08T16:30:00.000Z');
    const lateRule = late.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(lateRule.freq).toBe('WEEKLY');
    expect(lateRule.until).toBeNull();
    expect(late.component.getFirstPropertyValue('url')).toBe(`http://127.0.0.1:7777/anime/${LATE}`);
    // The calendar's own expansion: the next broadcasts are the Tuesdays 01:30 that follow.
    const it = late.iterator();
    it.next();
    expect(it.next()!.toJSDate().toISOString()).toBe('2024-01-15T16:30:00.000Z');
    const endedRule = ended.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(endedRule.until!.toJSDate().toISOString()).toBe('2023-12-18T10:00:00.000Z');
    const all: string[] = [];
    const walk = ended.iterator();
    for (let next = walk.next(); next; next = walk.next()) all.push(next.toJSDate().toISOString());
    expect(all).toHaveLength(12);
    expect(all.at(-1)).toBe('2023-12-18T10:00:00.000Z');
    // The VTIMEZONE a calendar app needs for TZID=Asia/Tokyo.
    expect(res.body).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Asia\/Tokyo/);
  });

  it('stops answering to an old token once renewed', async () => {
    const before = new URL((await asUser('/app/calendar')).response.calendar.feed_url);
    const renewed = new URL((await asUser('/app/calendar/renew', { method: 'POST', json: {} })).response.calendar.feed_url);
    expect(renewed.searchParams.get('token')).not.toBe(before.searchParams.get('token'));
    expect((await get(before.pathname + before.search)).statusCode).toBe(401);
    expect((await get(renewed.pathname + renewed.search)).statusCode).toBe(200);
  });
});

describe('/calendar/anime.ics', () => {
  it("gives one show's calendar with an API key or to the UI", async () => {
    const key = ctx.userDb.defaultKey().key;
    const res = await get(`/calendar/anime.ics?wiki_id=${LATE}&api_key=${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="moecat-anime-${LATE}.ics"`);
    expect(eventsOf(res.body).map((e) => e.uid)).toEqual([`anime-${LATE}@moecat`]);
    expect((await get(`/calendar/anime.ics?wiki_id=${LATE}`)).statusCode).toBe(401);
  });

  it('answers 404 for a film without a slot and for an id that is not an anime', async () => {
    const key = ctx.userDb.defaultKey().key;
    const film = await get(`/calendar/anime.ics?wiki_id=${MOVIE}&api_key=${key}`);
    expect(film.statusCode).toBe(404);
    expect(film.json().response.information.msg.join(' ')).toMatch(/no weekly or daily broadcast/);
    expect((await get(`/calendar/anime.ics?wiki_id=999999999&api_key=${key}`)).statusCode).toBe(404);
  });
});
