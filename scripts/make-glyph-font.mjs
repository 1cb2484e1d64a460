// `npm run make:glyph-font`: writes src-renderer/src/assets/fonts/moecat-wave-dash.otf, a one-glyph
// font for the wave dash 〜 (U+301C), drawn here with opentype.js. Japanese titles use the wave dash
// often (敵は海賊〜猫たちの饗宴〜), and some systems have no font with it (a Linux desktop with only
// WenQuanYi, which has the fullwidth tilde U+FF5E but not U+301C): the page's font stack names this
// font after every system CJK font, with unicode-range U+301C, so it is used only where none has the
// glyph. Run it again after changing the drawing, and commit the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype from 'opentype.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const UNITS = 1000;
const ASCENDER = 880;
const DESCENDER = -120;

/**
 * One period of a wave across the em box at CJK punctuation height (centred on y = 380), as a closed
 * outline: the upper edge left to right, then the lower edge back, each two cubic curves.
 */
function waveDash() {
  const path = new opentype.Path();
  const mid = 380;
  const amp = 95;
  const half = 38; // half the stroke's thickness
  const [x0, x1, x2] = [90, 500, 910];
  path.moveTo(x0, mid + half);
  // Up to the crest then down through the middle, down to the trough then up to the end (y is up).
  path.curveTo(x0 + 110, mid + half + amp * 1.6, x1 - 150, mid + half + amp * 1.2, x1, mid + half);
  path.curveTo(x1 + 150, mid + half - amp * 1.2, x2 - 110, mid + half - amp * 1.6, x2, mid + half);
  path.lineTo(x2, mid - half);
  path.curveTo(x2 - 110, mid - half - amp * 1.6, x1 + 150, mid - half - amp * 1.2, x1, mid - half);
  path.curveTo(x1 - 150, mid - half + amp * 1.2, x0 + 110, mid - half + amp * 1.6, x0, mid - half);
  path.close();
  return path;
}

const notdef = new opentype.Glyph({ name: '.notdef', unicode: undefined, advanceWidth: UNITS, path: new opentype.Path() });
const wave = new opentype.Glyph({ name: 'uni301C', unicode: 0x301c, advanceWidth: UNITS, path: waveDash() });
const font = new opentype.Font({
  familyName: 'Moecat Wave Dash',
  styleName: 'Regular',
  unitsPerEm: UNITS,
  ascender: ASCENDER,
  descender: DESCENDER,
  glyphs: [notdef, wave],
});

const outDir = join(root, 'src-renderer', 'src', 'assets', 'fonts');
mkdirSync(outDir, { recursive: true });
const file = join(outDir, 'moecat-wave-dash.otf');
writeFileSync(file, Buffer.from(font.toArrayBuffer()));
console.log(`wrote ${file}`);
