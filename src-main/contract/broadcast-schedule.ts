// The broadcasts of an anime's slot (/anime/detail's wiki_broadcast) as real instants: whether it is
// airing, its first, last and next broadcast, and every broadcast in a span of time. Shared by the show
// page, the reminders and the calendar feed; pure functions of an instant, so tests pass their own clock.
//
// Decisions:
// - a broadcast day is a calendar day of the slot's zone starting at 05:00 (contract/time.ts): the
//   slot's "25:30" on a Monday broadcast day is Tuesday 01:30;
// - the run's broadcasts are the broadcast days from date_begin to date_end (inclusive; open when 0)
//   whose weekday is one of the slot's weekdays;
// - not yet begun before the first broadcast; finished once the last broadcast day is over (the rule
//   the on-air list uses, isAiring); airing in between.
import type { BroadcastDto } from './objects';
import { BROADCAST_DAY_SECONDS, broadcastDay, wallTime, zonedInstant } from './time';

export type ShowStatus = 'upcoming' | 'airing' | 'finished';

const DAY_MS = 86_400_000;

/** "25:30" → 1530 minutes from the broadcast day's midnight. */
export function slotMinutes(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** The calendar day (in the slot's zone) `days` after the one starting at `midnight` (Unix seconds). */
function dayAfter(midnight: number, days: number, zone: string): { year: number; month: number; day: number } {
  const w = wallTime(midnight * 1000, zone);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Unix ms of the slot's time on the broadcast day `days` after date_begin's. */
function instantOn(b: BroadcastDto, days: number): { at: number; weekday: number } {
  const day = dayAfter(b.date_begin, days, b.time_zone);
  const weekday = ((new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7) + 1;
  return { at: zonedInstant(day.year, day.month, day.day, slotMinutes(b.time), b.time_zone), weekday };
}

/** Whole broadcast days from date_begin's to the broadcast day holding `ms` (negative before the run). */
function daysIntoRun(b: BroadcastDto, ms: number): number {
  return Math.round((broadcastDay(ms, b.time_zone).midnight - b.date_begin) / 86_400);
}

function lastDayIndex(b: BroadcastDto): number {
  return b.date_end === 0 ? Infinity : Math.round((b.date_end - b.date_begin) / 86_400);
}

/** Every broadcast (Unix ms) at or after `fromMs` and before `toMs`, in order. */
export function broadcastsBetween(b: BroadcastDto, fromMs: number, toMs: number): number[] {
  const out: number[] = [];
  if (b.weekdays.length === 0 || toMs <= fromMs) return out;
  const last = lastDayIndex(b);
  // A slot's time runs up to 28:59, so a broadcast may fall on the calendar day after its broadcast day.
  for (let i = Math.max(0, daysIntoRun(b, fromMs) - 1); i <= last; i++) {
    const { at, weekday } = instantOn(b, i);
    if (at >= toMs) break;
    if (at >= fromMs && b.weekdays.includes(weekday)) out.push(at);
  }
  return out;
}

/** The first broadcast of the run (Unix ms), or null when the slot has no weekday in its run. */
export function firstBroadcast(b: BroadcastDto): number | null {
  const start = instantOn(b, 0).at;
  return broadcastsBetween(b, start, start + 8 * DAY_MS)[0] ?? null;
}

/** The last broadcast of the run (Unix ms); null while its end is unknown. */
export function lastBroadcast(b: BroadcastDto): number | null {
  if (b.date_end === 0) return null;
  const end = instantOn(b, lastDayIndex(b)).at;
  const found = broadcastsBetween(b, Math.max(instantOn(b, 0).at, end - 8 * DAY_MS), end + 1);
  return found.at(-1) ?? null;
}

/** The next broadcast at or after `nowMs`, or null when the run is over. */
export function nextBroadcast(b: BroadcastDto, nowMs: number): number | null {
  return broadcastsBetween(b, nowMs, nowMs + 8 * DAY_MS)[0] ?? null;
}

/** A weekly slot as the on-air list holds it: one broadcast weekday, minutes from its midnight, its run's days. */
export interface WeeklySlot {
  weekday: number;
  /** 300–1739 (05:00–28:59). */
  minute: number;
  /** Local midnight of the first and last broadcast day, Unix seconds; dateEnd 0 when unknown. */
  dateBegin: number;
  dateEnd: number;
}

/** A broadcast and the two days it may be written under in its zone ("YYYY-MM-DD"): its broadcast day, then its calendar day. */
export interface DatedBroadcast {
  at: number;
  broadcastDay: string;
  calendarDay: string;
}

const isoOf = (d: Date) =>
  `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;

/**
 * The next broadcast at or after `nowMs` of many weekly slots, as nextBroadcast gives it for each, with
 * its days: Intl is asked a few times per call, not per slot (a hundred slots would take milliseconds
 * through nextBroadcast), as the on-air list needs one for each of its entries. Without a change of the
 * zone's offset in the next fortnight, a broadcast is its day's midnight plus its minutes.
 */
export function nextWeeklyBroadcasts(nowMs: number, timeZone: string): (slot: WeeklySlot) => DatedBroadcast | null {
  const today = broadcastDay(nowMs, timeZone);
  const w = wallTime(today.midnight * 1000, timeZone);
  const steady = zonedInstant(w.year, w.month, w.day + 16, 0, timeZone) === today.midnight * 1000 + 16 * DAY_MS;
  const midnightOf = (d: number) => (steady ? today.midnight + d * 86_400 : Math.round(zonedInstant(w.year, w.month, w.day + d, 0, timeZone) / 1000));
  return (slot) => {
    // A slot's time ends before the next broadcast day starts, so today's broadcast day is the earliest.
    for (let d = (slot.weekday - today.weekday + 7) % 7; d < 15; d += 7) {
      const midnight = midnightOf(d);
      if (slot.dateEnd !== 0 && midnight > slot.dateEnd) return null;
      if (midnight < slot.dateBegin) continue;
      const at = steady ? midnight * 1000 + slot.minute * 60_000 : zonedInstant(w.year, w.month, w.day + d, slot.minute, timeZone);
      if (at < nowMs) continue;
      if (at >= nowMs + 8 * DAY_MS) return null; // as far as nextBroadcast looks
      const day = new Date(Date.UTC(w.year, w.month - 1, w.day + d));
      const calendar = new Date(Date.UTC(w.year, w.month - 1, w.day + d + Math.floor(slot.minute / 1440)));
      return { at, broadcastDay: isoOf(day), calendarDay: isoOf(calendar) };
    }
    return null;
  };
}

export function showStatus(b: BroadcastDto, nowMs: number): ShowStatus {
  const first = firstBroadcast(b);
  if (first === null || nowMs < first) return 'upcoming';
  if (b.date_end !== 0 && nowMs >= (b.date_end + BROADCAST_DAY_SECONDS) * 1000) return 'finished';
  return 'airing';
}

/** About one cour: how long a show with no recorded end is taken to run before its end is in doubt. */
export const EXPECTED_RUN_DAYS = 13 * 7;

/**
 * Whether a show listed as airing may have ended without the anime data saying so: no end is recorded,
 * its first cour (EXPECTED_RUN_DAYS from its first broadcast day `dateBegin`, Unix seconds) is over at
 * `nowMs`, and the data is from before that cour ended (`dataDay`, an ISO date: the newest start date
 * it knows), so it could not have told. A long-running show the data saw go on past its first cour is
 * not in doubt; neither is anything when the data's date is unknown.
 */
export function mayHaveEnded(dateBegin: number, dateEnd: number, dataDay: string | undefined, nowMs: number): boolean {
  if (dateEnd !== 0 || !dataDay || !/^\d{4}-\d{2}-\d{2}$/.test(dataDay)) return false;
  const runEndMs = (dateBegin + EXPECTED_RUN_DAYS * 86_400) * 1000;
  return nowMs > runEndMs && Date.parse(`${dataDay}T00:00:00Z`) < runEndMs;
}
