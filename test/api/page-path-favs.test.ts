// moe.fm's spelling of an object's favourites, which Moefou clients call (kingdido999/moefou's
// musicFavs): /music/<id>/favs?api=json answers as /music/favs?wiki_id=<id> does, in JSON and XML, for
// entries and songs; without `api` it is the UI's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { decodeXml, FORMATS } from '../fixtures/api';
import { fixtureApp, UI_MARKER } from '../fixtures/app';

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const SAKURA_ID = DEMO_WIKI_ID_BASE + SAKURA.n;
const FIRST_SONG = DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 1;
const TOKEN = 'd4'.repeat(16);
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: TOKEN });
  key = ctx.userDb.defaultKey().key;
  ctx.userDb.addFav('wiki', SAKURA_ID, 1);
  ctx.userDb.addFav('sub', FIRST_SONG, 1);
});
afterAll(() => ctx.close());

const get = async (url: string, ui = false) => {
  const res = await ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', ...(ui ? { 'x-moecat-ui': TOKEN } : {}) } });
  return { res, body: (res.headers['content-type'] ?? '').toString().includes('xml') ? (decodeXml(res.body) as any) : res.json() };
};

describe.each(FORMATS)('/<section>/<id>/favs?api=%s', (format) => {
  it('answers as /music/favs does, for the app with its favourite and for a key with none', async () => {
    const page = await get(`/music/${SAKURA_ID}/favs?api=${format}`, true);
    const op = await get(`/music/favs.${format}?wiki_id=${SAKURA_ID}`, true);
    expect(page.res.statusCode).toBe(200);
    expect(page.body.response.favs).toEqual(op.body.response.favs);
    expect(JSON.stringify(page.body.response.favs)).toContain(String(SAKURA_ID));
    const byKey = await get(`/music/${SAKURA_ID}/favs?api=${format}&api_key=${key}`);
    expect(byKey.body.response.information).toMatchObject({ count: 0, has_error: false });
  });

  it('answers for a song, and 404s an id of another section', async () => {
    const song = await get(`/song/${FIRST_SONG}/favs?api=${format}`, true);
    expect(JSON.stringify(song.body.response.favs)).toContain(String(FIRST_SONG));
    const radio = await get(`/radio/${SAKURA_ID}/favs?api=${format}&api_key=${key}`);
    expect(radio.res.statusCode).toBe(404);
  });
});

describe('/music/<id>/favs without api', () => {
  it('is the UI’s page', async () => {
    const res = await ctx.app.inject({ url: `/music/${SAKURA_ID}/favs`, headers: { host: '127.0.0.1:7777', accept: 'text/html' } });
    expect(res.body).toContain(UI_MARKER);
  });
});
