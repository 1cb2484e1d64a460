// The keyword search index: what the builder writes into the FTS5 tables and the MATCH expressions the
// queries send to them. Design (measured on a generated 100k-entry / 1M-sub-entry catalogue):
//
// - Text is folded first (search-fold.ts), so matching is an exact substring test on folded text.
// - Each folded field is written as its sequence of overlapping trigrams, then two end tokens (its
//   last two characters, its last character): "东方之夜" → `东方之 方之夜 之夜 夜`. FTS5 (tokenizer `ascii`: every non-ASCII character and [a-z0-9] is a
//   token character, and folded text has nothing else) stores them with positions (detail=full) and
//   with prefix indexes of 1 and 2 characters.
//     · a word of 3+ characters is the phrase of its trigrams — consecutive positions, so an exact
//       substring, with no re-check of the text;
//     · a word of 1 or 2 characters is a prefix query (`"东"*`): every occurrence of it starts some
//       trigram or end token, and the prefix index answers it from one doclist.
//   So every word length is one index look-up, CJK or Latin alike; counting ~25k matches takes ~1 ms
//   and the first page in rowid order stops after the page (FTS5 walks doclists newest id first).
//   Plain FTS5 `trigram` cannot answer 1–2 character words at all, and an (n-gram, rowid) B-tree
//   table was 3–5× larger for the same answers.
// - Fields are separated by a token no query contains (`·`), so no phrase spans two fields.
// - Column `title` holds the row's own title, `other` its aliases and title key (for sub-entries: the
//   sub-entry's key), `kind` its type as a plain token (`music`, `song` …) for the type filter.
//   sub_fts also has `entry`: the owning entry's title, aliases and key. Copying it to every
//   sub-entry costs build time and space (about a third of the index), but makes "every word in the
//   sub-entry or its entry" one FTS expression; a join per word was 100× slower on common words. Tiers
//   of the ranking are FTS5 expressions over these columns (queries/search.ts), so ranking never sorts
//   the match set: each tier is read in rowid order.
// - The tables are contentless (content=''): the text lives in wiki/sub; the index only answers ids.
// User text never reaches MATCH as syntax: a word is folded to letters, marks and digits, and every
// token is quoted with `"` doubled (quotes, `*`, NEAR, AND, `-`, parentheses are searched as text —
// folding drops the punctuation ones; AND/NEAR become plain quoted words).

/** Separates fields inside one FTS column; folded text never contains it (it is punctuation). */
const FIELD_BREAK = '\u00b7';

/** The index tokens of one folded field. */
function fieldTokens(folded: string): string[] {
  const cs = [...folded];
  const out: string[] = [];
  for (let i = 0; i + 3 <= cs.length; i++) out.push(cs[i] + cs[i + 1] + cs[i + 2]);
  if (cs.length >= 2) out.push(cs[cs.length - 2] + cs[cs.length - 1]);
  if (cs.length >= 1) out.push(cs[cs.length - 1]);
  return out;
}

/** The text of one FTS column made of several folded fields. */
export function indexColumn(fields: string[]): string {
  return fields
    .filter(Boolean)
    .map((f) => fieldTokens(f).join(' '))
    .join(` ${FIELD_BREAK} `);
}

/** Several index columns' texts as one column (a sub-entry's `entry` column is its entry's title + other). */
export function joinColumns(...columns: string[]): string {
  return columns.filter(Boolean).join(` ${FIELD_BREAK} `);
}

const quote = (token: string) => `"${token.replace(/"/g, '""')}"`;

/** One folded word as an FTS5 expression over `columns`: a trigram phrase, or a prefix query. */
export function wordMatch(word: string, columns: string): string {
  const cs = [...word];
  if (cs.length === 0) throw new RangeError('wordMatch: empty word');
  const tokens = cs.length < 3 ? `${quote(word)}*` : quote(fieldTokens(word).slice(0, cs.length - 2).join(' '));
  return `{${columns}} : ${tokens}`;
}

/** Every word in `columns` (AND). */
export function allWords(words: string[], columns: string): string {
  return words.map((w) => wordMatch(w, columns)).join(' AND ');
}

/** The `kind` column restricted to `types`, or '' when every type is wanted. */
export function kindMatch(types: string[] | undefined): string {
  if (!types || types.length === 0) return '';
  return `{kind} : (${types.map(quote).join(' OR ')})`;
}

/** `a AND b …`, skipping empty parts, each part parenthesised. */
export function and(...parts: string[]): string {
  return parts
    .filter(Boolean)
    .map((p) => `(${p})`)
    .join(' AND ');
}
