// The local user's favourites (DESIGN.md §4 "Beyond the interface"), in JSON and XML:
//   POST /fav/add, /fav/delete      fav_obj_type (wiki|sub), fav_obj_id, fav_type (default 1) → { fav }
//   GET  /user/favs/wiki, /sub      page, perpage → { favs } newest first, each with its object in `obj`
// Only the user's authority may read or write them: for now the app's own UI (X-Moecat-UI, Origin
// checked); OAuth tokens join later. Parameters come from the query or a form/JSON body, never both for
// one name. The object must exist in the catalogue; a duplicate add is 409, deleting what is not there 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FavItemDto } from '../../contract/objects';
import type { FavObjType } from '../../catalogue/user-db';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { siteOf } from '../api-route';
import { sendEnvelope } from '../envelope';
import { parseQuery, Params, readPaging } from '../params';
import { requireFirstParty } from '../plugins/first-party';

const SUFFIXES = ['', '.json', '.xml'];
const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const FAV_TYPE_MAX = 1000;

/** Query and body parameters as one map; a name in both is refused rather than guessed. */
function paramsOf(request: FastifyRequest): Params {
  const all = parseQuery(request.url).params;
  const body = request.body;
  if (body === undefined || body === null || body === '') return new Params(all);
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError('BAD_PARAMETER', 'The body must be form fields or a JSON object.');
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (all.has(name)) throw badParameter(name, 'is given more than once');
    if (typeof value !== 'string' && typeof value !== 'number') throw badParameter(name, 'must be a string or a number');
    all.set(name, String(value));
  }
  return new Params(all);
}

function objTypeOf(p: Params, name: string): FavObjType {
  const value = p.required(name);
  if (value !== 'wiki' && value !== 'sub') throw badParameter(name, 'must be wiki or sub');
  return value;
}

export async function favouriteRoutes(app: FastifyInstance): Promise<void> {
  const { userDb, catalogue, now } = app.deps;
  const { entryDetail } = catalogue.queries;
  const firstParty = async (request: FastifyRequest) => requireFirstParty(request, app.deps.uiToken);
  const findObj = (type: FavObjType, id: number, site: string) => (type === 'wiki' ? entryDetail.findWiki(id, site) : entryDetail.findSub(id, site));
  const send = (request: FastifyRequest, reply: FastifyReply, content: Parameters<typeof sendEnvelope>[2]) =>
    sendEnvelope(request, reply.header('cache-control', 'no-store'), content);

  // Form posts (what Moefou clients send) parsed here only; JSON bodies use Fastify's own parser.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    try {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        if (k in fields) return done(badParameter(k, 'is given more than once'));
        fields[k] = v;
      }
      done(null, fields);
    } catch (err) {
      done(err as Error);
    }
  });

  const onlyAllow = (url: string, allowed: readonly string[]) =>
    app.route({
      method: ALL_METHODS.filter((m) => !allowed.includes(m)),
      url,
      handler: async (request, reply) => {
        reply.header('allow', allowed.join(', '));
        throw new ApiError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url.replace(/\.(json|xml)$/, '')}; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`);
      },
    });

  for (const suffix of SUFFIXES) {
    app.post(`/fav/add${suffix}`, { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
      const p = paramsOf(request);
      const type = objTypeOf(p, 'fav_obj_type');
      const id = p.positiveInt('fav_obj_id');
      if (id === undefined) throw missingParameter('fav_obj_id');
      const favType = p.positiveInt('fav_type') ?? 1;
      if (favType > FAV_TYPE_MAX) throw badParameter('fav_type', `must be at most ${FAV_TYPE_MAX}`);
      if (!findObj(type, id, siteOf(request))) throw new ApiError('NOT_FOUND', `No ${type} has id ${id}.`);
      const fav = userDb.addFav(type, id, favType, Math.floor(now() / 1000));
      if (!fav) throw new ApiError('CONFLICT', `The ${type} ${id} is already a favourite; delete it first to change fav_type.`);
      return send(request, reply, { payload: { fav } });
    });
    onlyAllow(`/fav/add${suffix}`, ['POST']);

    app.post(`/fav/delete${suffix}`, { onRequest: firstParty, bodyLimit: 4096 }, async (request, reply) => {
      const p = paramsOf(request);
      const type = objTypeOf(p, 'fav_obj_type');
      const id = p.positiveInt('fav_obj_id');
      if (id === undefined) throw missingParameter('fav_obj_id');
      // fav_type is read only to refuse a malformed one: a delete removes the object's favourite whatever its type.
      p.positiveInt('fav_type');
      const fav = userDb.deleteFav(type, id);
      if (!fav) throw new ApiError('NOT_FOUND', `The ${type} ${id} is not a favourite.`);
      return send(request, reply, { payload: { fav } });
    });
    onlyAllow(`/fav/delete${suffix}`, ['POST']);

    for (const type of ['wiki', 'sub'] as const) {
      app.get(`/user/favs/${type}${suffix}`, { onRequest: firstParty }, async (request, reply) => {
        const paging = readPaging(new Params(parseQuery(request.url).params));
        const { count, favs } = userDb.listFavs(type, paging.perpage, paging.offset);
        const site = siteOf(request);
        const items: FavItemDto[] = favs.map((fav) => ({ ...fav, obj: findObj(type, fav.fav_obj_id, site) ?? null }));
        return send(request, reply, { information: { page: paging.page, perpage: paging.perpage, count }, payload: { favs: items } });
      });
      onlyAllow(`/user/favs/${type}${suffix}`, ['GET', 'HEAD']);
    }
  }
}
