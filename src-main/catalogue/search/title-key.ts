// Title keys (`*_title_encode`) and initials, as docs/architecture.md defines them: lower-case ASCII [a-z0-9],
// Han characters as toneless pinyin (ü written v, as typed on keyboards), kana as romaji, Latin folded
// to ASCII, everything else dropped. The initial is the key's first character, or '0'.
import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';
import { toRomaji } from 'wanakana';

// U+30FC (prolonged sound mark) and U+30FB are Script=Common but belong to a kana run.
const RUN = /(\p{Script=Han}+)|([\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+)|([^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+)/gu;

function foldRun(han: string | undefined, kana: string | undefined, other: string | undefined): string {
  if (han) return pinyin(han, { toneType: 'none', type: 'array', v: true }).join('');
  if (kana) return toRomaji(kana);
  return anyAscii(other ?? '');
}

export function titleKey(title: string): string {
  let out = '';
  for (const m of title.normalize('NFKC').matchAll(RUN)) out += foldRun(m[1], m[2], m[3]);
  // pinyin-pro and wanakana may leave non-ASCII for rare characters: fold once more, then keep [a-z0-9].
  return anyAscii(out)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** The browse initial: 'a'–'z', or '0' for anything else (digits, an empty key). */
export function initialOf(key: string): string {
  const c = key.charAt(0);
  return c >= 'a' && c <= 'z' ? c : '0';
}
