// The keyword search index: what the builder writes into the FTS5 tables and the MATCH expressions the
// queries send to them. The figures behind each choice: docs/search-and-performance.md.
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
//   So every word length is one index look-up, CJK or Latin alike, and the first page in rowid order
//   stops after the page (FTS5 walks doclists newest id first).
//     · a phrase pays for the doclist of every token in it, so a common trigram inside a rare word
//       costs most of its time. A trigram in the middle of a word is implied by its neighbours where
//       they overlap (`osh` at p and `him` at p+2 spell `oshim`), so such a word is asked as
//       NEAR("osh" "him", 1) — the phrases before and after the dropped trigram, at most one token
//       apart — which reads the rare neighbours' doclists only. FTS5 NEAR lets the two
//       phrases stand in either order and closer (their starts at most |phrase| + 1 apart), so it is
//       used only when no other placement of the two is consistent with the word's own letters
//       (nearIsExact; `aaaaa` keeps its phrase); two 3-character tokens that close are always in one
//       field (the end tokens and the break sit between fields). Which trigrams are common is read
//       from the catalogue's meta (`search_common_tokens`: estimated row counts of the trigrams in at
//       least COMMON_TOKEN_ROWS rows, tallied by the build over every 64th entry). The tally is only a
//       hint: a stale or missing one changes the speed of a search, never its answer.
//   Plain FTS5 `trigram` cannot answer 1–2 character words at all, and an (n-gram, rowid) B-tree
//   table was several times larger for the same answers.
// - Fields are separated by a token no query contains (`·`), so no phrase spans two fields.
// - Column `title` holds the row's own title, `other` its aliases and title key (for sub-entries: the
//   sub-entry's key), `kind` its type as a plain token (`music`, `song` …) for the type filter.
//   sub_fts also has `entry`: the owning entry's title, aliases and key. Copying it to every
//   sub-entry costs build time and space, but makes "every word in the sub-entry or its entry" one FTS
//   expression, where a join per word was far slower on common words. Tiers of the ranking are FTS5
//   expressions over these columns (search-queries.ts), so ranking never sorts the match set: each
//   tier is read in rowid order.
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

/** Estimated row counts of an FTS table's common trigrams (see the header); absent means rare. */
export type CommonTokens = ReadonlyMap<string, number>;
const NO_COMMON_TOKENS: CommonTokens = new Map();

/** A trigram in at least this many rows is worth leaving out of a phrase (~0.3 ms of doclist). */
export const COMMON_TOKEN_ROWS = 5000;

/**
 * Whether NEAR(P Q, 1) — P the word's trigrams before trigram `drop`, Q those after it — matches only
 * rows holding the word. FTS5 matches it where the phrases' starts are δ tokens apart, Q after P by at
 * most |P| + 1 or before it by at most |Q| + 1; δ = drop + 1 spells the word. Any other δ puts Q's
 * letters over P's (the two always overlap in that window): if they agree somewhere, a text could hold
 * both there without the word, and the phrase must be asked instead.
 */
export function nearIsExact(cs: readonly string[], drop: number): boolean {
  const trigrams = cs.length - 2;
  if (drop < 1 || drop > trigrams - 2) throw new RangeError(`nearIsExact: trigram ${drop} of ${trigrams} is not inside the word`);
  const p = cs.slice(0, drop + 2);
  const q = cs.slice(drop + 1);
  for (let d = -(trigrams - drop); d <= drop + 1; d++) {
    if (d === drop + 1) continue;
    if (q.every((c, j) => d + j < 0 || d + j >= p.length || p[d + j] === c)) return false;
  }
  return true;
}

/** The inner trigram to leave out of the word's phrase: the commonest one NEAR can spare, if any is common. */
function droppedTrigram(cs: string[], trigrams: string[], common: CommonTokens): number | undefined {
  let best: number | undefined;
  let bestRows = COMMON_TOKEN_ROWS - 1;
  for (let i = 1; i < trigrams.length - 1; i++) {
    const rows = common.get(trigrams[i]) ?? 0;
    if (rows > bestRows && nearIsExact(cs, i)) {
      best = i;
      bestRows = rows;
    }
  }
  return best;
}

/**
 * One folded word as an FTS5 expression over `columns`: a prefix query (1–2 characters), a trigram
 * phrase, or (a common inner trigram) a NEAR of the phrases around it.
 */
export function wordMatch(word: string, columns: string, common: CommonTokens = NO_COMMON_TOKENS): string {
  const cs = [...word];
  if (cs.length === 0) throw new RangeError('wordMatch: empty word');
  if (cs.length < 3) return `{${columns}} : ${quote(word)}*`;
  const trigrams = fieldTokens(word).slice(0, cs.length - 2);
  const drop = droppedTrigram(cs, trigrams, common);
  if (drop === undefined) return `{${columns}} : ${quote(trigrams.join(' '))}`;
  return `{${columns}} : NEAR(${quote(trigrams.slice(0, drop).join(' '))} ${quote(trigrams.slice(drop + 1).join(' '))}, 1)`;
}

/** Every word in `columns` (AND). */
export function allWords(words: string[], columns: string, common?: CommonTokens): string {
  return words.map((w) => wordMatch(w, columns, common)).join(' AND ');
}

/**
 * The build's tally of common trigrams counts every SAMPLE_EVERY-th entry and scales the counts. Every
 * 8th cost the 1M-row build 12 s (a Map of millions of rare trigrams); every 64th costs ~0.4 s of CPU
 * (profiled) and puts `shi` at 162k rows of the true 166k.
 */
const SAMPLE_EVERY = 64;
const isTrigram = (t: string) => (t.length === 3 ? !/[\ud800-\udbff]/.test(t) : t.length > 3 && t.length <= 6 && [...t].length === 3);

function trigramSet(columns: string[]): Set<string> {
  const set = new Set<string>();
  for (const text of columns) for (const t of text.split(' ')) if (isTrigram(t)) set.add(t);
  return set;
}

const add = (m: Map<string, number>, t: string, n: number) => m.set(t, (m.get(t) ?? 0) + n);

export class TokenTally {
  private readonly wiki = new Map<string, number>();
  private readonly sub = new Map<string, number>();
  private entries = 0;

  /**
   * One entry's index columns and each of its sub-entries' own columns: the entry's trigrams are in its
   * wiki_fts row and, through the `entry` column, in every sub-entry's sub_fts row.
   */
  add(entryColumns: string[], subColumns: string[][]): void {
    if (this.entries++ % SAMPLE_EVERY !== 0) return;
    const own = trigramSet(entryColumns);
    for (const t of own) {
      add(this.wiki, t, 1);
      if (subColumns.length) add(this.sub, t, subColumns.length);
    }
    for (const columns of subColumns) for (const t of trigramSet(columns)) if (!own.has(t)) add(this.sub, t, 1);
  }

  /** The common trigrams of each table with their estimated row counts: the meta value `search_common_tokens`. */
  toJson(): string {
    const common = (m: Map<string, number>) =>
      Object.fromEntries([...m].map(([t, n]) => [t, n * SAMPLE_EVERY] as const).filter(([, n]) => n >= COMMON_TOKEN_ROWS));
    return JSON.stringify({ wiki_fts: common(this.wiki), sub_fts: common(this.sub) });
  }
}

/** The meta value `search_common_tokens` read back: each table's common trigrams (none when absent or unreadable). */
export function commonTokensOf(json: string | undefined, table: 'wiki_fts' | 'sub_fts'): CommonTokens {
  try {
    const parsed = JSON.parse(json ?? '{}') as Record<string, Record<string, number>>;
    return new Map(Object.entries(parsed[table] ?? {}).filter(([, n]) => typeof n === 'number'));
  } catch {
    return NO_COMMON_TOKENS;
  }
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
