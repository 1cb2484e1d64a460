// The local user's favourites (DESIGN.md §4 "Beyond the interface"), in JSON and XML:
//   POST /fav/add, /fav/delete      fav_obj_type (wiki|sub), fav_obj_id, fav_type (default 1) → { fav }
//   GET  /user/favs/wiki, /sub      page, perpage → { favs } newest first, each with its object in `obj`
// Only the user's authority may read or write them: the app's own UI (X-Moecat-UI) or a tool connected
// with OAuth (a request signed with its access token), Origin checked for both. Parameters come from
// the query or a form/JSON body, never both for one name. The object must exist in the catalogue; a
// duplicate add is 409, deleting what is not there 404.
// The listed objects carry the user's own fav marks (wiki_user_fav / sub_user_fav), as first-party reads do.
import type { FastifyInstance } from 'fastify';
import type { FavItemDto } from '../../contract/objects';
import type { FavObjType } from '../../catalogue/user/user-db';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { siteOf } from '../site';
import { parseQuery, Params, readPaging } from '../params';
import { userAuthority } from '../plugins/first-party';
import { withUserFavs } from '../user-favs';
import { acceptFormBodies, BODY_LIMIT, documentUserOperation, onlyAllow, paramsOf, sendPrivate, SUFFIXES } from '../user-routes';

const FAV_TYPE_MAX = 1000;

function objTypeOf(p: Params, name: string): FavObjType {
  const value = p.required(name);
  if (value !== 'wiki' && value !== 'sub') throw badParameter(name, 'must be wiki or sub');
  return value;
}

const OBJ_PARAMS = {
  fav_obj_type: { description: '`wiki` (an entry) or `sub` (a song or episode)', required: true, example: 'wiki' },
  fav_obj_id: { description: 'The entry or sub-entry id', required: true, example: '51000004' },
};
const PAGE_PARAMS = {
  page: { description: 'Page number, from 1', example: '1' },
  perpage: { description: 'Items per page, 1–50 (larger values are clamped to 50); default 20', example: '20' },
};

function documentFavourites(): void {
  documentUserOperation({
    method: 'POST',
    path: '/fav/add',
    summary: "Adds an entry or a sub-entry to the user's favourites",
    params: { ...OBJ_PARAMS, fav_type: { description: `A number of the client's choosing, 1–${FAV_TYPE_MAX}; default 1`, example: '1' } },
    responds: { fav: { list: false, object: 'FavDto' } },
    paged: false,
    oauth: true,
    errors: { 404: 'The catalogue has no such entry or sub-entry', 405: 'Any method but POST', 409: 'It is already a favourite (delete it first to change fav_type)' },
  });
  documentUserOperation({
    method: 'POST',
    path: '/fav/delete',
    summary: "Removes an entry or a sub-entry from the user's favourites",
    params: { ...OBJ_PARAMS, fav_type: { description: 'Ignored (checked only for its form): a delete removes the favourite whatever its type' } },
    responds: { fav: { list: false, object: 'FavDto' } },
    paged: false,
    oauth: true,
    errors: { 404: 'It is not a favourite', 405: 'Any method but POST' },
  });
  for (const type of ['wiki', 'sub'] as const) {
    documentUserOperation({
      method: 'GET',
      path: `/user/favs/${type}`,
      summary: `The user's favourite ${type === 'wiki' ? 'entries' : 'songs and episodes'}, newest first, each with its object in \`obj\``,
      params: PAGE_PARAMS,
      responds: { favs: { list: true, object: type === 'wiki' ? 'WikiFavItemDto' : 'SubFavItemDto' } },
      paged: true,
      oauth: true,
      errors: { 405: 'Any method but GET or HEAD' },
    });
  }
}

export async function favouriteRoutes(app: FastifyInstance): Promise<void> {
  const { userDb, catalogue, now } = app.deps;
  const { entryDetail } = catalogue.queries;
  const asUser = userAuthority(app.deps.uiToken);
  const findObj = (type: FavObjType, id: number, site: string) => (type === 'wiki' ? entryDetail.findWiki(id, site) : entryDetail.findSub(id, site));
  documentFavourites();
  acceptFormBodies(app);

  for (const suffix of SUFFIXES) {
    app.post(`/fav/add${suffix}`, { ...asUser, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const p = paramsOf(request);
      const type = objTypeOf(p, 'fav_obj_type');
      const id = p.positiveInt('fav_obj_id');
      if (id === undefined) throw missingParameter('fav_obj_id');
      const favType = p.positiveInt('fav_type') ?? 1;
      if (favType > FAV_TYPE_MAX) throw badParameter('fav_type', `must be at most ${FAV_TYPE_MAX}`);
      if (!findObj(type, id, siteOf(request))) throw new ApiError('NOT_FOUND', `No ${type} has id ${id}.`);
      const fav = userDb.addFav(type, id, favType, Math.floor(now() / 1000));
      if (!fav) throw new ApiError('CONFLICT', `The ${type} ${id} is already a favourite; delete it first to change fav_type.`);
      return sendPrivate(request, reply, { payload: { fav } });
    });
    onlyAllow(app, `/fav/add${suffix}`, ['POST']);

    app.post(`/fav/delete${suffix}`, { ...asUser, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const p = paramsOf(request);
      const type = objTypeOf(p, 'fav_obj_type');
      const id = p.positiveInt('fav_obj_id');
      if (id === undefined) throw missingParameter('fav_obj_id');
      // fav_type is read only to refuse a malformed one: a delete removes the object's favourite whatever its type.
      p.positiveInt('fav_type');
      const fav = userDb.deleteFav(type, id);
      if (!fav) throw new ApiError('NOT_FOUND', `The ${type} ${id} is not a favourite.`);
      return sendPrivate(request, reply, { payload: { fav } });
    });
    onlyAllow(app, `/fav/delete${suffix}`, ['POST']);

    for (const type of ['wiki', 'sub'] as const) {
      app.get(`/user/favs/${type}${suffix}`, asUser, async (request, reply) => {
        const paging = readPaging(new Params(parseQuery(request.url).params));
        const { count, favs } = userDb.listFavs(type, paging.perpage, paging.offset);
        const site = siteOf(request);
        const items: FavItemDto[] = favs.map((fav) => ({ ...fav, obj: findObj(type, fav.fav_obj_id, site) ?? null }));
        return sendPrivate(request, reply, { information: { page: paging.page, perpage: paging.perpage, count }, payload: { favs: withUserFavs(items, userDb) } });
      });
      onlyAllow(app, `/user/favs/${type}${suffix}`, ['GET', 'HEAD']);
    }
  }
}
