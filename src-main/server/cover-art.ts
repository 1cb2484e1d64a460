// Generated covers: an SVG drawn from the title (a two-colour gradient picked by a hash of the title,
// the first characters large), so every entry has a recognisable picture. No words are drawn in: the
// picture is the same in every language, and the UI names the type beside it in the reader's.
// They are served as JPEGs drawn from that SVG by sharp (loaded on the first one): a browser decodes
// a JPEG off its main thread, while each SVG image is a document of its own that Chromium builds on
// the page's thread (about 5 ms each, a hundred on On air). The response says it is generated
// (GENERATED_COVER_HEADER), so a Moecat syncing from this one leaves it to its own generator.
import { COVER_SIZES, type CoverSize } from '../contract/covers';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

/** The glyphs shown on the cover: the first two characters of a CJK title, else up to two initials. */
export function coverGlyphs(title: string): string {
  const chars = [...title.normalize('NFKC').trim()];
  if (chars.length === 0) return '?';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(chars[0])) return chars.slice(0, 2).join('');
  const words = title
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((w) => [...w][0])
      .join('') || chars[0]
  ).toUpperCase();
}

export function coverSvg(title: string, size: CoverSize): string {
  const px = COVER_SIZES[size];
  const h = hash(title);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 80)) % 360;
  const glyphs = escapeXml(coverGlyphs(title));
  const fontSize = [...coverGlyphs(title)].length > 1 ? 38 : 52;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue1} 62% 58%)"/><stop offset="1" stop-color="hsl(${hue2} 58% 38%)"/></linearGradient></defs>
<rect width="100" height="100" fill="url(#g)"/>
<text x="50" y="54" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, 'Noto Sans CJK JP', sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff" fill-opacity="0.92">${glyphs}</text>
</svg>`;
}

/** The cover drawn last: covers are drawn one after another. */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * The generated cover as a JPEG of the size's pixels. They are drawn one at a time (2–5 ms each): a
 * page of new covers then does not take every core from the browser showing them.
 */
export function coverJpeg(title: string, size: CoverSize): Promise<Buffer> {
  const drawn = drawing.then(async () => {
    const { default: sharp } = await import('sharp');
    return sharp(Buffer.from(coverSvg(title, size)))
      .jpeg({ quality: 85 })
      .toBuffer();
  });
  drawing = drawn.catch(() => undefined);
  return drawn;
}
