// Time in the catalogue's zone and the broadcast day's rules, shared by the catalogue, the server and the UI.
import { describe, expect, it } from 'vitest';
import { broadcastDay, isAiring, localMidnight, midnightOf, wallTime, zonedInstant, BROADCAST_DAY_SECONDS } from '../../../src-main/contract/time';

const at = (iso: string) => Date.parse(iso);
const seconds = (iso: string) => at(iso) / 1000;

describe('zonedInstant()', () => {
  it('reads a wall time in a zone, past midnight too', () => {
    expect(zonedInstant(2024, 1, 8, 25 * 60 + 30, 'Asia/Tokyo')).toBe(at('2024-01-08T16:30:00Z'));
    expect(zonedInstant(2024, 7, 1, 9 * 60, 'Europe/Berlin')).toBe(at('2024-07-01T07:00:00Z'));
    expect(zonedInstant(2024, 1, 0, 0, 'UTC')).toBe(at('2023-12-31T00:00:00Z'));
  });
});

describe('localMidnight() and midnightOf()', () => {
  it('gives the zone’s midnight, in Tokyo by default', () => {
    expect(localMidnight(2024, 2, 1)).toBe(seconds('2024-01-31T15:00:00Z'));
    expect(midnightOf(at('2024-02-01T14:59:59Z'))).toBe(seconds('2024-01-31T15:00:00Z'));
    expect(midnightOf(at('2024-02-01T15:00:00Z'))).toBe(seconds('2024-02-01T15:00:00Z'));
  });

  it('settles the offset on a day that changes it', () => {
    // Berlin moved to CEST at 02:00 on 31 March 2024: that day's midnight is still CET (UTC+1).
    expect(localMidnight(2024, 3, 31, 'Europe/Berlin')).toBe(seconds('2024-03-30T23:00:00Z'));
    expect(localMidnight(2024, 4, 1, 'Europe/Berlin')).toBe(seconds('2024-03-31T22:00:00Z'));
  });
});

describe('broadcastDay()', () => {
  it('starts the day at 05:00: Tuesday 01:30 in Tokyo is Monday 25:30', () => {
    expect(broadcastDay(at('2024-01-08T16:30:00Z'))).toEqual({ midnight: seconds('2024-01-07T15:00:00Z'), weekday: 1, minute: 25 * 60 + 30 });
    expect(broadcastDay(at('2024-01-08T19:59:00Z')).weekday).toBe(1); // 04:59 Tuesday
    expect(broadcastDay(at('2024-01-08T20:00:00Z'))).toEqual({ midnight: seconds('2024-01-08T15:00:00Z'), weekday: 2, minute: 5 * 60 }); // 05:00
  });

  it('keeps wall time and weekday consistent with wallTime() in the day', () => {
    const noon = at('2024-01-10T03:00:00Z');
    expect(broadcastDay(noon).weekday).toBe(wallTime(noon, 'Asia/Tokyo').weekday);
  });
});

describe('broadcastDay() on a night the clocks change', () => {
  it('changes day at 05:00 by the wall clock when the clocks go back or forward', () => {
    // London, Sunday 31 October 2027: 02:00 BST became 01:00 GMT. 04:00 GMT is still Saturday's broadcast day.
    expect(broadcastDay(at('2027-10-31T04:00:00Z'), 'Europe/London')).toEqual({
      midnight: localMidnight(2027, 10, 30, 'Europe/London'),
      weekday: 6,
      minute: 28 * 60,
    });
    expect(broadcastDay(at('2027-10-31T05:00:00Z'), 'Europe/London')).toMatchObject({ weekday: 7, minute: 5 * 60 });
    // London, Sunday 28 March 2027: 01:00 GMT became 02:00 BST. 05:30 BST is Sunday's.
    expect(broadcastDay(at('2027-03-28T04:30:00Z'), 'Europe/London')).toEqual({
      midnight: localMidnight(2027, 3, 28, 'Europe/London'),
      weekday: 7,
      minute: 5 * 60 + 30,
    });
    expect(broadcastDay(at('2027-03-28T03:59:00Z'), 'Europe/London')).toMatchObject({ weekday: 6, minute: 28 * 60 + 59 });
  });
});

describe('isAiring()', () => {
  const run = { dateBegin: seconds('2024-01-07T15:00:00Z'), dateEnd: seconds('2024-03-24T15:00:00Z') };

  it('airs from the first day’s midnight until the last broadcast day ends at 05:00 next morning', () => {
    expect(isAiring(run, run.dateBegin - 1)).toBe(false);
    expect(isAiring(run, run.dateBegin)).toBe(true);
    expect(isAiring(run, run.dateEnd + BROADCAST_DAY_SECONDS - 1)).toBe(true);
    expect(isAiring(run, run.dateEnd + BROADCAST_DAY_SECONDS)).toBe(false);
  });

  it('never ends without an end date', () => {
    expect(isAiring({ ...run, dateEnd: 0 }, run.dateBegin + 10 * 365 * 86_400)).toBe(true);
  });
});
