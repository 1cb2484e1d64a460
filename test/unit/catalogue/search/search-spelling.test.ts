// oneSlipAway(): the words a typing slip away — one letter dropped, added or changed, or two
// neighbours swapped.
import { describe, expect, it } from 'vitest';
import { oneSlipAway } from '../../../../src-main/catalogue/search/search-spelling';

describe('oneSlipAway()', () => {
  const near = oneSlipAway('atack');
  it.each([
    ['attack', 'a letter added'],
    ['atac', 'a letter dropped'],
    ['atuck', 'a letter changed'],
    ['taack', 'two neighbours swapped'],
  ])('holds %s (%s)', (word) => expect(near).toContain(word));

  it('holds nothing two slips away, and not the word itself', () => {
    expect(near).not.toContain('atack');
    expect(near).not.toContain('attacks');
    expect(near).not.toContain('tacka');
  });

  it('holds no repeats', () => expect(new Set(near).size).toBe(near.length));
});
