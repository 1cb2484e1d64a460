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
