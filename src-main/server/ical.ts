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
// - the event links the show's page on this server and names where to watch it.
import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import { firstBroadcast, lastBroadcast } from '../contract/broadcast-schedule';
import type { AnimeWikiDto } from '../contract/objects';

const SLOT_MINUTES = 30;
const WEEKDAY_NAMES = ['', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

export const eventUid = (wikiId: number) => `anime-${wikiId}@moecat`;

function describe(show: AnimeWikiDto): string {
  const b = show.wiki_broadcast!;
  const when = b.period_days === 1 ? `Daily at ${b.time}` : `${b.weekdays.map((d) => WEEKDAY_NAMES[d]).join(', ')} at ${b.time}`;
  const watch = show.wiki_sites.filter((s) => s.kind === 'onair');
  return [`${when} (${b.time_zone}; a broadcast day runs 05:00–29:00).`, watch.length > 0 ? `Where to watch: ${watch.map((s) => `${s.name} ${s.url}`).join(' · ')}` : '', show.wiki_url]
    .filter(Boolean)
    .join('\n');
}

/** The calendar of `shows` (those without a slot are left out); `now` (Unix ms) stamps the events. */
export function showsCalendar(shows: readonly AnimeWikiDto[], opts: { name: string; now: number }): string {
  const calendar = ical({ name: opts.name, prodId: { company: 'Moecat', product: 'Moecat', language: 'EN' } });
  // No calendar-wide zone: each event carries its own TZID, and the generator writes its VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  for (const show of shows) {
    const b = show.wiki_broadcast;
    const first = b && firstBroadcast(b);
    if (!b || first === null) continue;
    const last = lastBroadcast(b);
    calendar.createEvent({
      id: eventUid(show.wiki_id),
      stamp: new Date(opts.now),
      start: new TZDate(first, b.time_zone),
      end: new TZDate(first + SLOT_MINUTES * 60_000, b.time_zone),
      timezone: b.time_zone,
      summary: show.wiki_title,
      description: describe(show),
      url: show.wiki_url,
      repeating: {
        freq: b.period_days === 1 ? ICalEventRepeatingFreq.DAILY : ICalEventRepeatingFreq.WEEKLY,
        ...(last === null ? {} : { until: new Date(last) }),
      },
    });
  }
  return calendar.toString();
}
