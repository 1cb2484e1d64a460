// The one normalisation applied to both searched text and keywords, so that matching is a plain
// substring test: NFKC (full/half width), case folding, katakana → hiragana.

const KATAKANA = /[\u30a1-\u30f6]/g;

export function searchFold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(KATAKANA, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Keywords: split on any white space (U+3000 included), folded, empty words dropped. */
export function keywordWords(keyword: string): string[] {
  return searchFold(keyword)
    .split(/[\s\u3000]+/u)
    .filter(Boolean);
}

/** The text a wiki is found by: title, aliases and title key, separated so no word spans two. */
export function wikiSearchText(title: string, aliases: string[], key: string): string {
  return [title, ...aliases, key].map(searchFold).join('\u0001');
}
