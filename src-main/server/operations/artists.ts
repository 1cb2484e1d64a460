// An artist's page as the API answers it (Moecat's extension), in JSON and XML:
//   /artist/detail   name → { artist: { name, wiki_count, sub_count }, wikis, subs }
// The albums and radio shows that name the artist (newest first) and the songs and episodes by them
// (catalogue/read/artists.ts says how names are read and compared); 404 when none does.
import { ApiError } from '../api-error';
import type { ArtistView } from '../../contract/app';
import { SubDtoSchema, WikiDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one, shaped } from './define';
import { requiredText } from './params';

export const artistDetail = defineOperation({
  method: 'GET',
  path: '/artist/detail',
  spellings: 'api',
  auth: 'api-key',
  summary: "An artist's albums and radio shows, and their songs and episodes (Moecat's extension)",
  notes:
    'An artist is a name in the artist, album artist or personality meta of an entry or a sub-entry ("A, B" and "A & B" name two), compared folded like titles. A sub-entry without its own artist is by its entry\'s. At most 500 of each.',
  responds: { artist: one(shaped<ArtistView>()), wikis: many(WikiDtoSchema), subs: many(SubDtoSchema) },
  errors: { 404: 'No entry or sub-entry names this artist' },
  params: { name: requiredText({ description: "The artist's name", example: 'Hanamori Yui', max: 200 }) },
  handle({ p, app, site }) {
    const found = app.deps.catalogue.queries.artists.byName(p.name, site);
    if (!found) throw new ApiError('NOT_FOUND', `No entry or song names the artist "${p.name}".`);
    return { payload: { artist: { name: p.name, wiki_count: found.wikis.length, sub_count: found.subs.length }, wikis: found.wikis, subs: found.subs } };
  },
});
