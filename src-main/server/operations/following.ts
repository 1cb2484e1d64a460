// Following shows, their reminders and their calendars:
//   GET  /app/following.json          the followed shows with their slots (the UI's reminders in a browser)
//   GET  /app/reminders.json          { reminders: { enabled, minutes } }
//   POST /app/reminders.json          enabled, minutes (0–1440) → the same
//   GET  /app/calendar.json           { calendar: { feed_url } }: the feed's address with its token
//   POST /app/calendar/renew.json     a new feed token; the old address stops working
//   GET  /calendar/following.ics      token → the followed shows as iCalendar (no other credential)
//   GET  /calendar/anime.ics          wiki_id → one show as iCalendar ("Add to calendar")
// The /app ones are the UI's alone. The feed's token is its own secret (user-settings.ts): calendar
// apps cannot send headers, so it travels in the address; it opens that feed and nothing else.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_REMINDER_MINUTES } from '../../catalogue/user/user-settings';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { animeEntry, followedShows } from '../followed-shows';
import { sameSecret } from '../oauth/signature';
import type { CalendarView } from '../../contract/app';
import { AnimeWikiDtoSchema } from '../../contract/schemas';
import type { ReminderSettings } from '../../catalogue/user/user-settings';
import { defineOperation, many, one, shaped } from './define';
import { flag, requiredId, spec } from './params';

/** The iCalendar writer and its time-zone data, loaded on the first calendar asked for, not at start-up (docs/search-and-performance.md, "Start-up"). */
const calendarWriter = () => import('../ical');

const CALENDAR = { suffix: '.ics', type: 'text/calendar' } as const;
const TOKEN_SHAPE = /^[0-9a-f]{32}$/;

const feedUrl = (app: FastifyInstance, site: string) => `${site}/calendar/following.ics?token=${app.deps.userDb.settings.calendarToken()}`;

const minutes = spec(
  { description: `Minutes before the broadcast, 0–${MAX_REMINDER_MINUTES}`, example: '10', type: 'integer', required: true },
  (raw, name) => {
    if (raw === undefined || raw === '') throw missingParameter(name);
    const n = typeof raw === 'number' ? raw : /^\d{1,4}$/.test(String(raw)) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > MAX_REMINDER_MINUTES) throw badParameter(name, `must be a whole number from 0 to ${MAX_REMINDER_MINUTES}`);
    return n;
  },
);

const feedToken = spec({ description: 'The feed token Settings shows (32 hexadecimal characters)', required: true }, (raw, name) => {
  if (raw === undefined || raw === '') throw missingParameter(name);
  if (typeof raw !== 'string' || !TOKEN_SHAPE.test(raw)) throw new ApiError('UNAUTHORIZED', `"${name}" is not this calendar's token.`);
  return raw;
});

function sendCalendar(reply: FastifyReply, body: string, filename: string) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export const following = defineOperation({
  method: 'GET',
  path: '/app/following',
  spellings: 'json',
  auth: 'first-party',
  summary: 'The followed shows (favourite anime with a weekly or daily slot), with their slots, sites and Bangumi details',
  responds: { shows: many(AnimeWikiDtoSchema) },
  params: {},
  handle: ({ app, site }) => ({ payload: { shows: followedShows(app.deps.catalogue, app.deps.userDb, site) } }),
});

export const getReminders = defineOperation({
  method: 'GET',
  path: '/app/reminders',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Whether followed shows are announced before their broadcasts, and how many minutes before',
  responds: { reminders: one(shaped<ReminderSettings>()) },
  params: {},
  handle: ({ app }) => ({ payload: { reminders: app.deps.userDb.settings.reminders() } }),
});

export const setReminders = defineOperation({
  method: 'POST',
  path: '/app/reminders',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Turns the reminders on or off and sets how many minutes before a broadcast they come',
  responds: { reminders: one(shaped<ReminderSettings>()) },
  params: { enabled: flag({ description: 'true to be reminded (a JSON body)' }), minutes },
  handle: ({ p, app }) => ({ payload: { reminders: app.deps.userDb.settings.setReminders({ enabled: p.enabled, minutes: p.minutes }) } }),
});

export const calendarInfo = defineOperation({
  method: 'GET',
  path: '/app/calendar',
  spellings: 'json',
  auth: 'first-party',
  summary: "The followed shows' calendar feed address, with its token",
  responds: { calendar: one(shaped<CalendarView>()) },
  params: {},
  handle: ({ app, site }) => ({ payload: { calendar: { feed_url: feedUrl(app, site) } } }),
});

export const renewCalendar = defineOperation({
  method: 'POST',
  path: '/app/calendar/renew',
  spellings: 'json',
  auth: 'first-party',
  summary: 'Replaces the calendar feed token: the old feed address stops working',
  responds: { calendar: one(shaped<CalendarView>()) },
  params: {},
  handle({ app, site }) {
    app.deps.userDb.settings.renewCalendarToken();
    return { payload: { calendar: { feed_url: feedUrl(app, site) } } };
  },
});

export const followingCalendar = defineOperation({
  method: 'GET',
  path: '/calendar/following',
  spellings: 'json',
  file: CALENDAR,
  auth: 'none',
  summary: 'The followed shows as an iCalendar feed (RFC 5545) for calendar apps',
  notes:
    'Opened by its own token (Settings → Calendar), not an API key: calendar apps cannot send headers. Each show is a weekly or daily event in its own time zone (TZID with its VTIMEZONE), ending at its last broadcast when known; UIDs are stable. With Bangumi details, a broadcast whose episode is known is written as that occurrence (RECURRENCE-ID) titled "Title — Ep 8".',
  responds: {},
  params: { token: feedToken },
  async handle({ p, app, site, reply }) {
    if (!sameSecret(p.token, app.deps.userDb.settings.calendarToken())) throw new ApiError('UNAUTHORIZED', '"token" is not this calendar\'s token.');
    const { showsCalendar } = await calendarWriter();
    const ics = showsCalendar(followedShows(app.deps.catalogue, app.deps.userDb, site), { name: 'Moecat: following', now: app.deps.now() });
    return sendCalendar(reply, ics, 'moecat-following.ics');
  },
});

export const animeCalendar = defineOperation({
  method: 'GET',
  path: '/calendar/anime',
  spellings: 'json',
  file: CALENDAR,
  auth: 'api-key',
  summary: "One show's broadcasts as an iCalendar file (Add to calendar)",
  errors: { 404: 'No anime has this id, or it has no weekly or daily slot' },
  responds: {},
  params: { wiki_id: requiredId({ description: 'The id of an anime entry', example: '1001' }) },
  async handle({ p, app, site, reply }) {
    const show = animeEntry(app.deps.catalogue, app.deps.userDb, p.wiki_id, site);
    if (!show) throw new ApiError('NOT_FOUND', `No anime entry has wiki_id ${p.wiki_id}.`);
    if (!show.wiki_broadcast) throw new ApiError('NOT_FOUND', `Anime ${p.wiki_id} has no weekly or daily broadcast to put in a calendar.`);
    const { showsCalendar } = await calendarWriter();
    return sendCalendar(reply, showsCalendar([show], { name: show.wiki_title, now: app.deps.now() }), `moecat-anime-${show.wiki_id}.ics`);
  },
});

export const FOLLOWING_OPERATIONS = [following, getReminders, setReminders, calendarInfo, renewCalendar, followingCalendar, animeCalendar];
