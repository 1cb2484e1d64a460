// Time in the catalogue's zone, shared by the catalogue, the server and the UI (pure: no environment):
// wall clocks and calendar days in any zone with Intl (daylight saving included, no date library), and
// the broadcast day's rules.

/** Dates and the on-air schedule are computed in this zone (docs/architecture.md, Decisions). */
export const CATALOGUE_TIME_ZONE = 'Asia/Tokyo';

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
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

/** The wall-clock reading of an instant (Unix ms) in a zone. */
export function wallTime(ms: number, timeZone: string): WallTime {
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

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds of the instant kept). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallTime(ms, timeZone);
  const seconds = Math.floor(ms / 1000) % 60;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, seconds) - (ms - (ms % 1000));
}

/**
 * The instant (Unix ms) at which a zone's wall clock reads `minutes` past midnight of a calendar day
 * (month 1–12; day and minutes may overflow into the next ones).
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  // Two passes settle the offset even when a daylight-saving change lies between the guess and the answer.
  const ms = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(ms, timeZone);
}

/** Unix seconds of local midnight starting the given local calendar day. */
export function localMidnight(year: number, month: number, day: number, timeZone = CATALOGUE_TIME_ZONE): number {
  return Math.floor(zonedInstant(year, month, day, 0, timeZone) / 1000);
}

/** Unix seconds of local midnight of the calendar day holding the instant (Unix ms). */
export function midnightOf(ms: number, timeZone = CATALOGUE_TIME_ZONE): number {
  const w = wallTime(ms, timeZone);
  return localMidnight(w.year, w.month, w.day, timeZone);
}

// The broadcast day (docs/api.md, On-air): Japanese listings start a day at 05:00, so a show at 01:30
// on Tuesday is a Monday show at 25:30. Server, catalogue and UI all place shows by these rules.

export const BROADCAST_DAY_START_HOUR = 5;
export const BROADCAST_DAY_START_MINUTES = BROADCAST_DAY_START_HOUR * 60;
/** Seconds from a broadcast day's midnight to its end (the next day's 05:00). */
export const BROADCAST_DAY_SECONDS = (24 + BROADCAST_DAY_START_HOUR) * 3600;

export interface BroadcastDay {
  /** Local midnight of the broadcast day, Unix seconds. */
  midnight: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes from that midnight, 300–1739 (05:00–28:59). */
  minute: number;
}

/**
 * The broadcast day an instant (Unix ms) belongs to, in a zone: the calendar day its wall clock shows, or
 * the day before when the clock shows less than 05:00 — by the wall clock, so a night whose clocks go back
 * or forward an hour still changes day at 05:00 local time.
 */
export function broadcastDay(ms: number, timeZone = CATALOGUE_TIME_ZONE): BroadcastDay {
  const actual = wallTime(ms, timeZone);
  const lateNight = actual.hour < BROADCAST_DAY_START_HOUR;
  const back = lateNight ? 1 : 0;
  return {
    midnight: localMidnight(actual.year, actual.month, actual.day - back, timeZone),
    weekday: ((actual.weekday - 1 - back + 7) % 7) + 1,
    minute: (lateNight ? 24 * 60 : 0) + actual.hour * 60 + actual.minute,
  };
}

/** Airing = begun and not past the end of its last broadcast day (dates are broadcast-day midnights; now in Unix seconds). */
export function isAiring(run: { dateBegin: number; dateEnd: number }, now: number): boolean {
  return run.dateBegin <= now && (run.dateEnd === 0 || now < run.dateEnd + BROADCAST_DAY_SECONDS);
}
