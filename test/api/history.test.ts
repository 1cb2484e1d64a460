// Recently played: POST /app/history/add, GET /app/history and POST /app/history/clear, in JSON and XML.
// Only the app's own UI (X-Moecat-UI, same Origin) may use them; every refusal leaves the history as it was.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PLAYS } from '../../src-main/catalogue/user/user-db';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { callAsUser, FORMATS, type Format, type UserCall } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';

const HOST = '127.0.0.1:7777';
const SITE = `http://${HOST}`;
const TOKEN = 'e0'.repeat(16);
const NOW = Math.floor(FIXTURE_NOW / 1000);

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, trackIds: spec.tracks.map((_, i) => DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1) };
};
const SAKURA = demo('sakura-letters'); // an album with songs
const RADIO = demo('radio-moecat-houkago'); // a radio with episodes
const MISSING_ID = 987654321; // no sub-entry has it

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.userDb.db.exec('DELETE FROM play_history; DELETE FROM fav');
});

type Sent = UserCall;
const send = (path: string, format: Format, sent: Sent = {}) => callAsUser(ctx.app, path, format, TOKEN, sent);

const add = (format: Format, subId: number | string, sent: Sent = {}) =>
  send('/app/history/add', format, { method: 'POST', form: { sub_id: String(subId) }, ...sent });
const list = (format: Format, query: Record<string, string> = {}, sent: Sent = {}) => send('/app/history', format, { query, ...sent });
const playsInDb = () => ctx.userDb.db.prepare('SELECT sub_id, wiki_id, played_at FROM play_history ORDER BY play_id').all();
const listedIds = (res: Awaited<ReturnType<typeof send>>) => res.response.plays.map((p: { sub_id: number }) => p.sub_id);

function expectError(answer: Awaited<ReturnType<typeof send>>, status: number, mention: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.response.information.has_error).toBe(true);
  expect(answer.response.information.error).toBe(status);
  expect(answer.response.information.msg.join(' ')).toMatch(mention);
}

describe.each(FORMATS)('POST /app/history/add (%s)', (format) => {
  it('records a play of a song with its entry and answers the play', async () => {
    const res = await add(format, SAKURA.trackIds[1]);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.response.information).toMatchObject({ has_error: false, error: 0 });
    expect(res.response.play).toEqual({ play_id: expect.any(Number), sub_id: SAKURA.trackIds[1], wiki_id: SAKURA.id, played_at: NOW });
    expect(playsInDb()).toEqual([{ sub_id: SAKURA.trackIds[1], wiki_id: SAKURA.id, played_at: NOW }]);
  });

  it('records an episode too, from a JSON body or the query', async () => {
    expect((await send('/app/history/add', format, { method: 'POST', json: { sub_id: RADIO.trackIds[0] } })).status).toBe(200);
    expect((await send('/app/history/add', format, { method: 'POST', query: { sub_id: String(SAKURA.trackIds[0]) } })).status).toBe(200);
    expect(playsInDb()).toEqual([
      { sub_id: RADIO.trackIds[0], wiki_id: RADIO.id, played_at: NOW },
      { sub_id: SAKURA.trackIds[0], wiki_id: SAKURA.id, played_at: NOW },
    ]);
  });

  it('answers 404 for a sub id the catalogue does not have (an entry id included) and writes nothing', async () => {
    expectError(await add(format, MISSING_ID), 404, new RegExp(`No sub has id ${MISSING_ID}`));
    expectError(await add(format, SAKURA.id), 404, /No sub has id/);
    expect(playsInDb()).toEqual([]);
  });

  it.each([
    [{}, /"sub_id" is required/],
    [{ sub_id: '0' }, /"sub_id" must be a whole number/],
    [{ sub_id: 'abc' }, /"sub_id" must be a whole number/],
  ])('answers 400 for bad parameters %j and writes nothing', async (form, mention) => {
    expectError(await send('/app/history/add', format, { method: 'POST', form }), 400, mention);
    expect(playsInDb()).toEqual([]);
  });

  it('answers 400 when sub_id is in both the query and the body', async () => {
    const res = await send('/app/history/add', format, {
      method: 'POST',
      query: { sub_id: String(SAKURA.trackIds[0]) },
      form: { sub_id: String(SAKURA.trackIds[0]) },
    });
    expectError(res, 400, /given more than once/);
    expect(playsInDb()).toEqual([]);
  });

  it('answers 401 without the UI token or with a wrong one, 403 from another origin, and writes nothing', async () => {
    expectError(await add(format, SAKURA.trackIds[0], { token: null }), 401, /Only the Moecat app/);
    expectError(await add(format, SAKURA.trackIds[0], { token: 'e1'.repeat(16) }), 401, /Only the Moecat app/);
    expectError(await add(format, SAKURA.trackIds[0], { origin: 'http://evil.example' }), 403, /evil\.example/);
    expect(playsInDb()).toEqual([]);
    expect((await add(format, SAKURA.trackIds[0], { origin: SITE })).status).toBe(200);
    expect(playsInDb()).toHaveLength(1);
  });

  it('answers 405 with Allow: POST to a GET and writes nothing', async () => {
    const res = await send('/app/history/add', format, { query: { sub_id: String(SAKURA.trackIds[0]) } });
    expectError(res, 405, /GET is not allowed on \/app\/history\/add/);
    expect(res.headers.allow).toBe('POST');
    expect(playsInDb()).toEqual([]);
  });
});

describe.each(FORMATS)('GET /app/history (%s)', (format) => {
  it('lists each song once at its latest play, newest first, with the song and its entry embedded', async () => {
    ctx.userDb.addPlay(SAKURA.trackIds[0], SAKURA.id, NOW - 300);
    ctx.userDb.addPlay(RADIO.trackIds[1], RADIO.id, NOW - 200);
    ctx.userDb.addPlay(SAKURA.trackIds[2], SAKURA.id, NOW - 100);
    ctx.userDb.addPlay(SAKURA.trackIds[0], SAKURA.id, NOW); // played again: first now, listed once
    const res = await list(format);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.response.information).toMatchObject({ has_error: false, error: 0, page: 1, perpage: 20, count: 3 });
    expect(listedIds(res)).toEqual([SAKURA.trackIds[0], SAKURA.trackIds[2], RADIO.trackIds[1]]);
    expect(res.response.plays[0]).toMatchObject({
      sub_id: SAKURA.trackIds[0],
      wiki_id: SAKURA.id,
      played_at: NOW,
      sub: {
        sub_id: SAKURA.trackIds[0],
        sub_title: SAKURA.tracks[0],
        sub_type: 'song',
        wiki: { wiki_id: SAKURA.id, wiki_title: SAKURA.title, wiki_url: `${SITE}/music/${SAKURA.id}` },
      },
    });
    expect(res.response.plays[0].sub.sub_upload).toHaveLength(1);
    expect(res.response.plays[2].sub).toMatchObject({ sub_type: 'ep', sub_title: RADIO.tracks[1], wiki: { wiki_id: RADIO.id } });
  });

  it('pages the distinct songs', async () => {
    for (const [i, id] of SAKURA.trackIds.entries()) ctx.userDb.addPlay(id, SAKURA.id, NOW + i);
    const second = await list(format, { page: '2', perpage: '2' });
    expect(second.response.information).toMatchObject({ page: 2, perpage: 2, count: SAKURA.trackIds.length });
    expect(listedIds(second)).toEqual([SAKURA.trackIds[2], SAKURA.trackIds[1]]);
    const past = await list(format, { page: '9', perpage: '2' });
    expect(past.status).toBe(200);
    expect(past.response.plays).toEqual([]);
    expect(past.response.information.count).toBe(SAKURA.trackIds.length);
  });

  it("carries the user's favourites in the embedded song and entry", async () => {
    ctx.userDb.addPlay(SAKURA.trackIds[1], SAKURA.id, NOW);
    ctx.userDb.addFav('sub', SAKURA.trackIds[1], 1, NOW);
    ctx.userDb.addFav('wiki', SAKURA.id, 1, NOW);
    const [item] = (await list(format)).response.plays;
    expect(item.sub.sub_user_fav).toMatchObject({ fav_obj_type: 'sub', fav_obj_id: SAKURA.trackIds[1] });
    expect(item.sub.wiki.wiki_user_fav).toMatchObject({ fav_obj_type: 'wiki', fav_obj_id: SAKURA.id });
  });

  it('lists a play whose song the catalogue no longer has with sub null', async () => {
    ctx.userDb.addPlay(MISSING_ID, 1, NOW);
    const res = await list(format);
    expect(res.response.plays).toEqual([{ play_id: expect.any(Number), sub_id: MISSING_ID, wiki_id: 1, played_at: NOW, sub: null }]);
  });

  it('answers an empty history with count 0, not an error', async () => {
    const res = await list(format);
    expect(res.status).toBe(200);
    expect(res.response.information).toMatchObject({ has_error: false, count: 0 });
    expect(res.response.plays).toEqual([]);
  });

  it('refuses a bad page, a missing token and POST', async () => {
    expectError(await list(format, { perpage: '0' }), 400, /"perpage"/);
    expectError(await list(format, {}, { token: null }), 401, /Only the Moecat app/);
    const post = await send('/app/history', format, { method: 'POST', form: {} });
    expectError(post, 405, /POST is not allowed on \/app\/history/);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe.each(FORMATS)('POST /app/history/clear (%s)', (format) => {
  it('forgets every play and says how many', async () => {
    await add(format, SAKURA.trackIds[0]);
    await add(format, SAKURA.trackIds[0]);
    await add(format, RADIO.trackIds[0]);
    const res = await send('/app/history/clear', format, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.response.cleared).toBe(3);
    expect(playsInDb()).toEqual([]);
    expect((await list(format)).response.plays).toEqual([]);
  });

  it('refuses a missing token, another origin and GET, and keeps the history', async () => {
    await add(format, SAKURA.trackIds[0]);
    expectError(await send('/app/history/clear', format, { method: 'POST', token: null }), 401, /Only the Moecat app/);
    expectError(await send('/app/history/clear', format, { method: 'POST', origin: 'http://evil.example' }), 403, /evil\.example/);
    const get = await send('/app/history/clear', format);
    expectError(get, 405, /GET is not allowed on \/app\/history\/clear/);
    expect(get.headers.allow).toBe('POST');
    expect(playsInDb()).toHaveLength(1);
  });
});

describe('UserDb play history', () => {
  it(`keeps the newest ${MAX_PLAYS} plays, pruning the oldest`, () => {
    const insert = ctx.userDb.db.transaction(() => {
      for (let i = 0; i < MAX_PLAYS; i++) ctx.userDb.addPlay(1_000_000 + i, 1, NOW + i);
    });
    insert();
    expect(ctx.userDb.listPlays(1, 0).count).toBe(MAX_PLAYS);
    ctx.userDb.addPlay(SAKURA.trackIds[0], SAKURA.id, NOW + MAX_PLAYS);
    const { count, plays } = ctx.userDb.listPlays(50, 0);
    expect(count).toBe(MAX_PLAYS);
    expect(plays[0].sub_id).toBe(SAKURA.trackIds[0]);
    // The oldest play (sub 1_000_000) went; the next oldest stayed.
    const kept = ctx.userDb.db.prepare('SELECT sub_id FROM play_history ORDER BY played_at LIMIT 1').pluck().get();
    expect(kept).toBe(1_000_001);
    expect(ctx.userDb.clearPlays()).toBe(MAX_PLAYS);
  });
});
