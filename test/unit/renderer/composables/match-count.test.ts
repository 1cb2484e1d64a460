// Search counts as shown: grouped digits, and a "+" when the server's count stopped at its limit.
import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_LIMIT } from '../../../../src-main/contract/limits';
import { matchCount } from '../../../../src-renderer/src/composables/match-count';

describe('matchCount', () => {
  it('groups digits the reader’s way', () => {
    expect(matchCount(0, 'en')).toBe('0');
    expect(matchCount(1234, 'en')).toBe('1,234');
    expect(matchCount(SEARCH_COUNT_LIMIT - 1, 'en')).toBe('9,999');
  });

  it('adds "+" at the limit, where the server stopped counting', () => {
    expect(matchCount(SEARCH_COUNT_LIMIT, 'en')).toBe('10,000+');
    expect(matchCount(SEARCH_COUNT_LIMIT, 'ja')).toBe('10,000+');
  });
});
