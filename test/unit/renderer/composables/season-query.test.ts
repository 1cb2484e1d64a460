// The Seasons view's address: which season a path names, and the filters in its query, both ways.
import { describe, expect, it } from 'vitest';
import { parseSeasonQuery, seasonOfParams, seasonPath, toSeasonQuery } from '../../../../src-renderer/src/composables/season-query';

describe('seasonOfParams()', () => {
  it('reads a season of a year, and nothing as the current season', () => {
    expect(seasonOfParams({ year: '2026', season: 'fall' })).toEqual({ year: 2026, season: 'fall' });
    expect(seasonOfParams({})).toBeNull();
    expect(seasonOfParams({ year: '1899', season: 'fall' })).toBeNull();
    expect(seasonOfParams({ year: '2026', season: 'autumn' })).toBeNull();
  });

  it('is the way back from seasonPath()', () => {
    const [, , year, season] = seasonPath({ year: 2024, season: 'winter' }).split('/');
    expect(seasonOfParams({ year, season })).toEqual({ year: 2024, season: 'winter' });
  });
});

describe('the filters in the query', () => {
  it('reads kinds in the list’s order and Following, dropping what it does not know', () => {
    expect(parseSeasonQuery({ type: 'web,TV,cartoon', following: '1' })).toEqual({ types: ['tv', 'web'], following: true });
    expect(parseSeasonQuery({})).toEqual({ types: [], following: false });
    expect(parseSeasonQuery({ following: 'yes' }).following).toBe(false);
  });

  it('writes one address for one choice: every kind is no kind', () => {
    expect(toSeasonQuery({ types: ['web', 'tv'], following: true })).toEqual({ type: 'tv,web', following: '1' });
    expect(toSeasonQuery({ types: ['tv', 'web', 'movie', 'ova', 'oad'], following: false })).toEqual({});
    expect(parseSeasonQuery({ type: 'tv,web,movie,ova,oad' }).types).toEqual([]);
  });
});
