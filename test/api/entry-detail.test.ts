// The detail calls beside the query operations (/{music,radio,anime}/detail, /music/subs, /sub/detail,
// /listen/playlist) over the fixture catalogue, every assertion in JSON and XML.
import { sqlOf } from '../../src-main/catalogue/read/catalogue-sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LYRICS, DEMO_SPEC, DEMO_WIKI_ID_BASE, trackSeconds } from '../../src-main/catalogue/build/demo/demo-content';
import { call, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { FIXTURE_ANIME } from '../fixtures/bangumi-fixture';

const SITE = 'http://127.0.0.1:7777';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let apiKey: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  apiKey = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

/** Demo content by meaning (demo-content.ts describes it). */
const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, trackIds: spec.tracks.map((_, i) => DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1) };
};
const SAKURA = demo('sakura-letters'); // an album with audio
const NO_AUDIO = demo('yumemiru-kikai'); // an album listed without audio
const RADIO = demo('radio-moecat-houkago'); // a radio with episodes that have audio
const ANIME_ID = Number(FIXTURE_ANIME.movie.sites[0].id); // a movie: under /anime
const WEB_TITLE = FIXTURE_ANIME.noBangumiId.title; // a web short with a hashed id: under /anime too

const get = (path: string, format: Format, query: Record<string, string>, withKey = true) =>
  call(ctx.app, path, format, withKey ? { api_key: apiKey, ...query } : query);

/** XML repeats a list's element (one item decodes to an object, none to NULL); the shared decoder knows only the query lists. */
const asList = <T>(value: T | T[] | null | undefined): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);

function expectOk(res: Awaited<ReturnType<typeof get>>, format: Format) {
  expect(res.status).toBe(200);
  expect(res.contentType).toContain(`application/${format}`);
  expect(res.body.response.information).toMatchObject({ has_error: false, error: 0, msg: [] });
}

async function expectError(res: Awaited<ReturnType<typeof get>>, format: Format, status: number, msg: RegExp) {
  expect(res.status).toBe(status);
  expect(res.contentType).toContain(`application/${format}`);
  expect(res.body.response.information).toMatchObject({ has_error: true, error: status });
  expect(asList(res.body.response.information.msg).join(' ')).toMatch(msg);
}

describe.each(FORMATS)('GET /{music,radio,anime}/detail (%s)', (format) => {
  it('answers an album and its songs in order, each song with its audio', async () => {
    const res = await get('/music/detail', format, { wiki_id: String(SAKURA.id) });
    expectOk(res, format);
    const { wiki, subs } = res.body.response;
    expect(wiki).toMatchObject({ wiki_id: SAKURA.id, wiki_title: SAKURA.title, wiki_type: 'music', wiki_url: `${SITE}/music/${SAKURA.id}` });
    expect(wiki.wiki_tags).toEqual(SAKURA.tags);
    expect(subs.map((s: { sub_id: number }) => s.sub_id)).toEqual(SAKURA.trackIds);
    expect(subs.map((s: { sub_title: string }) => s.sub_title)).toEqual(SAKURA.tracks);
    expect(subs[0].sub_view_title).toBe(`song.01 ${SAKURA.tracks[0]}`);
    for (const [i, sub] of subs.entries()) {
      const [upload] = sub.sub_upload;
      expect(upload.up_url).toBe(`${SITE}/files/demo/sakura-letters/0${i + 1}.mp3`);
      expect(upload.up_data.length).toBe(trackSeconds(SAKURA, i + 1));
      expect(upload.up_data.time).toBe(`00:0${trackSeconds(SAKURA, i + 1)}`);
    }
  });

  it('lists the songs of an album without audio with an empty sub_upload', async () => {
    const res = await get('/music/detail', format, { wiki_id: String(NO_AUDIO.id) });
    expectOk(res, format);
    expect(res.body.response.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual(NO_AUDIO.trackIds);
    for (const sub of res.body.response.subs) expect(asList(sub.sub_upload)).toEqual([]);
  });

  it('answers a radio and its episodes under /radio', async () => {
    const res = await get('/radio/detail', format, { wiki_id: String(RADIO.id) });
    expectOk(res, format);
    expect(res.body.response.wiki.wiki_type).toBe('radio');
    expect(res.body.response.subs.map((s: { sub_type: string; sub_id: number }) => [s.sub_type, s.sub_id])).toEqual(RADIO.trackIds.map((id) => ['ep', id]));
  });

  it('answers every anime kind under /anime, with no sub-entries', async () => {
    const movie = await get('/anime/detail', format, { wiki_id: String(ANIME_ID) });
    expectOk(movie, format);
    expect(movie.body.response.wiki).toMatchObject({ wiki_id: ANIME_ID, wiki_type: 'movie', wiki_bgm_id: ANIME_ID });
    expect(asList(movie.body.response.subs)).toEqual([]);
    const webId = sqlOf(ctx.catalogue).prepare('SELECT wiki_id FROM wiki WHERE wiki_title = ?').pluck().get(WEB_TITLE) as number;
    const web = await get('/anime/detail', format, { wiki_id: String(webId) });
    expectOk(web, format);
    expect(web.body.response.wiki).toMatchObject({ wiki_type: 'web', wiki_bgm_id: null });
  });

  it("adds an anime's broadcast slot and where to watch it (Moecat's extension)", async () => {
    const res = await get('/anime/detail', format, { wiki_id: FIXTURE_ANIME.mondayLateNight.sites[0].id! });
    expectOk(res, format);
    const { wiki_broadcast: broadcast, wiki_sites: sites } = res.body.response.wiki;
    // Monday 25:30 in Tokyo from Monday 8 January 2024, end unknown.
    expect({ ...broadcast, weekdays: asList(broadcast.weekdays) }).toEqual({
      weekdays: [1],
      time: '25:30',
      period_days: 7,
      date_begin: Date.parse('2024-01-07T15:00:00.000Z') / 1000,
      date_end: 0,
      time_zone: 'Asia/Tokyo',
    });
    const list = asList(sites).map((s: { regions: unknown }) => ({ ...s, regions: asList(s.regions as string[] | null) }));
    expect(list).toEqual([
      {
        site: 'bilibili',
        name: '哔哩哔哩',
        kind: 'onair',
        url: 'https://www.bilibili.com/bangumi/media/md28231/',
        begin: Date.parse('2024-01-09T14:00:00.000Z') / 1000,
        regions: ['CN'],
      },
      { site: 'netflix', name: 'Netflix', kind: 'onair', url: 'https://www.netflix.com/title/81564905', begin: 0, regions: [] },
      { site: 'mal', name: 'MyAnimeList', kind: 'info', url: 'https://myanimelist.net/anime/52991', begin: 0, regions: [] },
    ]);
    // A daily show has all seven weekdays; a film has no slot and no sites.
    const daily = await get('/anime/detail', format, { wiki_id: FIXTURE_ANIME.daily.sites[0].id! });
    expect(asList(daily.body.response.wiki.wiki_broadcast.weekdays)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(daily.body.response.wiki.wiki_broadcast.period_days).toBe(1);
    const movie = await get('/anime/detail', format, { wiki_id: String(ANIME_ID) });
    expect(movie.body.response.wiki.wiki_broadcast).toBeNull();
    expect(asList(movie.body.response.wiki.wiki_sites)).toEqual([]);
  });

  it('adds no anime fields to other entries', async () => {
    const res = await get('/music/detail', format, { wiki_id: String(SAKURA.id) });
    expect(res.body.response.wiki).not.toHaveProperty('wiki_broadcast');
    expect(res.body.response.wiki).not.toHaveProperty('wiki_sites');
  });

  it('answers 404 for an id that names nothing', async () => {
    await expectError(await get('/music/detail', format, { wiki_id: '999999999' }), format, 404, /No entry has wiki_id 999999999/);
  });

  it.each([
    ['/music/detail', RADIO.id, /not a music entry .*radio/],
    ['/radio/detail', SAKURA.id, /not a radio entry .*music/],
    ['/anime/detail', SAKURA.id, /not a anime entry .*music/],
    ['/music/detail', ANIME_ID, /not a music entry .*movie/],
  ])('answers 404 when %s is asked for entry %s of another type', async (path, id, msg) => {
    await expectError(await get(path, format, { wiki_id: String(id) }), format, 404, msg);
  });

  it.each([
    [{}, /"wiki_id" is required/],
    [{ wiki_id: 'abc' }, /"wiki_id" must be a whole number/],
    [{ wiki_id: '0' }, /"wiki_id" must be a whole number/],
  ])('answers 400 for wiki_id %j', async (query, msg) => {
    await expectError(await get('/music/detail', format, query), format, 400, msg);
  });

  it('answers 401 without an API key, and with an unknown one', async () => {
    await expectError(await get('/music/detail', format, { wiki_id: String(SAKURA.id) }, false), format, 401, /"api_key" is required/);
    await expectError(await get('/music/detail', format, { wiki_id: String(SAKURA.id), api_key: 'f'.repeat(41) }, false), format, 401, /not an active API key/);
  });
});

describe.each(FORMATS)('GET /music/subs (%s)', (format) => {
  it('pages through an album’s songs in order with the true count', async () => {
    const first = await get('/music/subs', format, { wiki_id: String(SAKURA.id), perpage: '2' });
    expectOk(first, format);
    expect(first.body.response.information).toMatchObject({ page: 1, perpage: 2, count: SAKURA.tracks.length });
    expect(first.body.response.subs.map((s: { sub_id: number }) => s.sub_id)).toEqual(SAKURA.trackIds.slice(0, 2));
    expect(first.body.response.subs[0].sub_upload[0].up_url).toMatch(/\/files\/demo\/sakura-letters\/01\.mp3$/);
    const last = await get('/music/subs', format, { wiki_id: String(SAKURA.id), perpage: '2', page: '3' });
    expect(asList(last.body.response.subs).map((s: { sub_id: number }) => s.sub_id)).toEqual(SAKURA.trackIds.slice(4));
    const past = await get('/music/subs', format, { wiki_id: String(SAKURA.id), page: '9' });
    expectOk(past, format);
    expect(past.body.response.information.count).toBe(SAKURA.tracks.length);
    expect(asList(past.body.response.subs)).toEqual([]);
  });

  it('answers 404 for a radio or an unknown id, 400 for bad paging, 401 without a key', async () => {
    await expectError(await get('/music/subs', format, { wiki_id: String(RADIO.id) }), format, 404, /not a music entry/);
    await expectError(await get('/music/subs', format, { wiki_id: '999999999' }), format, 404, /No entry/);
    await expectError(await get('/music/subs', format, { wiki_id: String(SAKURA.id), perpage: '0' }), format, 400, /"perpage"/);
    await expectError(await get('/music/subs', format, {}), format, 400, /"wiki_id" is required/);
    await expectError(await get('/music/subs', format, { wiki_id: String(SAKURA.id) }, false), format, 401, /api_key/);
  });
});

describe.each(FORMATS)('GET /sub/detail (%s)', (format) => {
  it('answers a song with its audio and its album', async () => {
    const res = await get('/sub/detail', format, { sub_id: String(SAKURA.trackIds[1]) });
    expectOk(res, format);
    const { sub } = res.body.response;
    expect(sub).toMatchObject({ sub_id: SAKURA.trackIds[1], sub_type: 'song', sub_title: SAKURA.tracks[1], sub_url: `${SITE}/sub/song/${SAKURA.trackIds[1]}` });
    expect(sub.sub_upload[0].up_url).toMatch(/\/files\/demo\/sakura-letters\/02\.mp3$/);
    expect(sub.wiki).toMatchObject({ wiki_id: SAKURA.id, wiki_title: SAKURA.title });
  });

  it('answers an episode with its radio and no sub_upload', async () => {
    const res = await get('/sub/detail', format, { sub_id: String(RADIO.trackIds[0]) });
    expectOk(res, format);
    expect(res.body.response.sub).toMatchObject({ sub_type: 'ep', wiki: { wiki_id: RADIO.id } });
    expect(res.body.response.sub.sub_upload).toBeUndefined();
  });

  it('answers 404 for an unknown id, 400 for a bad or missing one, 401 without a key', async () => {
    await expectError(await get('/sub/detail', format, { sub_id: String(SAKURA.id) }), format, 404, /No sub-entry has sub_id/);
    await expectError(await get('/sub/detail', format, { sub_id: '-3' }), format, 400, /"sub_id" must be a whole number/);
    await expectError(await get('/sub/detail', format, {}), format, 400, /"sub_id" is required/);
    await expectError(await get('/sub/detail', format, { sub_id: String(SAKURA.trackIds[0]) }, false), format, 401, /api_key/);
  });
});

describe.each(FORMATS)('GET /listen/playlist with api=%s', (format) => {
  const playlist = (query: Record<string, string>, withKey = true) =>
    call(ctx.app, '/listen/playlist', 'none', withKey ? { api_key: apiKey, ...query, api: format } : { ...query, api: format });

  it("answers an album's songs with audio in order, each with what a player needs", async () => {
    const res = await playlist({ music: String(SAKURA.id) });
    expectOk(res, format);
    const items = asList(res.body.response.playlist);
    expect(items.map((p: { sub_id: number }) => p.sub_id)).toEqual(SAKURA.trackIds);
    expect(items[0]).toMatchObject({
      title: SAKURA.tracks[0],
      sub_title: SAKURA.tracks[0],
      wiki_id: SAKURA.id,
      wiki_title: SAKURA.title,
      artist: SAKURA.artist,
      up_url: `${SITE}/files/demo/sakura-letters/01.mp3`,
      url: `${SITE}/files/demo/sakura-letters/01.mp3`,
      duration: trackSeconds(SAKURA, 1),
      stream_length: trackSeconds(SAKURA, 1),
      cover: { square: `${SITE}/covers/${SAKURA.id}/square` },
    });
  });

  it('answers a radio’s episodes and a single sub-entry', async () => {
    const radio = await playlist({ radio: String(RADIO.id) });
    expectOk(radio, format);
    expect(asList(radio.body.response.playlist).map((p: { sub_id: number; sub_type: string }) => [p.sub_id, p.sub_type])).toEqual(
      RADIO.trackIds.map((id) => [id, 'ep']),
    );
    const one = await playlist({ sub: String(SAKURA.trackIds[2]) });
    expectOk(one, format);
    expect(asList(one.body.response.playlist).map((p: { sub_id: number }) => p.sub_id)).toEqual([SAKURA.trackIds[2]]);
  });

  it('answers an empty playlist, not an error, for an album or a song without audio', async () => {
    const queries: Record<string, string>[] = [{ music: String(NO_AUDIO.id) }, { sub: String(NO_AUDIO.trackIds[0]) }];
    for (const query of queries) {
      const res = await playlist(query);
      expectOk(res, format);
      expect(asList(res.body.response.playlist)).toEqual([]);
    }
  });

  it('answers 404 for unknown ids and for an entry of another type', async () => {
    await expectError(await playlist({ music: '999999999' }), format, 404, /No entry/);
    await expectError(await playlist({ sub: '999999999' }), format, 404, /No sub-entry/);
    await expectError(await playlist({ music: String(RADIO.id) }), format, 404, /not a music entry/);
    await expectError(await playlist({ radio: String(SAKURA.id) }), format, 404, /not a radio entry/);
  });

  it('answers 400 in its format when the target is doubled or not an id', async () => {
    await expectError(await playlist({ music: String(SAKURA.id), sub: String(SAKURA.trackIds[0]) }), format, 400, /one of/);
    await expectError(await playlist({ music: 'x' }), format, 400, /"music" must be a whole number/);
  });

  it('answers 401 in its format without a key', async () => {
    await expectError(await playlist({ music: String(SAKURA.id) }, false), format, 401, /api_key/);
  });

  it('follows the path when api is absent, and refuses another api value', async () => {
    const res = await get('/listen/playlist', format, { music: String(SAKURA.id) });
    expectOk(res, format);
    expect(asList(res.body.response.playlist)).toHaveLength(SAKURA.tracks.length);
    await expectError(await get('/listen/playlist', format, { music: String(SAKURA.id), api: 'yaml' }), format, 400, /"api" must be json or xml/);
  });
});

describe.each(FORMATS)('GET /sub/lyrics (%s)', (format) => {
  const SYNCED = SAKURA.trackIds[0]; // demo-content.ts gives Sakura Letters' first song synced lyrics, its second unsynced
  const PLAIN = SAKURA.trackIds[1];

  it("answers a song's synced lyrics, line by line with their times", async () => {
    const res = await get('/sub/lyrics', format, { sub_id: String(SYNCED) });
    expectOk(res, format);
    const { lyrics } = res.body.response;
    expect(lyrics).toMatchObject({ synced: true, source: 'lrc' });
    expect(asList(lyrics.lines)).toEqual(DEMO_LYRICS['sakura-letters'][1].lines);
  });

  it('answers unsynced lyrics with every time 0', async () => {
    const res = await get('/sub/lyrics', format, { sub_id: String(PLAIN) });
    expectOk(res, format);
    expect(res.body.response.lyrics).toMatchObject({ synced: false, source: 'uslt' });
    expect(asList(res.body.response.lyrics.lines).map((l: { time_ms: number }) => l.time_ms)).toEqual([0, 0]);
  });

  it('answers a song without lyrics with empty ones (source none), 404 for an id that names nothing, 401 without a key', async () => {
    const none = await get('/sub/lyrics', format, { sub_id: String(SAKURA.trackIds[2]) });
    expectOk(none, format);
    expect(none.body.response.lyrics).toMatchObject({ synced: false, source: 'none' });
    expect(asList(none.body.response.lyrics.lines)).toEqual([]);
    await expectError(await get('/sub/lyrics', format, { sub_id: '999999999' }), format, 404, /No sub-entry has sub_id 999999999/);
    expect((await get('/sub/lyrics', format, { sub_id: String(SYNCED) }, false)).status).toBe(401);
  });
});

describe.each(FORMATS)('GET /artist/detail (%s)', (format) => {
  it("answers an artist's albums and songs, the name folded like titles", async () => {
    const res = await get('/artist/detail', format, { name: 'ｈａｎａｍｏｒｉ yui' });
    expectOk(res, format);
    const { artist, wikis, subs } = res.body.response;
    // Sakura Letters is hers; the radio names her beside 星野あおい ("A & B").
    const wikiIds = asList(wikis).map((w: { wiki_id: number }) => w.wiki_id);
    expect(wikiIds).toContain(SAKURA.id);
    expect(wikiIds).toContain(RADIO.id);
    const subIds = asList(subs).map((s: { sub_id: number }) => s.sub_id);
    expect(subIds).toEqual(expect.arrayContaining(SAKURA.trackIds));
    expect(artist).toMatchObject({ name: 'ｈａｎａｍｏｒｉ yui', wiki_count: wikiIds.length, sub_count: subIds.length });
  });

  it('answers 404 for a name no one has, and 400 without one', async () => {
    await expectError(await get('/artist/detail', format, { name: 'Nobody Atall' }), format, 404, /No entry or song names the artist "Nobody Atall"/);
    await expectError(await get('/artist/detail', format, {}), format, 400, /"name" is required/);
  });
});
