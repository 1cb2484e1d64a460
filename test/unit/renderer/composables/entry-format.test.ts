// Track numbers as people write them: no zero padding, a multi-disc number kept whole (or split by disc for
// a track list's disc headings), in the UI's words.
import { describe, expect, it } from 'vitest';
import { discsOf, formatIsoDay, isStaleData, trackLabel, trackNumber } from '../../../../src-renderer/src/composables/entry-format';

const t = (key: string, named: Record<string, unknown>) => `${key}:${named.n}`;

describe('trackNumber', () => {
  it.each([
    ['01', '1'],
    ['1', '1'],
    ['12', '12'],
    ['2-03', '2-03'],
    ['SP', 'SP'],
    ['', ''],
    [' 7 ', '7'],
  ])('%j → %j', (order, shown) => expect(trackNumber(order)).toBe(shown));
});

describe('discsOf', () => {
  it('splits the disc-track orders of an album of several discs', () => {
    expect(discsOf(['1-01', '1-02', '2-01', "2-01'"])).toEqual([
      { disc: 1, track: '1' },
      { disc: 1, track: '2' },
      { disc: 2, track: '1' },
      { disc: 2, track: "1'" },
    ]);
  });

  it.each([[['1', '2']], [['1-01', '1-02']], [['1-01', 'SP']], [[]]])('leaves %j alone: not several discs', (orders) => expect(discsOf(orders)).toBeNull());
});

describe('trackLabel', () => {
  it('names songs as tracks and episodes as episodes, with the number', () => {
    expect(trackLabel({ sub_type: 'song', sub_order: '03' }, t)).toBe('entry.trackNo.song:3');
    expect(trackLabel({ sub_type: 'ep', sub_order: '12' }, t)).toBe('entry.trackNo.ep:12');
    expect(trackLabel({ sub_type: 'song', sub_order: '2-03' }, t)).toBe('entry.trackNo.song:2-03');
  });

  it('falls back when there is no number', () => {
    expect(trackLabel({ sub_type: 'song', sub_order: '' }, t, 'Song')).toBe('Song');
  });
});

describe('formatIsoDay() and isStaleData()', () => {
  it('writes an ISO day in the viewer’s language, whatever their time zone', () => {
    expect(formatIsoDay('2026-04-29', 'en')).toBe('Apr 29, 2026');
    expect(formatIsoDay('2026-04-29', 'ja')).toBe('2026/04/29');
    expect(formatIsoDay('', 'en')).toBe('');
  });

  it('calls anime data old once its newest start is four weeks behind', () => {
    const day = Date.parse('2026-04-29T00:00:00Z');
    expect(isStaleData('2026-04-29', day + 27 * 86_400_000)).toBe(false);
    expect(isStaleData('2026-04-29', day + 29 * 86_400_000)).toBe(true);
    expect(isStaleData('', day)).toBe(false);
  });
});
