// What real Moefou clients call beyond the interface's four queries (docs/api.md, "What Moefou
// players call"): /listen/playlist in every form, /explore, the original detail paths, favs, ratings,
// relationships and similarity, /user/detail, the UI's page paths asked with `api`, and a 404 envelope
// for an unknown path asked for JSON or XML. Every assertion in JSON and XML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { LOCAL_USER_ID } from '../../src-main/contract/objects';
import { EXPLORE_DEFAULT, FAV_WEIGHT } from '../../src-main/server/operations/explore';
import { PLAYLIST_PERPAGE } from '../../src-main/server/operations/listen';
import { call, callAsUser, callUrl, decodeXml, FORMATS, type ApiAnswer, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

const SITE = 'http://127.0.0.1:7777';
const UI_TOKEN = 'c3'.repeat(16);

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let apiKey: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
  apiKey = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, trackIds: spec.tracks.map((_, i) => DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1) };
};
const SAKURA = demo('sakura-letters'); // music with audio; tags Vocal, Piano, Album
const INORI = demo('inori-starlight-serenade'); // music; tags Vocal, Piano, Single: shares two with SAKURA
const INDIE = demo('blue-horizon-indie'); // music; tags Vocal, Indie, Album: shares two with SAKURA
const NO_AUDIO = demo('yumemiru-kikai'); // music without audio
const RADIO = demo('radio-moecat-houkago'); // radio with episodes that have audio
const PLAYABLE_SONGS = DEMO_SPEC.filter((a) => a.audio).reduce((n, a) => n + a.tracks.length, 0);

/** XML repeats a list's element (one item decodes to an object, none to NULL). */
const asList = <T>(value: T | T[] | null | undefined | ''): T[] => (value == null || value === '' ? [] : Array.isArray(value) ? value : [value]);

const get = (path: string, format: Format, query: Record<string, string> = {}) => call(ctx.app, path, format, { api_key: apiKey, ...query });
const asUser = (path: string, format: Format, query: Record<string, string> = {}) => callAsUser(ctx.app, path, format, UI_TOKEN, { query });

function expectOk(res: ApiAnswer, format: Format) {
  expect(res.status).toBe(200);
  expect(res.contentType).toContain(`application/${format}`);
  expect(res.body.response.information).toMatchObject({ has_error: false, error: 0 });
}

function expectError(res: ApiAnswer, format: Format, status: number, msg: RegExp) {
  expect(res.status).toBe(status);
  expect(res.contentType).toContain(`application/${format}`);
  expect(res.body.response.information).toMatchObject({ has_error: true, error: status });
  expect(asList(res.body.response.information.msg).join(' ')).toMatch(msg);
}

type Item = { sub_id: number; wiki_id: number; url: string; up_url: string; stream_length: number; stream_time: string; file_size: number; file_type: string };

describe.each(FORMATS)('/listen/playlist as Moefou players call it (%s)', (format) => {
  it('answers song=<sub_id> (the original name) as sub=', async () => {
    const res = await get('/listen/playlist', format, { song: String(SAKURA.trackIds[1]) });
    expectOk(res, format);
    const [item, ...rest] = asList<Item>(res.body.response.playlist);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ sub_id: SAKURA.trackIds[1], wiki_id: SAKURA.id, url: `${SITE}/files/demo/sakura-letters/02.mp3`, file_type: 'mp3' });
    expect(item.stream_time).toMatch(/^\d{2}:\d{2}$/);
    expect(item.file_size).toBeGreaterThan(0);
    expect(res.body.response.information).toMatchObject({ page: 1, perpage: PLAYLIST_PERPAGE, count: 1, item_count: 1, may_have_next: false });
    expect(res.body.response.information.next_url).toBeUndefined();
  });

  it('answers no target with a random pick of playable tracks, different from call to call, with a next page', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const res = await get('/listen/playlist', format, { perpage: '5' });
      expectOk(res, format);
      const items = asList<Item>(res.body.response.playlist);
      expect(items).toHaveLength(5);
      for (const item of items) expect(item.url).toMatch(/\.mp3$/);
      expect(new Set(items.map((it) => it.sub_id)).size).toBe(5);
      expect(res.body.response.information).toMatchObject({ item_count: 5, perpage: 5, may_have_next: true });
      expect(res.body.response.information.next_url).toBe(`${SITE}/listen/playlist${format === 'json' ? '.json' : '.xml'}?page=2&perpage=5`);
      seen.add(items.map((it) => it.sub_id).join());
    }
    expect(seen.size).toBeGreaterThan(1);
    const all = await get('/listen/playlist', format, { perpage: '50' });
    expect(asList<Item>(all.body.response.playlist).length).toBe(Math.min(50, PLAYABLE_SONGS));
  });

  it('pages an album by page and perpage, with item_count, may_have_next and a next_url without credentials', async () => {
    const first = await get('/listen/playlist', format, { music: String(SAKURA.id), perpage: '2' });
    expectOk(first, format);
    expect(asList<Item>(first.body.response.playlist).map((it) => it.sub_id)).toEqual(SAKURA.trackIds.slice(0, 2));
    const info = first.body.response.information;
    expect(info).toMatchObject({ page: 1, perpage: 2, count: SAKURA.tracks.length, item_count: 2, may_have_next: true });
    expect(info.next_url).not.toContain('api_key');
    const next = await callUrl(ctx.app, `${info.next_url.replace(SITE, '')}&api_key=${apiKey}`);
    expectOk(next, format);
    expect(asList<Item>(next.body.response.playlist).map((it) => it.sub_id)).toEqual(SAKURA.trackIds.slice(2, 4));
    const lastPage = Math.ceil(SAKURA.tracks.length / 2);
    const last = await get('/listen/playlist', format, { music: String(SAKURA.id), perpage: '2', page: String(lastPage) });
    expect(last.body.response.information).toMatchObject({ page: lastPage, may_have_next: false });
    expect(asList<Item>(last.body.response.playlist).map((it) => it.sub_id)).toEqual(SAKURA.trackIds.slice((lastPage - 1) * 2));
  });

  it('answers POST with its parameters in a form or a JSON body, as PHP widgets send', async () => {
    const headers = { host: '127.0.0.1:7777' };
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/listen/playlist.${format}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ api_key: apiKey, radio: String(RADIO.id) }).toString(),
    });
    expect(form.statusCode).toBe(200);
    const body = format === 'xml' ? (decodeXml(form.body) as { response: { playlist: unknown } }) : form.json();
    expect(asList<Item>(body.response.playlist).map((it) => it.sub_id)).toEqual(RADIO.trackIds);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/listen/playlist?api=${format}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { api_key: apiKey, song: SAKURA.trackIds[0] },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain(format);
  });

  it("answers fav=music|radio|song with the local user's favourites for the app, and an empty list with a msg for a key alone", async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1);
    ctx.userDb.addFav('wiki', RADIO.id, 1);
    ctx.userDb.addFav('sub', INORI.trackIds[0], 1);
    ctx.userDb.addFav('wiki', NO_AUDIO.id, 1);
    try {
      const music = await asUser('/listen/playlist', format, { fav: 'music' });
      expect(music.status).toBe(200);
      expect(asList<Item>(music.response.playlist).map((it) => it.sub_id)).toEqual(SAKURA.trackIds);
      const radio = await asUser('/listen/playlist', format, { fav: 'radio' });
      expect(asList<Item>(radio.response.playlist).map((it) => it.sub_id)).toEqual(RADIO.trackIds);
      const song = await asUser('/listen/playlist', format, { fav: 'song' });
      expect(asList<Item>(song.response.playlist).map((it) => it.sub_id)).toEqual([INORI.trackIds[0]]);

      const byKey = await get('/listen/playlist', format, { fav: 'music' });
      expectOk(byKey, format);
      expect(asList(byKey.body.response.playlist)).toEqual([]);
      expect(asList(byKey.body.response.information.msg).join(' ')).toMatch(/OAuth/);
    } finally {
      ctx.userDb.deleteFav('wiki', SAKURA.id);
      ctx.userDb.deleteFav('wiki', RADIO.id);
      ctx.userDb.deleteFav('sub', INORI.trackIds[0]);
      ctx.userDb.deleteFav('wiki', NO_AUDIO.id);
    }
  });

  it('refuses an unknown fav kind and two targets, and changes nothing', async () => {
    expectError(await get('/listen/playlist', format, { fav: 'anime' }), format, 400, /"fav"/);
    expectError(await get('/listen/playlist', format, { song: '1', music: '2' }), format, 400, /not "music" and "song"/);
  });
});

type Wiki = { wiki_id: number; wiki_type: string; wiki_date: number; wiki_tags: string[] };

describe.each(FORMATS)('/explore (%s)', (format) => {
  it('answers only the lists asked for', async () => {
    const res = await get('/explore', format, { new_musics: '1', tags: '1', api: format });
    expectOk(res, format);
    expect(Object.keys(res.body.response).sort()).toEqual(['information', 'new_musics', 'tags']);
  });

  it('new_musics: the newest music entries, perpage of them', async () => {
    const res = await get('/explore', format, { new_musics: '1', perpage: '4' });
    const wikis = asList<Wiki>(res.body.response.new_musics);
    expect(wikis).toHaveLength(4);
    for (const w of wikis) expect(w.wiki_type).toBe('music');
    const dates = wikis.map((w) => w.wiki_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const all = await get('/explore', format, { new_musics: '1', perpage: '50' });
    const newest = Math.max(...asList<Wiki>(all.body.response.new_musics).map((w) => w.wiki_date));
    expect(dates[0]).toBe(newest);
    const byDefault = await get('/explore', format, { new_musics: '1' });
    expect(asList(byDefault.body.response.new_musics)).toHaveLength(Math.min(EXPLORE_DEFAULT, asList(all.body.response.new_musics).length));
  });

  it('hot_musics and hot_radios: what the local user plays and favours most, then the newest; a key alone gets the newest', async () => {
    for (const sub of SAKURA.trackIds.slice(0, 2)) ctx.userDb.addPlay(sub, SAKURA.id);
    for (let i = 0; i < FAV_WEIGHT + 1; i += 1) ctx.userDb.addPlay(NO_AUDIO.trackIds[0], NO_AUDIO.id);
    ctx.userDb.addFav('wiki', INORI.id, 1); // five plays' worth: between NO_AUDIO (6) and SAKURA (2)
    ctx.userDb.addPlay(RADIO.trackIds[0], RADIO.id);
    try {
      const hot = await asUser('/explore', format, { hot_musics: '1', hot_radios: '1', perpage: '5' });
      expect(hot.status).toBe(200);
      const musics = asList<Wiki>(hot.response.hot_musics).map((w) => w.wiki_id);
      expect(musics.slice(0, 3)).toEqual([NO_AUDIO.id, INORI.id, SAKURA.id]);
      expect(musics).toHaveLength(5);
      expect(asList<Wiki>(hot.response.hot_radios)[0].wiki_id).toBe(RADIO.id);

      const byKey = await get('/explore', format, { hot_musics: '1', new_musics: '1', perpage: '5' });
      expect(asList<Wiki>(byKey.body.response.hot_musics).map((w) => w.wiki_id)).toEqual(asList<Wiki>(byKey.body.response.new_musics).map((w) => w.wiki_id));
    } finally {
      ctx.userDb.clearPlays();
      ctx.userDb.deleteFav('wiki', INORI.id);
    }
  });

  it('musics: music entries at random; tags: the most used music tags with their counts', async () => {
    const res = await get('/explore', format, { musics: '1', tags: '1', perpage: '3' });
    const picked = asList<Wiki>(res.body.response.musics);
    expect(picked).toHaveLength(3);
    for (const w of picked) expect(w.wiki_type).toBe('music');
    const tags = asList<{ tag_name: string; tag_count: number }>(res.body.response.tags);
    expect(tags).toHaveLength(3);
    const counts = tags.map((t) => t.tag_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(tags.map((t) => t.tag_name)).toContain('Vocal'); // on four demo albums
  });

  it('refuses a call asking for nothing and a flag that is not 0 or 1', async () => {
    expectError(await get('/explore', format), format, 400, /at least one list/);
    expectError(await get('/explore', format, { new_musics: 'yes' }), format, 400, /"new_musics" must be 1/);
    expectError(await call(ctx.app, '/explore', format, { new_musics: '1' }), format, 401, /api_key/);
  });
});

describe.each(FORMATS)('the original detail paths (%s)', (format) => {
  it('/song/detail and /ep/detail answer a sub-entry of that type, and 404 one of the other', async () => {
    const song = await get('/song/detail', format, { sub_id: String(SAKURA.trackIds[0]) });
    expectOk(song, format);
    expect(song.body.response.sub).toMatchObject({ sub_id: SAKURA.trackIds[0], sub_type: 'song', wiki: { wiki_id: SAKURA.id } });
    const ep = await get('/ep/detail', format, { sub_id: String(RADIO.trackIds[0]) });
    expect(ep.body.response.sub).toMatchObject({ sub_type: 'ep', wiki: { wiki_id: RADIO.id } });
    expectError(await get('/ep/detail', format, { sub_id: String(SAKURA.trackIds[0]) }), format, 404, /not a ep.*\/song/);
  });

  it('/radio/subs and /anime/subs page the sub-entries of their sections', async () => {
    const res = await get('/radio/subs', format, { wiki_id: String(RADIO.id), perpage: '2', page: '2' });
    expectOk(res, format);
    expect(asList<{ sub_id: number }>(res.body.response.subs).map((s) => s.sub_id)).toEqual(RADIO.trackIds.slice(2, 4));
    expect(res.body.response.information).toMatchObject({ page: 2, perpage: 2, count: RADIO.tracks.length });
    expectError(await get('/anime/subs', format, { wiki_id: String(RADIO.id) }), format, 404, /not a anime entry.*\/radio/);
  });
});

describe.each(FORMATS)('favs, ratings, relationships and similarity (%s)', (format) => {
  it("favs: the local user's favourite for the app, [] for a key alone", async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1);
    ctx.userDb.addFav('sub', SAKURA.trackIds[0], 2);
    try {
      const mine = await asUser('/music/favs', format, { wiki_id: String(SAKURA.id) });
      expect(mine.status).toBe(200);
      expect(asList(mine.response.favs)).toEqual([expect.objectContaining({ fav_obj_id: SAKURA.id, fav_obj_type: 'wiki', fav_uid: LOCAL_USER_ID })]);
      const song = await asUser('/song/favs', format, { sub_id: String(SAKURA.trackIds[0]) });
      expect(asList(song.response.favs)).toEqual([expect.objectContaining({ fav_obj_id: SAKURA.trackIds[0], fav_type: 2 })]);
      const none = await asUser('/music/favs', format, { wiki_id: String(INORI.id) });
      expect(asList(none.response.favs)).toEqual([]);
      const byKey = await get('/music/favs', format, { wiki_id: String(SAKURA.id) });
      expectOk(byKey, format);
      expect(asList(byKey.body.response.favs)).toEqual([]);
      expect(byKey.body.response.information).toMatchObject({ count: 0, page: 1 });
    } finally {
      ctx.userDb.deleteFav('wiki', SAKURA.id);
      ctx.userDb.deleteFav('sub', SAKURA.trackIds[0]);
    }
  });

  it.each([
    ['/music/ratings', { wiki_id: String(SAKURA.id) }, 'ratings'],
    ['/music/relationships', { wiki_id: String(SAKURA.id) }, 'relationships'],
    ['/radio/ratings', { wiki_id: String(RADIO.id) }, 'ratings'],
    ['/song/ratings', { sub_id: String(SAKURA.trackIds[0]) }, 'ratings'],
    ['/ep/relationships', { sub_id: String(RADIO.trackIds[0]) }, 'relationships'],
  ] as const)('%s is an empty list: Moecat has none', async (path, query, key) => {
    const res = await get(path, format, query);
    expectOk(res, format);
    expect(asList(res.body.response[key])).toEqual([]);
    expect(res.body.response.information).toMatchObject({ count: 0 });
  });

  it('404s ratings of an id that names nothing or an entry of another section', async () => {
    expectError(await get('/music/ratings', format, { wiki_id: '999999999' }), format, 404, /No entry/);
    expectError(await get('/music/relationships', format, { wiki_id: String(RADIO.id) }), format, 404, /not a music entry/);
    expectError(await get('/song/favs', format, { sub_id: String(RADIO.trackIds[0]) }), format, 404, /not a song/);
  });

  it('similarity: entries of the section sharing the most tags, most first, itself never', async () => {
    const res = await get('/music/similarity', format, { wiki_id: String(SAKURA.id), perpage: '50' });
    expectOk(res, format);
    const similar = asList<Wiki>(res.body.response.similarity);
    const ids = similar.map((w) => w.wiki_id);
    expect(ids).not.toContain(SAKURA.id);
    expect(ids.slice(0, 2).sort()).toEqual([INORI.id, INDIE.id].sort()); // two tags shared each
    const shared = similar.map((w) => w.wiki_tags.filter((t) => SAKURA.tags.includes(t)).length);
    expect(shared).toEqual([...shared].sort((a, b) => b - a));
    expect(Math.min(...shared)).toBeGreaterThan(0);
    for (const w of similar) expect(w.wiki_type).toBe('music');
    expect(res.body.response.information.count).toBe(similar.length);
  });
});

describe.each(FORMATS)('/user/detail (%s)', (format) => {
  it('is the local user for the app, with counts Moecat keeps', async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1);
    ctx.userDb.addPlay(SAKURA.trackIds[0], SAKURA.id);
    try {
      const res = await asUser('/user/detail', format);
      expect(res.status).toBe(200);
      expect(res.response.user).toMatchObject({
        uid: LOCAL_USER_ID,
        user_fav_wiki_count: 1,
        user_fav_sub_count: 0,
        user_play_count: 1,
        user_url: `${SITE}/favourites`,
      });
      expect(res.response.user.user_lastactivity).toBeGreaterThanOrEqual(res.response.user.user_registered);
      const same = await asUser('/user/detail', format, { uid: String(LOCAL_USER_ID) });
      expect(same.response.user.uid).toBe(LOCAL_USER_ID);
    } finally {
      ctx.userDb.deleteFav('wiki', SAKURA.id);
      ctx.userDb.clearPlays();
    }
  });

  it('is a 403 for a key alone and a 404 for another uid', async () => {
    expectError(await get('/user/detail', format), format, 403, /OAuth/);
    expectError(await get('/user/detail', format, { uid: '2' }), format, 404, /uid 2/);
  });
});

describe.each(FORMATS)('the UI page paths asked with api=%s', (format) => {
  const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', ...headers } });

  it('/music/<id>?api= answers /music/detail and /music/<id>/songs?api= answers /music/subs', async () => {
    const detail = await callUrl(ctx.app, `/music/${SAKURA.id}?api=${format}&api_key=${apiKey}`);
    expectOk(detail, format);
    expect(detail.body.response.wiki.wiki_id).toBe(SAKURA.id);
    const songs = await callUrl(ctx.app, `/music/${SAKURA.id}/songs?api=${format}&api_key=${apiKey}&perpage=3`);
    expectOk(songs, format);
    expect(asList<{ sub_id: number }>(songs.body.response.subs).map((s) => s.sub_id)).toEqual(SAKURA.trackIds.slice(0, 3));
    const song = await callUrl(ctx.app, `/song/${SAKURA.trackIds[0]}?api=${format}&api_key=${apiKey}`);
    expect(song.body.response.sub.sub_id).toBe(SAKURA.trackIds[0]);
  });

  it('keeps the errors of the API: a bad id, an id twice, no key', async () => {
    expectError(await callUrl(ctx.app, `/music/abc?api=${format}&api_key=${apiKey}`), format, 400, /"wiki_id" must be a whole number/);
    expectError(
      await callUrl(ctx.app, `/music/${SAKURA.id}?api=${format}&api_key=${apiKey}&wiki_id=1`),
      format,
      400,
      /"wiki_id" is given in the path and again/,
    );
    expectError(await callUrl(ctx.app, `/music/${RADIO.id}?api=${format}&api_key=${apiKey}`), format, 404, /not a music entry/);
    expectError(await callUrl(ctx.app, `/music/${SAKURA.id}?api=${format}`), format, 401, /api_key/);
  });

  it('is the UI page without api, for a browser', async () => {
    const res = await page(`/music/${SAKURA.id}`, { accept: 'text/html', 'x-moecat-ui': UI_TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown path asked for the API with the 404 envelope, not the page', async () => {
    const byParam = await callUrl(ctx.app, `/no/such/place?api=${format}`);
    expectError(byParam, format, 404, /Nothing is at \/no\/such\/place/);
    const accept = format === 'json' ? 'application/json' : 'application/xml';
    const byAccept = await page('/no/such/place', { accept });
    expect(byAccept.statusCode).toBe(404);
    expect(byAccept.headers['content-type']).toContain(format);
    const browser = await page('/no/such/place', { accept: `text/html,${accept};q=0.9`, 'x-moecat-ui': UI_TOKEN });
    expect(browser.headers['content-type']).toContain('text/html');
  });
});

describe('the OpenAPI document', () => {
  it('describes every route above, POST on the playlist, and the page paths', async () => {
    const doc = (await ctx.app.inject({ url: '/docs/json', headers: { host: '127.0.0.1:7777' } })).json();
    for (const path of [
      '/explore',
      '/user/detail',
      '/song/detail',
      '/ep/detail',
      '/music/similarity',
      '/song/relationships',
      '/radio/subs',
      '/anime/subs',
      '/music/{wiki_id}',
      '/music/{wiki_id}/songs',
      '/song/{sub_id}',
    ])
      expect(doc.paths[path]?.get, path).toBeDefined();
    expect(doc.paths['/listen/playlist'].post.requestBody).toBeDefined();
    expect(doc.paths['/music/{wiki_id}'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'wiki_id', in: 'path' }), expect.objectContaining({ name: 'api', in: 'query', required: true })]),
    );
    expect(doc.paths['/music/ratings'].get.summary).toMatch(/Moecat has no ratings/);
    expect(doc.paths['/explore'].get.description).toMatch(/plays and favourites/);
  });
});
