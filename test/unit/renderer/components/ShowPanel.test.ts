// @vitest-environment happy-dom
// ShowPanel, an anime's broadcast and where to watch it, at fixed moments: before the run, during it
// (with a countdown to the late-night broadcast, naming its episode when Bangumi's episodes say), after
// it; and the sites that show or describe it.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnimeWikiDto } from '../../../../src-main/contract/objects';
import { localMidnight } from '../../../../src-main/contract/time';
import ShowPanel from '../../../../src-renderer/src/components/ShowPanel.vue';
import { i18n } from '../../../../src-renderer/src/i18n';

enableAutoUnmount(afterEach);
afterEach(() => vi.useRealTimers());

const show: Pick<AnimeWikiDto, 'wiki_id' | 'wiki_broadcast' | 'wiki_sites'> & Partial<Pick<AnimeWikiDto, 'wiki_bangumi'>> = {
  wiki_id: 1001,
  wiki_broadcast: {
    weekdays: [1],
    time: '25:30',
    period_days: 7,
    date_begin: localMidnight(2024, 1, 8, 'Asia/Tokyo'),
    date_end: localMidnight(2024, 3, 25, 'Asia/Tokyo'),
    time_zone: 'Asia/Tokyo',
  },
  wiki_sites: [
    {
      site: 'bilibili',
      name: '哔哩哔哩',
      kind: 'onair',
      url: 'https://www.bilibili.com/bangumi/media/md28231/',
      begin: Date.parse('2024-01-09T14:00:00Z') / 1000,
      regions: ['CN'],
    },
    { site: 'mal', name: 'MyAnimeList', kind: 'info', url: 'https://myanimelist.net/anime/52991', begin: 0, regions: [] },
  ],
};

function at(iso: string, wiki = show) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  return mount(ShowPanel, { props: { wiki }, global: { plugins: [i18n, createPinia()] } });
}
const text = (w: ReturnType<typeof at>, id: string) => w.get(`[data-testid="${id}"]`).text();

describe('ShowPanel', () => {
  it('airing: the slot in Japan time with its real clock, and the time left until the next broadcast', () => {
    const w = at('2024-02-05T14:00:00Z'); // Monday 23:00 JST
    expect(text(w, 'show-status')).toBe('Airing');
    expect(text(w, 'show-slot-japan')).toBe('Every Monday at 25:30 (25:30 is 01:30 the next morning)');
    expect(text(w, 'show-next')).toMatch(/^in 2 h 30 min ·/);
    expect(text(w, 'show-last')).toBe('Mar 25, 2024');
    expect(w.find('[data-testid="add-to-calendar"]').exists()).toBe(true);
  });

  it('names the next episode in the countdown when Bangumi’s episodes date it, and no episode when they do not', () => {
    const episode = (sort: number, airdate: string) => ({ sort, ep: sort, airdate, date: 0, name: '', name_cn: '' });
    const wiki_bangumi = { summary: '', episode_count: 12, fetched_at: 0, episodes: [episode(4, '2024-01-30'), episode(5, '2024-02-06')] };
    // Monday 5 February 23:00 JST: tonight's 25:30 is Tuesday 6 February, Ep 5.
    expect(text(at('2024-02-05T14:00:00Z', { ...show, wiki_bangumi }), 'show-next')).toMatch(/^Ep 5 in 2 h 30 min ·/);
    // A week on, Bangumi lists nothing yet: the countdown alone.
    expect(text(at('2024-02-12T14:00:00Z', { ...show, wiki_bangumi }), 'show-next')).toMatch(/^in 2 h 30 min ·/);
  });

  it('before the first broadcast and after the last', () => {
    expect(text(at('2024-01-01T00:00:00Z'), 'show-status')).toBe('Not yet begun');
    const after = at('2024-04-01T00:00:00Z');
    expect(text(after, 'show-status')).toBe('Finished');
    expect(after.find('[data-testid="show-next"]').exists()).toBe(false);
    expect(after.find('[data-testid="add-to-calendar"]').exists()).toBe(false);
  });

  it('links where to watch (regions, own start) and where to read, opening outside', () => {
    const w = at('2024-02-05T14:00:00Z');
    const watch = w.get('[data-testid="watch-sites"]');
    const link = watch.get('a');
    expect(link.attributes('href')).toBe('https://www.bilibili.com/bangumi/media/md28231/');
    expect(link.attributes('rel')).toBe('noopener noreferrer');
    expect(watch.text()).toContain('CN');
    expect(watch.text()).toContain('from Jan 9, 2024');
    expect(w.get('[data-testid="info-sites"] a').text()).toContain('MyAnimeList');
  });

  it('says when no slot is known', () => {
    const w = at('2024-02-05T14:00:00Z', { ...show, wiki_broadcast: null, wiki_sites: [] });
    expect(w.text()).toContain('No weekly broadcast is known');
    expect(w.find('[data-testid="watch-sites"]').exists()).toBe(false);
  });
});
