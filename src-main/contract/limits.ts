// Limits of the API that its clients may need to know.

/** search/wiki and search/sub count and list at most this many matches (queries/search.ts says why). */
export const SEARCH_COUNT_LIMIT = 10_000;
