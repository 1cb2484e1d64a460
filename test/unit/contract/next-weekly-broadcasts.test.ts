// nextWeeklyBroadcasts(): the on-air list's fast way to the next broadcast of each weekly slot must give
// what nextBroadcast and broadcastDates give slot by slot, in Japan and in zones with daylight saving.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextBroadcast, nextWeeklyBroadcasts } from '../../../src-main/contract/broadcast-schedule';
import { broadcastDates } from '../../../src-main/contract/episodes';
import { localMidnight, wallTime } from '../../../src-main/contract/time';

const DAY_MS = 86_400_000;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Sydney'];

/** Local midnight of the calendar day `days` after the one holding `ms`, Unix seconds. */
const midnightAfter = (ms: number, days: number, zone: string) => {
  const w = wallTime(ms, zone);
  return localMidnight(w.year, w.month, w.day + days, zone);
};

describe('nextWeeklyBroadcasts()', () => {
  it('gives nextBroadcast’s answer and broadcastDates’ days for any weekly slot and moment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 300, max: 1739 }),
        fc.integer({ min: -200, max: 10 }),
        fc.option(fc.integer({ min: 0, max: 220 }), { nil: undefined }),
        (zone, nowMs, weekday, minute, beginDays, runDays) => {
          const dateBegin = midnightAfter(nowMs, beginDays, zone);
          const dateEnd = runDays === undefined ? 0 : midnightAfter(dateBegin * 1000, runDays, zone);
          const slot = { weekday, minute, dateBegin, dateEnd };
          const expected = nextBroadcast(
            { weekdays: [weekday], time: hhmm(minute), period_days: 7, date_begin: dateBegin, date_end: dateEnd, time_zone: zone },
            nowMs,
          );
          const found = nextWeeklyBroadcasts(nowMs, zone)(slot);
          expect(found?.at ?? null).toBe(expected);
          if (found) expect({ broadcastDay: found.broadcastDay, calendarDay: found.calendarDay }).toEqual(broadcastDates(found.at, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the days of a late-night slot: Monday 25:30 is written on Monday or Tuesday', () => {
    // Thursday 1 February 2024, 12:00 in Tokyo.
    const next = nextWeeklyBroadcasts(Date.parse('2024-02-01T03:00:00Z'), 'Asia/Tokyo');
    const slot = { weekday: 1, minute: 25 * 60 + 30, dateBegin: localMidnight(2024, 1, 8), dateEnd: 0 };
    expect(next(slot)).toEqual({ at: Date.parse('2024-02-05T16:30:00Z'), broadcastDay: '2024-02-05', calendarDay: '2024-02-06' });
    // Its run over by then: none.
    expect(next({ ...slot, dateEnd: localMidnight(2024, 1, 29) })).toBeNull();
    // Today's slot still to come is today's; one already past is a week on.
    expect(next({ weekday: 4, minute: 13 * 60, dateBegin: slot.dateBegin, dateEnd: 0 })?.at).toBe(Date.parse('2024-02-01T04:00:00Z'));
    expect(next({ weekday: 4, minute: 11 * 60, dateBegin: slot.dateBegin, dateEnd: 0 })?.at).toBe(Date.parse('2024-02-01T02:00:00Z') + 7 * DAY_MS);
  });
});
