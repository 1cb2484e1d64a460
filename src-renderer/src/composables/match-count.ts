// A search's match count as people read it: grouped digits, and "10,000+" when the server's count
// stopped at its limit (there may be more).
import { SEARCH_COUNT_LIMIT } from '../../../src-main/contract/limits';

export function matchCount(count: number, locale: string): string {
  const text = count.toLocaleString(locale);
  return count >= SEARCH_COUNT_LIMIT ? `${text}+` : text;
}
