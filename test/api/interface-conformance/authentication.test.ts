// The Moefou interface's authentication: which operations take no key, an API key, or an API key or
// OAuth, and the favourite fields — with an OAuth login they carry the logged-in user's favourite
// objects, without a login they are null. How the key is passed and the OAuth flow are "not shown":
// Moecat decides (`api_key` in the query; OAuth 1.0a, HMAC-SHA1; docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, keyClient, oauthClientOf, QUERY_OPERATIONS, type Query } from './client';

let keyed: Awaited<ReturnType<typeof keyClient>>;
let signed: Awaited<ReturnType<typeof oauthClientOf>>;
let album: { wiki_id: number };
let song: { sub_id: number; sub_parent_wiki: number };

beforeAll(async () => {
  keyed = await keyClient();
  signed = await oauthClientOf();
  album = (await keyed.get('json', '/search/wiki', { keyword: 'Sakura Letters' })).body.response.wikis[0];
  song = (await keyed.get('json', '/search/sub', { keyword: 'Sakura', sub_type: 'song' })).body.response.subs[0];
  await signed.addFav('wiki', album.wiki_id);
  await signed.addFav('sub', song.sub_id);
});
afterAll(async () => {
  await keyed?.close();
  await signed?.close();
});

const KEY_OR_OAUTH: { name: string; path: string; query: Query }[] = [
  { name: 'sub-entry search', path: QUERY_OPERATIONS.subSearch, query: { keyword: 'Sakura' } },
  { name: 'entry list', path: QUERY_OPERATIONS.entryList, query: { wiki_type: 'music' } },
  { name: 'entry search', path: QUERY_OPERATIONS.entrySearch, query: { keyword: 'Sakura' } },
];

describe.each(FORMATS)('Accepted authentication, in %s', (format) => {
  it('redirect portal: none', async () => {
    expect((await keyed.anonymous(format, '/search/direct', { title: 'Sakura Letters', api: format })).status).toBe(200);
  });

  it('on-air schedule: an API key, refused without one', async () => {
    expect((await keyed.get(format, QUERY_OPERATIONS.onAir)).status).toBe(200);
    const refused = await keyed.anonymous(format, QUERY_OPERATIONS.onAir);
    expect(refused.status).toBe(401);
    expect(refused.body.response.information.has_error).toBe(true);
  });

  it.each(KEY_OR_OAUTH)('$name: an API key or OAuth, refused with neither', async ({ path, query }) => {
    expect((await keyed.get(format, path, query)).status).toBe(200);
    expect((await signed.get(format, path, query)).status).toBe(200);
    expect((await keyed.anonymous(format, path, query)).status).toBe(401);
  });
});

describe.each(FORMATS)('Favourite fields, in %s', (format) => {
  it('sub-entry search with OAuth: sub_user_fav and wiki.wiki_user_fav carry the user’s favourites', async () => {
    const subs = (await signed.get(format, '/search/sub', { keyword: 'Sakura' })).response.subs;
    const mine = subs.find((s: { sub_id: number }) => s.sub_id === song.sub_id);
    expect(mine.sub_user_fav).toMatchObject({ fav_obj_id: song.sub_id, fav_obj_type: 'sub', fav_uid: 1 });
    expect(mine.wiki.wiki_user_fav).toMatchObject({ fav_obj_id: album.wiki_id, fav_obj_type: 'wiki', fav_uid: 1 });
    const other = subs.find((s: { sub_id: number }) => s.sub_id !== song.sub_id);
    expect(other.sub_user_fav).toBeNull();
  });

  it.each(['/wikis', '/search/wiki'])('%s with OAuth: wiki_user_fav carries the user’s favourite, null on the others', async (path) => {
    const wikis = (await signed.get(format, path, path === '/wikis' ? { wiki_type: 'music' } : { keyword: 'Sakura' })).response.wikis;
    expect(wikis.find((w: { wiki_id: number }) => w.wiki_id === album.wiki_id).wiki_user_fav).toMatchObject({ fav_obj_id: album.wiki_id, fav_uid: 1 });
    expect(wikis.filter((w: { wiki_id: number }) => w.wiki_id !== album.wiki_id).every((w: { wiki_user_fav: unknown }) => w.wiki_user_fav === null)).toBe(true);
  });

  it('without a login the same reads have null favourite fields', async () => {
    const subs = (await keyed.get(format, '/search/sub', { keyword: 'Sakura' })).body.response.subs;
    expect(subs.every((s: { sub_user_fav: unknown; wiki: { wiki_user_fav: unknown } }) => s.sub_user_fav === null && s.wiki.wiki_user_fav === null)).toBe(true);
    const wikis = (await keyed.get(format, '/wikis', { wiki_type: 'music' })).body.response.wikis;
    expect(wikis.every((w: { wiki_user_fav: unknown }) => w.wiki_user_fav === null)).toBe(true);
  });
});
