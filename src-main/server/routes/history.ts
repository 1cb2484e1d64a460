// Recently played: what the local user's player started, in JSON and XML:
//   POST /app/history/add     sub_id → { play } (the sub-entry must exist in the catalogue, else 404)
//   GET  /app/history         page, perpage → { plays }: each sub-entry once, at its latest play, newest
//                             first, with the sub-entry (and its entry in `sub.wiki`) in `sub`
//   POST /app/history/clear   → { cleared } (how many plays were forgotten)
// Only the app's own UI (X-Moecat-UI, Origin checked) may use them, like the favourites; parameters come
// from the query or a form/JSON body. Decisions: a play is recorded whenever the player starts a track, so
// the same song may be stored many times — the list shows it once, at its latest play; the user database
// keeps the newest MAX_PLAYS plays and prunes older ones on each add; a play names catalogue ids (stable
// across rebuilds), and one whose sub-entry the catalogue no longer has is listed with `sub: null`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlayItemDto } from '../../contract/objects';
import { MAX_PLAYS } from '../../catalogue/user/user-db';
import { ApiError, missingParameter } from '../api-error';
import { siteOf } from '../site';
import { parseQuery, Params, readPaging } from '../params';
import { requireFirstParty } from '../plugins/first-party';
import { withUserFavs } from '../user-favs';
import { acceptFormBodies, BODY_LIMIT, documentUserOperation, onlyAllow, paramsOf, sendPrivate, SUFFIXES } from '../user-routes';

function documentHistory(): void {
  documentUserOperation({
    method: 'POST',
    path: '/app/history/add',
    summary: `Records that the user started playing a song or episode (the newest ${MAX_PLAYS} plays are kept)`,
    params: { sub_id: { description: 'The sub-entry id', required: true, example: '51000401' } },
    responds: { play: { list: false, object: 'PlayDto' } },
    paged: false,
    errors: { 404: 'The catalogue has no such sub-entry', 405: 'Any method but POST' },
  });
  documentUserOperation({
    method: 'GET',
    path: '/app/history',
    summary: 'Recently played: each song or episode once, at its latest play, newest first, with the sub-entry and its entry',
    params: {
      page: { description: 'Page number, from 1', example: '1' },
      perpage: { description: 'Items per page, 1–50 (larger values are clamped to 50); default 20', example: '20' },
    },
    responds: { plays: { list: true, object: 'PlayItemDto' } },
    paged: true,
    errors: { 405: 'Any method but GET or HEAD' },
  });
  documentUserOperation({
    method: 'POST',
    path: '/app/history/clear',
    summary: 'Forgets every play',
    params: {},
    responds: { cleared: { list: false, object: 'integer' } },
    paged: false,
    errors: { 405: 'Any method but POST' },
  });
}

export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const { userDb, catalogue, now } = app.deps;
  const { entryDetail } = catalogue.queries;
  const firstParty = async (request: FastifyRequest) => requireFirstParty(request, app.deps.uiToken);
  documentHistory();
  acceptFormBodies(app);

  for (const suffix of SUFFIXES) {
    app.post(`/app/history/add${suffix}`, { onRequest: firstParty, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const id = paramsOf(request).positiveInt('sub_id');
      if (id === undefined) throw missingParameter('sub_id');
      const sub = entryDetail.findSub(id, siteOf(request));
      if (!sub) throw new ApiError('NOT_FOUND', `No sub has id ${id}.`);
      const play = userDb.addPlay(sub.sub_id, sub.sub_parent_wiki, Math.floor(now() / 1000));
      return sendPrivate(request, reply, { payload: { play } });
    });
    onlyAllow(app, `/app/history/add${suffix}`, ['POST']);

    app.get(`/app/history${suffix}`, { onRequest: firstParty }, async (request, reply) => {
      const paging = readPaging(new Params(parseQuery(request.url).params));
      const { count, plays } = userDb.listPlays(paging.perpage, paging.offset);
      const site = siteOf(request);
      const items: PlayItemDto[] = plays.map((play) => ({ ...play, sub: entryDetail.findSub(play.sub_id, site) ?? null }));
      return sendPrivate(request, reply, { information: { page: paging.page, perpage: paging.perpage, count }, payload: { plays: withUserFavs(items, userDb) } });
    });
    onlyAllow(app, `/app/history${suffix}`, ['GET', 'HEAD']);

    app.post(`/app/history/clear${suffix}`, { onRequest: firstParty, bodyLimit: BODY_LIMIT }, async (request, reply) => {
      // Read only to refuse a malformed query or body; clearing takes no parameters.
      paramsOf(request);
      return sendPrivate(request, reply, { payload: { cleared: userDb.clearPlays() } });
    });
    onlyAllow(app, `/app/history/clear${suffix}`, ['POST']);
  }
}
