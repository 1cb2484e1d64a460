// Turns bangumi-data's `broadcast` (an ISO 8601 repeating interval, `R/<UTC start>/P7D`) into an
// on-air schedule row (the broadcast day's rules are contract/time.ts's).
//
// Decisions (the on-air rules of docs/api.md):
// - the weekday is the start's weekday in the catalogue time zone with the broadcast day starting at
//   05:00, so a show at 01:30 Tuesday is a "25:30 Monday" show; `minute` counts from the broadcast
//   day's midnight (05:00–28:59 → 300–1739);
// - P7D is weekly: one weekday. P1D is daily: all seven weekdays. Other periods (P0D, a single
//   broadcast; P2D, P1M …) cannot be placed on a weekly grid and get no schedule;
// - `dateBegin` is local midnight of the first broadcast day, `dateEnd` local midnight of the last
//   broadcast day (0 when unknown); a show airs from dateBegin until the end of its last broadcast day.
import { broadcastDay, CATALOGUE_TIME_ZONE } from '../../contract/time';
import type { ScheduleRow } from './source-entry';

const REPEAT = /^R\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))\/P(\d+)D$/;

export function scheduleFor(broadcast: string | undefined, end: string | undefined, timeZone = CATALOGUE_TIME_ZONE): ScheduleRow[] {
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
