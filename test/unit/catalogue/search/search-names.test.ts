// entryNames() and latinWords(): the names an entry is found by whole, and the words typing slips are
// checked against.
import { describe, expect, it } from 'vitest';
import { entryNames, latinWords } from '../../../../src-main/catalogue/search/search-names';

/** The names, a part in brackets. */
const names = (titles: string[]) => entryNames(titles).map((n) => (n.part ? `(${n.name})` : n.name));

describe('entryNames()', () => {
  it('folds each name, and adds the head and tail around a colon or a spaced dash', () => {
    expect(names(['Demon Slayer: Kimetsu no Yaiba'])).toEqual(['demonslayerkimetsunoyaiba', '(demonslayer)', '(kimetsunoyaiba)']);
    expect(names(['Re:ZERO -Starting Life in Another World-'])).toEqual(['rezerostartinglifeinanotherworld', '(zerostartinglifeinanotherworld)']);
    expect(names(['かぐや様は告らせたい～天才たちの恋愛頭脳戦～'])).toContain('(天才たちの恋爱头脑战)');
  });

  it('leaves out parts too short to name anything, and repeats', () => {
    expect(names(['Kaguya-sama: OVA', 'Kaguya-sama: OVA'])).toEqual(['kaguyasamaova', '(kaguyasama)']);
    expect(names(['K-ON!'])).toEqual(['kon']);
  });

  it('keeps a name that is also another name’s part as a whole name', () => {
    expect(names(['Kaguya-sama: Love is War', 'Kaguya-sama'])).toEqual(['kaguyasamaloveiswar', 'kaguyasama', '(loveiswar)']);
  });

  it('spells × also as x, as people type SPY×FAMILY', () => {
    expect(names(['SPY×FAMILY'])).toEqual(['spyfamily', 'spyxfamily']);
  });
});

describe('latinWords()', () => {
  it('splits a name into lower-case Latin words of 3 letters or more, accents dropped', () => {
    expect(latinWords("Frieren: Beyond the Journey's End")).toEqual(['frieren', 'beyond', 'the', 'journey', 'end']);
    expect(latinWords('Pokémon 2000 進撃 K-ON!')).toEqual(['pokemon']);
  });
});
