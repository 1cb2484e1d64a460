// The local user's favourites (docs/api.md, "Favourites and recently played"), in JSON and XML:
//   POST /fav/add, /fav/delete      fav_obj_type (wiki|sub), fav_obj_id, fav_type (default 1) → { fav }
//   GET  /user/favs/wiki, /sub      page, perpage → { favs } newest first, each with its object in `obj`
// Only the user's authority may read or write them: the app's own UI or a tool connected with OAuth,
// Origin checked for both. Parameters come from the query or a form/JSON body, never both for one name.
// The object must exist in the catalogue; a duplicate add is 409, deleting what is not there 404. The
// listed objects carry the user's own fav marks (wiki_user_fav / sub_user_fav), as first-party reads do.
import type { FastifyInstance } from 'fastify';
import type { FavItemDto } from '../../contract/objects';
import type { FavObjType } from '../../catalogue/user/user-db';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { withUserFavs } from '../user-favs';
import { FavDtoSchema, SubFavItemDtoSchema, WikiFavItemDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one } from './define';
import { PAGING, paging, positiveInt, requiredId, spec, textOf } from './params';

const FAV_TYPE_MAX = 1000;

const objType = spec({ description: '`wiki` (an entry) or `sub` (a song or episode)', example: 'wiki', required: true }, (raw, name) => {
  const value = textOf(raw, name);
  if (value === undefined) throw missingParameter(name);
  if (value !== 'wiki' && value !== 'sub') throw badParameter(name, 'must be wiki or sub');
  return value as FavObjType;
});
const objId = requiredId({ description: 'The entry or sub-entry id', example: '51000004' });
const findObj = (app: FastifyInstance, type: FavObjType, id: number, site: string) =>
  type === 'wiki' ? app.deps.catalogue.queries.entryDetail.findWiki(id, site) : app.deps.catalogue.queries.entryDetail.findSub(id, site);

export const addFav = defineOperation({
  method: 'POST',
  path: '/fav/add',
  spellings: 'api',
  auth: 'user',
  summary: "Adds an entry or a sub-entry to the user's favourites",
  responds: { fav: one(FavDtoSchema) },
  errors: {
    404: 'The catalogue has no such entry or sub-entry',
    405: 'Any method but POST',
    409: 'It is already a favourite (delete it first to change fav_type)',
  },
  params: {
    fav_obj_type: objType,
    fav_obj_id: objId,
    fav_type: positiveInt({ description: `A number of the client's choosing, 1–${FAV_TYPE_MAX}; default 1`, example: '1', max: FAV_TYPE_MAX, clamp: false }),
  },
  handle({ p, app, site }) {
    if (!findObj(app, p.fav_obj_type, p.fav_obj_id, site)) throw new ApiError('NOT_FOUND', `No ${p.fav_obj_type} has id ${p.fav_obj_id}.`);
    const fav = app.deps.userDb.addFav(p.fav_obj_type, p.fav_obj_id, p.fav_type ?? 1, Math.floor(app.deps.now() / 1000));
    if (!fav) throw new ApiError('CONFLICT', `The ${p.fav_obj_type} ${p.fav_obj_id} is already a favourite; delete it first to change fav_type.`);
    return { payload: { fav } };
  },
});

export const deleteFav = defineOperation({
  method: 'POST',
  path: '/fav/delete',
  spellings: 'api',
  auth: 'user',
  summary: "Removes an entry or a sub-entry from the user's favourites",
  responds: { fav: one(FavDtoSchema) },
  errors: { 404: 'It is not a favourite', 405: 'Any method but POST' },
  params: {
    fav_obj_type: objType,
    fav_obj_id: objId,
    // Read only to refuse a malformed one: a delete removes the object's favourite whatever its type.
    fav_type: positiveInt({ description: 'Ignored (checked only for its form): a delete removes the favourite whatever its type' }),
  },
  handle({ p, app }) {
    const fav = app.deps.userDb.deleteFav(p.fav_obj_type, p.fav_obj_id);
    if (!fav) throw new ApiError('NOT_FOUND', `The ${p.fav_obj_type} ${p.fav_obj_id} is not a favourite.`);
    return { payload: { fav } };
  },
});

const listOf = (type: FavObjType) =>
  defineOperation({
    method: 'GET',
    path: `/user/favs/${type}`,
    spellings: 'api',
    auth: 'user',
    summary: `The user's favourite ${type === 'wiki' ? 'entries' : 'songs and episodes'}, newest first, each with its object in \`obj\``,
    paged: true,
    responds: { favs: many(type === 'wiki' ? WikiFavItemDtoSchema : SubFavItemDtoSchema) },
    errors: { 405: 'Any method but GET or HEAD' },
    params: PAGING,
    handle({ p, app, site }) {
      const page = paging(p);
      const { count, favs } = app.deps.userDb.listFavs(type, page.perpage, page.offset);
      const { findWiki, findSub } = app.deps.catalogue.queries.entryDetail;
      const items = favs.map((fav): FavItemDto =>
        type === 'wiki' ? { ...fav, obj: findWiki(fav.fav_obj_id, site) ?? null } : { ...fav, obj: findSub(fav.fav_obj_id, site) ?? null },
      );
      return { information: { page: page.page, perpage: page.perpage, count }, payload: { favs: withUserFavs(items, app.deps.userDb) } };
    },
  });

export const FAVOURITE_OPERATIONS = [addFav, deleteFav, listOf('wiki'), listOf('sub')];
