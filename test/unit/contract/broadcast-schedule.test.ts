import { describe, expect, it } from 'vitest';
import { broadcastsBetween, firstBroadcast, lastBroadcast, mayHaveEnded, nextBroadcast, showStatus } from '../../../src-main/contract/broadcast-schedule';
import type { BroadcastDto } from '../../../src-main/contract/objects';
import { localMidnight } from '../../../src-main/contract/time';

const TOKYO = 'Asia/Tokyo';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

// A Monday 25:30 show (Tuesday 01:30 in Tokyo = Monday 16:30 UTC), from Monday 2026-10-05 to Monday 2026-12-21.
const lateMonday: BroadcastDto = {
  weekdays: [1],
  time: '25:30',
  period_days: 7,
  date_begin: localMidnight(2026, 10, 5, TOKYO),
  date_end: localMidnight(2026, 12, 21, TOKYO),
  time_zone: TOKYO,
};
// A Sunday 18:30 show with no end known.
const sundayOpen: BroadcastDto = { weekdays: [7], time: '18:30', period_days: 7, date_begin: localMidnight(2026, 10, 4, TOKYO), date_end: 0, time_zone: TOKYO };
const daily: BroadcastDto = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  time: '07:00',
  period_days: 1,
  date_begin: localMidnight(2026, 11, 2, TOKYO),
  date_end: localMidnight(2026, 11, 6, TOKYO),
  time_zone: TOKYO,
};

describe('broadcast schedule', () => {
  it('puts a Monday 25:30 broadcast on Tuesday 01:30 in Tokyo', () => {
    expect(iso(firstBroadcast(lateMonday))).toBe('2026-10-05T16:30:00.000Z'); // Tue 06 Oct 01:30 JST
    expect(iso(lastBroadcast(lateMonday))).toBe('2026-12-21T16:30:00.000Z'); // Tue 22 Dec 01:30 JST
  });

  it('finds the next broadcast across the 05:00 boundary', () => {
    // Tuesday 00:59 JST, a Monday broadcast day still: tonight's 25:30 is 31 minutes away.
    expect(iso(nextBroadcast(lateMonday, Date.parse('2026-11-09T15:59:00Z')))).toBe('2026-11-09T16:30:00.000Z');
    // Tuesday 01:31 JST: that broadcast has begun, so the next is a week on.
    expect(iso(nextBroadcast(lateMonday, Date.parse('2026-11-09T16:31:00Z')))).toBe('2026-11-16T16:30:00.000Z');
    // Monday 23:00 JST, the Monday's own evening: the broadcast is at 01:30.
    expect(iso(nextBroadcast(lateMonday, Date.parse('2026-11-16T14:00:00Z')))).toBe('2026-11-16T16:30:00.000Z');
  });

  it('says not begun, airing and finished at the right moments', () => {
    expect(showStatus(lateMonday, Date.parse('2026-10-05T16:29:00Z'))).toBe('upcoming');
    expect(showStatus(lateMonday, Date.parse('2026-10-05T16:30:00Z'))).toBe('airing');
    // The last broadcast day (Monday 21 Dec) ends at 05:00 on Tuesday 22 Dec JST (20:00 UTC on the 21st).
    expect(showStatus(lateMonday, Date.parse('2026-12-21T19:59:00Z'))).toBe('airing');
    expect(showStatus(lateMonday, Date.parse('2026-12-21T20:00:00Z'))).toBe('finished');
    expect(nextBroadcast(lateMonday, Date.parse('2026-12-21T17:00:00Z'))).toBeNull();
  });

  it('keeps going while the end is unknown', () => {
    expect(lastBroadcast(sundayOpen)).toBeNull();
    expect(showStatus(sundayOpen, Date.parse('2030-01-01T00:00:00Z'))).toBe('airing');
    expect(iso(nextBroadcast(sundayOpen, Date.parse('2030-01-01T00:00:00Z')))).toBe('2030-01-06T09:30:00.000Z');
  });

  it('lists every broadcast in a span, daily shows each day up to the last', () => {
    const all = broadcastsBetween(daily, Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-30T00:00:00Z')).map(iso);
    expect(all).toEqual([
      '2026-11-01T22:00:00.000Z',
      '2026-11-02T22:00:00.000Z',
      '2026-11-03T22:00:00.000Z',
      '2026-11-04T22:00:00.000Z',
      '2026-11-05T22:00:00.000Z',
    ]);
    const weekly = broadcastsBetween(lateMonday, Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-20T00:00:00Z')).map(iso);
    expect(weekly).toEqual(['2026-11-02T16:30:00.000Z', '2026-11-09T16:30:00.000Z', '2026-11-16T16:30:00.000Z']);
  });
});

describe('mayHaveEnded()', () => {
  const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
  const spring = day('2026-04-05');
  it('doubts a show with no end whose first cour ended after the data was taken', () => {
    expect(mayHaveEnded(spring, 0, '2026-04-29', Date.parse('2026-11-27T00:00:00Z'))).toBe(true);
  });
  it('does not doubt it while its first cour runs, nor once the data has seen past the cour', () => {
    expect(mayHaveEnded(spring, 0, '2026-04-29', Date.parse('2026-05-20T00:00:00Z'))).toBe(false);
    expect(mayHaveEnded(day('2025-01-05'), 0, '2026-04-29', Date.parse('2026-11-27T00:00:00Z'))).toBe(false);
  });
  it('never doubts a recorded end, or anything when the data’s date is unknown', () => {
    expect(mayHaveEnded(spring, day('2026-06-28'), '2026-04-29', Date.parse('2026-11-27T00:00:00Z'))).toBe(false);
    expect(mayHaveEnded(spring, 0, undefined, Date.parse('2026-11-27T00:00:00Z'))).toBe(false);
    expect(mayHaveEnded(spring, 0, '', Date.parse('2026-11-27T00:00:00Z'))).toBe(false);
  });
});
