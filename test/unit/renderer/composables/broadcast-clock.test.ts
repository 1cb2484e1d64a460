// The on-air week's two clocks: Tokyo broadcast days (05:00 start, 25:30-style times) and the
// viewer's own zone, for viewers east and west of Tokyo and across a daylight-saving change.
import { describe, expect, it } from 'vitest';
import { onAirDto, wikiDto } from '../../../fixtures/dto';
import { arrangeWeek, localSlot, minutesOf, todayWeekday } from '../../../../src-renderer/src/composables/broadcast-clock';

const at = (iso: string) => Date.parse(iso);

describe('todayWeekday()', () => {
  it('starts the Tokyo broadcast day at 05:00', () => {
    // Tuesday 2024-01-09 04:59 in Tokyo is still Monday's broadcast day; 05:00 is Tuesday's.
    expect(todayWeekday('catalogue', at('2024-01-08T19:59:00Z'))).toBe(1);
    expect(todayWeekday('catalogue', at('2024-01-08T20:00:00Z'))).toBe(2);
  });

  it('uses the viewer’s calendar day with the local clock', () => {
    // Monday 2024-01-08 23:30 UTC: Monday in London, already Tuesday in Tokyo, still Monday in New York.
    const now = at('2024-01-08T23:30:00Z');
    expect(todayWeekday('local', now, 'Europe/London')).toBe(1);
    expect(todayWeekday('local', now, 'Asia/Tokyo')).toBe(2);
    expect(todayWeekday('local', now, 'America/New_York')).toBe(1);
    expect(todayWeekday('catalogue', now, 'America/New_York')).toBe(2);
  });
});

describe('localSlot()', () => {
  const thursday = at('2024-02-01T03:00:00Z'); // Thursday noon in Tokyo

  it('turns Monday 25:30 Tokyo into Monday 16:30 in London (Tuesday 01:30 JST)', () => {
    expect(localSlot(1, '25:30', thursday, 'Europe/London')).toEqual({ weekday: 1, minutes: 16 * 60 + 30, time: '16:30' });
  });

  it('moves a show to the previous day west of Tokyo and keeps 24-hour times', () => {
    // Saturday 08:00 JST = Friday 18:00 in New York (EST, UTC−5).
    expect(localSlot(6, '08:00', thursday, 'America/New_York')).toEqual({ weekday: 5, minutes: 18 * 60, time: '18:00' });
  });

  it('writes late-night Tokyo shows as ordinary times in Tokyo itself', () => {
    expect(localSlot(1, '25:30', thursday, 'Asia/Tokyo')).toEqual({ weekday: 2, minutes: 90, time: '01:30' });
  });

  it('wraps Sunday night into Monday', () => {
    // Sunday 28:00 JST = Monday 04:00 JST = Sunday 20:00 in Paris (CET, UTC+1).
    expect(localSlot(7, '28:00', thursday, 'Asia/Tokyo')).toMatchObject({ weekday: 1, time: '04:00' });
    expect(localSlot(7, '28:00', thursday, 'Europe/Paris')).toMatchObject({ weekday: 7, time: '20:00' });
  });

  it('uses this week’s offset across a daylight-saving change', () => {
    // The week of 2024-03-31: Europe/Berlin moved to CEST (UTC+2) on Sunday 31 March.
    const week = at('2024-03-27T03:00:00Z'); // Wednesday in Tokyo; that week's Monday is 25 March
    expect(localSlot(1, '20:00', week, 'Europe/Berlin').time).toBe('12:00'); // CET, UTC+1
    const after = at('2024-04-03T03:00:00Z');
    expect(localSlot(1, '20:00', after, 'Europe/Berlin').time).toBe('13:00'); // CEST, UTC+2
  });
});

describe('arrangeWeek()', () => {
  const entry = (wiki_id: number, week: number, time: string) => onAirDto(wikiDto({ wiki_id }), week, time);
  const entries = [entry(3, 1, '25:30'), entry(2, 1, '19:00'), entry(1, 1, '19:00'), entry(4, 6, '23:00')];
  const now = at('2024-02-01T03:00:00Z');

  it('keeps the API’s days with the catalogue clock, by time then id', () => {
    const week = arrangeWeek(entries, 'catalogue', now, 'Europe/London');
    expect(week[1].map((s) => s.entry.oa_obj_id)).toEqual([1, 2, 3]);
    expect(week[1].map((s) => s.slot.time)).toEqual(['19:00', '19:00', '25:30']);
    expect(week[6].map((s) => s.entry.oa_obj_id)).toEqual([4]);
    expect(week[2]).toEqual([]);
  });

  it('moves entries to their local day and time with the local clock', () => {
    const week = arrangeWeek(entries, 'local', now, 'Asia/Tokyo');
    expect(week[1].map((s) => s.entry.oa_obj_id)).toEqual([1, 2]);
    expect(week[2].map((s) => [s.entry.oa_obj_id, s.slot.time])).toEqual([[3, '01:30']]);
    expect(Object.values(week).flat()).toHaveLength(entries.length);
  });
});

describe('minutesOf()', () => {
  it('reads times past 24:00', () => {
    expect(minutesOf('05:00')).toBe(300);
    expect(minutesOf('28:59')).toBe(28 * 60 + 59);
  });
});
