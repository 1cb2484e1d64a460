// Anime seasons, shared by /season and the UI's Seasons view (pure: no environment). A year has four,
// as Japanese listings (and LiveChart's season chart) split it — Winter January–March, Spring
// April–June, Summer July–September, Fall October–December — in the catalogue's time zone, and a show
// belongs to the season its first day (wiki_date) falls in, whatever kind of show it is.
import { CATALOGUE_TIME_ZONE, localMidnight, wallTime } from './time';

export const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;
export type Season = (typeof SEASONS)[number];

export interface SeasonOfYear {
  year: number;
  season: Season;
}

/** The years a season may be asked for: the same span as `/wikis`'s `date`. */
export const SEASON_YEARS = { min: 1900, max: 2999 } as const;

export const isSeason = (value: unknown): value is Season => (SEASONS as readonly unknown[]).includes(value);

/** The season holding an instant (Unix ms), by the calendar in `timeZone`. */
export function seasonOf(ms: number, timeZone = CATALOGUE_TIME_ZONE): SeasonOfYear {
  const { year, month } = wallTime(ms, timeZone);
  return { year, season: SEASONS[Math.floor((month - 1) / 3)] };
}

/** The season `by` seasons after `from` (before it when negative), across years. */
export function shiftSeason(from: SeasonOfYear, by: number): SeasonOfYear {
  const index = from.year * 4 + SEASONS.indexOf(from.season) + by;
  return { year: Math.floor(index / 4), season: SEASONS[((index % 4) + 4) % 4] };
}

/**
 * The season's days as Unix seconds: `from` its first local midnight (inclusive), `to` the next
 * season's (exclusive) — the range of wiki_date its shows have.
 */
export function seasonRange({ year, season }: SeasonOfYear, timeZone = CATALOGUE_TIME_ZONE): { from: number; to: number } {
  const firstMonth = SEASONS.indexOf(season) * 3 + 1;
  // localMidnight takes month 13 as January of the next year.
  return { from: localMidnight(year, firstMonth, 1, timeZone), to: localMidnight(year, firstMonth + 3, 1, timeZone) };
}
