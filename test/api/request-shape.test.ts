// Requests whose very shape is wrong, sent byte for byte over a socket: answered in the envelope of the
// format their address asks for, never Node's bare JSON, never the UI page; and requests that would name
// another host through the back door (a second Host header, an absolute-form target) are refused.
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeXml } from '../fixtures/api';
import { fixtureApp, UI_MARKER } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let port: number;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: 'f1'.repeat(16) });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

interface Raw {
  status: number;
  type: string;
  body: string;
}

/** Sends `head` (the request line and headers, without the final blank line) as it is. */
function send(head: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers, ...rest] = out.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]),
        type: /^content-type: (.*)$/im.exec(headers)?.[1] ?? '',
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}

const host = () => `Host: 127.0.0.1:${port}`;
const envelopeOf = (raw: Raw) =>
  raw.type.includes('xml') ? (decodeXml(raw.body) as { response: { information: Record<string, unknown> } }) : JSON.parse(raw.body);

describe('errors raised before the router', () => {
  it.each([
    ['json', '/search/wiki.json'],
    ['xml', '/search/wiki.xml'],
    ['xml', '/search/direct'],
  ])('answers an address over the limit with 431 in %s (%s)', async (format, path) => {
    const extra = path === '/search/direct' ? '&api=xml' : '';
    const raw = await send(`GET ${path}?keyword=${'a'.repeat(20_000)}${extra} HTTP/1.1\r\n${host()}`);
    expect(raw.status).toBe(431);
    expect(raw.type).toContain(`application/${format}`);
    expect(envelopeOf(raw).response.information).toMatchObject({ has_error: true, error: 431 });
  });

  it.each(['json', 'xml'])('answers a raw space or tab in the address with 400 in %s', async (format) => {
    for (const blank of [' ', '\t']) {
      const raw = await send(`GET /search/wiki.${format}?keyword=a${blank}b HTTP/1.1\r\n${host()}`);
      expect(raw.status).toBe(400);
      expect(raw.type).toContain(`application/${format}`);
      expect(envelopeOf(raw).response.information).toMatchObject({ has_error: true, error: 400 });
    }
  });
});

describe('spellings of an operation', () => {
  it('answers the API with a trailing slash, in the format asked for', async () => {
    for (const format of ['json', 'xml']) {
      const raw = await send(`GET /search/wiki.${format}/?keyword=touhou&api_key=${key} HTTP/1.1\r\n${host()}`);
      expect(raw.status).toBe(200);
      expect(raw.type).toContain(`application/${format}`);
      expect(envelopeOf(raw).response.information).toMatchObject({ has_error: false, error: 0 });
    }
  });

  it('answers an upper-case suffix, or slashes after it, written or encoded, with a 404 in that format, never the UI page', async () => {
    for (const [suffix, format] of [
      ['JSON', 'json'],
      ['XML', 'xml'],
      ['Json/', 'json'],
      ['json//', 'json'],
      ['json%2F', 'json'],
      ['xml%2f', 'xml'],
      ['xml//%2F', 'xml'],
    ]) {
      const raw = await send(`GET /search/wiki.${suffix}?keyword=touhou&api_key=${key} HTTP/1.1\r\n${host()}`);
      expect(raw.status, suffix).toBe(404);
      expect(raw.type).toContain(`application/${format}`);
      expect(raw.body).not.toContain('<html');
    }
  });

  // Anything else is no operation's: the UI's page, or a 404 in the format its suffix names.
  it('takes the three spellings of a path and nothing that only begins like one', async () => {
    for (const [path, answer] of [
      ['/search/wiki', 200],
      ['/search/wiki.json', 200],
      ['/search/wiki.xml', 200],
      ['/search/wikis', 'page'],
      ['/search/wiki.jsonx', 'page'],
      ['/search/wiki.', 'page'],
      ['/search/wiki.xml.json', 404],
    ] as const) {
      const raw = await send(`GET ${path}?keyword=touhou&api_key=${key} HTTP/1.1\r\n${host()}`);
      expect(raw.status, path).toBe(answer === 'page' ? 200 : answer);
      if (answer === 'page') expect(raw.body, path).toContain(UI_MARKER);
      if (answer === 200) expect(envelopeOf(raw).response.information, path).toMatchObject({ has_error: false });
    }
  });
});

describe('another host through the back door', () => {
  it('refuses two Host headers, the own one first', async () => {
    const raw = await send(`GET /wikis.json?wiki_type=music&api_key=${key} HTTP/1.1\r\n${host()}\r\nHost: evil.example`);
    expect(raw.status).toBe(400);
    expect(envelopeOf(raw).response.information.msg).toEqual(['A request names exactly one host: it had 2 Host headers.']);
  });

  it('refuses an absolute-form target naming another host, and takes one naming this server', async () => {
    const other = await send(`GET http://evil.example/wikis.json?wiki_type=music&api_key=${key} HTTP/1.1\r\n${host()}`);
    expect(other.status).toBe(403);
    expect(envelopeOf(other).response.information).toMatchObject({ has_error: true, error: 403 });
    const own = await send(`GET http://127.0.0.1:${port}/wikis.json?wiki_type=music&api_key=${key} HTTP/1.1\r\n${host()}`);
    expect(own.status).toBe(200);
  });
});
