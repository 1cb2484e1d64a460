// The keyword index's expressions (search-index.ts) on a real FTS5 table built the way the catalogue
// builds its own: a word leaves a common inner trigram out (NEAR of the phrases around it) only where
// that finds exactly the rows holding the word, and the build's tally of common trigrams.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_TOKEN_ROWS, TokenTally, commonTokensOf, indexColumn, nearIsExact, wordMatch } from '../../../../src-main/catalogue/search/search-index';

/** Every trigram of `word`, as common as can be. */
const allCommon = (word: string): Map<string, number> => {
  const cs = [...word];
  return new Map(cs.slice(0, -2).map((_, i) => [cs.slice(i, i + 3).join(''), 1e6] as const));
};

describe('nearIsExact()', () => {
  it('accepts a word whose two halves fit together only one way', () => {
    expect(nearIsExact([...'oshim'], 1)).toBe(true);
    expect(nearIsExact([...'東方紅魔郷'], 1)).toBe(true);
    expect(nearIsExact([...'abcdefg'], 2)).toBe(true);
  });

  it('refuses a word whose halves also fit closer or the other way round', () => {
    // `aaa` … `aaa`: any overlap of the two halves agrees.
    expect(nearIsExact([...'aaaaa'], 1)).toBe(false);
    // Q = "bab" fits over P = "aba" shifted by one letter, as in "abab" + "ab".
    expect(nearIsExact([...'ababa'], 1)).toBe(false);
  });

  it('takes only inner trigrams', () => {
    expect(() => nearIsExact([...'oshim'], 0)).toThrow(RangeError);
    expect(() => nearIsExact([...'oshim'], 2)).toThrow(RangeError);
  });
});

describe('wordMatch()', () => {
  it('asks a word with no common inner trigram as its phrase, and 1–2 characters as a prefix', () => {
    expect(wordMatch('oshim', 'title')).toBe('{title} : "osh shi him"');
    expect(
      wordMatch(
        'oshim',
        'title',
        new Map([
          ['osh', 1e6],
          ['him', 1e6],
        ]),
      ),
    ).toBe('{title} : "osh shi him"');
    expect(wordMatch('oshim', 'title', new Map([['shi', COMMON_TOKEN_ROWS - 1]]))).toBe('{title} : "osh shi him"');
    expect(wordMatch('東方', 'title other')).toBe('{title other} : "東方"*');
  });

  it('leaves out the commonest inner trigram as a NEAR of the phrases around it', () => {
    expect(wordMatch('oshim', 'title other entry', new Map([['shi', COMMON_TOKEN_ROWS]]))).toBe('{title other entry} : NEAR("osh" "him", 1)');
    // abcdefg: inner trigrams bcd, cde, def; cde is the commonest.
    const common = new Map([
      ['bcd', 6000],
      ['cde', 90000],
      ['def', 7000],
    ]);
    expect(wordMatch('abcdefg', 'title', common)).toBe('{title} : NEAR("abc bcd" "def efg", 1)');
  });

  it('keeps the phrase where NEAR would not be exact', () => {
    expect(wordMatch('aaaaa', 'title', allCommon('aaaaa'))).toBe('{title} : "aaa aaa aaa"');
  });

  it('quotes tokens, so user text never becomes FTS syntax', () => {
    expect(wordMatch('a"bcd"e', 'title', new Map([['bcd', 1e6]]))).toBe('{title} : NEAR("a""b ""bc" "cd"" d""e", 1)');
  });
});

describe('wordMatch() on an FTS5 table', () => {
  let db: Database.Database;
  /** Each row's columns, each column's fields, as the builder indexes them. */
  const rows: string[][][] = [];
  // Few letters, so words repeat inside texts and the halves of a word often fit together other ways.
  const letters = fc.constantFrom(...'abcx');
  const text = (min: number, max: number) => fc.array(letters, { minLength: min, maxLength: max }).map((cs) => cs.join(''));

  beforeAll(() => {
    db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5 (title, other, tokenize = 'ascii', prefix = '1 2', content = '')`);
    const insert = db.prepare('INSERT INTO t (rowid, title, other) VALUES (?, ?, ?)');
    const fields = fc.array(text(1, 14), { minLength: 0, maxLength: 3 });
    rows.push(...fc.sample(fc.tuple(fields, fields), { numRuns: 400, seed: 3 }));
    rows.forEach(([title, other], i) => insert.run(i + 1, indexColumn(title), indexColumn(other)));
  });
  afterAll(() => db.close());

  const matching = (expr: string) => db.prepare('SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid').pluck().all(expr) as number[];
  const holding = (word: string, columns: number[]) => rows.flatMap((r, i) => (columns.some((c) => r[c].some((f) => f.includes(word))) ? [i + 1] : []));

  it('finds exactly the rows holding the word, whichever trigrams are common', () => {
    let nears = 0;
    fc.assert(
      fc.property(text(5, 9), fc.constantFrom(['title', [0]] as const, ['title other', [0, 1]] as const), (word, [columns, at]) => {
        const expr = wordMatch(word, columns, allCommon(word));
        if (expr.includes('NEAR')) nears++;
        expect(matching(expr), `${word} as ${expr}`).toEqual(holding(word, [...at]));
      }),
      { numRuns: 600, seed: 9 },
    );
    // The property exercised both forms.
    expect(nears).toBeGreaterThan(100);
  });
});

describe('TokenTally', () => {
  it('counts every 64th entry, scales the counts, and keeps the common trigrams of each table', () => {
    const tally = new TokenTally();
    // The first entry is counted: its title's trigrams are in its wiki_fts row and in each of its
    // 100 sub-entries' rows (their `entry` column); each sub-entry adds its own.
    const subs = Array.from({ length: 100 }, (_, i) => [indexColumn([i % 2 ? 'ring' : 'rings']), indexColumn(['x'])]);
    tally.add([indexColumn(['oshim']), indexColumn(['alias'])], subs);
    // Entries 2–64 are not counted; the 65th is.
    for (let i = 0; i < 63; i++) tally.add([indexColumn(['zzzzzz'])], [[indexColumn(['zzzzzz'])]]);
    tally.add([indexColumn(['ringo'])], []);
    const json = tally.toJson();
    const sub = commonTokensOf(json, 'sub_fts');
    const wiki = commonTokensOf(json, 'wiki_fts');
    expect(Object.fromEntries(sub)).toEqual({ osh: 6400, shi: 6400, him: 6400, ali: 6400, lia: 6400, ias: 6400, rin: 6400, ing: 6400 });
    // ngs: in 50 sub-entries, 3,200 estimated rows: rare. Nothing is common among 2 counted entries.
    expect(wiki.size).toBe(0);
  });

  it('reads a missing or damaged tally as no common trigrams', () => {
    expect(commonTokensOf(undefined, 'sub_fts').size).toBe(0);
    expect(commonTokensOf('not json', 'sub_fts').size).toBe(0);
    expect(commonTokensOf('null', 'wiki_fts').size).toBe(0);
    expect(commonTokensOf('{"sub_fts":{"shi":"many","osh":6000}}', 'sub_fts')).toEqual(new Map([['osh', 6000]]));
  });
});
