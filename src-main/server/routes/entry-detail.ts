// The detail calls real Moefou clients make beside the query operations (DESIGN.md §4 "Beyond the
// interface"), all with an API key, in JSON and XML:
//   /music/detail, /radio/detail, /anime/detail  wiki_id → { wiki, subs } (sub-entries in order)
//   /music/subs                                  wiki_id → { subs }, paged
//   /sub/detail                                  sub_id → { sub } with its entry in `wiki`
//   /listen/playlist                             music | radio | sub → { playlist }, format by `api`
// Decisions: an id that names nothing, or an entry of another type than the path says (a radio under
// /music/detail), is a 404 naming the right path; `anime` covers every type but music and radio, as
// the UI's /anime/:id pages do. Sub-entries with no upload are listed, songs with `sub_upload: []`. A playlist lists only sub-entries with audio, so an album without audio
// answers an empty playlist (not an error). Without `api`, the playlist answers as the path asks (JSON).
import type { FastifyInstance } from 'fastify';
import type { WikiDto } from '../../contract/objects';
import { sectionOf, SECTION_TYPES, SECTIONS, type EntrySection } from '../../contract/sections';
import { ApiError, badParameter } from '../api-error';
import { apiRoute } from '../api-route';
import { readPaging, type Params } from '../params';

function requiredId(p: Params, name: string): number {
  const id = p.positiveInt(name);
  if (id === undefined) throw new ApiError('MISSING_PARAMETER', `Parameter "${name}" is required.`);
  return id;
}

/** The entry, when it exists and belongs under this path's section; else a 404 saying why. */
function entryIn<T extends { wiki: WikiDto }>(section: EntrySection, id: number, found: T | undefined): T {
  if (!found) throw new ApiError('NOT_FOUND', `No entry has wiki_id ${id}.`);
  const actual = sectionOf(found.wiki.wiki_type);
  if (actual !== section) throw new ApiError('NOT_FOUND', `Entry ${id} is not a ${section} entry (its type is ${found.wiki.wiki_type}; it is under /${actual}).`);
  return found;
}

const WIKI_ID_DOC = { description: 'The entry id', required: true, example: '51000004' };

export async function entryDetailRoutes(app: FastifyInstance): Promise<void> {
  const { entryDetail } = app.deps.catalogue.queries;

  for (const section of SECTIONS) {
    const what = section === 'anime' ? `an anime entry (${SECTION_TYPES.anime.join(', ')})` : `a ${section} entry`;
    apiRoute(
      app,
      `/${section}/detail`,
      {
        auth: 'api-key',
        summary: `One ${section} entry and its sub-entries in order (songs with their audio in sub_upload)`,
        paged: false,
        responds: { wiki: { list: false, object: 'WikiDto' }, subs: { list: true, object: 'SubDto' } },
        params: { wiki_id: { ...WIKI_ID_DOC, description: `The id of ${what}` } },
      },
      ({ params, site }) => {
        const id = requiredId(params, 'wiki_id');
        const { wiki, subs } = entryIn(section, id, entryDetail.findEntry(id, site));
        return { payload: { wiki, subs } };
      },
    );
  }

  apiRoute(
    app,
    '/music/subs',
    {
      auth: 'api-key',
      summary: "A music entry's sub-entries in order, a page at a time (songs with their audio in sub_upload)",
      paged: true,
      responds: { subs: { list: true, object: 'SubDto' } },
      params: {
        wiki_id: { ...WIKI_ID_DOC, description: 'The id of a music entry' },
        page: { description: 'Page number, from 1', example: '1' },
        perpage: { description: 'Items per page, 1–50 (larger values are clamped to 50); default 20', example: '20' },
      },
    },
    ({ params, site }) => {
      const id = requiredId(params, 'wiki_id');
      const paging = readPaging(params);
      const { wiki } = entryIn('music', id, wrap(entryDetail.findWiki(id, site)));
      const { count, subs } = entryDetail.listSubs(wiki, paging.perpage, paging.offset, site);
      return { information: { page: paging.page, perpage: paging.perpage, count }, payload: { subs } };
    },
  );

  apiRoute(
    app,
    '/sub/detail',
    {
      auth: 'api-key',
      summary: 'One sub-entry (song or episode) with its entry in `wiki`',
      paged: false,
      responds: { sub: { list: false, object: 'SubDto' } },
      params: { sub_id: { description: 'The sub-entry id', required: true, example: '51000401' } },
    },
    ({ params, site }) => {
      const id = requiredId(params, 'sub_id');
      const sub = entryDetail.findSub(id, site);
      if (!sub) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${id}.`);
      return { payload: { sub } };
    },
  );

  apiRoute(
    app,
    '/listen/playlist',
    {
      auth: 'api-key',
      summary: 'The playable sub-entries of an album, a radio or one sub-entry, in order (what a player queues)',
      paged: false,
      responds: { playlist: { list: true, object: 'PlaylistItemDto' } },
      params: {
        music: { description: 'A music entry id: its songs with audio (give one of music, radio, sub)', example: '51000001' },
        radio: { description: 'A radio entry id: its episodes with audio', example: '51000008' },
        sub: { description: 'A sub-entry id: that song or episode, when it has audio', example: '51000401' },
        api: { description: 'json or xml: the answer\'s format (without it, the path decides; JSON without a suffix)', example: 'json' },
      },
      formatParam: 'api',
    },
    ({ params, site }) => {
      const api = params.text('api')?.toLowerCase();
      if (api !== undefined && api !== 'json' && api !== 'xml') throw badParameter('api', 'must be json or xml');
      const given = (['music', 'radio', 'sub'] as const).filter((name) => params.text(name) !== undefined);
      if (given.length === 0) throw new ApiError('MISSING_PARAMETER', 'Parameter "music", "radio" or "sub" is required.');
      if (given.length > 1) throw new ApiError('BAD_PARAMETER', `Give one of "music", "radio" or "sub", not ${given.map((g) => `"${g}"`).join(' and ')}.`);
      const [name] = given;
      const id = requiredId(params, name);
      if (name === 'sub') {
        const playlist = entryDetail.playlistOfSub(id, site);
        if (!playlist) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${id}.`);
        return { payload: { playlist } };
      }
      const { wiki } = entryIn(name, id, wrap(entryDetail.findWiki(id, site)));
      return { payload: { playlist: entryDetail.playlistOfWiki(wiki, site) } };
    },
  );
}

const wrap = (wiki: WikiDto | undefined) => wiki && { wiki };
