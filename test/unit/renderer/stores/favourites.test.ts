// @vitest-environment happy-dom
// useFavouritesStore and useHistoryStore over a stand-in server: the Favourites page's lists, Play all
// (every favourite song or episode with audio, across pages, into the player), recording each track the
// player starts in Recently played, clearing it — and the UI's reads carrying the UI token.
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FavItemDto, PlaylistItemDto, SubDto, WikiDto } from '../../../../src-main/contract/objects';

const SERVER = 'http://127.0.0.1:4000/';
const UI_TOKEN = vi.hoisted(() => {
  const token = 'cd'.repeat(16);
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', uiToken: token };
  return token;
});

import { getApi } from '../../../../src-renderer/src/api/client';
import { FAV_PER_PAGE, useFavouritesStore } from '../../../../src-renderer/src/stores/favourites';
import { useHistoryStore } from '../../../../src-renderer/src/stores/history';
import { usePlayerStore } from '../../../../src-renderer/src/stores/player';

// --- objects as the server answers them -------------------------------------------------------------
const cover = (id: number) => ({ small: `/covers/${id}/small`, medium: `/covers/${id}/medium`, square: `/covers/${id}/square`, large: `/covers/${id}/large` });
const wiki = (id: number): WikiDto =>
  ({
    wiki_id: id,
    wiki_title: `Album ${id}`,
    wiki_type: 'music',
    wiki_cover: cover(id),
    wiki_user_fav: null,
    wiki_aliases: [],
    wiki_meta: [],
    wiki_tags: [],
  }) as unknown as WikiDto;
/** Song n of album `album`; `audio` false = the catalogue has no file for it. */
const song = (album: number, n: number, audio = true): SubDto =>
  ({
    sub_id: album * 100 + n,
    sub_parent_wiki: album,
    sub_title: `Song ${album}.${n}`,
    sub_view_title: `song.0${n} Song ${album}.${n}`,
    sub_type: 'song',
    sub_user_fav: null,
    sub_upload: audio ? [{ up_url: `/files/a${album}/${n}.mp3`, up_data: { length: 60 + n } }] : [],
    wiki: wiki(album),
  }) as unknown as SubDto;
const episode = (radio: number, n: number): SubDto => ({ ...song(radio, n, false), sub_type: 'ep', sub_upload: undefined }) as unknown as SubDto;
const favItem = (obj: SubDto | null, id = obj?.sub_id ?? 1): FavItemDto => ({
  fav_id: id,
  fav_obj_id: id,
  fav_obj_type: 'sub',
  fav_uid: 1,
  fav_date: 1_700_000_000,
  fav_type: 1,
  obj,
});
const playlistItem = (sub: SubDto): PlaylistItemDto =>
  ({
    sub_id: sub.sub_id,
    sub_title: sub.sub_title,
    wiki_id: sub.sub_parent_wiki,
    wiki_title: `Album ${sub.sub_parent_wiki}`,
    wiki_type: 'radio',
    cover: cover(sub.sub_parent_wiki),
    up_url: `/files/r/${sub.sub_id}.mp3`,
    duration: 600,
  }) as unknown as PlaylistItemDto;

// --- the stand-in server ----------------------------------------------------------------------------
interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
  cache?: string;
}
let sent: Sent[];
/** Answers by path; a route returns the payload (or throws to answer 500). */
let routes: Record<string, (url: URL, body?: Record<string, unknown>) => { status?: number; payload: object; information?: object }>;

const ok = (status = 200) => ({ parameters: {}, request: '', msg: [], has_error: status >= 400, error: status >= 400 ? status : 0 });

beforeEach(() => {
  localStorage.clear();
  sent = [];
  routes = {};
  setActivePinia(createPinia());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (raw: string, init: RequestInit = {}) => {
      const url = new URL(raw);
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      sent.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body, cache: init.cache });
      const route = routes[url.pathname];
      if (!route) return new Response(JSON.stringify({ response: { information: { ...ok(404), msg: ['no such path'] } } }), { status: 404 });
      const { status = 200, payload, information = {} } = route(url, body);
      return new Response(JSON.stringify({ response: { information: { ...ok(status), ...information }, ...payload } }), { status });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelectorAll('audio').forEach((a) => a.remove());
});

/** /user/favs/sub over `items`, paged as the server pages. */
function serveFavSubs(items: FavItemDto[]) {
  routes['/user/favs/sub.json'] = (url) => {
    const page = Number(url.searchParams.get('page'));
    const perpage = Number(url.searchParams.get('perpage'));
    return { payload: { favs: items.slice((page - 1) * perpage, page * perpage) }, information: { page, perpage, count: items.length } };
  };
}

describe('getApi', () => {
  it("sends the UI token, and no API key, with the UI's catalogue reads, so answers carry the favourites, and keeps no copy", async () => {
    routes['/wikis.json'] = () => ({ payload: { wikis: [] } });
    await getApi('/wikis.json', { wiki_type: 'music' });
    expect(sent[0].url.searchParams.has('api_key')).toBe(false);
    expect(sent[0].headers['x-moecat-ui']).toBe(UI_TOKEN);
    expect(sent[0].cache).toBe('no-store');
  });
});

describe('useFavouritesStore', () => {
  it('loads a page of favourite songs with the UI token', async () => {
    serveFavSubs([favItem(song(7, 1)), favItem(song(7, 2))]);
    const store = useFavouritesStore();
    await store.loadList('sub', 1);
    expect(sent[0].url.toString()).toBe(`${SERVER}user/favs/sub.json?page=1&perpage=${FAV_PER_PAGE}`);
    expect(sent[0].headers['x-moecat-ui']).toBe(UI_TOKEN);
    expect(store.lists.sub).toMatchObject({ status: 'ready', count: 2, page: 1 });
    expect(store.lists.sub.items.map((i) => i.obj?.sub_title)).toEqual(['Song 7.1', 'Song 7.2']);
  });

  it('says why a list could not be loaded', async () => {
    const store = useFavouritesStore();
    await store.loadList('wiki', 1);
    expect(store.lists.wiki).toMatchObject({ status: 'error', error: 'no such path', items: [] });
  });

  it('plays all favourite songs and episodes with audio, across pages, newest favourite first', async () => {
    // 60 favourites: two pages of 50. Song 1.2 has no audio; one favourite is gone from the catalogue; one is an episode.
    const songs = Array.from({ length: 57 }, (_, i) => song(1 + Math.floor(i / 9), (i % 9) + 1, i !== 1));
    const ep = episode(90, 1);
    serveFavSubs([
      ...songs.slice(0, 30).map((s) => favItem(s)),
      favItem(null, 999),
      favItem(ep),
      ...songs.slice(30).map((s) => favItem(s)),
      favItem(song(20, 1)),
    ]);
    routes['/listen/playlist'] = (url) => ({ payload: { playlist: url.searchParams.get('sub') === String(ep.sub_id) ? [playlistItem(ep)] : [] } });
    const store = useFavouritesStore();
    await expect(store.playAll()).resolves.toBe('played');
    const favPages = sent.filter((s) => s.url.pathname === '/user/favs/sub.json').map((s) => s.url.searchParams.get('page'));
    expect(favPages).toEqual(['1', '2']);
    const player = usePlayerStore();
    const expected = [
      ...songs
        .slice(0, 30)
        .filter((_, i) => i !== 1)
        .map((s) => s.sub_id),
      ep.sub_id,
      ...songs.slice(30).map((s) => s.sub_id),
      2001,
    ];
    expect(player.queue.map((t) => t.subId)).toEqual(expected);
    expect(player.index).toBe(0);
    expect(player.current).toMatchObject({
      subId: songs[0].sub_id,
      title: 'Song 1.1',
      url: '/files/a1/1.mp3',
      wikiTitle: 'Album 1',
      cover: '/covers/1/square',
    });
    expect(player.queue.find((t) => t.subId === ep.sub_id)).toMatchObject({ url: '/files/r/9001.mp3', duration: 600 });
    expect(player.paused).toBe(false);
    expect(store.playAllState).toBe('idle');
  });

  it('says so, and leaves the player alone, when no favourite song has audio', async () => {
    serveFavSubs([favItem(song(3, 1, false)), favItem(null, 5)]);
    const store = useFavouritesStore();
    await expect(store.playAll()).resolves.toBe('empty');
    expect(store.playAllState).toBe('empty');
    expect(usePlayerStore().queue).toEqual([]);
  });

  it('plays a list on screen from the chosen song, leaving out those without audio', async () => {
    const store = useFavouritesStore();
    await store.playFrom([song(4, 1), song(4, 2, false), song(4, 3), song(4, 4)], 1);
    const player = usePlayerStore();
    expect(player.queue.map((t) => t.subId)).toEqual([401, 403, 404]);
    expect(player.current?.subId).toBe(403);
  });
});

describe('useHistoryStore', () => {
  it('records each track the player starts, once per start (not on pause and resume)', async () => {
    routes['/app/history/add.json'] = (_url, body) => ({ payload: { play: { play_id: 1, sub_id: body!.sub_id, wiki_id: 7, played_at: 1 } } });
    useHistoryStore();
    const player = usePlayerStore();
    player.play(
      [song(7, 1), song(7, 2)].map((s) => ({
        subId: s.sub_id,
        title: s.sub_title,
        wikiId: 7,
        wikiTitle: 'Album 7',
        wikiType: 'music',
        artist: '',
        cover: '',
        url: `/files/${s.sub_id}.mp3`,
        duration: 60,
      })),
    );
    await flushPromises();
    player.pause();
    player.resume();
    await flushPromises();
    // happy-dom's element stays "playing" across a new src, where a browser pauses it: pause first.
    player.pause();
    player.jumpTo(1);
    await flushPromises();
    const adds = sent.filter((s) => s.url.pathname === '/app/history/add.json');
    expect(adds.map((s) => [s.method, s.body, s.headers['x-moecat-ui']])).toEqual([
      ['POST', { sub_id: 701 }, UI_TOKEN],
      ['POST', { sub_id: 702 }, UI_TOKEN],
    ]);
  });

  it('lets a play it cannot record go, and refreshes a first page on screen after one it can', async () => {
    let plays = [{ play_id: 1, sub_id: 701, wiki_id: 7, played_at: 10, sub: song(7, 1) }];
    routes['/app/history.json'] = () => ({ payload: { plays }, information: { page: 1, perpage: 20, count: plays.length } });
    const history = useHistoryStore();
    await history.load(1);
    expect(history.list.items.map((p) => p.sub_id)).toEqual([701]);
    await expect(history.record(702)).resolves.toBeUndefined(); // no route: 404, let go
    expect(history.list.items.map((p) => p.sub_id)).toEqual([701]);
    routes['/app/history/add.json'] = () => ({ payload: { play: { play_id: 2, sub_id: 702, wiki_id: 7, played_at: 11 } } });
    plays = [{ play_id: 2, sub_id: 702, wiki_id: 7, played_at: 11, sub: song(7, 2) }, ...plays];
    await history.record(702);
    expect(history.list.items.map((p) => p.sub_id)).toEqual([702, 701]);
  });

  it('clears the history, and keeps the list when the server refuses', async () => {
    routes['/app/history.json'] = () => ({
      payload: { plays: [{ play_id: 1, sub_id: 701, wiki_id: 7, played_at: 10, sub: song(7, 1) }] },
      information: { page: 1, perpage: 20, count: 1 },
    });
    const history = useHistoryStore();
    await history.load(1);
    await expect(history.clear()).resolves.toBe(false);
    expect(history.clearError).toBe('no such path');
    expect(history.list.count).toBe(1);
    routes['/app/history/clear.json'] = () => ({ payload: { cleared: 1 } });
    await expect(history.clear()).resolves.toBe(true);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', headers: { 'x-moecat-ui': UI_TOKEN } });
    expect(history.list).toMatchObject({ status: 'ready', items: [], count: 0 });
  });
});
