// The one normalisation applied to both searched text and keywords, so that matching is a plain
// substring test on folded text (docs/search-and-performance.md):
//   NFKC (full/half width) → lower case → Latin diacritics dropped (é → e) → katakana → hiragana
//   → Han variants folded to one form (traditional and Japanese shinjitai → simplified, per OpenCC)
//   → everything but letters, marks and digits dropped (punctuation, symbols and spaces).
// Folding is idempotent and works character by character, so a substring of a folded text folds to
// itself — the property the search index and its tests rely on.
import { HAN_FOLD_PAIRS } from './han-fold-table';

const HAN_FOLD = new Map<string, string>();
for (let i = 0; i < HAN_FOLD_PAIRS.length; i += 2) HAN_FOLD.set(HAN_FOLD_PAIRS[i], HAN_FOLD_PAIRS[i + 1]);

const HAN = /[\u3400-\u9fff]/g;
const KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;
const COMBINING_LATIN = /[\u0300-\u036f]/g;
const NOT_SEARCHABLE = /[^\p{L}\p{M}\p{N}]+/gu;
// Only text with a character outside printable ASCII needs the Unicode steps.
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

export function searchFold(text: string): string {
  if (PLAIN_ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_LATIN, '')
    .normalize('NFC')
    .replace(KATAKANA, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(HAN, (c) => HAN_FOLD.get(c) ?? c)
    .replace(NOT_SEARCHABLE, '');
}

/** A keyword word as typed (not yet folded) and what it matches. */
export interface KeywordWord {
  /** The folded word: the row must contain it… */
  whole: string;
  /** …or, for a CJK run, every one of these folded word segments (ranked below whole matches). */
  segments?: string[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * The word segments of a CJK run (Intl.Segmenter), runs of one-character segments merged back into
 * one (a name the dictionary does not know, 噬|神|者 → 噬神者); undefined when it is one segment.
 */
export function wordSegments(word: string): string[] | undefined {
  if (!CJK.test(word)) return undefined;
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const parts: string[] = [];
  let single = '';
  for (const s of segmenter.segment(word.normalize('NFKC'))) {
    if (!s.isWordLike) continue;
    if ([...s.segment].length === 1) {
      single += s.segment;
      continue;
    }
    if (single) parts.push(single);
    single = '';
    parts.push(s.segment);
  }
  if (single) parts.push(single);
  const folded = [...new Set(parts.map(searchFold).filter(Boolean))];
  return folded.length > 1 ? folded : undefined;
}

/**
 * Keywords: split on any white space (U+3000 included), each word folded; words that fold to nothing
 * (only punctuation) are dropped, so `祈り ～ You` is two words.
 */
export function keywordWords(keyword: string): KeywordWord[] {
  const out: KeywordWord[] = [];
  for (const raw of keyword.split(/[\s\u3000]+/u)) {
    const whole = searchFold(raw);
    if (!whole || out.some((w) => w.whole === whole)) continue;
    const segments = wordSegments(raw);
    out.push(segments ? { whole, segments } : { whole });
  }
  return out;
}

/** Splits a keyword into raw words (for the word-count limit), before folding. */
export function rawWords(keyword: string): string[] {
  return keyword.split(/[\s\u3000]+/u).filter(Boolean);
}
