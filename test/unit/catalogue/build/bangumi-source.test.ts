import { describe, expect, it } from 'vitest';
import { assignIds, bangumiEntries, HASHED_ID_BASE, HASHED_ID_SPAN, type BangumiItem } from '../../../../src-main/catalogue/build/bangumi-source';

const item = (title: string, bgm: string | undefined, begin = '2024-01-08T16:30:00.000Z', extra: Partial<BangumiItem> = {}): BangumiItem => ({
  title,
  type: 'tv',
  begin,
  end: '',
  broadcast: `R/${begin}/P7D`,
  sites: bgm ? [{ site: 'bangumi', id: bgm }] : [],
  ...extra,
});

describe('assignIds()', () => {
  it('uses the Bangumi subject id as the wiki id', () => {
    expect(assignIds([item('A', '100'), item('B', '200')])).toEqual([100, 200]);
  });

  it('gives a shared subject id to the earliest item and a hashed id to the other', () => {
    const later = item('B dub', '100', '2025-01-01T00:00:00.000Z');
    const ids = assignIds([later, item('A', '100')]);
    expect(ids[1]).toBe(100);
    expect(ids[0]).toBeGreaterThanOrEqual(HASHED_ID_BASE);
    expect(ids[0]).toBeLessThan(HASHED_ID_BASE + HASHED_ID_SPAN);
  });

  it('keeps every id when upstream adds items anywhere in the list', () => {
    const base = [item('A', '100'), item('No id 1', undefined), item('No id 2', undefined, '2023-04-01T00:00:00.000Z'), item('C', '300')];
    const before = new Map(base.map((it, i) => [it.title, assignIds(base)[i]]));
    const grown = [item('New first', '50'), ...base.slice(0, 2), item('New no id', undefined, '2022-01-01T00:00:00.000Z'), ...base.slice(2)];
    const after = assignIds(grown);
    grown.forEach((it, i) => {
      if (before.has(it.title)) expect(after[i]).toBe(before.get(it.title));
    });
    expect(new Set(after).size).toBe(grown.length);
  });
});

describe('bangumiEntries()', () => {
  it('maps an item to an entry with aliases, Bangumi id, a Tokyo-midnight date and a year tag', () => {
    const [e] = bangumiEntries([
      item('東方', '4242', '2024-01-08T16:30:00.000Z', { titleTranslate: { 'zh-Hans': ['东方'], en: ['Touhou', '東方'] } }),
    ]);
    expect(e).toMatchObject({ wikiId: 4242, type: 'tv', title: '東方', bgmId: 4242, tags: ['2024'] });
    expect(e.aliases).toEqual([{ lang: 'zh-Hans', title: '东方' }, { lang: 'en', title: 'Touhou' }]);
    // 01:30 on 9 January in Tokyo is on the calendar day 9 January.
    expect(e.date).toBe(Date.UTC(2024, 0, 9) / 1000 - 9 * 3600);
  });

  it('gives date 0 when begin is unknown', () => {
    expect(bangumiEntries([item('X', '1', '')])[0].date).toBe(0);
  });
});
