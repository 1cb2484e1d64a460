// Which alias the UI shows as an entry's translated title, per UI language, on real alias lists
// from the bundled catalogue (bangumi-data's titleTranslate, language tags dropped on the wire).
import { describe, expect, it } from 'vitest';
import { translatedTitle } from '../../../../src-renderer/src/composables/translated-title';

const witchHat = ['WITCH HAT ATELIER', 'Witch Hat Atelier', '尖帽子的魔法工房', '魔法帽的工作室'];
const farmer = ['异世界悠闲农家 第二季', '異世界悠閒農家 2', '異世界悠閒農家 S2', '異世界悠閒農家 第二季'];
// Traditional first: the Simplified one must still win.
const eren = ['左撇子艾倫', '左撇子艾伦', 'Eren the Southpaw'];

describe('translatedTitle()', () => {
  it('picks the first Latin alias for English', () => {
    expect(translatedTitle('とんがり帽子のアトリエ', witchHat, 'en')).toBe('WITCH HAT ATELIER');
    expect(translatedTitle('左ききのエレン', eren, 'en')).toBe('Eren the Southpaw');
  });

  it('picks a Simplified Chinese alias for 简体中文 over Traditional ones', () => {
    expect(translatedTitle('とんがり帽子のアトリエ', witchHat, 'zh-Hans')).toBe('尖帽子的魔法工房');
    expect(translatedTitle('異世界のんびり農家2', farmer, 'zh-Hans')).toBe('异世界悠闲农家 第二季');
    expect(translatedTitle('左ききのエレン', eren, 'zh-Hans')).toBe('左撇子艾伦');
  });

  it('shows no translation for 日本語: the original is the Japanese title', () => {
    expect(translatedTitle('とんがり帽子のアトリエ', witchHat, 'ja')).toBeUndefined();
  });

  it('skips aliases in kana or mixed with Han, and the title itself', () => {
    expect(translatedTitle('LIAR GAME -ライアーゲーム-', ['欺诈游戏', 'LIAR GAME'], 'en')).toBe('LIAR GAME');
    expect(translatedTitle('元祖！バンドリちゃん', ['元祖！BanG Dream Chan'], 'en')).toBeUndefined();
    expect(translatedTitle('Blue Horizon', ['blue horizon'], 'en')).toBeUndefined();
    expect(translatedTitle('劇場版 鬼滅の刃', ['剧场版 鬼灭の刃'], 'zh-Hans')).toBeUndefined();
  });

  it('has nothing to show without aliases', () => {
    expect(translatedTitle('キラキラADらっこちゃん', [], 'en')).toBeUndefined();
    expect(translatedTitle('キラキラADらっこちゃん', [], 'zh-Hans')).toBeUndefined();
  });
});
