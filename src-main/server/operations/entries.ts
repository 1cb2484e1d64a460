// The detail calls real Moefou clients make beside the query operations (DESIGN.md §4 "Beyond the
// interface"), with an API key, in JSON and XML:
//   /music/detail, /radio/detail, /anime/detail  wiki_id → { wiki, subs } (sub-entries in order)
//   /music/subs                                  wiki_id → { subs }, paged
//   /sub/detail                                  sub_id → { sub } with its entry in `wiki`
//   /listen/playlist                             music | radio | sub → { playlist }, format by `api`
// Decisions: an id that names nothing, or an entry of another type than the path says (a radio under
// /music/detail), is a 404 naming the right path; `anime` covers every type but music and radio, as the
// UI's /anime/:id pages do. Sub-entries with no upload are listed, songs with `sub_upload: []`. A
// playlist lists only sub-entries with audio, so an album without audio answers an empty playlist.
import type { WikiDto } from '../../contract/objects';
import { sectionOf, SECTION_TYPES, SECTIONS, type EntrySection } from '../../contract/sections';
import { ApiError } from '../api-error';
import { defineOperation, type Operation } from './define';
import { oneOf, PAGING, paging, positiveInt, requiredId } from './params';

/** The entry, when it exists and belongs under this path's section; else a 404 saying why. */
function entryIn<T extends { wiki: WikiDto }>(section: EntrySection, id: number, found: T | undefined): T {
  if (!found) throw new ApiError('NOT_FOUND', `No entry has wiki_id ${id}.`);
  const actual = sectionOf(found.wiki.wiki_type);
  if (actual !== section) throw new ApiError('NOT_FOUND', `Entry ${id} is not a ${section} entry (its type is ${found.wiki.wiki_type}; it is under /${actual}).`);
  return found;
}

const wrap = (wiki: WikiDto | undefined) => wiki && { wiki };

const detailOf = (section: EntrySection): Operation => {
  const what = section === 'anime' ? `an anime entry (${SECTION_TYPES.anime.join(', ')})` : `a ${section} entry`;
  return defineOperation({
    method: 'GET',
    path: `/${section}/detail`,
    spellings: 'api',
    auth: 'api-key',
    summary: `One ${section} entry and its sub-entries in order (songs with their audio in sub_upload)`,
    responds: { wiki: { list: false, object: 'WikiDto' }, subs: { list: true, object: 'SubDto' } },
    params: { wiki_id: requiredId({ description: `The id of ${what}`, example: '51000004' }) },
    handle({ p, app, site }) {
      const { wiki, subs } = entryIn(section, p.wiki_id, app.deps.catalogue.queries.entryDetail.findEntry(p.wiki_id, site));
      return { payload: { wiki, subs } };
    },
  });
};

export const musicSubs = defineOperation({
  method: 'GET',
  path: '/music/subs',
  spellings: 'api',
  auth: 'api-key',
  summary: "A music entry's sub-entries in order, a page at a time (songs with their audio in sub_upload)",
  paged: true,
  responds: { subs: { list: true, object: 'SubDto' } },
  params: { wiki_id: requiredId({ description: 'The id of a music entry', example: '51000004' }), ...PAGING },
  handle({ p, app, site }) {
    const { entryDetail } = app.deps.catalogue.queries;
    const page = paging(p);
    const { wiki } = entryIn('music', p.wiki_id, wrap(entryDetail.findWiki(p.wiki_id, site)));
    const { count, subs } = entryDetail.listSubs(wiki, page.perpage, page.offset, site);
    return { information: { page: page.page, perpage: page.perpage, count }, payload: { subs } };
  },
});

export const subDetail = defineOperation({
  method: 'GET',
  path: '/sub/detail',
  spellings: 'api',
  auth: 'api-key',
  summary: 'One sub-entry (song or episode) with its entry in `wiki`',
  responds: { sub: { list: false, object: 'SubDto' } },
  params: { sub_id: requiredId({ description: 'The sub-entry id', example: '51000401' }) },
  handle({ p, app, site }) {
    const sub = app.deps.catalogue.queries.entryDetail.findSub(p.sub_id, site);
    if (!sub) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${p.sub_id}.`);
    return { payload: { sub } };
  },
});

export const playlist = defineOperation({
  method: 'GET',
  path: '/listen/playlist',
  spellings: 'api',
  auth: 'api-key',
  summary: 'The playable sub-entries of an album, a radio or one sub-entry, in order (what a player queues)',
  formatParam: 'api',
  responds: { playlist: { list: true, object: 'PlaylistItemDto' } },
  params: {
    music: positiveInt({ description: 'A music entry id: its songs with audio (give one of music, radio, sub)', example: '51000001' }),
    radio: positiveInt({ description: 'A radio entry id: its episodes with audio', example: '51000008' }),
    sub: positiveInt({ description: 'A sub-entry id: that song or episode, when it has audio', example: '51000401' }),
    api: oneOf(['json', 'xml'], { description: "json or xml: the answer's format (without it, the path decides; JSON without a suffix)", example: 'json' }),
  },
  handle({ p, app, site }) {
    const { entryDetail } = app.deps.catalogue.queries;
    const given = (['music', 'radio', 'sub'] as const).filter((name) => p[name] !== undefined);
    if (given.length === 0) throw new ApiError('MISSING_PARAMETER', 'Parameter "music", "radio" or "sub" is required.');
    if (given.length > 1) throw new ApiError('BAD_PARAMETER', `Give one of "music", "radio" or "sub", not ${given.map((g) => `"${g}"`).join(' and ')}.`);
    const [name] = given;
    const id = p[name]!;
    if (name === 'sub') {
      const items = entryDetail.playlistOfSub(id, site);
      if (!items) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${id}.`);
      return { payload: { playlist: items } };
    }
    const { wiki } = entryIn(name, id, wrap(entryDetail.findWiki(id, site)));
    return { payload: { playlist: entryDetail.playlistOfWiki(wiki, site) } };
  },
});

export const ENTRY_OPERATIONS = [...SECTIONS.map(detailOf), musicSubs, subDetail, playlist];
