// Japanese titles draw every character with a real glyph, none as the missing-glyph box: the wave dash
// 〜 (U+301C) of titles such as 敵は海賊〜猫たちの饗宴〜 included, in the page's own font stack (CI
// installs a CJK font, as a Linux desktop has one). Screenshot: title-wave-dash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './fixtures/browser';

const TITLED = 8379; // 敵は海賊〜猫たちの饗宴〜 in bangumi-data

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('glyphs', () => {
  it('draws 〜 and the kana and kanji around it, not a missing-glyph box', async () => {
    const page = await h.open(`/anime/${TITLED}`);
    const title = page.getByTestId('entry-title');
    await expect(title.textContent()).resolves.toBe('敵は海賊〜猫たちの饗宴〜');
    // Each character drawn in the title's font, compared with an unassigned code point (U+0378),
    // which every font draws as its missing-glyph box.
    const boxed = await title.evaluate(async (el) => {
      const font = getComputedStyle(el).font;
      // A canvas draws with fonts already loaded: load what the title's text needs first, as the page does.
      await document.fonts.load(font, el.textContent ?? '');
      await document.fonts.ready;
      const draw = (ch: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 64;
        const c = canvas.getContext('2d')!;
        c.font = font;
        c.textBaseline = 'top';
        c.fillText(ch, 4, 4);
        return Array.from(c.getImageData(0, 0, 64, 64).data).join(',');
      };
      const missing = draw('\u0378');
      return ['〜', '敵', 'は', '猫', '饗'].filter((ch) => draw(ch) === missing);
    });
    expect(boxed).toEqual([]);
    await title.screenshot({ path: `${process.cwd()}/test-results/screens/title-wave-dash.png` });
  });
});
