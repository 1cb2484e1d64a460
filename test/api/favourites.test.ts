// Favourites: POST /fav/add, /fav/delete and GET /user/favs/{wiki,sub}, in JSON and XML. Only the app's
// own UI (X-Moecat-UI, same Origin) may use them for now; every refusal leaves the favourites as they were.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIO_DIR, buildCatalogue, CATALOGUE_FILE } from '../../src-main/catalogue/build/builder';
import { openCatalogue } from '../../src-main/catalogue/read/catalogue';
import { buildApp } from '../../src-main/server/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { callAsUser, FORMATS, type Format, type UserCall } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME, FIXTURE_BANGUMI, FIXTURE_NOW } from '../fixtures/bangumi-fixture';
import { runSynthesiser } from '../fixtures/demo-audio';
import { tempDir } from '../fixtures/temp-dir';

const HOST = '127.0.0.1:7777';
const SITE = `http://${HOST}`;
const TOKEN = 'f0'.repeat(16);
const NOW = Math.floor(FIXTURE_NOW / 1000);

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, trackIds: spec.tracks.map((_, i) => DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1) };
};
const SAKURA = demo('sakura-letters'); // an album with songs
const MOVIE_ID = Number(FIXTURE_ANIME.movie.sites[0].id); // an anime entry
const MISSING_ID = 987654321; // no entry or sub-entry has it

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.userDb.db.exec('DELETE FROM fav');
});

type Sent = UserCall;
const send = (path: string, format: Format, sent: Sent = {}) => callAsUser(ctx.app, path, format, TOKEN, sent);

const add = (format: Format, form: Record<string, string>, sent: Sent = {}) => send('/fav/add', format, { method: 'POST', form, ...sent });
const del = (format: Format, form: Record<string, string>, sent: Sent = {}) => send('/fav/delete', format, { method: 'POST', form, ...sent });
const favsInDb = () => ctx.userDb.db.prepare('SELECT fav_obj_type, fav_obj_id, fav_type FROM fav ORDER BY fav_id').all();

function expectError(answer: Awaited<ReturnType<typeof send>>, status: number, mention: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.response.information.has_error).toBe(true);
  expect(answer.response.information.error).toBe(status);
  expect(answer.response.information.msg.join(' ')).toMatch(mention);
}

describe.each(FORMATS)('POST /fav/add (%s)', (format) => {
  it('adds an entry as a favourite and answers the fav object', async () => {
    const res = await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    expect(res.status).toBe(200);
    expect(res.response.information).toMatchObject({ has_error: false, error: 0 });
    expect(res.response.fav).toEqual({ fav_id: expect.any(Number), fav_obj_id: SAKURA.id, fav_obj_type: 'wiki', fav_uid: 1, fav_date: NOW, fav_type: 1 });
    expect(favsInDb()).toEqual([{ fav_obj_type: 'wiki', fav_obj_id: SAKURA.id, fav_type: 1 }]);
  });

  it('adds a sub-entry with a fav_type, from query parameters or a JSON body', async () => {
    expect(
      (await send('/fav/add', format, { method: 'POST', query: { fav_obj_type: 'sub', fav_obj_id: String(SAKURA.trackIds[0]), fav_type: '2' } })).status,
    ).toBe(200);
    expect((await send('/fav/add', format, { method: 'POST', json: { fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[1] } })).status).toBe(200);
    expect(favsInDb()).toEqual([
      { fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[0], fav_type: 2 },
      { fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[1], fav_type: 1 },
    ]);
  });

  it('answers 409 for a duplicate add and keeps the first', async () => {
    await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    expectError(await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id), fav_type: '3' }), 409, /already a favourite/);
    expect(favsInDb()).toEqual([{ fav_obj_type: 'wiki', fav_obj_id: SAKURA.id, fav_type: 1 }]);
  });

  it('answers 404 for an id the catalogue does not have, and for a wiki id given as a sub', async () => {
    expectError(await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(MISSING_ID) }), 404, new RegExp(`No wiki has id ${MISSING_ID}`));
    expectError(await add(format, { fav_obj_type: 'sub', fav_obj_id: String(SAKURA.id) }), 404, /No sub has id/);
    expect(favsInDb()).toEqual([]);
  });

  it.each([
    [{ fav_obj_id: '5' }, /"fav_obj_type" is required/],
    [{ fav_obj_type: 'album', fav_obj_id: '5' }, /"fav_obj_type" must be wiki or sub/],
    [{ fav_obj_type: 'wiki' }, /"fav_obj_id" is required/],
    [{ fav_obj_type: 'wiki', fav_obj_id: '-1' }, /"fav_obj_id" must be a whole number/],
    [{ fav_obj_type: 'wiki', fav_obj_id: 'abc' }, /"fav_obj_id" must be a whole number/],
    [{ fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id), fav_type: '0' }, /"fav_type" must be a whole number/],
    [{ fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id), fav_type: '1001' }, /"fav_type" must be at most/],
  ])('answers 400 for bad parameters %j', async (form, mention) => {
    expectError(await add(format, form), 400, mention);
    expect(favsInDb()).toEqual([]);
  });

  it('answers 400 when a parameter is in both the query and the body', async () => {
    expectError(
      await send('/fav/add', format, { method: 'POST', query: { fav_obj_type: 'wiki' }, form: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) } }),
      400,
      /given more than once/,
    );
    expect(favsInDb()).toEqual([]);
  });

  it('answers 401 without the UI token and 403 from another origin', async () => {
    const form = { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) };
    expectError(await add(format, form, { token: null }), 401, /Only the Moecat app/);
    expectError(await add(format, form, { token: 'f1'.repeat(16) }), 401, /Only the Moecat app/);
    expectError(await add(format, form, { origin: 'http://evil.example' }), 403, /evil\.example/);
    expect((await add(format, form, { origin: SITE })).status).toBe(200);
    expect(favsInDb()).toHaveLength(1);
  });

  it('answers 405 with Allow: POST to a GET', async () => {
    const res = await send('/fav/add', format, { query: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) } });
    expectError(res, 405, /GET is not allowed on \/fav\/add/);
    expect(res.headers.allow).toBe('POST');
    expect(favsInDb()).toEqual([]);
  });
});

describe.each(FORMATS)('POST /fav/delete (%s)', (format) => {
  it('removes a favourite and answers what was removed', async () => {
    await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(MOVIE_ID) });
    const res = await del(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    expect(res.status).toBe(200);
    expect(res.response.fav).toMatchObject({ fav_obj_id: SAKURA.id, fav_obj_type: 'wiki' });
    expect(favsInDb()).toEqual([{ fav_obj_type: 'wiki', fav_obj_id: MOVIE_ID, fav_type: 1 }]);
  });

  it('answers 404 when the object is not a favourite (of that type)', async () => {
    await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    expectError(await del(format, { fav_obj_type: 'sub', fav_obj_id: String(SAKURA.id) }), 404, /is not a favourite/);
    expectError(await del(format, { fav_obj_type: 'wiki', fav_obj_id: String(MOVIE_ID) }), 404, /is not a favourite/);
    expect(favsInDb()).toHaveLength(1);
  });

  it('refuses bad parameters, a missing token and GET', async () => {
    await add(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) });
    expectError(await del(format, { fav_obj_type: 'wiki' }), 400, /"fav_obj_id" is required/);
    expectError(await del(format, { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) }, { token: null }), 401, /Only the Moecat app/);
    expectError(await send('/fav/delete', format, { query: { fav_obj_type: 'wiki', fav_obj_id: String(SAKURA.id) } }), 405, /use POST/);
    expect(favsInDb()).toHaveLength(1);
  });
});

describe.each(FORMATS)('GET /user/favs (%s)', (format) => {
  it('lists favourite entries newest first with each entry embedded, paged', async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1, NOW - 100);
    ctx.userDb.addFav('wiki', MOVIE_ID, 2, NOW);
    ctx.userDb.addFav('sub', SAKURA.trackIds[2], 1, NOW);
    const res = await send('/user/favs/wiki', format);
    expect(res.status).toBe(200);
    expect(res.response.information).toMatchObject({ has_error: false, error: 0, page: 1, perpage: 20, count: 2 });
    expect(res.response.favs.map((f: { fav_obj_id: number; fav_type: number }) => [f.fav_obj_id, f.fav_type])).toEqual([
      [MOVIE_ID, 2],
      [SAKURA.id, 1],
    ]);
    expect(res.response.favs[1]).toMatchObject({
      fav_obj_type: 'wiki',
      fav_date: NOW - 100,
      obj: { wiki_id: SAKURA.id, wiki_title: SAKURA.title, wiki_url: `${SITE}/music/${SAKURA.id}` },
    });

    const second = await send('/user/favs/wiki', format, { query: { page: '2', perpage: '1' } });
    expect(second.response.information).toMatchObject({ page: 2, perpage: 1, count: 2 });
    expect(second.response.favs.map((f: { fav_obj_id: number }) => f.fav_obj_id)).toEqual([SAKURA.id]);

    const subs = await send('/user/favs/sub', format);
    expect(subs.response.information.count).toBe(1);
    expect(subs.response.favs[0]).toMatchObject({
      fav_obj_type: 'sub',
      fav_obj_id: SAKURA.trackIds[2],
      obj: { sub_id: SAKURA.trackIds[2], sub_title: SAKURA.tracks[2] },
    });
  });

  it("lists objects that carry the user's own fav marks, the song's entry included", async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1, NOW);
    ctx.userDb.addFav('sub', SAKURA.trackIds[0], 3, NOW);
    const wikis = await send('/user/favs/wiki', format);
    expect(wikis.response.favs[0].obj.wiki_user_fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA.id });
    const subs = await send('/user/favs/sub', format);
    expect(subs.response.favs[0].obj.sub_user_fav).toMatchObject({ fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[0], fav_type: 3 });
    expect(subs.response.favs[0].obj.wiki.wiki_user_fav).toMatchObject({ fav_obj_id: SAKURA.id });
  });

  it('answers an empty list with count 0, not an error', async () => {
    const res = await send('/user/favs/sub', format, { query: { page: '3' } });
    expect(res.status).toBe(200);
    expect(res.response.information).toMatchObject({ has_error: false, count: 0 });
    expect(res.response.favs).toEqual([]);
  });

  it('refuses a bad page, a missing token and POST', async () => {
    expectError(await send('/user/favs/wiki', format, { query: { perpage: '0' } }), 400, /"perpage"/);
    expectError(await send('/user/favs/wiki', format, { token: null }), 401, /Only the Moecat app/);
    expectError(await send('/user/favs/wiki', format, { method: 'POST', form: {} }), 405, /POST is not allowed/);
  });
});

describe.each(FORMATS)('wiki_user_fav / sub_user_fav (%s)', (format) => {
  const apiKey = () => ctx.userDb.defaultKey().key;
  const read = (path: string, query: Record<string, string>, token: string | null) => send(path, format, { query: { ...query, api_key: apiKey() }, token });

  it('carry the fav object for the UI and stay null with only an API key, in detail answers', async () => {
    ctx.userDb.addFav('wiki', SAKURA.id, 1, NOW);
    ctx.userDb.addFav('sub', SAKURA.trackIds[1], 2, NOW);
    const query = { wiki_id: String(SAKURA.id) };
    const plain = await read('/music/detail', query, null);
    expect(plain.status).toBe(200);
    expect(plain.response.wiki.wiki_user_fav).toBeNull();
    expect(plain.response.subs.map((s: { sub_user_fav: unknown }) => s.sub_user_fav)).toEqual(SAKURA.trackIds.map(() => null));

    const ui = await read('/music/detail', query, TOKEN);
    expect(ui.response.wiki.wiki_user_fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA.id, fav_type: 1, fav_date: NOW });
    expect(ui.response.subs.map((s: { sub_user_fav: { fav_type: number } | null }) => s.sub_user_fav?.fav_type ?? null)).toEqual(
      SAKURA.trackIds.map((id) => (id === SAKURA.trackIds[1] ? 2 : null)),
    );
    // A wrong token is simply not the UI: no favourites, no error.
    expect((await read('/music/detail', query, 'f1'.repeat(16))).response.wiki.wiki_user_fav).toBeNull();
  });

  it('are never served from or into the shared answer cache', async () => {
    const query = { wiki_type: 'music', wiki_id: String(SAKURA.id) };
    expect((await read('/wikis', query, null)).response.wikis[0].wiki_user_fav).toBeNull(); // fills the cache
    ctx.userDb.addFav('wiki', SAKURA.id, 1, NOW);
    expect((await read('/wikis', query, TOKEN)).response.wikis[0].wiki_user_fav).toMatchObject({ fav_obj_id: SAKURA.id });
    expect((await read('/wikis', query, null)).response.wikis[0].wiki_user_fav).toBeNull();
    ctx.userDb.deleteFav('wiki', SAKURA.id);
    expect((await read('/wikis', query, TOKEN)).response.wikis[0].wiki_user_fav).toBeNull();
  });
});

describe('favourites across a catalogue rebuild', () => {
  it('still name the same entries and songs when the catalogue is rebuilt and the server restarted', async () => {
    await add('json', { fav_obj_type: 'wiki', fav_obj_id: String(MOVIE_ID) });
    await add('json', { fav_obj_type: 'sub', fav_obj_id: String(SAKURA.trackIds[3]) });
    const before = await send('/user/favs/wiki', 'json');
    const rebuilt = tempDir('moecat-rebuilt-');
    await buildCatalogue({ outDir: rebuilt, bangumi: FIXTURE_BANGUMI, synthesise: runSynthesiser() });
    const catalogue = openCatalogue(join(rebuilt, CATALOGUE_FILE));
    const app = await buildApp({ catalogue, userDb: ctx.userDb, audioDir: join(rebuilt, AUDIO_DIR), now: () => FIXTURE_NOW, uiToken: TOKEN });
    try {
      const headers = { host: HOST, 'x-moecat-ui': TOKEN };
      const wikis = (await app.inject({ url: '/user/favs/wiki.json', headers })).json().response;
      expect(wikis.favs).toEqual(before.response.favs);
      expect(wikis.favs[0].obj).toMatchObject({ wiki_id: MOVIE_ID, wiki_title: FIXTURE_ANIME.movie.title });
      const subs = (await app.inject({ url: '/user/favs/sub.json', headers })).json().response;
      expect(subs.favs[0].obj).toMatchObject({ sub_id: SAKURA.trackIds[3], sub_title: SAKURA.tracks[3] });
    } finally {
      await app.close();
      catalogue.close();
      rmSync(rebuilt, { recursive: true, force: true });
    }
  }, 60_000);
});
