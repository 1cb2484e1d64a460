// `api=json|xml` chooses the answer's format on every address of the API's operations — the bare path,
// `.json` and `.xml` alike, and the UI's page paths — errors included, as docs/api.md says. The detail
// and page operations answer each format whole; every other operation at least in the format asked for.
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { OPERATIONS } from '../../src-main/server/operations';
import { decodeXml, FORMATS, type Format } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'a7'.repeat(16);
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const SAKURA = DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!;
const SAKURA_ID = DEMO_WIKI_ID_BASE + SAKURA.n;
const SYNCED_SONG = DEMO_WIKI_ID_BASE + SAKURA.n * 100 + 1;

const TYPES: Record<Format, string> = { json: 'application/json', xml: 'application/xml' };

async function get(url: string, asUi = false) {
  const headers: Record<string, string> = { host: '127.0.0.1:7777', ...(asUi ? { 'x-moecat-ui': UI_TOKEN } : {}) };
  return ctx.app.inject({ url, headers });
}

/** The answer, checked to be in `format` and well-formed, decoded. */
function decoded(res: Awaited<ReturnType<typeof get>>, format: Format, what: string) {
  expect(String(res.headers['content-type']), what).toContain(TYPES[format]);
  if (format === 'json') return res.json();
  expect(XMLValidator.validate(res.body), what).toBe(true);
  return decodeXml(res.body) as ReturnType<typeof res.json>;
}

const DETAILS = [
  { path: '/music/detail', query: `wiki_id=${SAKURA_ID}`, field: 'wiki', check: (r: Record<string, any>) => expect(r.wiki.wiki_id).toBe(SAKURA_ID) },
  { path: '/user/detail', query: '', field: 'user', ui: true, check: (r: Record<string, any>) => expect(r.user.uid).toBe(1) },
  { path: '/sub/lyrics', query: `sub_id=${SYNCED_SONG}`, field: 'lyrics', check: (r: Record<string, any>) => expect(r.lyrics.synced).toBe(true) },
  {
    path: '/artist/detail',
    query: `name=${encodeURIComponent(SAKURA.artist)}`,
    field: 'artist',
    check: (r: Record<string, any>) => expect(r.artist.wiki_count).toBeGreaterThan(0),
  },
  { path: `/music/${SAKURA_ID}`, query: '', field: 'wiki', check: (r: Record<string, any>) => expect(r.wiki.wiki_id).toBe(SAKURA_ID) },
];

describe('api=json|xml on detail and page paths', () => {
  for (const d of DETAILS) {
    for (const format of FORMATS) {
      it(`${d.path} answers ${format} when asked with api=${format}, whatever the suffix`, async () => {
        const suffixes = d.path.startsWith('/music/') && /\d$/.test(d.path) ? [''] : ['', '.json', '.xml'];
        for (const suffix of suffixes) {
          const url = `${d.path}${suffix}?${d.query ? `${d.query}&` : ''}api=${format}${d.ui ? '' : `&api_key=${key}`}`;
          const res = await get(url, d.ui);
          expect(res.statusCode, url).toBe(200);
          const body = decoded(res, format, url);
          expect(body.response.information.has_error, url).toBe(false);
          d.check(body.response);
        }
      });
    }
  }

  it('answers errors in the format asked for too', async () => {
    for (const format of FORMATS) {
      const res = await get(`/music/detail?wiki_id=999999999&api=${format}&api_key=${key}`);
      expect(res.statusCode).toBe(404);
      expect(decoded(res, format, 'a 404').response.information.error).toBe(404);
      const refused = await get(`/user/detail?api=${format}&api_key=${key}`);
      expect(refused.statusCode).toBe(403);
      decoded(refused, format, 'a 403');
    }
  });
});

describe('api=json|xml on every operation of the API', () => {
  // Not OAuth's token steps: their answer is form fields, and their errors take the path's format.
  const addresses = OPERATIONS.filter((op) => op.spellings === 'api' && !op.file && !op.answersForm).flatMap((op) => [
    ...['', '.json', '.xml'].map((suffix) => ({ method: op.method, url: `${op.path}${suffix}` })),
    ...(op.pagePaths ?? []).map((path) => ({ method: 'GET' as const, url: path.replace(/:[a-z_]+/g, String(SAKURA_ID)) })),
  ]);

  it('answers in the format asked for, whatever the status', async () => {
    expect(addresses.length).toBeGreaterThan(40);
    for (const { method, url } of addresses) {
      for (const format of FORMATS) {
        const asked = `${url}?api=${format}&api_key=${key}`;
        const res = await ctx.app.inject({ method, url: asked, headers: { host: '127.0.0.1:7777' } });
        if (res.statusCode === 302) continue; // the portal without a locating parameter is still a redirect with api
        expect(res.statusCode, asked).toBeLessThan(500);
        decoded(res, format, `${method} ${asked}`);
      }
    }
  });
});
