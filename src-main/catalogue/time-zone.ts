// Calendar arithmetic in the catalogue's time zone (Asia/Tokyo by default) using Intl, so another
// zone, DST included, can be configured without a date library.
import { CATALOGUE_TIME_ZONE, wallTime, type WallTime } from '../contract/time';

export const DEFAULT_TIME_ZONE = CATALOGUE_TIME_ZONE;

export type LocalParts = WallTime;

export function localParts(ms: number, timeZone = DEFAULT_TIME_ZONE): LocalParts {
  return wallTime(ms, timeZone);
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
