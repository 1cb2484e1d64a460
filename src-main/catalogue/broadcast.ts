// Turns bangumi-data's `broadcast` (an ISO 8601 repeating interval, `R/<UTC start>/P7D`) into an
// on-air schedule row, and decides whether a row is airing at a given moment.
//
// Decisions (DESIGN.md §4 "On-air"):
// - the weekday is the start's weekday in the catalogue time zone with the broadcast day starting at
//   05:00, so a show at 01:30 Tuesday is a "25:30 Monday" show; `minute` counts from the broadcast
//   day's midnight (05:00–28:59 → 300–1739);
// - P7D is weekly: one weekday. P1D is daily: all seven weekdays. Other periods (P0D, a single
//   broadcast; P2D, P1M …) cannot be placed on a weekly grid and get no schedule;
// - `dateBegin` is local midnight of the first broadcast day, `dateEnd` local midnight of the last
//   broadcast day (0 when unknown); a show airs from dateBegin until the end of its last broadcast day.
import { DEFAULT_TIME_ZONE, localMidnight, localParts } from './time-zone';

export const BROADCAST_DAY_START_HOUR = 5;

export interface ScheduleRow {
  weekday: number; // 1 Monday … 7 Sunday
  minute: number;
  periodDays: number;
  dateBegin: number;
  dateEnd: number;
}

const REPEAT = /^R\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))\/P(\d+)D$/;

interface BroadcastDay {
  /** Local midnight of the broadcast day, Unix seconds. */
  midnight: number;
  weekday: number;
  /** Minutes from that midnight (300–1739). */
  minute: number;
}

/** The broadcast day an instant belongs to (05:00 day start). */
export function broadcastDay(ms: number, timeZone = DEFAULT_TIME_ZONE): BroadcastDay {
  const shifted = localParts(ms - BROADCAST_DAY_START_HOUR * 3600_000, timeZone);
  const actual = localParts(ms, timeZone);
  const lateNight = actual.hour < BROADCAST_DAY_START_HOUR;
  return {
    midnight: localMidnight(shifted.year, shifted.month, shifted.day, timeZone),
    weekday: shifted.weekday,
    minute: (lateNight ? 24 * 60 : 0) + actual.hour * 60 + actual.minute,
  };
}

export function scheduleFor(
  broadcast: string | undefined,
  end: string | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): ScheduleRow[] {
  const m = REPEAT.exec(broadcast ?? '');
  if (!m) return [];
  const startMs = Date.parse(m[1]);
  const periodDays = Number(m[2]);
  if (Number.isNaN(startMs) || (periodDays !== 7 && periodDays !== 1)) return [];
  const first = broadcastDay(startMs, timeZone);
  const endMs = end ? Date.parse(end) : NaN;
  const dateEnd = Number.isNaN(endMs) ? 0 : broadcastDay(endMs, timeZone).midnight;
  const weekdays = periodDays === 7 ? [first.weekday] : [1, 2, 3, 4, 5, 6, 7];
  return weekdays.map((weekday) => ({ weekday, minute: first.minute, periodDays, dateBegin: first.midnight, dateEnd }));
}

/** Seconds from a broadcast day's midnight to its end (the next day's 05:00). */
export const BROADCAST_DAY_SECONDS = (24 + BROADCAST_DAY_START_HOUR) * 3600;

/** Airing = begun and not past the end of its last broadcast day (now in Unix seconds). */
export function isAiring(row: Pick<ScheduleRow, 'dateBegin' | 'dateEnd'>, now: number): boolean {
  return row.dateBegin <= now && (row.dateEnd === 0 || now < row.dateEnd + BROADCAST_DAY_SECONDS);
}
