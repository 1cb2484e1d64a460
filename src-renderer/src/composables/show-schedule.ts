// What an anime's page says of its broadcast, as pure functions of an instant (tested without a
// browser): the slot in Japan time with the 25:30 convention explained, the same slot in the viewer's
// own zone, and the time left until the next broadcast.
import { nextBroadcast, firstBroadcast, lastBroadcast, showStatus, slotMinutes, type ShowStatus } from '../../../src-main/contract/broadcast-schedule';
import type { BroadcastDto } from '../../../src-main/contract/objects';

export { showStatus, type ShowStatus };

const weekdayNames = new Map<string, Intl.DateTimeFormat>();
/** The name of weekday 1 (Monday) … 7 (Sunday) in a language. */
export function weekdayName(weekday: number, locale: string): string {
  let f = weekdayNames.get(locale);
  if (!f) weekdayNames.set(locale, (f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })));
  return f.format(Date.UTC(2024, 0, weekday)); // 1 January 2024 was a Monday
}

/** "25:30" → "01:30" when the slot is past midnight (a late-night show), else null. */
export function realClock(time: string): string | null {
  const minutes = slotMinutes(time);
  if (minutes < 24 * 60) return null;
  const m = minutes - 24 * 60;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The broadcast to show the slot by: the next one, else the first (not yet begun) or the last (finished). */
export function referenceBroadcast(b: BroadcastDto, nowMs: number): number | null {
  return nextBroadcast(b, nowMs) ?? (showStatus(b, nowMs) === 'upcoming' ? firstBroadcast(b) : lastBroadcast(b));
}

/** The slot as the viewer's zone sees it: weekday and "HH:MM", from a real broadcast. */
export function slotInZone(atMs: number, zone: string): { weekday: number; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    atMs,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, time: `${get('hour')}:${get('minute')}` };
}

export type Countdown = { key: 'now' } | { key: 'minutes'; m: number } | { key: 'hours'; h: number; m: number } | { key: 'days'; d: number; h: number };

/** Time left until `atMs`, in the largest units that read well (rounded up to the minute). */
export function countdown(atMs: number, nowMs: number): Countdown {
  const minutes = Math.ceil((atMs - nowMs) / 60_000);
  if (minutes <= 0) return { key: 'now' };
  if (minutes < 60) return { key: 'minutes', m: minutes };
  if (minutes < 24 * 60) return { key: 'hours', h: Math.floor(minutes / 60), m: minutes % 60 };
  return { key: 'days', d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60) };
}
