import { describe, expect, it } from 'vitest';
import { subViewTitle } from '../../../../src-main/catalogue/write/view-title';

describe('subViewTitle()', () => {
  it.each([
    ['song', '3', 'Kaze no Uta', 'song.03 Kaze no Uta'],
    ['ep', '12', '第十二話', 'ep.12 第十二話'],
    ['song', '100', 'Encore', 'song.100 Encore'],
    ['ep', 'SP', 'Special', 'ep.SP Special'],
  ])('formats %s %s as the view title', (type, order, title, expected) => {
    expect(subViewTitle(type, order, title)).toBe(expected);
  });
});
