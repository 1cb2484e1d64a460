// The catalogue's three sections, shared by the server and the UI: what the entry pages (/music,
// /radio, /anime), Browse's tabs and Search's filters show. Music and radio are their own types;
// every other type is anime, web series included. The API's `wiki_type=anime` alias is narrower, as
// the interface defines it: tv, ova, oad and movie (API_ANIME_TYPES).
/** Every wiki_type the catalogue holds (the Moefou interface names music, radio, tv, ova, oad, movie; bangumi-data adds web). */
export const WIKI_TYPES = ['music', 'radio', 'tv', 'web', 'movie', 'ova', 'oad'] as const;
export type WikiType = (typeof WIKI_TYPES)[number];

export const SUB_TYPES = ['song', 'ep'] as const;
export type SubType = (typeof SUB_TYPES)[number];

export type EntrySection = 'music' | 'radio' | 'anime';
export const SECTIONS: readonly EntrySection[] = ['music', 'radio', 'anime'];

export const SECTION_TYPES: Readonly<Record<EntrySection, readonly string[]>> = {
  music: ['music'],
  radio: ['radio'],
  anime: ['tv', 'web', 'movie', 'ova', 'oad'],
};

/** `wiki_type=anime` in the API, as the interface defines it (docs/api.md): the anime section without web series. */
export const API_ANIME_TYPES: readonly string[] = ['tv', 'ova', 'oad', 'movie'];

export function sectionOf(wikiType: string): EntrySection {
  return wikiType === 'music' || wikiType === 'radio' ? wikiType : 'anime';
}

/** The sections entries of these types are in. */
export const sectionsOf = (wikiTypes: readonly string[]): EntrySection[] => [...new Set(wikiTypes.map(sectionOf))];
