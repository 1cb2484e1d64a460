// searchFold() and keywordWords(): the normalisation shared by the index and the keywords.
import { describe, expect, it } from 'vitest';
import { HAN_FOLD_PAIRS } from '../../../../src-main/catalogue/search/han-fold-table';
import { keywordWords, searchFold, wordSegments } from '../../../../src-main/catalogue/search/search-fold';
// @ts-expect-error — a plain .mjs helper of the generator script, without type declarations
import { hanFoldPairs } from '../../../../scripts/han-fold-pairs.mjs';

describe('searchFold()', () => {
  it.each([
    ['東方', '东方'],
    ['海賊王', '海贼王'],
    ['廣播劇', '广播剧'],
    ['桜の手紙', '樱の手纸'], // Japanese shinjitai 桜 folds with traditional 櫻 and simplified 樱
    ['櫻の手紙', '樱の手纸'],
    ['ＯＮＥ　ＰＩＥＣＥ', 'onepiece'],
    ['ｱﾆﾒ', 'あにめ'],
    ['アニメ', 'あにめ'],
    ['Pokémon', 'pokemon'],
    ['祈り～You Raise Me Up Instrumental', '祈りyouraisemeupinstrumental'],
    ['祈り~You Raise Me Up (Instrumental)', '祈りyouraisemeupinstrumental'],
    ['"*" NEAR(a b) AND -x', 'nearabandx'],
  ])('folds %s to %s', (text, folded) => {
    expect(searchFold(text)).toBe(folded);
  });

  it('is idempotent on every Han character of the table', () => {
    const table = [...HAN_FOLD_PAIRS];
    const all = table.join('');
    expect(searchFold(searchFold(all))).toBe(searchFold(all));
  });

  it('uses the Han table opencc-js gives today (regenerate with node scripts/gen-han-fold.mjs)', async () => {
    const pairs = (await hanFoldPairs()) as [string, string][];
    expect(pairs.map(([a, b]) => a + b).join('')).toBe(HAN_FOLD_PAIRS);
  });
});

describe('keywordWords()', () => {
  it('splits on white space including U+3000 and drops words of punctuation only', () => {
    expect(keywordWords('Blue　Horizon ～ "x"').map((w) => w.whole)).toEqual(['blue', 'horizon', 'x']);
    expect(keywordWords('* - ()')).toEqual([]);
  });

  it('gives a CJK run its word segments, one-character segments merged', () => {
    expect(wordSegments('噬神者广播剧')).toEqual(['噬神者', '广播', '剧']);
    expect(keywordWords('噬神者广播剧')).toEqual([{ whole: '噬神者广播剧', segments: ['噬神者', '广播', '剧'] }]);
    expect(wordSegments('touhou')).toBeUndefined();
  });
});
