// /listen/playlist, what every Moefou player asks for (docs/api.md, "What Moefou players call beyond the
// four queries"): GET or POST, the format by `api` (or the path's suffix), a page at a time.
//   music=<id> | radio=<id>   the entry's songs or episodes with audio, in order
//   song=<id> | sub=<id>      that one sub-entry (`song` is the original name)
//   fav=music|radio|song      the local user's favourites with audio, newest favourite first — for the
//                             app's UI or an OAuth-signed request; with an API key alone, an empty
//                             playlist and a msg saying why (the key does not carry the user's data)
//   nothing                   "listen freely": a random pick across the catalogue, new on every call
// `information` adds item_count (this page), may_have_next and next_url (the next page, without
// credentials: the caller adds its own key or signature).
import type { FastifyRequest } from 'fastify';
import type { PlaylistItemDto } from '../../contract/objects';
import { SUB_TYPES } from '../../contract/sections';
import type { PlaylistPage } from '../../catalogue/read/listen';
import { ApiError } from '../api-error';
import { PlaylistItemDtoSchema } from '../../contract/schemas';
import { defineOperation, many } from './define';
import { entryIn } from './entries';
import { oneOf, page, paging, positiveInt, positiveIntOf, spec } from './params';

export const PLAYLIST_PERPAGE = 30;
export const PLAYLIST_MAX_PERPAGE = 50;

const TARGETS = ['music', 'radio', 'song', 'sub', 'fav'] as const;
type Target = (typeof TARGETS)[number];

const perpage = spec(
  {
    description: `Items per page, 1–${PLAYLIST_MAX_PERPAGE} (larger values are clamped); default ${PLAYLIST_PERPAGE}`,
    example: String(PLAYLIST_PERPAGE),
    type: 'integer',
  },
  (raw, name) => positiveIntOf(raw, name, { max: PLAYLIST_MAX_PERPAGE }) ?? PLAYLIST_PERPAGE,
);

/** The address of the page after this one: the same path and choice, without credentials. */
function nextUrl(
  request: FastifyRequest,
  site: string,
  target: Target | undefined,
  value: string | number | undefined,
  next: number,
  per: number,
  api: string | undefined,
): string {
  const query = new URLSearchParams();
  if (target && value !== undefined) query.set(target, String(value));
  query.set('page', String(next));
  query.set('perpage', String(per));
  if (api) query.set('api', api);
  return `${site}${request.url.split('?')[0]}?${query}`;
}

export const playlist = defineOperation({
  method: 'GET',
  alsoPost: true,
  path: '/listen/playlist',
  spellings: 'api',
  auth: 'api-key',
  summary: 'What a player queues: the songs or episodes with audio of an entry, one sub-entry, your favourites, or a random pick',
  notes:
    'Give at most one of music, radio, song (or sub), fav; with none, a random pick across the catalogue ("listen freely"), new on every call. ' +
    "fav=music|radio|song is the local user's favourites for the app or an OAuth-signed request; with an API key alone the playlist is empty and msg says why. " +
    'POST takes the same parameters in a form or JSON body. information adds item_count, may_have_next and next_url (without credentials: add your own).',
  formatParam: 'api',
  paged: true,
  responds: { playlist: many(PlaylistItemDtoSchema) },
  errors: { 404: 'The entry or sub-entry does not exist, or is not of the kind asked' },
  params: {
    music: positiveInt({ description: 'A music entry id: its songs with audio, in order', example: '51000001' }),
    radio: positiveInt({ description: 'A radio entry id: its episodes with audio, in order', example: '51000008' }),
    song: positiveInt({ description: 'A sub-entry id (the original name): that song or episode, when it has audio', example: '51000401' }),
    sub: positiveInt({ description: 'A sub-entry id, as `song`', example: '51000401' }),
    fav: oneOf(['music', 'radio', 'song'], {
      description: "music, radio or song: the local user's favourites with audio, newest favourite first",
      example: 'music',
    }),
    page,
    perpage,
    api: oneOf(['json', 'xml'], { description: "json or xml: the answer's format (without it, the path decides; JSON without a suffix)", example: 'json' }),
  },
  handle({ p, app, site, request, asUser }) {
    const { listen, entryDetail } = app.deps.catalogue.queries;
    const given = TARGETS.filter((name) => p[name] !== undefined);
    if (given.length > 1)
      throw new ApiError('BAD_PARAMETER', `Give one of ${TARGETS.map((t) => `"${t}"`).join(', ')}, not ${given.map((g) => `"${g}"`).join(' and ')}.`);
    const [target] = given;
    const { page: pageNo, perpage: per, offset } = paging(p);
    const msg: string[] = [];
    let found: PlaylistPage;
    let endless = false;
    if (target === 'music' || target === 'radio') {
      const id = p[target]!;
      const wiki = entryDetail.findWiki(id, site);
      entryIn(target, id, wiki && { wiki });
      found = listen.ofWiki(id, per, offset, site);
    } else if (target === 'song' || target === 'sub') {
      const id = p[target]!;
      if (!entryDetail.findSub(id, site)) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${id}.`);
      const one = listen.ofSub(id, site);
      found = { count: one.count, items: one.items.slice(offset, offset + per) };
    } else if (target === 'fav') {
      if (!asUser) {
        msg.push("fav lists the local user's favourites: sign the request with OAuth (an API key alone does not carry the user's data).");
        found = { count: 0, items: [] };
      } else if (p.fav === 'song') {
        found = listen.ofSubs(app.deps.userDb.favIds('sub'), SUB_TYPES, per, offset, site);
      } else {
        found = listen.ofWikis(app.deps.userDb.favIds('wiki'), [p.fav!], per, offset, site);
      }
    } else {
      found = listen.random(per, site);
      endless = found.count > 0;
    }
    const items: PlaylistItemDto[] = found.items;
    const mayHaveNext = endless || offset + items.length < found.count;
    const value = target === 'fav' ? p.fav : target ? p[target] : undefined;
    return {
      msg,
      information: {
        page: pageNo,
        perpage: per,
        count: found.count,
        item_count: items.length,
        may_have_next: mayHaveNext,
        ...(mayHaveNext ? { next_url: nextUrl(request, site, target, value, pageNo + 1, per, p.api) } : {}),
      },
      payload: { playlist: items },
    };
  },
});
