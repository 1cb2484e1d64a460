// Recently played: what the local user's player started, in JSON and XML, for the app's own UI only:
//   POST /app/history/add     sub_id → { play } (the sub-entry must exist in the catalogue, else 404)
//   GET  /app/history         page, perpage → { plays }: each sub-entry once, at its latest play, newest
//                             first, with the sub-entry (and its entry in `sub.wiki`) in `sub`
//   POST /app/history/clear   → { cleared } (how many plays were forgotten)
// Decisions: a play is recorded whenever the player starts a track, so the same song may be stored many
// times — the list shows it once, at its latest play; the user database keeps the newest MAX_PLAYS plays
// and prunes older ones on each add; a play names catalogue ids (stable across rebuilds), and one whose
// sub-entry the catalogue no longer has is listed with `sub: null`.
import type { PlayItemDto } from '../../contract/objects';
import { MAX_PLAYS } from '../../catalogue/user/user-db';
import { ApiError } from '../api-error';
import { withUserFavs } from '../user-favs';
import { PlayDtoSchema, PlayItemDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one } from './define';
import { PAGING, paging, requiredId } from './params';

export const addPlay = defineOperation({
  method: 'POST',
  path: '/app/history/add',
  spellings: 'api',
  auth: 'first-party',
  summary: `Records that the user started playing a song or episode (the newest ${MAX_PLAYS} plays are kept)`,
  responds: { play: one(PlayDtoSchema) },
  errors: { 404: 'The catalogue has no such sub-entry', 405: 'Any method but POST' },
  params: { sub_id: requiredId({ description: 'The sub-entry id', example: '51000401' }) },
  handle({ p, app, site }) {
    const sub = app.deps.catalogue.queries.entryDetail.findSub(p.sub_id, site);
    if (!sub) throw new ApiError('NOT_FOUND', `No sub has id ${p.sub_id}.`);
    return { payload: { play: app.deps.userDb.addPlay(sub.sub_id, sub.sub_parent_wiki, Math.floor(app.deps.now() / 1000)) } };
  },
});

export const listPlays = defineOperation({
  method: 'GET',
  path: '/app/history',
  spellings: 'api',
  auth: 'first-party',
  summary: 'Recently played: each song or episode once, at its latest play, newest first, with the sub-entry and its entry',
  paged: true,
  responds: { plays: many(PlayItemDtoSchema) },
  errors: { 405: 'Any method but GET or HEAD' },
  params: PAGING,
  handle({ p, app, site }) {
    const page = paging(p);
    const { userDb, catalogue } = app.deps;
    const { count, plays } = userDb.listPlays(page.perpage, page.offset);
    const items: PlayItemDto[] = plays.map((play) => ({ ...play, sub: catalogue.queries.entryDetail.findSub(play.sub_id, site) ?? null }));
    return { information: { page: page.page, perpage: page.perpage, count }, payload: { plays: withUserFavs(items, userDb) } };
  },
});

export const clearPlays = defineOperation({
  method: 'POST',
  path: '/app/history/clear',
  spellings: 'api',
  auth: 'first-party',
  summary: 'Forgets every play',
  responds: { cleared: one('integer') },
  errors: { 405: 'Any method but POST' },
  params: {},
  handle: ({ app }) => ({ payload: { cleared: app.deps.userDb.clearPlays() } }),
});

export const HISTORY_OPERATIONS = [addPlay, listPlays, clearPlays];
