// Anime broadcasts as an iCalendar (RFC 5545) file, written by ical-generator: one weekly (or daily)
// event per show, in the slot's own zone with its VTIMEZONE, so calendar apps place it at the right hour
// wherever the user is.
//
// Decisions:
// - DTSTART is the first broadcast as a real moment: a Monday 25:30 show starts on Tuesday at 01:30
//   (contract/broadcast-schedule.ts); DTEND half an hour later (bangumi-data has no durations; a TV
//   anime slot is 30 minutes);
// - RRULE FREQ=WEEKLY (or DAILY) with UNTIL at the last broadcast when its end is known, open-ended
//   otherwise; UNTIL and DTSTAMP in UTC as RFC 5545 asks when DTSTART has a TZID;
// - UID `anime-<wiki_id>@moecat`: stable, so a refreshed feed updates events instead of adding them;
// - the event links the show's page on this server and names where to watch it;
// - with Bangumi's episodes (wiki_bangumi), each broadcast from EPISODES_BACK_DAYS ago to
//   EPISODES_AHEAD_DAYS ahead whose episode is known (contract/episodes.ts) is written again as that
//   occurrence (same UID, RECURRENCE-ID), titled "Title — Ep 8" with the episode's name: calendar apps
//   show the number on that day and the series stays one event. Bounded, so a decades-long weekly does
//   not write thousands; a broadcast whose episode is not known stays the plain occurrence;
// - titles and site names may come from a synced remote, so every text is cleaned of what RFC 5545's
//   TEXT cannot hold before it is written (see `text`, `escapedText` and `uri` below).
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { broadcastsBetween, firstBroadcast, lastBroadcast } from '../contract/broadcast-schedule';
import { episodesAt, episodesLabel } from '../contract/episodes';
import type { AnimeWikiDto } from '../contract/objects';

const SLOT_MINUTES = 30;
const DAY_MS = 86_400_000;
export const EPISODES_BACK_DAYS = 90;
export const EPISODES_AHEAD_DAYS = 366;
const WEEKDAY_NAMES = ['', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

export const eventUid = (wikiId: number) => `anime-${wikiId}@moecat`;

// RFC 5545 §3.3.11: TEXT holds no control character but HTAB (line breaks are written escaped); C1
// controls go too, and lone surrogates, which no UTF-8 writer can encode, become U+FFFD.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A text value as ical-generator takes it for the properties it escapes itself (SUMMARY, DESCRIPTION,
 * LOCATION): line breaks of any kind as one LF, which it writes as `\n`; nothing else a line could be
 * split by or a reader stumble on.
 */
export function text(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd');
}

/**
 * A text value escaped by RFC 5545 §3.3.11, for the properties ical-generator writes as given (the
 * calendar's NAME and X-WR-CALNAME): unescaped, a CR or LF there starts a property or a component of the
 * sender's choosing.
 */
export function escapedText(value: string): string {
  return text(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/**
 * An http(s) address as a URI value, or undefined for anything else. The WHATWG serializer leaves no
 * control character or space; `,` `;` and `\` are percent-encoded too, because ical-generator escapes
 * them as if the URI were TEXT and readers do not unescape a URI.
 */
export function uri(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.href.replace(/[,;\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function describe(show: AnimeWikiDto): string {
  const b = show.wiki_broadcast!;
  const when = b.period_days === 1 ? `Daily at ${b.time}` : `${b.weekdays.map((d) => WEEKDAY_NAMES[d]).join(', ')} at ${b.time}`;
  const watch = show.wiki_sites.filter((s) => s.kind === 'onair');
  return [
    `${when} (${b.time_zone}; a broadcast day runs 05:00–29:00).`,
    watch.length > 0 ? `Where to watch: ${watch.map((s) => `${s.name} ${s.url}`).join(' · ')}` : '',
    show.wiki_url,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The calendar of `shows` (those without a slot are left out); `now` (Unix ms) stamps the events. */
export function showsCalendar(shows: readonly AnimeWikiDto[], opts: { name: string; now: number }): string {
  const calendar = ical({ name: escapedText(opts.name), prodId: { company: 'Moecat', product: 'Moecat', language: 'EN' } });
  // No calendar-wide zone: each event carries its own TZID, and the generator writes its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const show of shows) {
    const b = show.wiki_broadcast;
    const first = b && firstBroadcast(b);
    if (!b || first === null) continue;
    const last = lastBroadcast(b);
    const at = (ms: number) => ({
      id: eventUid(show.wiki_id),
      stamp: new Date(opts.now),
      start: new TZDate(ms, b.time_zone),
      end: new TZDate(ms + SLOT_MINUTES * 60_000, b.time_zone),
      timezone: b.time_zone,
      url: uri(show.wiki_url) ?? null,
    });
    calendar.createEvent({
      ...at(first),
      summary: text(show.wiki_title),
      description: text(describe(show)),
      repeating: {
        freq: b.period_days === 1 ? ICalEventRepeatingFreq.DAILY : ICalEventRepeatingFreq.WEEKLY,
        ...(last === null ? {} : { until: new Date(last) }),
      },
    });
    const episodes = show.wiki_bangumi?.episodes ?? [];
    if (episodes.length === 0) continue;
    for (const ms of broadcastsBetween(b, opts.now - EPISODES_BACK_DAYS * DAY_MS, opts.now + EPISODES_AHEAD_DAYS * DAY_MS)) {
      const these = episodesAt(episodes, ms, b.time_zone);
      if (these.length === 0) continue;
      const names = these.map((e) => e.name || e.name_cn).filter(Boolean);
      calendar.createEvent({
        ...at(ms),
        recurrenceId: new TZDate(ms, b.time_zone),
        summary: text(`${show.wiki_title} — Ep ${episodesLabel(these)}`),
        description: text([...names, describe(show)].join('\n')),
      });
    }
  }
  return calendar.toString();
}
