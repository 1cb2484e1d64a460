// Which parts of a text a search matched, for <mark>: case-insensitive, NFKC (full-width ↔ ASCII,
// half-width kana) and katakana ↔ hiragana, the cheap parts of the server's folding. Simplified ↔
// Traditional and romanised matches are not highlighted: the server finds them, the text has no such run.

export interface TextPart {
  text: string;
  hit: boolean;
}

/** The words of a search box's text, as the server splits them (white space, U+3000 included). */
export function keywordWords(q: string): string[] {
  return q.split(/[\s\u3000]+/u).filter(Boolean);
}

function foldChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  // Fast paths for what titles are mostly made of: ASCII, and kanji and hiragana (NFKC leaves both as they are).
  if (code < 0x80) return ch.toLowerCase();
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3041 && code <= 0x3096)) return ch;
  let out = '';
  for (const c of ch.normalize('NFKC').toLowerCase()) {
    const code = c.codePointAt(0)!;
    // Katakana ァ..ヶ → hiragana ぁ..ゖ.
    out += code >= 0x30a1 && code <= 0x30f6 ? String.fromCodePoint(code - 0x60) : c;
  }
  return out;
}

export function foldText(text: string): string {
  let out = '';
  for (const ch of text) out += foldChar(ch);
  return out;
}

/** The text split into runs, `hit` where one of the words occurs; adjacent or overlapping hits merge. */
export function highlightParts(text: string, words: string[]): TextPart[] {
  const needles = [...new Set(words.map(foldText).filter(Boolean))];
  if (needles.length === 0 || text === '') return [{ text, hit: false }];

  // folded[i] came from text[from[i] .. to[i]).
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let pos = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let i = 0; i < f.length; i++) {
      from.push(pos);
      to.push(pos + ch.length);
    }
    folded += f;
    pos += ch.length;
  }

  const marked = new Array<boolean>(text.length).fill(false);
  for (const needle of needles) {
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      for (let i = from[at]; i < to[at + needle.length - 1]; i++) marked[i] = true;
    }
  }

  const parts: TextPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.hit === marked[i]) last.text += text[i];
    else parts.push({ text: text[i], hit: marked[i] });
  }
  return parts;
}
