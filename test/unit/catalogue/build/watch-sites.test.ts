import { describe, expect, it } from 'vitest';
import { watchSites } from '../../../../src-main/catalogue/build/watch-sites';
import { FIXTURE_ANIME, FIXTURE_SITE_META } from '../../../fixtures/bangumi-fixture';

describe('watchSites()', () => {
  it('keeps on-air and info sites with their links, regions and own start, and leaves out resource sites and Bangumi', () => {
    expect(watchSites(FIXTURE_ANIME.mondayLateNight.sites, FIXTURE_SITE_META)).toEqual([
      {
        site: 'bilibili',
        name: '哔哩哔哩',
        kind: 'onair',
        url: 'https://www.bilibili.com/bangumi/media/md28231/',
        begin: Date.parse('2024-01-09T14:00:00.000Z') / 1000,
        regions: ['CN'],
      },
      { site: 'netflix', name: 'Netflix', kind: 'onair', url: 'https://www.netflix.com/title/81564905', begin: 0, regions: [] },
      { site: 'mal', name: 'MyAnimeList', kind: 'info', url: 'https://myanimelist.net/anime/52991', begin: 0, regions: [] },
    ]);
  });

  it('encodes each segment of an id, and drops sites without a usable link', () => {
    const meta = {
      ...FIXTURE_SITE_META,
      tmdb: { title: 'TMDB', urlTemplate: 'https://www.themoviedb.org/{{id}}', type: 'info' },
      odd: { title: 'Odd', urlTemplate: 'javascript:alert({{id}})', type: 'onair' },
      fixed: { title: 'Fixed', urlTemplate: 'https://example.org/', type: 'onair' },
    };
    const sites = watchSites(
      [
        { site: 'tmdb', id: 'tv/153 485?x' },
        { site: 'odd', id: '1' },
        { site: 'fixed', id: '1' },
        { site: 'netflix', id: '' },
        { site: 'unknown', id: '1' },
        { site: 'mal', id: '1' },
        { site: 'mal', id: '2' },
        { site: 'constructor', id: '1' },
      ],
      meta,
    );
    expect(sites.map((s) => s.url)).toEqual(['https://www.themoviedb.org/tv/153%20485%3Fx', 'https://myanimelist.net/anime/1']);
  });
});
