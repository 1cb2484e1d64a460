// A keyword may hold a typing slip: `atack on titan`, `frieran`, `kimetsu no yaba`. When a search finds
// nothing, its Latin words of 4 or more letters are respelled one at a time — those that match nothing
// on their own first — each as the known words one slip away (a letter dropped, added or changed, or
// two neighbours swapped: Damerau–Levenshtein distance 1), the commonest first, until the keyword
// finds something (search-queries.ts). The known words are the Latin words of every entry's names
// (search-names.ts, table search_word). Only a search that found nothing is changed, and the answer
// says which keyword it is for.
import type { Db } from '../db/database';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Every word one slip away from `word` (which is [a-z0-9]). */
export function oneSlipAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return [...out];
}

/** Latin words this short are left as they are: one slip away from a short word is too many words. */
const MIN_LENGTH = 4;

/** The most respellings tried for one word. */
export const MAX_RESPELLINGS = 5;

export function spellingQueries(db: Db) {
  const known = db
    .prepare(`SELECT word FROM search_word WHERE word IN (SELECT value FROM json_each(?)) ORDER BY n DESC, word LIMIT ${MAX_RESPELLINGS}`)
    .pluck();
  return {
    /** The known words one slip away from `word`, the commonest first; none for a short or non-Latin word. */
    near(word: string): string[] {
      if (word.length < MIN_LENGTH || !/^[a-z0-9]+$/.test(word)) return [];
      return known.all(JSON.stringify(oneSlipAway(word))) as string[];
    },
  };
}
