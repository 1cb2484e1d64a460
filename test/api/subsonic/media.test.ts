// Media through the OpenSubsonic face: stream and download send the song's file as /files/… does (byte
// ranges), getCoverArt the album's cover in the size asked, lyrics the ones Moecat keeps; unknown ids and
// songs without audio are the spec's error 70, in the format asked for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { fixtureApp } from '../../fixtures/app';
import { call, FORMATS } from './spec';

const demo = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: `al-${DEMO_WIKI_ID_BASE + spec.n}`, trackIds: spec.tracks.map((_, i) => String(DEMO_WIKI_ID_BASE + spec.n * 100 + i + 1)) };
};
const SAKURA = demo('sakura-letters');
const SILENT = DEMO_SPEC.find((a) => !a.audio)!;
const SILENT_SONG = String(DEMO_WIKI_ID_BASE + SILENT.n * 100 + 1);

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const HOST = { host: '127.0.0.1:7777' };
const get = (endpoint: string, query: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
  method === 'GET'
    ? ctx.app.inject({ url: `/rest/${endpoint}.view?c=t&v=1.16.1&apiKey=${key}&${query}`, headers: { ...HOST, ...headers } })
    : ctx.app.inject({
        method: 'POST',
        url: `/rest/${endpoint}.view`,
        headers: { ...HOST, ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `c=t&v=1.16.1&apiKey=${key}&${query}`,
      });

describe('stream and download', () => {
  it('streams the whole file, as /files/ serves it', async () => {
    const file = await ctx.app.inject({ url: `/song/${SAKURA.trackIds[0]}`, headers: HOST });
    const res = await get('stream', `id=${SAKURA.trackIds[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(file.statusCode).toBe(200);
  });

  it('answers a byte range with 206 and only those bytes, also from a form POST', async () => {
    const whole = (await get('download', `id=${SAKURA.trackIds[0]}`)).rawPayload;
    for (const method of ['GET', 'POST'] as const) {
      const res = await get('stream', `id=${SAKURA.trackIds[0]}&maxBitRate=64&format=mp3`, { range: 'bytes=100-199' }, method);
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 100-199/${whole.length}`);
      expect(res.rawPayload.equals(whole.subarray(100, 200))).toBe(true);
    }
  });

  it.each(FORMATS)('answers error 70 in %s for an unknown song or one without audio, 10 without an id', async (format) => {
    for (const id of ['999999999', 'al-1', SILENT_SONG]) {
      const { response } = await call(ctx.app, 'stream', format, { id }, { auth: { apiKey: key } });
      expect(response.error.code, id).toBe(70);
    }
    expect((await call(ctx.app, 'download', format, {}, { auth: { apiKey: key } })).response.error.code).toBe(10);
  });
});

describe('getCoverArt', () => {
  it.each([
    ['an album', SAKURA.id],
    ['a song', SAKURA.trackIds[1]],
    ['an artist', `ar-${Buffer.from('Hanamori Yui').toString('base64url')}`],
  ])('sends the cover of %s', async (_what, id) => {
    const res = await get('getCoverArt', `id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
  });

  it('sends the smallest size that holds the pixels asked for', async () => {
    const small = await get('getCoverArt', `id=${SAKURA.id}&size=64`);
    const large = await get('getCoverArt', `id=${SAKURA.id}&size=1000`);
    const direct = await ctx.app.inject({ url: `/covers/${SAKURA.id.slice(3)}/small`, headers: HOST });
    expect(small.rawPayload.equals(direct.rawPayload)).toBe(true);
    expect(large.rawPayload.length).toBeGreaterThan(small.rawPayload.length);
  });

  it.each(FORMATS)('answers error 70 in %s for an id that names no cover', async (format) => {
    expect((await call(ctx.app, 'getCoverArt', format, { id: 'al-999999999' }, { auth: { apiKey: key } })).response.error.code).toBe(70);
    expect((await call(ctx.app, 'getCoverArt', format, { id: SAKURA.id, size: '-3' }, { auth: { apiKey: key } })).response.error.code).toBe(0);
  });
});

describe.each(FORMATS)('lyrics (%s)', (format) => {
  it('getLyricsBySongId gives synced lines with their start, and none for a song without', async () => {
    const { response } = await call(ctx.app, 'getLyricsBySongId', format, { id: SAKURA.trackIds[0] }, { auth: { apiKey: key } });
    const [lyrics] = response.lyricsList.structuredLyrics;
    expect(lyrics).toMatchObject({ synced: true, lang: 'xxx' });
    expect(lyrics.line[0]).toEqual({ start: 0, value: 'Snow on the platform, letters in my hand' });
    const none = await call(ctx.app, 'getLyricsBySongId', format, { id: SAKURA.trackIds[4] }, { auth: { apiKey: key } });
    expect(none.response.lyricsList.structuredLyrics ?? []).toEqual([]);
  });

  it('getLyrics finds lyrics by title', async () => {
    const { response } = await call(ctx.app, 'getLyrics', format, { title: 'First Snow', artist: 'Hanamori Yui' }, { auth: { apiKey: key } });
    expect(response.lyrics.value).toMatch(/^Snow on the platform/);
  });
});
