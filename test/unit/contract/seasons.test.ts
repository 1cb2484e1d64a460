// Anime seasons: which season an instant is in, the season before and after, and a season's days.
import { describe, expect, it } from 'vitest';
import { isSeason, seasonOf, seasonRange, shiftSeason, SEASONS, type SeasonOfYear } from '../../../src-main/contract/seasons';

const at = (iso: string) => Date.parse(iso);
const seconds = (iso: string) => at(iso) / 1000;

describe('seasonOf()', () => {
  it('splits the year in quarters by the Tokyo calendar', () => {
    expect(seasonOf(at('2024-02-01T03:00:00Z'))).toEqual({ year: 2024, season: 'winter' });
    expect(seasonOf(at('2024-04-01T00:00:00+09:00'))).toEqual({ year: 2024, season: 'spring' });
    expect(seasonOf(at('2024-09-30T23:59:59+09:00'))).toEqual({ year: 2024, season: 'summer' });
    expect(seasonOf(at('2026-11-27T06:05:00Z'))).toEqual({ year: 2026, season: 'fall' });
  });

  it('reads the calendar of the zone it is given', () => {
    // 31 December 2023 20:00 in New York is already 1 January 2024 in Tokyo.
    const newYearInTokyo = at('2024-01-01T01:00:00Z');
    expect(seasonOf(newYearInTokyo)).toEqual({ year: 2024, season: 'winter' });
    expect(seasonOf(newYearInTokyo, 'America/New_York')).toEqual({ year: 2023, season: 'fall' });
  });
});

describe('shiftSeason()', () => {
  it('steps over the turn of the year both ways', () => {
    expect(shiftSeason({ year: 2026, season: 'fall' }, 1)).toEqual({ year: 2027, season: 'winter' });
    expect(shiftSeason({ year: 2026, season: 'winter' }, -1)).toEqual({ year: 2025, season: 'fall' });
    expect(shiftSeason({ year: 2026, season: 'spring' }, -6)).toEqual({ year: 2024, season: 'fall' });
    expect(shiftSeason({ year: 2026, season: 'summer' }, 0)).toEqual({ year: 2026, season: 'summer' });
  });

  it('goes round the four seasons in order', () => {
    const seen = [0, 1, 2, 3, 4].map((n) => shiftSeason({ year: 2024, season: 'winter' }, n));
    expect(seen.map((s) => s.season)).toEqual([...SEASONS, 'winter']);
    expect(seen.at(-1)!.year).toBe(2025);
  });
});

describe('seasonRange()', () => {
  it('runs from the first local midnight of the season to the next season’s', () => {
    expect(seasonRange({ year: 2024, season: 'winter' })).toEqual({ from: seconds('2023-12-31T15:00:00Z'), to: seconds('2024-03-31T15:00:00Z') });
    expect(seasonRange({ year: 2024, season: 'spring' })).toEqual({ from: seconds('2024-03-31T15:00:00Z'), to: seconds('2024-06-30T15:00:00Z') });
    expect(seasonRange({ year: 2024, season: 'summer' })).toEqual({ from: seconds('2024-06-30T15:00:00Z'), to: seconds('2024-09-30T15:00:00Z') });
    expect(seasonRange({ year: 2026, season: 'fall' })).toEqual({ from: seconds('2026-09-30T15:00:00Z'), to: seconds('2026-12-31T15:00:00Z') });
  });

  it('leaves no day out between one season and the next', () => {
    let season: SeasonOfYear = { year: 2023, season: 'winter' };
    for (let i = 0; i < 8; i++) {
      const next = shiftSeason(season, 1);
      expect(seasonRange(season).to).toBe(seasonRange(next).from);
      season = next;
    }
  });

  it('follows daylight saving in a zone that has it', () => {
    // Berlin: CET (UTC+1) in winter, CEST (UTC+2) from the last Sunday of March.
    expect(seasonRange({ year: 2024, season: 'spring' }, 'Europe/Berlin')).toEqual({
      from: seconds('2024-03-31T22:00:00Z'),
      to: seconds('2024-06-30T22:00:00Z'),
    });
  });
});

describe('isSeason()', () => {
  it('takes the four names only', () => {
    expect(SEASONS.every(isSeason)).toBe(true);
    expect(['autumn', 'Fall', '', undefined, 3].some(isSeason)).toBe(false);
  });
});
