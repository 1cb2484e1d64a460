// A search's keyword as the catalogue takes it (docs/search-and-performance.md): split on white space
// (U+3000 included), held to the limits, each word folded — once, here, for both searches.
import { CodedError } from '../../contract/error-codes';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORD_WORDS } from '../../contract/limits';
import { keywordWords, rawWords, type KeywordWord } from './search-fold';

/**
 * The keyword's folded words, or a coded error naming `keyword`: none (blank, or blanks other than
 * spaces), more than MAX_KEYWORD_WORDS words or MAX_KEYWORD_LENGTH characters. Words of punctuation
 * only fold to nothing and are dropped: a keyword of nothing else matches nothing.
 */
export function keywordWordsOf(keyword: string): KeywordWord[] {
  if (keyword.length > MAX_KEYWORD_LENGTH) throw new CodedError('BAD_PARAMETER', `Parameter "keyword" is longer than ${MAX_KEYWORD_LENGTH} characters.`);
  const raw = rawWords(keyword);
  if (raw.length === 0) throw new CodedError('MISSING_PARAMETER', 'Parameter "keyword" is required.');
  if (raw.length > MAX_KEYWORD_WORDS) throw new CodedError('BAD_PARAMETER', `Parameter "keyword" has more than ${MAX_KEYWORD_WORDS} words.`);
  return keywordWords(keyword);
}
