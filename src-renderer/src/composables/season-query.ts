// The Seasons view's place in the address, so a view can be bookmarked and back/forward restore it:
// /seasons is the current season (a bookmark that stays current), /seasons/2026/fall one season, and
// the filters ride in the query (?type=tv,web&following=1). Values the view does not know are dropped
// when read, so a hand-edited address still shows something.
import { isSeason, SEASON_YEARS, type SeasonOfYear } from '../../../src-main/contract/seasons';
import { SECTION_TYPES } from '../../../src-main/contract/sections';

/** The kinds of show a season lists: the anime section's types, web series included. */
export const SEASON_TYPES: readonly string[] = SECTION_TYPES.anime;

export interface SeasonFilters {
  /** Kinds of show to list; none = every kind. */
  types: string[];
  /** Only the shows the user follows (favourite entries). */
  following: boolean;
}

type QueryValue = string | null | undefined | (string | null)[];
type ParamValue = string | string[] | undefined;

const single = (value: QueryValue | ParamValue): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return v == null ? undefined : v.trim();
};

/** The season the path names, or null for the current one (/seasons, or a year out of range). */
export function seasonOfParams(params: { year?: ParamValue; season?: ParamValue }): SeasonOfYear | null {
  const year = Number(single(params.year));
  const season = single(params.season)?.toLowerCase();
  if (!Number.isInteger(year) || year < SEASON_YEARS.min || year > SEASON_YEARS.max || !isSeason(season)) return null;
  return { year, season };
}

export function parseSeasonQuery(query: Record<string, QueryValue>): SeasonFilters {
  const asked = (single(query.type) ?? '').toLowerCase().split(',');
  // In the list's own order, so one choice has one address.
  const types = SEASON_TYPES.filter((t) => asked.includes(t));
  return { types: types.length === SEASON_TYPES.length ? [] : types, following: single(query.following) === '1' };
}

export function toSeasonQuery(filters: SeasonFilters): Record<string, string> {
  const query: Record<string, string> = {};
  const types = SEASON_TYPES.filter((t) => filters.types.includes(t));
  if (types.length > 0 && types.length < SEASON_TYPES.length) query.type = types.join(',');
  if (filters.following) query.following = '1';
  return query;
}

export const seasonPath = ({ year, season }: SeasonOfYear) => `/seasons/${year}/${season}`;
