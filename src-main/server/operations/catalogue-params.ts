// The catalogue's parameters (their rules: docs/api.md): entry and sub-entry types, initials, ids, dates,
// weekdays, sources and keywords, read and documented once for every operation that takes them.
import { MAX_KEYWORD_LENGTH, MAX_KEYWORD_WORDS } from '../../contract/limits';
import { API_ANIME_TYPES, SUB_TYPES, WIKI_TYPES } from '../../contract/sections';
import { SOURCE_KINDS } from '../../catalogue/read/sources';
import { badParameter, missingParameter } from '../api-error';
import { parseDateFilter, type DateRange } from '../date-filter';
import { listOf, spec, textOf } from './params';

const ALIASES: Record<string, readonly string[]> = { anime: API_ANIME_TYPES };
const TYPES_DOC = `Comma list of types: ${WIKI_TYPES.join(', ')}; \`anime\` = ${API_ANIME_TYPES.join(',')}`;

function wikiTypesOf(items: string[], name: string): string[] {
  const types = new Set<string>();
  for (const item of items.map((n) => n.toLowerCase())) {
    if (ALIASES[item]) ALIASES[item].forEach((t) => types.add(t));
    else if ((WIKI_TYPES as readonly string[]).includes(item)) types.add(item);
    else throw badParameter(name, `has an unknown type "${item}" (known: ${[...WIKI_TYPES, 'anime'].join(', ')})`);
  }
  return [...types];
}

/** `wiki_type`: a comma list of types, `anime` expanded; unknown names are a 400. */
export const wikiTypes = spec({ description: TYPES_DOC, example: 'music' }, (raw, name) => {
  const items = listOf(raw, name);
  return items && wikiTypesOf(items, name);
});
export const requiredWikiTypes = spec({ description: TYPES_DOC, example: 'music', required: true }, (raw, name) => {
  const items = listOf(raw, name);
  if (!items) throw missingParameter(name);
  return wikiTypesOf(items, name);
});

/** `sub_type`: a comma list of ep, song. */
export const subTypes = spec({ description: 'Comma list of sub-entry types: ep, song', example: 'song' }, (raw, name) => {
  const items = listOf(raw, name, 10);
  if (!items) return undefined;
  const types = new Set<string>();
  for (const item of items.map((n) => n.toLowerCase())) {
    if (!(SUB_TYPES as readonly string[]).includes(item)) throw badParameter(name, `has an unknown type "${item}" (known: ${SUB_TYPES.join(', ')})`);
    types.add(item);
  }
  return [...types];
});

/** `initial`: one letter, `0` (no letter) or `1` — the interface's default, no filter, as when left out. */
export const initial = spec(
  { description: 'One letter a–z of the title key, 0 for titles whose key starts with no letter, or 1 (the default) for any', example: 'd' },
  (raw, name) => {
    const value = textOf(raw, name)?.toLowerCase();
    if (value !== undefined && !/^[a-z01]$/.test(value))
      throw badParameter(name, 'must be one letter a–z, 0 for titles that start with no letter, or 1 for any (the default)');
    return value === '1' ? undefined : value;
  },
);

/** `wiki_id`: a comma list of entry ids. */
export const wikiIds = spec({ description: 'Comma list of entry ids', example: '51000001,51000002' }, (raw, name) =>
  listOf(raw, name)?.map((id) => {
    if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw badParameter(name, `has "${id}", which is not an id`);
    return Number(id);
  }),
);

/** `date`: a year, month or day, or start,end; calendar periods in the catalogue's time zone. */
export const date = spec(
  { description: 'A year, month or day (2013, 2013-05, 2013-05-10), or start,end (the end period included)', example: '2024-01,2024-03' },
  (raw, name, app): DateRange | undefined => {
    const value = textOf(raw, name);
    return value === undefined ? undefined : parseDateFilter(value, app.deps.catalogue.timeZone);
  },
);

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** `week`: a comma list of 0–7; a 0 anywhere, an empty value or no `week` means all seven days; ascending, unique. */
export const week = spec({ description: 'Comma list of weekdays: 1 Monday … 7 Sunday; 0 or omitted = all seven', example: '1,3' }, (raw, name) => {
  const items = listOf(raw, name);
  if (!items) return ALL_DAYS;
  for (const item of items) {
    if (!/^[0-7]$/.test(item)) throw badParameter(name, `has "${item}", which is not a weekday 0–7 (1 Monday … 7 Sunday, 0 all)`);
  }
  if (items.includes('0')) return ALL_DAYS;
  return [...new Set(items.map(Number))].sort((a, b) => a - b);
});

const SOURCE_DOC =
  "Moecat's extension: only entries of these sources — a comma list of kinds (bundled, folder, remote) and source ids (`wiki_source.source_id`); a kind with no source matches nothing";

/** `source`: Moecat's extension — the source ids a comma list of kinds and ids names; undefined when absent. */
export const sources = (description = SOURCE_DOC) =>
  spec({ description, example: 'folder' }, (raw, name, app) => {
    const items = listOf(raw, name, 20);
    if (!items) return undefined;
    const known = app.deps.catalogue.queries.sources.kinds();
    const ids = new Set<number>();
    for (const item of items.map((s) => s.toLowerCase())) {
      if ((SOURCE_KINDS as readonly string[]).includes(item)) {
        for (const s of known) if (s.kind === item) ids.add(s.source_id);
      } else if (/^\d{1,9}$/.test(item) && known.some((s) => s.source_id === Number(item))) {
        ids.add(Number(item));
      } else {
        throw badParameter(name, `has "${item}", which is neither a kind of source (${SOURCE_KINDS.join(', ')}) nor the id of one`);
      }
    }
    return [...ids];
  });

/** `keyword`: the text as sent; the catalogue's search splits, folds and limits it (search-keyword.ts). */
export const keyword = spec(
  {
    description: `Words separated by spaces (U+3000 too), at most ${MAX_KEYWORD_WORDS} words and ${MAX_KEYWORD_LENGTH} characters; every word must match the title, an alias or the title key (case, width, kana, simplified/traditional and punctuation insensitive)`,
    required: true,
    example: '東方',
  },
  (raw, name) => textOf(raw, name) ?? '',
);
