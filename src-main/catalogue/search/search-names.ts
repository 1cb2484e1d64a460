// The names an entry is searched by, besides its index columns: folded whole names, for the search's
// exact-name and name-prefix tiers (search-queries.ts), and their Latin words, for keyword words that
// match nothing (search-spelling.ts). A name is the title, a translated title or the romanisation of a
// Japanese title; a name with a subtitle after a colon or a spaced dash also counts each part, so
// `kimetsu no yaiba` is a whole name of "Demon Slayer: Kimetsu no Yaiba".
import { searchFold } from './search-fold';

/** Where a name splits into parts: a colon (any width), a dash or wave dash with space around it, a wave dash. */
const PART_BREAK = /\s*[:：]\s*|\s+[-‐–—~～〜]+\s*|\s*[～〜]\s*/u;
/** A part shorter than this (folded) names nothing by itself: "Re" of "Re:ZERO", "OVA". */
const MIN_PART = 4;
const TIMES = /[×✕╳]/u;

/** A folded name of an entry; `part`: the head or tail of a name, which ranks with names starting with the words. */
export interface EntryName {
  name: string;
  part: boolean;
}

/** The folded names of an entry: each name, and its head and tail around the first break; no repeats, none empty. */
export function entryNames(names: readonly string[]): EntryName[] {
  const out = new Map<string, boolean>();
  const add = (text: string, part: boolean) => {
    const name = searchFold(text);
    if (!name || (part && [...name].length < MIN_PART)) return;
    out.set(name, part && (out.get(name) ?? true));
  };
  for (const name of names) {
    for (const spelling of TIMES.test(name) ? [name, name.replaceAll(new RegExp(TIMES, 'gu'), 'x')] : [name]) {
      add(spelling, false);
      const at = PART_BREAK.exec(spelling);
      if (at && at.index > 0) {
        add(spelling.slice(0, at.index), true);
        add(spelling.slice(at.index + at[0].length), true);
      }
    }
  }
  return [...out].map(([name, part]) => ({ name, part }));
}

/** The Latin words of a name as typed words look (NFKC, lower case, no accents): `Frieren: Beyond…` → frieren, beyond … */
export function latinWords(name: string): string[] {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && /[a-z]/.test(w));
}
