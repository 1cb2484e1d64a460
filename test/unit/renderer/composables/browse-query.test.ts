// The browse screen's URL: filters read from and written to the query, the year/month picker's
// reading of `date`, and the pager's window.
import { describe, expect, it } from 'vitest';
import {
  isDateFilter,
  pageWindow,
  parseBrowseQuery,
  readYearMonths,
  toBrowseQuery,
  writeYearMonths,
} from '../../../../src-renderer/src/composables/browse-query';

describe('parseBrowseQuery() / toBrowseQuery()', () => {
  it('reads every filter and writes it back the same', () => {
    const query = { initial: 'b', tag: 'OST,Piano', date: '2024-01,2024-03', page: '2' };
    const filters = parseBrowseQuery(query);
    expect(filters).toEqual({ initial: 'b', tags: ['OST', 'Piano'], date: '2024-01,2024-03', page: 2 });
    expect(toBrowseQuery(filters)).toEqual(query);
  });

  it('leaves out what is not set, and page 1', () => {
    expect(toBrowseQuery(parseBrowseQuery({}))).toEqual({});
    expect(toBrowseQuery({ tags: [], page: 1, initial: 'a' })).toEqual({ initial: 'a' });
  });

  it('drops values the API would refuse', () => {
    expect(parseBrowseQuery({ initial: 'ab', tag: ' ,OST,,OST ', date: '2024-13', page: '-3' })).toEqual({
      initial: undefined,
      tags: ['OST'],
      date: undefined,
      page: 1,
    });
    expect(parseBrowseQuery({ initial: 'B', page: 'x' })).toMatchObject({ initial: 'b', page: 1 });
    expect(parseBrowseQuery({ initial: ['c', 'd'], page: null })).toMatchObject({ initial: 'c', page: 1 });
  });
});

describe('isDateFilter()', () => {
  it.each(['2013', '2013-05', '201305', '2013-05-10', '20130510', '2024-01,2024-03', '2023,2024'])('accepts %s', (d) => expect(isDateFilter(d)).toBe(true));
  it.each(['13', '2013-5', '2013-00', '2013-05-32', '2013,2014,2015', 'last year', ''])('refuses %s', (d) => expect(isDateFilter(d)).toBe(false));
});

describe('readYearMonths() / writeYearMonths()', () => {
  it('reads a year, a month and a month range within a year', () => {
    expect(readYearMonths('2024')).toEqual({ year: 2024 });
    expect(readYearMonths('2024-03')).toEqual({ year: 2024, from: 3, to: 3 });
    expect(readYearMonths('202403')).toEqual({ year: 2024, from: 3, to: 3 });
    expect(readYearMonths('2024-01,2024-03')).toEqual({ year: 2024, from: 1, to: 3 });
  });

  it('cannot show days or ranges across years', () => {
    expect(readYearMonths('2024-03-10')).toBeUndefined();
    expect(readYearMonths('2023-11,2024-02')).toBeUndefined();
    expect(readYearMonths(undefined)).toBeUndefined();
  });

  it('writes the shortest date the API reads the same', () => {
    expect(writeYearMonths({ year: 2024 })).toBe('2024');
    expect(writeYearMonths({ year: 2024, from: 3 })).toBe('2024-03');
    expect(writeYearMonths({ year: 2024, from: 3, to: 3 })).toBe('2024-03');
    expect(writeYearMonths({ year: 2024, from: 1, to: 3 })).toBe('2024-01,2024-03');
    expect(writeYearMonths({ year: 2024, from: 5, to: 2 })).toBe('2024-02,2024-05');
    expect(writeYearMonths({ year: 2024, to: 4 })).toBe('2024-01,2024-04');
    expect(writeYearMonths({ year: 2024, from: 1, to: 12 })).toBe('2024');
  });

  it('round-trips what it writes', () => {
    for (const ym of [{ year: 2020 }, { year: 2021, from: 6, to: 6 }, { year: 2022, from: 2, to: 11 }]) {
      expect(readYearMonths(writeYearMonths(ym))).toEqual(ym);
    }
  });
});

describe('pageWindow()', () => {
  it('shows the ends and the pages around the current one, with gaps', () => {
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});
