// What a Seasons card says of a show's time in either clock: the slot, and the show's first day.
import { describe, expect, it } from 'vitest';
import type { BroadcastDto } from '../../../../src-main/contract/objects';
import { localMidnight } from '../../../../src-main/contract/time';
import { cardSlot, dayOf, firstDay, formatFirstDay } from '../../../../src-renderer/src/composables/season-slot';

const tokyo = (y: number, m: number, d: number) => localMidnight(y, m, d, 'Asia/Tokyo');
/** Monday 25:30 (Tuesday 01:30 in Tokyo) from Monday 8 January 2024. */
const late: BroadcastDto = { weekdays: [1], time: '25:30', period_days: 7, date_begin: tokyo(2024, 1, 8), date_end: 0, time_zone: 'Asia/Tokyo' };
/** Sunday and Monday mornings at 08:00: a show with two slots a week. */
const twice: BroadcastDto = { ...late, weekdays: [1, 7], time: '08:00', date_begin: tokyo(2024, 1, 7) };
const daily: BroadcastDto = { ...late, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '07:00', period_days: 1, date_begin: tokyo(2024, 1, 2) };
const NOW = Date.parse('2024-02-01T03:00:00Z');

describe('cardSlot()', () => {
  it('gives the slot as the catalogue has it in Japan time', () => {
    expect(cardSlot(late, 'catalogue', NOW, 'Europe/London')).toEqual({ daily: false, weekdays: [1], time: '25:30' });
    expect(cardSlot(daily, 'catalogue', NOW, 'Europe/London')).toEqual({ daily: true, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '07:00' });
  });

  it('moves the slot into the viewer’s zone, weekdays and all', () => {
    expect(cardSlot(late, 'local', NOW, 'Europe/London')).toEqual({ daily: false, weekdays: [1], time: '16:30' });
    expect(cardSlot(late, 'local', NOW, 'America/Los_Angeles')).toEqual({ daily: false, weekdays: [1], time: '08:30' });
    // Sunday and Monday 08:00 in Tokyo are the afternoons before in Los Angeles, and noon the same days in Auckland.
    expect(cardSlot(twice, 'local', NOW, 'America/Los_Angeles')).toEqual({ daily: false, weekdays: [6, 7], time: '15:00' });
    expect(cardSlot(twice, 'local', NOW, 'Pacific/Auckland')).toEqual({ daily: false, weekdays: [1, 7], time: '12:00' });
    expect(cardSlot(daily, 'local', NOW, 'Europe/London')).toMatchObject({ daily: true, time: '22:00' });
  });

  it('reads the viewer’s time from the broadcast the show page reads it from, so daylight saving counts', () => {
    // London is on summer time (UTC+1) by June: the next broadcast of a show still airing then.
    expect(cardSlot(late, 'local', Date.parse('2024-06-01T00:00:00Z'), 'Europe/London')).toEqual({ daily: false, weekdays: [1], time: '17:30' });
  });

  it('has no slot for a show without one', () => {
    expect(cardSlot(null, 'catalogue', NOW, 'UTC')).toBeNull();
    expect(cardSlot({ ...late, weekdays: [] }, 'local', NOW, 'UTC')).toBeNull();
  });
});

describe('firstDay()', () => {
  const wikiDate = tokyo(2024, 1, 9); // Tuesday: the day of the first 01:30 broadcast in Tokyo

  it('is the Tokyo day in Japan time, and the first broadcast’s day in the viewer’s', () => {
    expect(dayOf(firstDay(wikiDate, late, 'catalogue', 'America/Los_Angeles'))).toBe('2024-01-09');
    // Tuesday 01:30 in Tokyo is Monday 08:30 in Los Angeles.
    const local = firstDay(wikiDate, late, 'local', 'America/Los_Angeles');
    expect(local).toEqual({ at: Date.parse('2024-01-08T16:30:00Z'), timeZone: 'America/Los_Angeles' });
    expect(dayOf(local)).toBe('2024-01-08');
    expect(formatFirstDay(local, 'en')).toBe('Jan 8, 2024');
  });

  it('stays the Tokyo day for a show without a slot', () => {
    expect(firstDay(wikiDate, null, 'local', 'America/Los_Angeles')).toEqual({ at: wikiDate * 1000, timeZone: 'Asia/Tokyo' });
  });
});
