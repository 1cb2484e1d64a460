// What a Seasons card says of a show's time, in the clock the viewer chose (settings.clock), as pure
// functions of an instant (tested without a browser):
// - Japan time: the slot as the catalogue gives it — broadcast-day weekdays and a 25:30-style time — and
//   the show's first day (wiki_date) as a day in Tokyo;
// - the viewer's time: the slot moved into the viewer's zone by a real broadcast — the same one the
//   show page reads it from (the next, else the first or the last), so both agree across daylight
//   saving — every weekday moving with it; the first day is the first broadcast's day there.
import { firstBroadcast } from '../../../src-main/contract/broadcast-schedule';
import type { BroadcastDto } from '../../../src-main/contract/objects';
import { broadcastDay, CATALOGUE_TIME_ZONE } from '../../../src-main/contract/time';
import type { Clock } from './broadcast-clock';
import { referenceBroadcast, slotInZone } from './show-schedule';

export interface CardSlot {
  /** Every day (a daily show): `weekdays` says nothing then. */
  daily: boolean;
  /** 1 Monday … 7 Sunday, in order. */
  weekdays: number[];
  /** "25:30" in Japan time, "18:30" in the viewer's. */
  time: string;
}

/** The slot in a clock, or null when the show has none (a film, a one-off). */
export function cardSlot(b: BroadcastDto | null, clock: Clock, nowMs: number, viewerZone: string): CardSlot | null {
  if (!b || b.weekdays.length === 0) return null;
  const daily = b.period_days === 1;
  if (clock === 'catalogue') return { daily, weekdays: [...b.weekdays], time: b.time };
  const at = referenceBroadcast(b, nowMs);
  if (at === null) return { daily, weekdays: [...b.weekdays], time: b.time };
  const here = slotInZone(at, viewerZone);
  const shift = here.weekday - broadcastDay(at, b.time_zone).weekday;
  const weekdays = b.weekdays.map((w) => ((w - 1 + shift + 14) % 7) + 1).sort((x, y) => x - y);
  return { daily, weekdays, time: here.time };
}

/** The show's first day: the instant to show and the zone whose calendar names its day. */
export function firstDay(wikiDate: number, b: BroadcastDto | null, clock: Clock, viewerZone: string): { at: number; timeZone: string } {
  const first = clock === 'local' && b ? firstBroadcast(b) : null;
  return first === null ? { at: wikiDate * 1000, timeZone: CATALOGUE_TIME_ZONE } : { at: first, timeZone: viewerZone };
}

// One formatter per language and zone: making one costs about as much as drawing a card.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return made;
}

/** The first day's calendar day as "2026-04-01", in the zone that names it: its `datetime`, and its order. */
export const dayOf = (first: { at: number; timeZone: string }): string => formatterOf('sv-SE', first.timeZone).format(first.at);

/** The first day as the viewer's language writes a date ("Apr 1, 2026"). */
export const formatFirstDay = (first: { at: number; timeZone: string }, locale: string): string =>
  formatterOf(locale, first.timeZone, { dateStyle: 'medium' }).format(first.at);
