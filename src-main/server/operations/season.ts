// /season: the shows that begin in one season of a year (Moecat's extension, docs/api.md), as the
// UI's Seasons view shows them. Which days a season has is contract/seasons.ts's; reading them is the
// catalogue's (read/seasons.ts).
//
// Decisions: `year` and `season` are both required, so an answer depends only on the catalogue and the
// query (and may be cached); `wiki_type` takes the anime types only (music and radio have no seasons)
// and defaults to all of them, web series included, as a season chart lists every show; the whole
// season is one answer, not paged (a season of bangumi-data holds about a hundred shows).
import { SEASON_YEARS, SEASONS, type Season } from '../../contract/seasons';
import { SECTION_TYPES } from '../../contract/sections';
import { SeasonWikiDtoSchema } from '../../contract/schemas';
import { badParameter, missingParameter } from '../api-error';
import { wikiTypes } from './catalogue-params';
import { defineOperation, many } from './define';
import { spec, textOf } from './params';

const ANIME_TYPES = SECTION_TYPES.anime;

const year = spec({ description: `The year, ${SEASON_YEARS.min}–${SEASON_YEARS.max}`, example: '2024', required: true, type: 'integer' }, (raw, name) => {
  const value = typeof raw === 'number' ? String(raw) : textOf(raw, name);
  if (value === undefined) throw missingParameter(name);
  const n = /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(n >= SEASON_YEARS.min && n <= SEASON_YEARS.max)) throw badParameter(name, `must be a year from ${SEASON_YEARS.min} to ${SEASON_YEARS.max}`);
  return n;
});

const season = spec(
  {
    description: 'winter (January–March), spring (April–June), summer (July–September) or fall (October–December), in the catalogue time zone',
    example: 'winter',
    required: true,
  },
  (raw, name): Season => {
    const value = textOf(raw, name)?.toLowerCase();
    if (value === undefined) throw missingParameter(name);
    const found = SEASONS.find((s) => s === value);
    if (!found) throw badParameter(name, `must be ${SEASONS.slice(0, -1).join(', ')} or ${SEASONS.at(-1)}`);
    return found;
  },
);

const animeTypes = spec(
  {
    description: `Comma list of anime types: ${ANIME_TYPES.join(', ')}; \`anime\` = tv,ova,oad,movie; omitted = all of them`,
    example: 'tv,web',
  },
  (raw, name, app) => {
    const types = wikiTypes.read(raw, name, app);
    if (types === undefined) return ANIME_TYPES;
    const other = types.find((t) => !ANIME_TYPES.includes(t));
    if (other !== undefined) throw badParameter(name, `has "${other}", which is not an anime type (seasons have ${ANIME_TYPES.join(', ')})`);
    return types;
  },
);

export const seasonShows = defineOperation({
  method: 'GET',
  path: '/season',
  spellings: 'api',
  auth: 'api-key',
  cache: 'catalogue',
  reads: () => ['anime'],
  summary: "The shows that begin in a season of a year, in start-date order, each with its broadcast slot (Moecat's extension)",
  notes:
    'A show is in the season its first day (`wiki_date`, a day in the catalogue time zone) falls in; every kind of show counts — TV, web, films, OVAs. Entries in start-date order, then by id, each a wiki with `wiki_broadcast` as `/anime/detail` gives it (null for a film or a one-off); the whole season in one answer, `count` in `information`.',
  responds: { wikis: many(SeasonWikiDtoSchema) },
  params: { year, season, wiki_type: animeTypes },
  handle({ p, app, site }) {
    const wikis = app.deps.catalogue.queries.seasons.shows({ year: p.year, season: p.season }, p.wiki_type, site);
    return { information: { count: wikis.length }, payload: { wikis } };
  },
});
