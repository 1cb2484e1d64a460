// Playlists through the API, in JSON and XML, as the UI calls them: make, add (at the end and at a
// position), move, remove, rename, delete; bad input refused without a change; an .m3u8 exported and
// imported back (a round trip); and the UI's authority required.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { callAsUser, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'd4'.repeat(16);
const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const song = (t: number) => DEMO_WIKI_ID_BASE + SAKURA.n * 100 + t;

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
});
afterAll(() => ctx.close());

/** XML repeats a list's element (one item decodes to an object, none to NULL). */
const asList = <T>(value: T | T[] | null | undefined | ''): T[] => (value == null || value === '' ? [] : Array.isArray(value) ? value : [value]);

describe.each(FORMATS)('/app/playlists (%s)', (format: Format) => {
  const call = (path: string, json?: Record<string, unknown>) => callAsUser(ctx.app, path, format, UI_TOKEN, json ? { method: 'POST', json } : {});
  const itemsOf = async (id: number) => asList((await call(`/app/playlists/${id}`)).response.items).map((i: { sub_id: number }) => i.sub_id);

  it('makes a playlist, adds, moves, removes, renames and deletes', async () => {
    const made = await call('/app/playlists/create', { name: ` Late night ${format} `, sub_ids: `${song(1)},${song(2)}` });
    expect(made.status).toBe(200);
    const id = made.response.playlist.playlist_id;
    expect(made.response.playlist).toMatchObject({ name: `Late night ${format}`, item_count: 2 });
    await call(`/app/playlists/${id}/add`, { sub_ids: `${song(3)}` });
    await call(`/app/playlists/${id}/add`, { sub_ids: `${song(5)},${song(1)}`, at: 1 });
    expect(await itemsOf(id)).toEqual([song(1), song(5), song(1), song(2), song(3)]);
    await call(`/app/playlists/${id}/move`, { from: 4, to: 0 });
    expect(await itemsOf(id)).toEqual([song(3), song(1), song(5), song(1), song(2)]);
    await call(`/app/playlists/${id}/remove`, { position: 3 });
    expect(await itemsOf(id)).toEqual([song(3), song(1), song(5), song(2)]);
    const detail = await call(`/app/playlists/${id}`);
    expect(asList(detail.response.items)[0]).toMatchObject({ position: 0, sub_id: song(3), sub: { sub_title: SAKURA.tracks[2] } });
    expect((await call(`/app/playlists/${id}/rename`, { name: 'Renamed' })).response.playlist.name).toBe('Renamed');
    const listed = asList((await call('/app/playlists')).response.playlists).map((p: { playlist_id: number }) => p.playlist_id);
    expect(listed).toContain(id);
    expect((await call(`/app/playlists/${id}/delete`, {})).status).toBe(200);
    expect((await call(`/app/playlists/${id}`)).status).toBe(404);
  });

  it.each([
    ['/create', { name: '' }, 400, /"name"/],
    ['/create', { name: 'x'.repeat(101) }, 400, /at most 100/],
    ['/create', { name: 'ok', sub_ids: '999999999' }, 404, /No sub-entry has sub_id 999999999/],
    ['/create', { name: 'ok', sub_ids: '1,,2' }, 400, /empty item/],
  ])('refuses %s %j', async (path, json, status, msg) => {
    const before = ctx.userDb.playlists.list().length;
    const res = await call(`/app/playlists${path}`, json);
    expect(res.status).toBe(status);
    expect(asList(res.response.information.msg).join(' ')).toMatch(msg);
    expect(ctx.userDb.playlists.list().length).toBe(before);
  });

  it('refuses positions and ids that name nothing, changing nothing', async () => {
    const id = (await call('/app/playlists/create', { name: 'Two', sub_ids: `${song(1)},${song(2)}` })).response.playlist.playlist_id;
    expect((await call(`/app/playlists/${id}/remove`, { position: 2 })).status).toBe(404);
    expect((await call(`/app/playlists/${id}/move`, { from: 0, to: 5 })).status).toBe(404);
    expect((await call(`/app/playlists/${id}/move`, { from: -1, to: 0 })).status).toBe(400);
    expect((await call(`/app/playlists/${id}/add`, { sub_ids: '999999999' })).status).toBe(404);
    expect((await call('/app/playlists/999999/rename', { name: 'x' })).status).toBe(404);
    expect(await itemsOf(id)).toEqual([song(1), song(2)]);
  });
});

describe('/app/playlists export and import', () => {
  const asUser = (path: string, sent: Parameters<typeof callAsUser>[4] = {}) => callAsUser(ctx.app, path, 'json', UI_TOKEN, sent);

  it('exports an extended M3U8 with the songs’ URLs, which imports back to the same songs', async () => {
    const id = (await asUser('/app/playlists/create', { method: 'POST', json: { name: 'Round trip', sub_ids: `${song(2)},${song(1)}` } })).response.playlist
      .playlist_id;
    const res = await ctx.app.inject({ url: `/app/playlists/${id}/export.m3u8`, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': UI_TOKEN } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('audio/x-mpegurl');
    expect(res.headers['content-disposition']).toContain('Round%20trip.m3u8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines[1]).toMatch(new RegExp(`^#EXTINF:\\d+,Hanamori Yui - ${SAKURA.tracks[1]}$`));
    expect(lines[2]).toBe('http://127.0.0.1:7777/files/demo/sakura-letters/02.mp3');
    const imported = await asUser('/app/playlists/import', {
      method: 'POST',
      json: { name: 'Imported', text: `${res.body}/nowhere/song.mp3\nhttps://elsewhere.example/a.mp3\n` },
    });
    expect(imported.status).toBe(200);
    expect(imported.response).toMatchObject({ matched: 2, missing: 2, playlist: { name: 'Imported', item_count: 2 } });
    expect(ctx.userDb.playlists.items(imported.response.playlist.playlist_id)).toEqual([song(2), song(1)]);
  });

  it('counts a line it cannot read as missing, never a 500: a malformed escape, a file URL of no path, junk', async () => {
    const lines = [
      'http://127.0.0.1:7777/files/%E0%A4%A',
      'http://127.0.0.1:7777/files/demo/%',
      'http://127.0.0.1:7777/files/remote/%FF',
      'file://elsewhere.example/music/a.mp3',
      'file:///music/a%2Fb.mp3',
      'file:///music/%00.mp3',
      '/music/a\u0000b.mp3',
      'http://[::1',
      'relative/song.mp3',
      'http://127.0.0.1:7777/files/demo/sakura-letters/01.mp3',
    ];
    const res = await asUser('/app/playlists/import', { method: 'POST', json: { name: 'Bad lines', text: lines.join('\r\n') } });
    expect(res.status).toBe(200);
    expect(res.response).toMatchObject({ matched: 1, missing: lines.length - 1 });
  });

  it('refuses a file of more than 10,000 locations with a 400 that says so, and takes 10,000', async () => {
    const before = ctx.userDb.playlists.list().length;
    for (const count of [10_001, 349_000]) {
      const res = await asUser('/app/playlists/import', { method: 'POST', json: { name: 'Too long', text: 'x\n'.repeat(count) } });
      expect(res.status, String(count)).toBe(400);
      expect(asList(res.response.information.msg).join(' ')).toMatch(/"text" must name at most 10,000 songs/);
    }
    expect(ctx.userDb.playlists.list().length).toBe(before);
    const res = await asUser('/app/playlists/import', { method: 'POST', json: { name: 'Long', text: '#EXTM3U\n' + 'x\n'.repeat(10_000) } });
    expect(res.status).toBe(200);
    expect(res.response).toMatchObject({ matched: 0, missing: 10_000 });
  });

  it('lets the event loop turn while it matches a long file, so other requests are answered meanwhile', async () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `http://127.0.0.1:7777/files/demo/nowhere/${i}.mp3`).join('\n');
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    const importing = asUser('/app/playlists/import', { method: 'POST', json: { name: 'Turns', text } }).finally(() => (done = true));
    setImmediate(spin);
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.response.missing).toBe(10_000);
    // It yields every 200 locations: about 50 turns. Matching in one go leaves only the request's own few.
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it('is the UI’s alone', async () => {
    expect((await callAsUser(ctx.app, '/app/playlists', 'json', UI_TOKEN, { token: null })).status).toBe(401);
    const res = await ctx.app.inject({ url: '/app/playlists/1/export.m3u8', headers: { host: '127.0.0.1:7777' } });
    expect(res.statusCode).toBe(401);
  });
});
