// The language lyrics are written in, for their `lang` attribute (fonts pick the right glyphs for a
// kanji, screen readers the right voice): read from the scripts of the text, as nothing in a tag says.
// Kana anywhere is Japanese (Japanese lyrics are kanji and kana, with English lines between); Hangul is
// Korean; Han without kana is Chinese; anything else (Latin, digits, ♪) says nothing, and the lines
// take the page's language.

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const HAN = /\p{Script=Han}/u;

export function lyricsLanguage(lines: readonly { text: string }[]): 'ja' | 'ko' | 'zh' | undefined {
  const text = lines.map((l) => l.text).join('\n');
  if (KANA.test(text)) return 'ja';
  if (HANGUL.test(text)) return 'ko';
  if (HAN.test(text)) return 'zh';
  return undefined;
}
