// Calendar arithmetic in the catalogue's time zone (Asia/Tokyo by default) using Intl, so another
// zone, DST included, can be configured without a date library.
import { CATALOGUE_TIME_ZONE } from '../contract/time';

export const DEFAULT_TIME_ZONE = CATALOGUE_TIME_ZONE;

export interface LocalParts {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function localParts(ms: number, timeZone = DEFAULT_TIME_ZONE): LocalParts {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: WEEKDAYS[p.weekday],
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const l = localParts(ms, timeZone);
  const seconds = Math.floor(ms / 1000) % 60;
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, seconds) - (ms - (ms % 1000));
}

/** Unix seconds of local midnight starting the given local calendar day (month 1–12; overflow allowed). */
export function localMidnight(year: number, month: number, day: number, timeZone = DEFAULT_TIME_ZONE): number {
  const guess = Date.UTC(year, month - 1, day);
  // Two passes settle the offset even when a DST change lies between the guess and the answer.
  let ms = guess - offsetAt(guess, timeZone);
  ms = guess - offsetAt(ms, timeZone);
  return Math.floor(ms / 1000);
}

/** Unix seconds of local midnight of the calendar day holding the instant. */
export function midnightOf(ms: number, timeZone = DEFAULT_TIME_ZONE): number {
  const l = localParts(ms, timeZone);
  return localMidnight(l.year, l.month, l.day, timeZone);
}
