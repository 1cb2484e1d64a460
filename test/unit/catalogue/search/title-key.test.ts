import { describe, expect, it } from 'vitest';
import { initialOf, titleKey } from '../../../../src-main/catalogue/search/title-key';

describe('titleKey()', () => {
  it.each([
    ['the real sample mixing kana, Han and Latin', '祈り～You Raise Me Up', 'qiriyouraisemeup'],
    ['Simplified Han as toneless pinyin', '东方', 'dongfang'],
    ['Traditional Han as toneless pinyin', '東方紅魔郷', 'dongfanghongmoxiang'],
    ['ü written as v', '绿', 'lv'],
    ['hiragana as romaji', 'いのり', 'inori'],
    ['katakana with a long vowel mark', 'ラーメン', 'raamen'],
    ['half-width katakana', 'ｶﾀｶﾅ', 'katakana'],
    ['Latin with diacritics folded to ASCII', 'Pokémon Ærø', 'pokemonaero'],
    ['full-width letters and digits', 'ＡＢＣ１２３', 'abc123'],
    ['punctuation and symbols dropped, kanji read as pinyin', 'Re:ゼロから始める ★ (TV)', 'rezerokarashimerutv'],
    ['only symbols', '★☆♪！', ''],
  ])('folds %s', (_what, title, key) => {
    expect(titleKey(title)).toBe(key);
  });

  it('is lower-case ASCII letters and digits only', () => {
    for (const title of ['Fate/strange Fake', 'けいおん!!', '进击的巨人 第二季', 'ÉCOLE 42', 'Ω Ψ']) {
      expect(titleKey(title)).toMatch(/^[a-z0-9]*$/);
    }
  });
});

describe('initialOf()', () => {
  it.each([
    ['qiriyouraisemeup', 'q'],
    ['abc', 'a'],
    ['zeta', 'z'],
    ['86eightysix', '0'],
    ['', '0'],
  ])('gives the initial of %j as %j', (key, initial) => {
    expect(initialOf(key)).toBe(initial);
  });
});
