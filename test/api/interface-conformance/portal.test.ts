// The Moefou interface's redirect portal: its target resolution table row by row, the structured
// response (has_wiki, has_mp3, url) in JSON and XML, the redirect when `api` is empty, and no
// authentication. Where the table leaves a value open, Moecat decides (docs/api.md; noted per case).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../../src-main/catalogue/build/demo/demo-content';
import { FORMATS, keyClient, type Query } from './client';
import { checkObject, checkOrder, PORTAL } from './interface';

const SITE = 'http://127.0.0.1:7777';

/** The demo albums the rows need, by meaning (demo-content.ts describes them). */
const album = (slug: string) => {
  const spec = DEMO_SPEC.find((a) => a.slug === slug)!;
  return { ...spec, id: DEMO_WIKI_ID_BASE + spec.n, url: `${SITE}/music/${DEMO_WIKI_ID_BASE + spec.n}` };
};
const playable = album('sakura-letters');
const playableWithBgm = album('inori-starlight-serenade');
const silent = album('yumemiru-kikai'); // listed, no playable tracks
const SHARED_TITLE = 'Blue Horizon'; // two albums

let api: Awaited<ReturnType<typeof keyClient>>;
beforeAll(async () => {
  api = await keyClient();
});
afterAll(() => api.close());

interface Row {
  row: string;
  query: Query;
  expected: { has_wiki: boolean; has_mp3: boolean; url: string };
}

const ROWS: Row[] = [
  { row: 'No locating parameter (title, bgm_id) given → {site_url}/', query: { listen: '1' }, expected: { has_wiki: false, has_mp3: false, url: `${SITE}/` } },
  {
    row: '0 albums found → {site_url}/search?q=<title>',
    query: { title: 'Nothing Like This' },
    expected: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Nothing%20Like%20This` },
  },
  {
    row: 'Exactly 1 album found and listen=0 → the album’s page URL',
    query: { title: playable.title, listen: '0' },
    expected: { has_wiki: true, has_mp3: true, url: playable.url },
  },
  {
    row: 'Exactly 1 album found, listen left out (default 0) → the album’s page URL',
    query: { title: playable.title },
    expected: { has_wiki: true, has_mp3: true, url: playable.url },
  },
  {
    row: 'Exactly 1 album found and listen=1 → {site_url}/listen?music=<wiki_id>',
    query: { title: playable.title, listen: '1' },
    expected: { has_wiki: true, has_mp3: true, url: `${SITE}/listen?music=${playable.id}` },
  },
  {
    row: 'Exactly 1 album found by bgm_id and listen=1',
    query: { bgm_id: String(playableWithBgm.bgmId), listen: '1' },
    expected: { has_wiki: true, has_mp3: true, url: `${SITE}/listen?music=${playableWithBgm.id}` },
  },
  // has_wiki and has_mp3 here are "not shown": Moecat decides true and false.
  {
    row: 'Exactly 1 album found, but it has no playable tracks → the album’s page URL',
    query: { title: silent.title, listen: '1' },
    expected: { has_wiki: true, has_mp3: false, url: silent.url },
  },
  {
    row: '2 or more albums found → {site_url}/search?q=<title>',
    query: { title: SHARED_TITLE, listen: '1' },
    expected: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=Blue%20Horizon` },
  },
  {
    row: 'title must match exactly: another case is 0 albums',
    query: { title: playable.title.toUpperCase() },
    expected: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=${encodeURIComponent(playable.title.toUpperCase())}` },
  },
  {
    row: 'title must match exactly: surrounding space is 0 albums',
    query: { title: ` ${playable.title}` },
    expected: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=${encodeURIComponent(` ${playable.title}`)}` },
  },
  // "the search query used when only bgm_id is given and nothing is found: not shown" — Moecat: empty.
  {
    row: 'only bgm_id, nothing found → {site_url}/search?q=',
    query: { bgm_id: '999999' },
    expected: { has_wiki: false, has_mp3: false, url: `${SITE}/search?q=` },
  },
  // Precedence "not shown" — Moecat: bgm_id wins.
  {
    row: 'title and bgm_id → bgm_id decides',
    query: { title: SHARED_TITLE, bgm_id: String(playableWithBgm.bgmId) },
    expected: { has_wiki: true, has_mp3: true, url: playableWithBgm.url },
  },
];

describe('GET /search/direct: target resolution', () => {
  it('relies on demo albums that mean what the rows say', () => {
    expect([playable.audio, playableWithBgm.audio, silent.audio]).toEqual([true, true, false]);
    expect(DEMO_SPEC.filter((a) => a.title === SHARED_TITLE && a.type === 'music')).toHaveLength(2);
  });

  describe.each(ROWS)('$row', ({ query, expected }) => {
    it('redirects the caller to U when api is empty', async () => {
      for (const q of [query, { ...query, api: '' }]) {
        const { status, headers } = await api.anonymous('none', '/search/direct', q);
        expect(status).toBe(302);
        expect(headers.location).toBe(expected.url);
      }
    });

    it.each(FORMATS)('answers has_wiki, has_mp3 and url = U with api=%s', async (format) => {
      const { status, contentType, body } = await api.anonymous('none', '/search/direct', { ...query, api: format });
      expect(status).toBe(200);
      expect(contentType).toContain(`application/${format}`);
      expect(checkObject(body.response, PORTAL, 'response')).toEqual([]);
      expect(checkOrder(body.response, PORTAL, 'response')).toEqual([]);
      expect({ has_wiki: body.response.has_wiki, has_mp3: body.response.has_mp3, url: body.response.url }).toEqual(expected);
    });
  });
});

describe('GET /search/direct: authentication none', () => {
  it.each(FORMATS)('answers %s without an API key', async (format) => {
    expect((await api.anonymous('none', '/search/direct', { title: playable.title, api: format })).status).toBe(200);
  });
});
