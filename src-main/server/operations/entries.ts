// The detail calls real Moefou clients make beside the query operations (docs/api.md, "What Moefou
// players call beyond the four queries"), with an API key, in JSON and XML. {section} is music, radio or anime; {sub_type} song or ep.
//   /{section}/detail         wiki_id → { wiki, subs } (sub-entries in order); also /{section}/<id>?api=json
//   /{section}/subs           wiki_id → { subs }, paged; also /{section}/<id>/songs?api=json
//   /sub/detail, /{sub_type}/detail   sub_id → { sub } with its entry in `wiki`; also /{sub_type}/<id>?api=json
//   /sub/lyrics               sub_id → { lyrics } (Moecat's extension; empty, source none, when the song has none)
//   /{section}/favs, /{sub_type}/favs        the local user's favourite of it, for the app or an
//                                            OAuth-signed request; [] with an API key alone
//   /{section}/ratings, /{sub_type}/ratings  [] — Moecat has no ratings
//   /{section}/relationships, /{sub_type}/relationships   [] — Moecat has no relationships
//   /{section}/similarity     the entries of the section sharing the most tags with it, most first
// Decisions: an id that names nothing, or an entry of another type than the path says (a radio under
// /music/detail), is a 404 naming the right path; `anime` covers every type but music and radio, as the
// UI's /anime/:id pages do. Sub-entries with no upload are listed, songs with `sub_upload: []`.
import type { FastifyInstance } from 'fastify';
import type { FavDto, LyricsDto, SubDto, WikiDto } from '../../contract/objects';
import { sectionOf, SECTION_TYPES, SECTIONS, SUB_TYPES, type EntrySection, type SubType } from '../../contract/sections';
import { ApiError } from '../api-error';
import { asShow } from '../followed-shows';
import { AnimeWikiDtoSchema, FavDtoSchema, LyricsDtoSchema, SubDtoSchema, WikiDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one, shaped, type Operation, type ParamSpec } from './define';
import { PAGING, paging, requiredId } from './params';

/** The entry, when it exists and belongs under this path's section; else a 404 saying why. */
export function entryIn<T extends { wiki: WikiDto }>(section: EntrySection, id: number, found: T | undefined): T {
  if (!found) throw new ApiError('NOT_FOUND', `No entry has wiki_id ${id}.`);
  const actual = sectionOf(found.wiki.wiki_type);
  if (actual !== section)
    throw new ApiError('NOT_FOUND', `Entry ${id} is not a ${section} entry (its type is ${found.wiki.wiki_type}; it is under /${actual}).`);
  return found;
}

/** The sub-entry, when it exists and (for a typed path) is of that type; else a 404 saying why. */
function subIn(type: SubType | undefined, id: number, sub: SubDto | undefined): SubDto {
  if (!sub) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${id}.`);
  if (type && sub.sub_type !== type)
    throw new ApiError('NOT_FOUND', `Sub-entry ${id} is not a ${type} (it is a ${sub.sub_type}; it is under /${sub.sub_type}).`);
  return sub;
}

const wikiOf = (app: FastifyInstance, section: EntrySection, id: number, site: string): WikiDto => {
  const wiki = app.deps.catalogue.queries.entryDetail.findWiki(id, site);
  return entryIn(section, id, wiki && { wiki }).wiki;
};
const subOf = (app: FastifyInstance, type: SubType | undefined, id: number, site: string) =>
  subIn(type, id, app.deps.catalogue.queries.entryDetail.findSub(id, site));

const whatOf = (section: EntrySection) => (section === 'anime' ? `an anime entry (${SECTION_TYPES.anime.join(', ')})` : `a ${section} entry`);
const wikiId = (section: EntrySection) => requiredId({ description: `The id of ${whatOf(section)}`, example: '51000004' });
const subId = (type?: SubType) =>
  requiredId({ description: type ? `The id of a ${type === 'ep' ? 'episode' : 'song'}` : 'The sub-entry id', example: '51000401' });

const detailOf = (section: EntrySection): Operation =>
  defineOperation({
    method: 'GET',
    path: `/${section}/detail`,
    pagePaths: [`/${section}/:wiki_id`],
    spellings: 'api',
    auth: 'api-key',
    summary: `One ${section} entry and its sub-entries in order (songs with their audio in sub_upload); also /${section}/<id>?api=json`,
    ...(section === 'anime' && {
      notes:
        "Moecat's extension: the anime's `wiki_broadcast` (its weekly or daily slot in the catalogue time zone, the first and last broadcast day), `wiki_sites` (where to watch it and where to read about it, from bangumi-data) and `wiki_bangumi` (its summary, episode count and episodes with their air dates from Bangumi, once the user turned on posters and Bangumi details; null otherwise).",
    }),
    responds: { wiki: one(section === 'anime' ? AnimeWikiDtoSchema : WikiDtoSchema), subs: many(SubDtoSchema) },
    params: { wiki_id: wikiId(section) },
    handle({ p, app, site }) {
      const queries = app.deps.catalogue.queries.entryDetail;
      const { wiki, subs } = entryIn(section, p.wiki_id, queries.findEntry(p.wiki_id, site));
      if (section !== 'anime') return { payload: { wiki, subs } };
      return { payload: { wiki: asShow(app.deps.catalogue, app.deps.userDb, wiki), subs } };
    },
  });

const subsOf = (section: EntrySection): Operation =>
  defineOperation({
    method: 'GET',
    path: `/${section}/subs`,
    pagePaths: [`/${section}/:wiki_id/songs`],
    spellings: 'api',
    auth: 'api-key',
    summary: `A ${section} entry's sub-entries in order, a page at a time (songs with their audio in sub_upload); also /${section}/<id>/songs?api=json`,
    paged: true,
    responds: { subs: many(SubDtoSchema) },
    params: { wiki_id: wikiId(section), ...PAGING },
    handle({ p, app, site }) {
      const page = paging(p);
      const wiki = wikiOf(app, section, p.wiki_id, site);
      const { count, subs } = app.deps.catalogue.queries.entryDetail.listSubs(wiki, page.perpage, page.offset, site);
      return { information: { page: page.page, perpage: page.perpage, count }, payload: { subs } };
    },
  });

const subDetailOf = (type?: SubType): Operation =>
  defineOperation({
    method: 'GET',
    path: `/${type ?? 'sub'}/detail`,
    pagePaths: type ? [`/${type}/:sub_id`] : [],
    spellings: 'api',
    auth: 'api-key',
    summary: type
      ? `One ${type === 'ep' ? 'episode' : 'song'} with its entry in \`wiki\` (the original path); also /${type}/<id>?api=json`
      : 'One sub-entry (song or episode) with its entry in `wiki`',
    responds: { sub: one(SubDtoSchema) },
    params: { sub_id: subId(type) },
    handle({ p, app, site }) {
      return { payload: { sub: subOf(app, type, p.sub_id, site) } };
    },
  });

/** What a song without lyrics answers (docs/api.md, Lyrics). */
const NO_LYRICS: LyricsDto = { synced: false, lines: [], source: 'none' };

const subLyrics: Operation = defineOperation({
  method: 'GET',
  path: '/sub/lyrics',
  spellings: 'api',
  auth: 'api-key',
  summary: "A song's lyrics (Moecat's extension): synced lines with their times, or unsynced text",
  notes:
    "Read at import from a sidecar .lrc beside the MP3 (which wins) or the file's ID3 SYLT / USLT tags. A song without lyrics answers them empty (`source` none, no lines), so a player may ask for every song it plays.",
  responds: { lyrics: one(LyricsDtoSchema) },
  errors: { 404: 'No sub-entry has this id' },
  params: { sub_id: subId() },
  handle({ p, app, site }) {
    subOf(app, undefined, p.sub_id, site);
    const lyrics = app.deps.catalogue.queries.entryDetail.lyricsOf(p.sub_id);
    return { payload: { lyrics: lyrics ?? NO_LYRICS } };
  },
});

/** A page of a short list known whole, under `key`. */
function pageOf<K extends string, T>(key: K, items: T[], p: { page: number; perpage: number }) {
  const { page, perpage, offset } = paging(p);
  const payload = { [key]: items.slice(offset, offset + perpage) } as Record<K, T[]>;
  return { information: { page, perpage, count: items.length }, payload };
}

/** The local user's favourite of one object as a list: for the user's authority only, else []. */
function favsOf(app: FastifyInstance, type: 'wiki' | 'sub', id: number, asUser: boolean): FavDto[] {
  const fav = asUser ? app.deps.userDb.findFav(type, id) : undefined;
  return fav ? [fav] : [];
}

const FAVS_NOTE =
  "Moecat has one user: the list holds the local user's favourite of it, if any, for the app or an OAuth-signed request; with an API key alone it is empty (the key does not carry the user's data).";

/**
 * favs, ratings and relationships of one object at `/{prefix}/…`: `what` names it in summaries,
 * `idName` is its id parameter, `check` 404s an id that is not one.
 */
function listsOf(
  prefix: string,
  what: string,
  favType: 'wiki' | 'sub',
  idName: 'wiki_id' | 'sub_id',
  idParam: ParamSpec<number>,
  check: (app: FastifyInstance, id: number, site: string) => unknown,
): Operation[] {
  const base = { method: 'GET', spellings: 'api', auth: 'api-key', paged: true, params: { [idName]: idParam, ...PAGING } } as const;
  const idOf = (p: Record<string, unknown>) => p[idName] as number;
  // Moecat has no ratings or relationships: their lists are always empty.
  const empty = (key: 'ratings' | 'relationships', summary: string) =>
    defineOperation({
      ...base,
      path: `/${prefix}/${key}`,
      summary,
      responds: { [key]: many(shaped<never>()) },
      handle({ p, app, site }) {
        check(app, idOf(p), site);
        return pageOf(key, [], p);
      },
    });
  return [
    defineOperation({
      ...base,
      path: `/${prefix}/favs`,
      // moe.fm's own spelling, which Moefou clients call (`/music/<id>/favs?api=json`).
      pagePaths: [`/${prefix}/:${idName}/favs`],
      summary: `Who has ${what} among their favourites; also /${prefix}/<id>/favs?api=json`,
      notes: FAVS_NOTE,
      responds: { favs: many(FavDtoSchema) },
      handle({ p, app, site, asUser }) {
        check(app, idOf(p), site);
        return pageOf('favs', favsOf(app, favType, idOf(p), asUser), p);
      },
    }),
    empty('ratings', `Ratings of ${what}: always an empty list, Moecat has no ratings`),
    empty('relationships', `What ${what} relates to (sequels, soundtracks …): always an empty list, Moecat has no relationships`),
  ];
}

/** favs, ratings, relationships and similarity of an entry under `section`. */
function wikiExtrasOf(section: EntrySection): Operation[] {
  return [
    ...listsOf(section, `a ${section} entry`, 'wiki', 'wiki_id', wikiId(section), (app, id, site) => wikiOf(app, section, id, site)),
    defineOperation({
      method: 'GET',
      spellings: 'api',
      auth: 'api-key',
      paged: true,
      params: { wiki_id: wikiId(section), ...PAGING },
      path: `/${section}/similarity`,
      summary: `${section === 'anime' ? 'Anime' : section === 'music' ? 'Music' : 'Radio'} entries sharing the most tags with a ${section} entry, most shared first (then newest)`,
      notes: 'Similar = sharing tags: Moecat has no listening data of others. An entry without tags has no similar entries.',
      responds: { similarity: many(WikiDtoSchema) },
      handle({ p, app, site }) {
        wikiOf(app, section, p.wiki_id, site);
        const page = paging(p);
        const { count, wikis } = app.deps.catalogue.queries.explore.similar(p.wiki_id, SECTION_TYPES[section], page.perpage, page.offset, site);
        return { information: { page: page.page, perpage: page.perpage, count }, payload: { similarity: wikis } };
      },
    }),
  ];
}

/** favs, ratings, relationships of a sub-entry of `type`. */
const subExtrasOf = (type: SubType): Operation[] =>
  listsOf(type, type === 'ep' ? 'an episode' : 'a song', 'sub', 'sub_id', subId(type), (app, id, site) => subOf(app, type, id, site));

export const ENTRY_OPERATIONS: Operation[] = [
  ...SECTIONS.map(detailOf),
  ...SECTIONS.map(subsOf),
  subDetailOf(),
  ...SUB_TYPES.map(subDetailOf),
  subLyrics,
  ...SECTIONS.flatMap(wikiExtrasOf),
  ...SUB_TYPES.flatMap(subExtrasOf),
];
