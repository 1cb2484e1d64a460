// A Moefou player's whole path against a real server on a real port, as the classic players walk it:
// search a song, ask /listen/playlist?song=<sub_id> for it, fetch the playlist item's `url`, and get the
// song's MP3 — in JSON, and in XML read with a real XML parser. Then "listen freely" (no target) and play
// the first item the same way. A tool connected with OAuth plays the user's favourites and reads the
// user; the same calls with its key alone get empty lists and a 403.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR } from '../../src-main/catalogue/build/builder';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { fixtureCatalogueDir } from '../fixtures/app';
import { listeningOAuthApp, oauthClient, oauthDriver } from '../fixtures/oauth';

let server: Awaited<ReturnType<typeof listeningOAuthApp>>;
let key: string;
beforeAll(async () => {
  server = await listeningOAuthApp();
  key = server.userDb.defaultKey().key;
});
afterAll(() => server.close());

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const SONG_TITLE = SAKURA.tracks[2];
const SONG_FILE = join(fixtureCatalogueDir(), AUDIO_DIR, 'demo', 'sakura-letters', '03.mp3');

async function getJson(path: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as { response: Record<string, any> };
}

/** The player's last step: the bytes at `url` are the MP3 on disk. */
async function expectAudio(url: string, file?: string) {
  expect(url.startsWith(`${server.url}/`), url).toBe(true);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('audio/mpeg');
  const bytes = Buffer.from(await res.arrayBuffer());
  // An MP3 starts with an ID3v2 tag or an MPEG audio frame's sync bits.
  expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)).toBe(true);
  if (file) expect(bytes.equals(readFileSync(file))).toBe(true);
  return bytes;
}

describe('search → playlist → play, as a Moefou player does', () => {
  it('in JSON: finds the song, gets its playlist item, and plays its MP3', async () => {
    const search = await getJson(`/search/sub.json?keyword=${encodeURIComponent(SONG_TITLE)}&api_key=${key}`);
    const song = (search.response.subs as { sub_id: number; sub_title: string }[]).find((s) => s.sub_title === SONG_TITLE)!;
    expect(song.sub_id).toBe(DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 3);

    const list = await getJson(`/listen/playlist?api=json&song=${song.sub_id}&api_key=${key}`);
    expect(list.response.information.item_count).toBe(1);
    const [item] = list.response.playlist as { sub_id: number; url: string; file_size: number; sub_title: string }[];
    expect(item).toMatchObject({ sub_id: song.sub_id, sub_title: SONG_TITLE });
    const bytes = await expectAudio(item.url, SONG_FILE);
    expect(Math.abs(item.file_size - bytes.length / 1024)).toBeLessThan(1); // KiB
  });

  it('in XML: the same path read with an XML parser', async () => {
    const parser = new XMLParser({ cdataPropName: '#cdata', isArray: (name) => name === 'subs' || name === 'playlist' });
    const text = (name: { '#cdata': string } | string) => (typeof name === 'string' ? name : name['#cdata']);
    const search = await fetch(`${server.url}/search/sub.xml?keyword=${encodeURIComponent(SONG_TITLE)}&api_key=${key}`);
    expect(search.headers.get('content-type')).toContain('application/xml');
    const subs = parser.parse(await search.text()).response.subs as { sub_id: number; sub_title: { '#cdata': string } }[];
    const song = subs.find((s) => text(s.sub_title) === SONG_TITLE)!;

    const list = await fetch(`${server.url}/listen/playlist?api=xml&song=${song.sub_id}&api_key=${key}`);
    expect(list.headers.get('content-type')).toContain('application/xml');
    const doc = parser.parse(await list.text()).response;
    expect(doc.information.item_count).toBe(1);
    await expectAudio(text(doc.playlist[0].url), SONG_FILE);
  });

  it('listens freely: a playlist with no target plays its first item', async () => {
    const list = await getJson(`/listen/playlist.json?perpage=3&api_key=${key}`);
    expect(list.response.information).toMatchObject({ item_count: 3, may_have_next: true });
    const [first] = list.response.playlist as { url: string; wiki_id: number }[];
    await expectAudio(first.url);
    const next = await getJson(`${new URL(list.response.information.next_url).pathname}${new URL(list.response.information.next_url).search}&api_key=${key}`);
    expect(next.response.playlist).toHaveLength(3);
    expect(first.wiki_id).toBeGreaterThanOrEqual(DEMO_WIKI_ID_BASE);
  });
});

describe("a tool connected with OAuth: the user's favourites and the user", () => {
  it('plays fav=music and reads /user/detail signed; with the key alone, an empty playlist and a 403', async () => {
    const consumer = server.userDb.createKey('Radio widget');
    const { signed, connect } = oauthDriver(server.url, oauthClient({ key: consumer.key, secret: consumer.secret }, server.clock));
    const token = await connect();
    const sakuraId = DEMO_WIKI_ID_BASE + SAKURA.n;
    server.userDb.addFav('wiki', sakuraId, 1);
    try {
      const list = await signed('GET', '/listen/playlist.json?fav=music', { token });
      expect(list.status).toBe(200);
      const items = JSON.parse(list.text).response.playlist as { wiki_id: number; url: string }[];
      expect(items.length).toBe(SAKURA.tracks.length);
      for (const item of items) expect(item.wiki_id).toBe(sakuraId);
      await expectAudio(items[0].url);

      const user = await signed('GET', '/user/detail.json', { token });
      expect(user.status).toBe(200);
      expect(JSON.parse(user.text).response.user).toMatchObject({ uid: 1, user_fav_wiki_count: 1 });

      const keyOnly = await getJson(`/listen/playlist.json?fav=music&api_key=${consumer.key}`);
      expect(keyOnly.response.playlist).toEqual([]);
      expect((await fetch(`${server.url}/user/detail.json?api_key=${consumer.key}`)).status).toBe(403);
    } finally {
      server.userDb.deleteFav('wiki', sakuraId);
    }
  });
});
