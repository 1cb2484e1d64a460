// /explore (what Moefou clients show first) and /user/detail, beyond the interface's four queries
// (docs/api.md, "What Moefou players call beyond the four queries").
//
// /explore answers the lists asked for, each flag `=1` (more than one at once is fine):
//   new_musics    the newest music entries (by date)
//   hot_musics    music entries the local user plays and favours most (a favourite counts as five plays),
//   hot_radios    the same for radio; then the newest to fill the list. With an API key alone the
//                 ranking is the newest: the key does not carry the user's data. Moecat has no counts
//                 from other listeners, so "hot" means hot here.
//   musics        music entries picked at random, new on every call
//   tags          the music tags carried by the most entries
// /user/detail is the local user (uid 1, the only user) for the app or an OAuth-signed request; with an
// API key alone it is a 403 (the key does not carry the user's data); another uid is a 404.
import type { FastifyInstance } from 'fastify';
import { LOCAL_USER_ID } from '../../contract/objects';
import { toUserDto } from '../../catalogue/user/user-db';
import { ApiError, badParameter } from '../api-error';
import { TagDtoSchema, UserDtoSchema, WikiDtoSchema } from '../../contract/schemas';
import { defineOperation, many, one, type PayloadOf } from './define';
import { oneOf, positiveInt, positiveIntOf, spec, textOf } from './params';

export const EXPLORE_DEFAULT = 10;
export const EXPLORE_MAX = 50;
/** A favourite weighs as much as this many plays in "hot". */
export const FAV_WEIGHT = 5;

const EXPLORE_LISTS = {
  new_musics: many(WikiDtoSchema),
  hot_musics: many(WikiDtoSchema),
  hot_radios: many(WikiDtoSchema),
  musics: many(WikiDtoSchema),
  tags: many(TagDtoSchema),
};
type ListName = keyof typeof EXPLORE_LISTS;
const LISTS = Object.keys(EXPLORE_LISTS) as ListName[];

const asked = (what: string) =>
  spec({ description: `1 to include ${what}`, example: '1' }, (raw, name) => {
    const value = textOf(raw, name);
    if (value !== undefined && value !== '0' && value !== '1') throw badParameter(name, 'must be 1 (include it) or 0');
    return value === '1';
  });

/** Entry ids of `type`'s section ranked by the user's plays and favourites, most first. */
function hotIds(app: FastifyInstance): number[] {
  const score = new Map<number, number>();
  for (const { wikiId, plays } of app.deps.userDb.playsByWiki()) score.set(wikiId, plays);
  for (const id of app.deps.userDb.favIds('wiki')) score.set(id, (score.get(id) ?? 0) + FAV_WEIGHT);
  return [...score].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

export const explore = defineOperation({
  method: 'GET',
  path: '/explore',
  spellings: 'api',
  auth: 'api-key',
  summary: 'Lists to start from: the newest music, what is hot here, a random pick of music, the most used tags',
  notes:
    'Each list is asked for with its flag =1; only those asked are answered. "Hot" ranks entries by the local user\'s plays and favourites (a favourite counts as five plays), then the newest; ' +
    "Moecat has no counts from other listeners. With an API key alone, hot lists are the newest (the key does not carry the user's data).",
  formatParam: 'api',
  optionalPayload: 'Only the lists asked for',
  responds: EXPLORE_LISTS,
  params: {
    new_musics: asked('the newest music entries'),
    hot_musics: asked('the music entries played and favoured most here'),
    hot_radios: asked('the radio entries played and favoured most here'),
    musics: asked('music entries picked at random'),
    tags: asked('the most used music tags'),
    perpage: spec(
      { description: `Entries (or tags) per list, 1–${EXPLORE_MAX}; default ${EXPLORE_DEFAULT}`, example: String(EXPLORE_DEFAULT), type: 'integer' },
      (raw, name) => positiveIntOf(raw, name, { max: EXPLORE_MAX }) ?? EXPLORE_DEFAULT,
    ),
    api: oneOf(['json', 'xml'], { description: "json or xml: the answer's format (without it, the path decides)", example: 'json' }),
  },
  handle({ p, app, site, asUser }) {
    const wanted = LISTS.filter((name) => p[name]);
    if (wanted.length === 0) throw new ApiError('MISSING_PARAMETER', `Ask for at least one list: ${LISTS.map((l) => `${l}=1`).join(', ')}.`);
    const { explore: q, tags } = app.deps.catalogue.queries;
    const hot = asUser ? hotIds(app) : [];
    const lists: { [K in ListName]: () => PayloadOf<typeof EXPLORE_LISTS>[K] } = {
      new_musics: () => q.newest(['music'], p.perpage, site),
      hot_musics: () => q.rankedThenNewest(hot, ['music'], p.perpage, site),
      hot_radios: () => q.rankedThenNewest(hot, ['radio'], p.perpage, site),
      musics: () => q.random(['music'], p.perpage, site),
      tags: () => tags.mostUsed(['music'], p.perpage),
    };
    const payload: Partial<PayloadOf<typeof EXPLORE_LISTS>> = {};
    const put = <K extends ListName>(name: K) => void (payload[name] = lists[name]());
    wanted.forEach(put);
    return { payload };
  },
});

export const userDetail = defineOperation({
  method: 'GET',
  path: '/user/detail',
  spellings: 'api',
  auth: 'api-key',
  summary: 'The local user: Moecat has one user (uid 1) and no accounts',
  notes: "For the app or an OAuth-signed request; an API key alone gets a 403, as it does not carry the user's data. Any uid but 1 is a 404.",
  responds: { user: one(UserDtoSchema) },
  errors: { 403: 'Asked with an API key alone', 404: 'A uid other than 1' },
  params: { uid: positiveInt({ description: 'The user id: 1, the local user (the default)', example: '1' }) },
  handle({ p, app, site, asUser }) {
    if (p.uid !== undefined && p.uid !== LOCAL_USER_ID) throw new ApiError('NOT_FOUND', `No user has uid ${p.uid}: Moecat has one user, uid ${LOCAL_USER_ID}.`);
    if (!asUser)
      throw new ApiError('FORBIDDEN', "The user's details are for the app or a request signed with OAuth; an API key alone does not carry the user's data.");
    return { payload: { user: toUserDto(app.deps.userDb.profile(), site) } };
  },
});

export const EXPLORE_OPERATIONS = [explore, userDetail];
