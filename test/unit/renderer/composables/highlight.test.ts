// The search screen's marks: which runs of a title the typed words match.
import { describe, expect, it } from 'vitest';
import { foldText, highlightParts, keywordWords } from '../../../../src-renderer/src/composables/highlight';

const marked = (text: string, words: string[]) =>
  highlightParts(text, words)
    .filter((p) => p.hit)
    .map((p) => p.text);

describe('highlightParts()', () => {
  it('marks every occurrence of every word, ignoring case', () => {
    expect(marked('Sakura Letters — sakura', ['SAKURA'])).toEqual(['Sakura', 'sakura']);
    expect(marked('Blue Horizon', ['blue', 'hori'])).toEqual(['Blue', 'Hori']);
  });

  it('keeps the text whole: the parts join back to it', () => {
    const text = '東方幻夜譚 ～ Phantasmal Night Tales';
    expect(
      highlightParts(text, ['night', '東方'])
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(marked(text, ['night', '東方'])).toEqual(['東方', 'Night']);
  });

  it('matches across width and kana kind (NFKC, katakana = hiragana)', () => {
    expect(marked('ＳＡＫＵＲＡ ｻｸﾗ', ['sakura', 'サクラ'])).toEqual(['ＳＡＫＵＲＡ', 'ｻｸﾗ']);
    expect(marked('さくら色の手紙', ['サクラ'])).toEqual(['さくら']);
  });

  it('merges overlapping and adjacent matches into one mark', () => {
    expect(highlightParts('abcdef', ['abc', 'cde'])).toEqual([
      { text: 'abcde', hit: true },
      { text: 'f', hit: false },
    ]);
  });

  it('marks nothing for no words or no match, and keeps characters outside the BMP intact', () => {
    expect(highlightParts('Letters', [])).toEqual([{ text: 'Letters', hit: false }]);
    expect(marked('Letters', ['zzz'])).toEqual([]);
    expect(marked('𠮷野家 yoshinoya', ['𠮷野'])).toEqual(['𠮷野']);
  });
});

describe('keywordWords()', () => {
  it('splits on spaces, ideographic space included', () => {
    expect(keywordWords('  blue\u3000horizon  ost ')).toEqual(['blue', 'horizon', 'ost']);
    expect(keywordWords('   ')).toEqual([]);
  });
});

describe('foldText()', () => {
  it('folds ASCII, kanji and hiragana (its fast paths) exactly as NFKC, lower case and katakana → hiragana do', () => {
    const slow = (ch: string) =>
      [...ch.normalize('NFKC').toLowerCase()].map((c) => (c >= '\u30a1' && c <= '\u30f6' ? String.fromCodePoint(c.codePointAt(0)! - 0x60) : c)).join('');
    const ranges = [
      [0x00, 0x7f],
      [0x3041, 0x3096],
      [0x4e00, 0x9fff],
      [0x30a1, 0x30ff],
      [0xff01, 0xff9f],
    ];
    for (const [from, to] of ranges) {
      for (let code = from; code <= to; code++) {
        const ch = String.fromCodePoint(code);
        expect(foldText(ch), `U+${code.toString(16)}`).toBe(slow(ch));
      }
    }
  });
});
