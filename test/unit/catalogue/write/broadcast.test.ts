import { describe, expect, it } from 'vitest';
import { BROADCAST_DAY_SECONDS, isAiring } from '../../../../src-main/contract/time';
import { scheduleFor } from '../../../../src-main/catalogue/write/broadcast';

const tokyoMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000 - 9 * 3600;

describe('scheduleFor()', () => {
  // 2024-01-08 is a Monday.
  it('places a 19:00 Monday show on Monday at 19:00', () => {
    expect(scheduleFor('R/2024-01-08T10:00:00.000Z/P7D', '')).toEqual([
      { weekday: 1, minute: 19 * 60, periodDays: 7, dateBegin: tokyoMidnight(2024, 1, 8), dateEnd: 0 },
    ]);
  });

  it('writes a show at 01:30 on Tuesday as Monday 25:30 (the broadcast day starts at 05:00)', () => {
    const [row] = scheduleFor('R/2024-01-08T16:30:00.000Z/P7D', '');
    expect(row.weekday).toBe(1);
    expect(row.minute).toBe(25 * 60 + 30);
    expect(row.dateBegin).toBe(tokyoMidnight(2024, 1, 8));
  });

  it('starts the next broadcast day exactly at 05:00 and ends it at 28:59', () => {
    expect(scheduleFor('R/2024-01-08T20:00:00.000Z/P7D', '')[0]).toMatchObject({ weekday: 2, minute: 300 });
    expect(scheduleFor('R/2024-01-08T19:59:00.000Z/P7D', '')[0]).toMatchObject({ weekday: 1, minute: 28 * 60 + 59 });
  });

  it('wraps Sunday late night to Sunday, not Monday', () => {
    // Monday 2024-01-15 02:00 in Tokyo = Sunday 26:00.
    expect(scheduleFor('R/2024-01-14T17:00:00.000Z/P7D', '')[0]).toMatchObject({ weekday: 7, minute: 26 * 60 });
  });

  it('keeps Tokyo free of daylight saving: the same UTC time of day gives the same slot in July', () => {
    expect(scheduleFor('R/2024-07-08T16:30:00.000Z/P7D', '')[0]).toMatchObject({ weekday: 1, minute: 25 * 60 + 30 });
  });

  it('puts a daily (P1D) show on all seven days at the same time', () => {
    const rows = scheduleFor('R/2024-01-08T10:00:00.000Z/P1D', '');
    expect(rows.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(rows.map((r) => r.minute))).toEqual(new Set([19 * 60]));
  });

  it.each([
    ['a single broadcast (P0D)', 'R/2024-01-08T10:00:00.000Z/P0D'],
    ['an empty broadcast', ''],
    ['no broadcast at all', undefined],
    ['a period that is not weekly or daily', 'R/2024-01-08T10:00:00.000Z/P2D'],
    ['garbage', 'R/yesterday/P7D'],
  ])('gives no schedule for %s', (_what, broadcast) => {
    expect(scheduleFor(broadcast, '')).toEqual([]);
  });

  it('records the last broadcast day as the end', () => {
    const [row] = scheduleFor('R/2024-01-08T16:30:00.000Z/P7D', '2024-03-25T16:30:00.000Z');
    expect(row.dateEnd).toBe(tokyoMidnight(2024, 3, 25));
  });

  it('uses another configured time zone', () => {
    // 10:00 UTC on a Monday is 10:00 Monday in UTC.
    expect(scheduleFor('R/2024-01-08T10:00:00.000Z/P7D', '', 'UTC')[0]).toMatchObject({ weekday: 1, minute: 600 });
  });
});

describe('isAiring()', () => {
  const [row] = scheduleFor('R/2024-01-08T16:30:00.000Z/P7D', '2024-03-25T16:30:00.000Z');

  it('is false before the first broadcast day', () => {
    expect(isAiring(row, row.dateBegin - 1)).toBe(false);
  });

  it('is true from the first broadcast day to the last broadcast, late-night slot included', () => {
    expect(isAiring(row, row.dateBegin)).toBe(true);
    expect(isAiring(row, Date.parse('2024-03-25T16:30:00.000Z') / 1000)).toBe(true);
  });

  it('is false once the last broadcast day is over', () => {
    expect(isAiring(row, row.dateEnd + BROADCAST_DAY_SECONDS)).toBe(false);
  });

  it('never ends when the end is unknown', () => {
    expect(isAiring({ dateBegin: row.dateBegin, dateEnd: 0 }, row.dateBegin + 20 * 365 * 86400)).toBe(true);
  });
});
