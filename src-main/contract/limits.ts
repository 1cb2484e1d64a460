// Limits of the API that its clients may need to know.

/** search/wiki and search/sub count and list at most this many matches (catalogue/search/search-queries.ts says why). */
export const SEARCH_COUNT_LIMIT = 10_000;

/** A search keyword holds at most this many characters and words (search-keyword.ts). */
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_KEYWORD_WORDS = 8;
