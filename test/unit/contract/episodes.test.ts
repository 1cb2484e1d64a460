// Which episode a broadcast is (contract/episodes.ts), at fixed moments: a late-night show whose
// episodes Bangumi dates by the broadcast day or by the calendar day, the 05:00 boundary between two
// broadcast days, a double premiere, a daily late-night show, and nothing named when nothing says.
import { describe, expect, it } from 'vitest';
import { broadcastDates, episodeNumber, episodesAt, episodesLabel, nextEpisode } from '../../../src-main/contract/episodes';
import type { BroadcastDto, EpisodeDto } from '../../../src-main/contract/objects';
import { localMidnight } from '../../../src-main/contract/time';

const TOKYO = 'Asia/Tokyo';
const ep = (sort: number, airdate: string): EpisodeDto => ({ sort, ep: sort, airdate, date: 0, name: `Episode ${sort}`, name_cn: '' });
const numbers = (found: { episodes: EpisodeDto[] } | null) => found?.episodes.map((e) => e.sort) ?? null;
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

// Monday 25:30 (Tuesday 01:30 in Tokyo) from Monday 2024-01-08.
const lateMonday: BroadcastDto = { weekdays: [1], time: '25:30', period_days: 7, date_begin: localMidnight(2024, 1, 8, TOKYO), date_end: 0, time_zone: TOKYO };
// Bangumi's wiki writes the broadcast day (Mondays) …
const byBroadcastDay = [ep(1, '2024-01-08'), ep(2, '2024-01-15'), ep(3, '2024-01-22'), ep(4, '2024-01-29')];
// … or the calendar day the episode really airs on (Tuesdays).
const byCalendarDay = [ep(1, '2024-01-09'), ep(2, '2024-01-16'), ep(3, '2024-01-23'), ep(4, '2024-01-30')];

describe('broadcastDates', () => {
  it('gives a late-night broadcast its broadcast day and its calendar day, and an evening one the same day twice', () => {
    expect(broadcastDates(Date.parse('2024-01-15T16:30:00Z'), TOKYO)).toEqual({ broadcastDay: '2024-01-15', calendarDay: '2024-01-16' });
    expect(broadcastDates(Date.parse('2024-01-15T10:00:00Z'), TOKYO)).toEqual({ broadcastDay: '2024-01-15', calendarDay: '2024-01-15' });
  });

  it('turns the broadcast day over at 05:00 in Japan', () => {
    expect(broadcastDates(Date.parse('2024-01-15T19:59:00Z'), TOKYO).broadcastDay).toBe('2024-01-15'); // Tue 04:59
    expect(broadcastDates(Date.parse('2024-01-15T20:00:00Z'), TOKYO).broadcastDay).toBe('2024-01-16'); // Tue 05:00
  });
});

describe('nextEpisode', () => {
  it('names the episode of the next broadcast, whichever day Bangumi wrote it under', () => {
    const now = Date.parse('2024-01-15T14:00:00Z'); // Monday 23:00 JST: tonight's 25:30 is next
    for (const episodes of [byBroadcastDay, byCalendarDay]) {
      const next = nextEpisode(lateMonday, episodes, now);
      expect(iso(next?.at)).toBe('2024-01-15T16:30:00.000Z');
      expect(numbers(next)).toEqual([2]);
    }
  });

  it('moves on to the next week once a broadcast has begun, across midnight and 05:00', () => {
    // Tuesday 00:59 JST, still the Monday broadcast day: Ep 2 at 01:30.
    expect(numbers(nextEpisode(lateMonday, byCalendarDay, Date.parse('2024-01-15T15:59:00Z')))).toEqual([2]);
    // Tuesday 01:31 JST: Ep 2 has begun, Ep 3 is a week on.
    expect(numbers(nextEpisode(lateMonday, byCalendarDay, Date.parse('2024-01-15T16:31:00Z')))).toEqual([3]);
    expect(numbers(nextEpisode(lateMonday, byBroadcastDay, Date.parse('2024-01-15T16:31:00Z')))).toEqual([3]);
  });

  it('tells a broadcast at 04:59 from one at 05:00 by their broadcast days', () => {
    // A daily show at 28:59 (04:59 the next morning), its episodes dated by broadcast day.
    const daily: BroadcastDto = {
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      time: '28:59',
      period_days: 1,
      date_begin: localMidnight(2024, 1, 15, TOKYO),
      date_end: 0,
      time_zone: TOKYO,
    };
    const episodes = [ep(1, '2024-01-15'), ep(2, '2024-01-16'), ep(3, '2024-01-17')];
    // Tuesday 04:58 JST: the Monday broadcast day's 28:59 is a minute away — Ep 1, not Tuesday's Ep 2,
    // though the calendar already says Tuesday.
    const before = nextEpisode(daily, episodes, Date.parse('2024-01-15T19:58:00Z'));
    expect(iso(before?.at)).toBe('2024-01-15T19:59:00.000Z');
    expect(numbers(before)).toEqual([1]);
    // Tuesday 05:00 JST: the Tuesday broadcast day has begun; its 28:59 is Wednesday 04:59 — Ep 2.
    const after = nextEpisode(daily, episodes, Date.parse('2024-01-15T20:00:00Z'));
    expect(iso(after?.at)).toBe('2024-01-16T19:59:00.000Z');
    expect(numbers(after)).toEqual([2]);
  });

  it('names both episodes of a double broadcast', () => {
    const premiere = [ep(1, '2024-01-08'), ep(2, '2024-01-08'), ep(3, '2024-01-15')];
    const next = nextEpisode(lateMonday, premiere, Date.parse('2024-01-08T00:00:00Z'));
    expect(numbers(next)).toEqual([1, 2]);
    expect(episodesLabel(next!.episodes)).toBe('1–2');
  });

  it('invents nothing: no episodes, a week Bangumi skips, or a run that is over', () => {
    const now = Date.parse('2024-01-15T14:00:00Z');
    expect(nextEpisode(lateMonday, [], now)).toEqual({ at: Date.parse('2024-01-15T16:30:00Z'), episodes: [] });
    const skipped = [ep(1, '2024-01-08'), ep(2, '2024-01-22')]; // a special programme on the 15th
    expect(numbers(nextEpisode(lateMonday, skipped, now))).toEqual([]);
    const ended = { ...lateMonday, date_end: localMidnight(2024, 1, 8, TOKYO) };
    expect(nextEpisode(ended, byBroadcastDay, now)).toBeNull();
  });
});

describe('episodesAt', () => {
  it('asks the broadcast day first, so a daily late-night show is not given the next day’s episode', () => {
    // Dated by broadcast day: the Monday 25:30 broadcast is the Monday episode, though a Tuesday one exists.
    const daily = [ep(10, '2024-01-15'), ep(11, '2024-01-16')];
    expect(episodesAt(daily, Date.parse('2024-01-15T16:30:00Z'), TOKYO).map((e) => e.sort)).toEqual([10]);
  });
});

describe('episode numbers', () => {
  it('writes Bangumi’s numbers as it shows them', () => {
    expect(episodeNumber(ep(8, ''))).toBe('8');
    expect(episodeNumber(ep(12.5, ''))).toBe('12.5');
    expect(episodesLabel([ep(8, '')])).toBe('8');
    expect(episodesLabel([])).toBe('');
  });
});
