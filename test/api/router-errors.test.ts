// Requests the router refuses before any route runs — an address whose escapes are not UTF-8, a path
// parameter over 500 characters — answer the envelope with a 400 in the format asked for (the path's
// suffix, `api=json|xml`, or Accept), like every other error, and quote neither the address nor its
// credentials; a cover that is not there is the envelope's 404.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/app';

const UI_TOKEN = 'b5'.repeat(16);
let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: UI_TOKEN });
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

const LONG = '1'.repeat(501);
/** Addresses of routes with a path parameter (operations' page paths, the UI's endpoints, files, covers), each made unroutable. */
const BROKEN = [
  ...[
    '/music/%FF',
    '/music/%FF/songs',
    '/song/%E0%A4%A',
    '/anime/%C0%AF',
    '/app/playlists/%FF',
    '/app/jobs/%FF',
    '/files/remote/%FF',
    '/covers/%FF/small',
    '/covers/1/%FF',
  ].map((path) => ({ path, message: 'The address is not valid percent-encoded UTF-8.' })),
  ...[`/music/${LONG}`, `/app/playlists/${LONG}`, `/covers/${LONG}/small`].map((path) => ({
    path,
    message: 'A part of the address is longer than 500 characters.',
  })),
];

/** Each way of asking for a format, as the URL and headers of a request for `path`. */
const ASKED = [
  { format: 'xml', how: 'suffix', url: (path: string) => `${path}.xml?api_key=${key}`, headers: {} },
  { format: 'xml', how: 'api', url: (path: string) => `${path}?api=xml&api_key=${key}`, headers: {} },
  { format: 'xml', how: 'Accept', url: (path: string) => `${path}?api_key=${key}`, headers: { accept: 'application/xml' } },
  { format: 'json', how: 'suffix', url: (path: string) => `${path}.json?api_key=${key}`, headers: {} },
  { format: 'json', how: 'api', url: (path: string) => `${path}.xml?api=json&api_key=${key}`, headers: {} },
  { format: 'json', how: 'nothing', url: (path: string) => `${path}?api_key=${key}`, headers: {} },
] as const;

function information(res: { headers: Record<string, unknown>; body: string }, format: 'json' | 'xml') {
  const type = String(res.headers['content-type']);
  if (format === 'xml') {
    expect(type).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const { information: info } = new XMLParser({ parseTagValue: false }).parse(res.body).response;
    return { msg: [info.msg].flat(), error: Number(info.error), has_error: info.has_error === 'true' };
  }
  expect(type).toMatch(/^application\/json/);
  return JSON.parse(res.body).response.information;
}

describe('errors before the router', () => {
  for (const { path, message } of BROKEN) {
    it(`${path.slice(0, 40)}: a 400 envelope in each format asked for, quoting nothing of the address`, async () => {
      for (const asked of ASKED) {
        const url = asked.url(path);
        const res = await ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': UI_TOKEN, ...asked.headers } });
        expect(res.statusCode, `${asked.how} ${url}`).toBe(400);
        const info = information(res, asked.format);
        expect(info, `${asked.how} ${url}`).toMatchObject({ msg: [message], has_error: true, error: 400 });
        expect(res.body).not.toContain('FST_ERR');
        expect(res.body).not.toContain(key);
        expect(res.body).not.toContain(UI_TOKEN);
        expect(JSON.stringify(res.headers)).not.toContain(key);
      }
    });
  }

  it('answers the same over a real connection', async () => {
    const own = await fixtureApp();
    const ownKey = own.userDb.defaultKey().key;
    try {
      const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${url}/music/%FF?api=xml&api_key=${ownKey}`);
      const body = await res.text();
      expect(res.status).toBe(400);
      expect(information({ headers: { 'content-type': res.headers.get('content-type') }, body }, 'xml').msg).toEqual([
        'The address is not valid percent-encoded UTF-8.',
      ]);
      expect(body).not.toContain(ownKey);
    } finally {
      await own.close();
    }
  });
});

describe('files that are not there', () => {
  it('are the 404 envelope in each format asked for, a name over 500 characters too', async () => {
    for (const path of [`/files/remote/${LONG}`, '/files/nothing/here.mp3', '/files/cache/nothing']) {
      for (const asked of ASKED) {
        const url = asked.url(path);
        const res = await ctx.app.inject({ url, headers: { host: '127.0.0.1:7777', ...asked.headers } });
        expect(res.statusCode, `${asked.how} ${url}`).toBe(404);
        expect(information(res, asked.format), `${asked.how} ${url}`).toMatchObject({ has_error: true, error: 404 });
        expect(res.body).not.toContain(key);
      }
    }
  });
});

describe('covers that are not there', () => {
  it('are the 404 envelope, in XML for an .xml address or api=xml', async () => {
    for (const [url, format] of [
      ['/covers/999999999/small', 'json'],
      ['/covers/1/huge', 'json'],
      ['/covers/x/small', 'json'],
      ['/covers/999999999/small.xml', 'xml'],
    ] as const) {
      const res = await ctx.app.inject({ url: `${url}?api_key=${key}`, headers: { host: '127.0.0.1:7777' } });
      expect(res.statusCode, url).toBe(404);
      expect(information(res, format), url).toMatchObject({ msg: ['No such cover.'], has_error: true, error: 404 });
      expect(res.body).not.toContain(key);
    }
  });
});
