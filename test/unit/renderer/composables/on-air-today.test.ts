// What On air's cards say of today's shows ("airing now", "Ep 8 in 2 h", the next show) and the dates
// of its day headers, in Japan time and in the viewer's own time.
import { describe, expect, it } from 'vitest';
import type { EpisodeDto, OnAirDto } from '../../../../src-main/contract/objects';
import { formatColumnDate, timingOf, todaysBroadcast, todayTimings, weekDates } from '../../../../src-renderer/src/composables/on-air-today';

const TOKYO = 'Asia/Tokyo';
const NEW_YORK = 'America/New_York';
/** Thursday 1 February 2024, 12:00 in Tokyo (Wednesday 31 January, 22:00 in New York). */
const THURSDAY_NOON = Date.parse('2024-02-01T03:00:00Z');
const MIN = 60_000;

const episode = (sort: number, airdate: string): EpisodeDto => ({ sort, ep: sort, airdate, date: 0, name: '', name_cn: '' });
let ids = 0;
/** A schedule entry: its weekday and time in Japan, and what the API said of its next broadcast. */
const slot = (oa_week: number, oa_time: string, next: { at?: number; episodes?: EpisodeDto[] } = {}) =>
  ({ oa_id: ++ids, oa_week, oa_time, oa_next_at: (next.at ?? 0) / 1000, oa_next_episodes: next.episodes ?? [] }) satisfies Pick<
    OnAirDto,
    'oa_id' | 'oa_week' | 'oa_time' | 'oa_next_at' | 'oa_next_episodes'
  >;

describe('todaysBroadcast()', () => {
  it('is the slot on today’s broadcast day in Japan time, a 25:30 show included; other days have none', () => {
    expect(todaysBroadcast(slot(4, '19:00'), 'catalogue', THURSDAY_NOON, TOKYO)).toBe(Date.parse('2024-02-01T10:00:00Z'));
    expect(todaysBroadcast(slot(4, '25:30'), 'catalogue', THURSDAY_NOON, TOKYO)).toBe(Date.parse('2024-02-01T16:30:00Z'));
    // At 02:00 on Friday it is still Thursday's broadcast day.
    expect(todaysBroadcast(slot(4, '25:30'), 'catalogue', Date.parse('2024-02-01T17:00:00Z'), TOKYO)).toBe(Date.parse('2024-02-01T16:30:00Z'));
    expect(todaysBroadcast(slot(3, '19:00'), 'catalogue', THURSDAY_NOON, TOKYO)).toBeNull();
  });

  it('is the broadcast that falls on the viewer’s own today in My time, from this week or a week either side', () => {
    // Thursday 10:00 in Tokyo is Wednesday 20:00 in New York: today there.
    expect(todaysBroadcast(slot(4, '10:00'), 'local', THURSDAY_NOON, NEW_YORK)).toBe(Date.parse('2024-02-01T01:00:00Z'));
    expect(todaysBroadcast(slot(3, '10:00'), 'local', THURSDAY_NOON, NEW_YORK)).toBeNull();
    // Sunday 4 February, 21:00 in New York (Monday 11:00 in Tokyo, a new week there): Tokyo's Sunday 23:00
    // show aired at 09:00 this Sunday in New York, which is last week's broadcast in Tokyo.
    const sundayNight = Date.parse('2024-02-05T02:00:00Z');
    expect(todaysBroadcast(slot(7, '23:00'), 'local', sundayNight, NEW_YORK)).toBe(Date.parse('2024-02-04T14:00:00Z'));
    expect(todaysBroadcast(slot(1, '10:00'), 'local', sundayNight, NEW_YORK)).toBe(Date.parse('2024-02-05T01:00:00Z'));
  });
});

describe('timingOf()', () => {
  const at = Date.parse('2024-02-01T10:00:00Z'); // Thursday 19:00 in Tokyo
  it('counts down in minutes under an hour, else in whole hours, rounded', () => {
    expect(timingOf(slot(4, '19:00'), at, at - 40 * MIN)).toEqual({ at, state: 'coming', episode: '', left: { key: 'minutes', m: 40 } });
    expect(timingOf(slot(4, '19:00'), at, at - 130 * MIN).left).toEqual({ key: 'hours', h: 2 });
    expect(timingOf(slot(4, '19:00'), at, at - 160 * MIN).left).toEqual({ key: 'hours', h: 3 });
  });

  it('is airing for half an hour from its start, then over', () => {
    expect(timingOf(slot(4, '19:00'), at, at)).toMatchObject({ state: 'airing', left: null });
    expect(timingOf(slot(4, '19:00'), at, at + 29 * MIN).state).toBe('airing');
    expect(timingOf(slot(4, '19:00'), at, at + 30 * MIN)).toMatchObject({ state: 'over', left: null });
  });

  it('names the episodes only when the API’s next broadcast is this one', () => {
    const named = slot(4, '19:00', { at, episodes: [episode(8, '2024-02-01')] });
    expect(timingOf(named, at, at - 120 * MIN).episode).toBe('8');
    // Loaded before it began, the week still names it while it airs.
    expect(timingOf(named, at, at + 5 * MIN).episode).toBe('8');
    expect(timingOf(slot(4, '19:00', { at, episodes: [episode(1, '2024-02-01'), episode(2, '2024-02-01')] }), at, at - MIN).episode).toBe('1–2');
    // The API spoke of another broadcast (next week's): nothing is named.
    const later = slot(4, '19:00', { at: at + 7 * 86_400_000, episodes: [episode(9, '2024-02-08')] });
    expect(timingOf(later, at, at - MIN).episode).toBe('');
  });
});

describe('todayTimings()', () => {
  it('times today’s cards only and picks the first still to begin as next', () => {
    const over = slot(4, '07:00');
    const airing = slot(4, '11:45');
    const soon = slot(4, '13:00');
    const later = slot(4, '12:30');
    const tomorrow = slot(5, '12:10');
    const { timings, next } = todayTimings([over, airing, soon, later, tomorrow], 'catalogue', THURSDAY_NOON, TOKYO);
    expect([over, airing, soon, later].map((e) => timings.get(e.oa_id)?.state)).toEqual(['over', 'airing', 'coming', 'coming']);
    expect(timings.has(tomorrow.oa_id)).toBe(false);
    expect(next).toBe(later.oa_id);
  });

  it('has no next show once the day’s last has begun', () => {
    expect(todayTimings([slot(4, '07:00'), slot(4, '11:50')], 'catalogue', THURSDAY_NOON, TOKYO).next).toBeNull();
  });
});

describe('weekDates() and formatColumnDate()', () => {
  it('dates the columns Monday to Sunday of this week: Japan’s broadcast days, or the viewer’s own days', () => {
    const japan = weekDates('catalogue', THURSDAY_NOON, TOKYO);
    expect([japan[1], japan[4], japan[7]]).toEqual([
      { year: 2024, month: 1, day: 29 },
      { year: 2024, month: 2, day: 1 },
      { year: 2024, month: 2, day: 4 },
    ]);
    // Wednesday evening in New York: that Wednesday is 31 January.
    expect(weekDates('local', THURSDAY_NOON, NEW_YORK)[3]).toEqual({ year: 2024, month: 1, day: 31 });
    // 02:00 on Friday in Tokyo is still Thursday's broadcast day.
    expect(weekDates('catalogue', Date.parse('2024-02-01T17:00:00Z'), TOKYO)[4]).toEqual({ year: 2024, month: 2, day: 1 });
  });

  it('writes the day in the UI’s language, short and long', () => {
    const day = { year: 2026, month: 11, day: 27 };
    expect(formatColumnDate(day, 'en', 'short')).toBe('Fri, Nov 27');
    expect(formatColumnDate(day, 'en', 'long')).toBe('Friday, November 27');
    expect(formatColumnDate(day, 'zh-Hans', 'short')).toContain('11月27日');
    expect(formatColumnDate(day, 'ja', 'short')).toContain('11月27日');
  });
});
