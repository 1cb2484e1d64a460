// Who a song or episode is by, from the facts the catalogue keeps as meta pairs: the sub-entry's own
// artist (or a radio episode's personality), else its entry's. Shared by the playlist the server answers
// and the tracks the UI's player queues, so both name the same artist.
import type { MetaDto } from './objects';

const ARTIST_KEYS = ['artist', 'personality'];

/** The value of the first of `keys` present in `meta` ('' when none is). */
export function metaValue(meta: readonly MetaDto[] | null | undefined, keys: readonly string[]): string {
  for (const key of keys) {
    const found = meta?.find((m) => m.meta_key === key);
    if (found) return found.meta_value;
  }
  return '';
}

/** The artist of a sub-entry: its own meta's, else its entry's; '' when neither says. */
export function artistOf(subMeta: readonly MetaDto[] | null | undefined, wikiMeta: readonly MetaDto[] | null | undefined): string {
  return metaValue(subMeta, ARTIST_KEYS) || metaValue(wikiMeta, ARTIST_KEYS);
}

/** The meta keys that name people an entry or a song is by (an album's artist, a radio's personality). */
export const PEOPLE_KEYS = ['artist', 'album_artist', 'personality'] as const;

/**
 * The names in an artist value: "A, B", "A & B", "A、B", "A feat. B" are two artists; the " …" a folder
 * import ends a long list with is left out.
 */
export function artistNames(value: string): string[] {
  return value
    .split(/\s*(?:,|、|&|;|\s+feat\.?\s+|\s+ft\.\s+)\s*/i)
    .map((n) => n.replace(/\s*…$/, '').trim())
    .filter((n) => n !== '' && n !== '…');
}

/** Every artist an entry's or a song's meta names, once each, in order. */
export function peopleOf(meta: readonly MetaDto[] | null | undefined): string[] {
  const names = (meta ?? []).filter((m) => (PEOPLE_KEYS as readonly string[]).includes(m.meta_key)).flatMap((m) => artistNames(m.meta_value));
  return [...new Set(names)];
}
