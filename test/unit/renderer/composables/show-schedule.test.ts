import { describe, expect, it } from 'vitest';
import type { BroadcastDto } from '../../../../src-main/contract/objects';
import { localMidnight } from '../../../../src-main/contract/time';
import { countdown, realClock, referenceBroadcast, slotInZone, weekdayName } from '../../../../src-renderer/src/composables/show-schedule';

const late: BroadcastDto = {
  weekdays: [1],
  time: '25:30',
  period_days: 7,
  date_begin: localMidnight(2024, 1, 8, 'Asia/Tokyo'),
  date_end: localMidnight(2024, 3, 25, 'Asia/Tokyo'),
  time_zone: 'Asia/Tokyo',
};

describe('show schedule', () => {
  it('explains a late-night time and leaves an evening one alone', () => {
    expect(realClock('25:30')).toBe('01:30');
    expect(realClock('24:00')).toBe('00:00');
    expect(realClock('19:00')).toBeNull();
  });

  it('shows a Monday 25:30 slot as Monday afternoon in London and Tuesday 01:30 in Tokyo', () => {
    const at = referenceBroadcast(late, Date.parse('2024-02-01T00:00:00Z'))!;
    expect(new Date(at).toISOString()).toBe('2024-02-05T16:30:00.000Z');
    expect(slotInZone(at, 'Europe/London')).toEqual({ weekday: 1, time: '16:30' });
    expect(slotInZone(at, 'Asia/Tokyo')).toEqual({ weekday: 2, time: '01:30' });
    expect(slotInZone(at, 'America/Los_Angeles')).toEqual({ weekday: 1, time: '08:30' });
  });

  it('takes the first broadcast before the run and the last after it', () => {
    expect(new Date(referenceBroadcast(late, Date.parse('2023-12-01T00:00:00Z'))!).toISOString()).toBe('2024-01-08T16:30:00.000Z');
    expect(new Date(referenceBroadcast(late, Date.parse('2024-06-01T00:00:00Z'))!).toISOString()).toBe('2024-03-25T16:30:00.000Z');
  });

  it('counts down in minutes, hours and days', () => {
    const at = Date.parse('2024-02-05T16:30:00Z');
    expect(countdown(at, at)).toEqual({ key: 'now' });
    expect(countdown(at, at - 9 * 60_000 - 1)).toEqual({ key: 'minutes', m: 10 });
    expect(countdown(at, at - (3 * 60 + 5) * 60_000)).toEqual({ key: 'hours', h: 3, m: 5 });
    expect(countdown(at, at - (2 * 1440 + 4 * 60) * 60_000)).toEqual({ key: 'days', d: 2, h: 4 });
  });

  it('names weekdays in the UI language', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'ja')).toBe('日曜日');
  });
});
