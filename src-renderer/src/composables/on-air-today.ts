// What On air's cards say of today's shows, and the dates its day headers carry: pure functions of an
// instant, tested without a browser.
//
// - Today's broadcast of a card is the slot's broadcast on the day its column shows as today: the
//   broadcast day in Japan time (05:00 to 29:00), the viewer's calendar day in My time
//   (composables/broadcast-clock.ts).
// - A show is "airing now" for AIRING_MINUTES from its start (bangumi-data gives no length; a TV
//   episode fills a half-hour slot), counted down before, and says nothing once over.
// - The card names the episode only when the API's next broadcast (oa_next_at) is that very broadcast:
//   a week loaded before a show began still names it while it airs, and one that has passed names none.
// - Today's next show is the first still to begin.
import { episodesLabel } from '../../../src-main/contract/episodes';
import type { OnAirDto } from '../../../src-main/contract/objects';
import { BROADCAST_DAY_START_MINUTES, CATALOGUE_TIME_ZONE, wallTime, zonedInstant } from '../../../src-main/contract/time';
import { minutesOf, WEEKDAYS, type Clock } from './broadcast-clock';

export const AIRING_MINUTES = 30;
const WEEK_MS = 7 * 86_400_000;

/** Today's broadcast day in Japan: its date and weekday. */
function japanToday(nowMs: number) {
  return wallTime(nowMs - BROADCAST_DAY_START_MINUTES * 60_000, CATALOGUE_TIME_ZONE);
}

const sameDay = (a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** The instant (Unix ms) of an entry's broadcast today in the clock's terms, or null when it has none today. */
export function todaysBroadcast(entry: Pick<OnAirDto, 'oa_week' | 'oa_time'>, clock: Clock, nowMs: number, viewerZone: string): number | null {
  const today = japanToday(nowMs);
  const at = zonedInstant(today.year, today.month, today.day + (entry.oa_week - today.weekday), minutesOf(entry.oa_time), CATALOGUE_TIME_ZONE);
  if (clock === 'catalogue') return entry.oa_week === today.weekday ? at : null;
  // My time: this week's broadcast, or the one a week either side, that falls on the viewer's today.
  const here = wallTime(nowMs, viewerZone);
  return [at, at - WEEK_MS, at + WEEK_MS].find((c) => sameDay(wallTime(c, viewerZone), here)) ?? null;
}

export type TodayState = 'airing' | 'coming' | 'over';

export interface TodayTiming {
  /** The broadcast, Unix ms. */
  at: number;
  state: TodayState;
  /** The episode numbers of that broadcast ("8", "1–2"); '' when the API does not name them. */
  episode: string;
  /** Time left while coming: minutes under an hour, else whole hours rounded ("in 2 h"; the card shows the time beside it). */
  left: { key: 'minutes'; m: number } | { key: 'hours'; h: number } | null;
}

function leftUntil(at: number, nowMs: number): TodayTiming['left'] {
  const minutes = Math.ceil((at - nowMs) / 60_000);
  return minutes < 60 ? { key: 'minutes', m: minutes } : { key: 'hours', h: Math.round(minutes / 60) };
}

/** Where one of today's broadcasts stands at `nowMs`. */
export function timingOf(entry: Pick<OnAirDto, 'oa_next_at' | 'oa_next_episodes'>, at: number, nowMs: number): TodayTiming {
  const state: TodayState = nowMs < at ? 'coming' : nowMs < at + AIRING_MINUTES * 60_000 ? 'airing' : 'over';
  const episode = entry.oa_next_at * 1000 === at ? episodesLabel(entry.oa_next_episodes) : '';
  return { at, state, episode, left: state === 'coming' ? leftUntil(at, nowMs) : null };
}

/** Today's cards' timings by oa_id, and the oa_id of the next show to begin (null when none is left). */
export function todayTimings(
  entries: readonly Pick<OnAirDto, 'oa_id' | 'oa_week' | 'oa_time' | 'oa_next_at' | 'oa_next_episodes'>[],
  clock: Clock,
  nowMs: number,
  viewerZone: string,
): { timings: Map<number, TodayTiming>; next: number | null } {
  const timings = new Map<number, TodayTiming>();
  let next: { id: number; at: number } | null = null;
  for (const entry of entries) {
    const at = todaysBroadcast(entry, clock, nowMs, viewerZone);
    if (at === null) continue;
    const timing = timingOf(entry, at, nowMs);
    timings.set(entry.oa_id, timing);
    if (timing.state === 'coming' && (next === null || at < next.at)) next = { id: entry.oa_id, at };
  }
  return { timings, next: next?.id ?? null };
}

/** The date of each weekday column (1 Monday … 7 Sunday) this week: Japan's broadcast days, or the viewer's own days in My time. */
export function weekDates(clock: Clock, nowMs: number, viewerZone: string): Record<number, { year: number; month: number; day: number }> {
  const today = clock === 'catalogue' ? japanToday(nowMs) : wallTime(nowMs, viewerZone);
  const out: Record<number, { year: number; month: number; day: number }> = {};
  for (const weekday of WEEKDAYS) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + (weekday - today.weekday)));
    out[weekday] = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  return out;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** A day as a column header writes it: "Fri, Nov 27" (short) or "Friday, November 27" (long), in the UI's language. */
export function formatColumnDate(date: { year: number; month: number; day: number }, locale: string, style: 'short' | 'long'): string {
  const key = `${locale} ${style}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, { weekday: style, month: style, day: 'numeric', timeZone: 'UTC' })));
  return f.format(Date.UTC(date.year, date.month - 1, date.day));
}
