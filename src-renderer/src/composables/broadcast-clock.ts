// Where and when the on-air week shows each entry, in either clock the settings offer.
//
// - Catalogue clock (default): the schedule as the API gives it — weekday `oa_week` and time
//   `oa_time` in the catalogue time zone (Asia/Tokyo), with the broadcast day starting at 05:00, so a
//   show at 01:30 on Tuesday morning is listed on Monday as 25:30, as Japanese listings write it.
//   "Today" is the broadcast day of now: Tokyo time minus five hours.
// - Local clock: each slot becomes a real moment — this week's broadcast day for its weekday (the
//   Monday–Sunday week holding today's broadcast day, in Tokyo), plus the time — shown in the viewer's
//   own time zone as a plain 00:00–23:59 time, on that zone's calendar weekday (days start at
//   midnight), and the entry moves to that weekday's column. "Today" is the viewer's weekday.
//   Using this week's date gets the offset right across daylight-saving changes in the viewer's zone.
// All pure functions of an instant, so they are tested without a browser.
import { BROADCAST_DAY_START_MINUTES, CATALOGUE_TIME_ZONE, wallTime, zonedInstant } from '../../../src-main/contract/time';
import type { OnAirDto } from '../../../src-main/contract/objects';

export { CATALOGUE_TIME_ZONE, wallTime, zonedInstant } from '../../../src-main/contract/time';

export type Clock = 'catalogue' | 'local';
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The viewer's own time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's weekday (1 Monday … 7 Sunday) in the given clock. */
export function todayWeekday(clock: Clock, nowMs: number, viewerZone = viewerTimeZone()): number {
  return clock === 'catalogue' ? wallTime(nowMs - BROADCAST_DAY_START_MINUTES * 60_000, CATALOGUE_TIME_ZONE).weekday : wallTime(nowMs, viewerZone).weekday;
}

/** "25:30" → 1530 */
export function minutesOf(time: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface Slot {
  /** 1 Monday … 7 Sunday, in the chosen clock. */
  weekday: number;
  /** Minutes after the day's start, for ordering. */
  minutes: number;
  /** "25:30" in catalogue time, "18:30" in local time. */
  time: string;
}

/** Where a catalogue slot (weekday + "HH:MM" from 05:00 to 28:59) falls in the viewer's zone this week. */
export function localSlot(weekday: number, time: string, nowMs: number, viewerZone = viewerTimeZone()): Slot {
  const today = wallTime(nowMs - BROADCAST_DAY_START_MINUTES * 60_000, CATALOGUE_TIME_ZONE);
  const at = zonedInstant(today.year, today.month, today.day + (weekday - today.weekday), minutesOf(time), CATALOGUE_TIME_ZONE);
  const local = wallTime(at, viewerZone);
  const minutes = local.hour * 60 + local.minute;
  return { weekday: local.weekday, minutes, time: hhmm(minutes) };
}

export function slotOf(entry: Pick<OnAirDto, 'oa_week' | 'oa_time'>, clock: Clock, nowMs: number, viewerZone = viewerTimeZone()): Slot {
  if (clock === 'local') return localSlot(entry.oa_week, entry.oa_time, nowMs, viewerZone);
  return { weekday: entry.oa_week, minutes: minutesOf(entry.oa_time), time: entry.oa_time };
}

export interface ScheduledEntry {
  entry: OnAirDto;
  slot: Slot;
}

/** The week's entries in day columns (1 … 7) for a clock, each day by time, then id. */
export function arrangeWeek(entries: readonly OnAirDto[], clock: Clock, nowMs: number, viewerZone = viewerTimeZone()): Record<number, ScheduledEntry[]> {
  const days: Record<number, ScheduledEntry[]> = { 1: [], 2: [], 3: [], 4: [], 5: [], 6: [], 7: [] };
  for (const entry of entries) {
    const slot = slotOf(entry, clock, nowMs, viewerZone);
    days[slot.weekday].push({ entry, slot });
  }
  for (const list of Object.values(days)) list.sort((a, b) => a.slot.minutes - b.slot.minutes || a.entry.oa_obj_id - b.entry.oa_obj_id);
  return days;
}
