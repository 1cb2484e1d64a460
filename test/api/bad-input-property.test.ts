// Whatever a client sends — any parameter names and values, hostile ones included — every operation
// answers in the format it asked for, well-formed (JSON.parse, or a real XML parser and validator),
// never with a 5xx, never with a name of the request turned into an element, and changes nothing in the
// user's data. A permanent property test (fast-check) over every operation the server declares.
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src-main/server/operations';
import { suffixesOf } from '../../src-main/server/operations/serve';
import { fixtureApp } from '../fixtures/app';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp({ uiToken: 'e4'.repeat(16), withUiKey: true });
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

/** Everything the user database holds, to see that nothing changed. */
function userData(): unknown {
  const db = ctx.userDb.db;
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.map((t) => [t, db.prepare(`SELECT * FROM "${t}"`).all()]));
}

const HOSTILE_NAMES = ['a><injected>yes</injected><b', '(a', 'x y', '9x', 'title:x', '', '<', 'a&b', ']]>', 'xmlns', '-x', '.x', '\u0000', 'p\u0007'];
const HOSTILE_VALUES = [']]>', '<![CDATA[', '</response>', '\u0000', '\u0007', '\ud800', '%', '-1', '0', '1e9', '99999999999999999999', 'x'.repeat(300), '東方', ' ', ',', ',,', 'NULL'];

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Every address of every operation: its spellings, and the UI page paths that answer it when asked with `api`. */
const ADDRESSES = OPERATIONS.flatMap((op) => [
  ...suffixesOf(op).map((suffix) => ({ op, path: `${op.path}${suffix}`, page: false })),
  ...(op.pagePaths ?? []).map((path) => ({ op, path, page: true })),
]);

/** One request: an operation at one of its addresses, with a query of names and values. */
const requestOf = fc
  .record({
    address: fc.constantFrom(...ADDRESSES),
    xml: fc.boolean(),
    pairs: fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.constantFrom('page', 'perpage', 'api', 'keyword', 'wiki_type', 'week', 'date', 'source', 'sub_id', 'wiki_id', 'title', 'bgm_id', 'listen', 'song', 'fav', 'uid', 'new_musics'), fc.string({ unit: 'binary', maxLength: 12 })),
        fc.oneof(fc.constantFrom(...HOSTILE_VALUES), fc.string({ unit: 'binary', maxLength: 40 }), fc.integer().map(String)),
      ),
      { maxLength: 6 },
    ),
    withKey: fc.boolean(),
  })
  .map(({ address: { op, path: template, page }, xml, pairs, withKey }) => {
    const path = template.replace(/:[a-z_]+/g, 'x1');
    const query = [...(page ? [`api=${xml ? 'xml' : 'json'}`] : []), ...pairs.map(([n, v]) => `${encoded(n)}=${encoded(v)}`), ...(withKey ? [`api_key=${key}`] : [])].join('&');
    return { method: page ? ('GET' as const) : op.method, url: query ? `${path}?${query}` : path };
  });

/** The element names of a parsed XML document, all the way down. */
function elementNames(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => elementNames(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      out.add(k);
      elementNames(v, out);
    }
  }
  return out;
}

function checkAnswer(res: { statusCode: number; headers: Record<string, unknown>; body: string }, url: string): void {
  expect(res.statusCode, url).toBeLessThan(500);
  if (res.statusCode === 302) return; // the portal's redirect
  const type = String(res.headers['content-type'] ?? '');
  const path = url.split('?')[0];
  if (type.startsWith('application/xml')) {
    expect(XMLValidator.validate(res.body), url).toBe(true);
    const names = elementNames(new XMLParser({ cdataPropName: '#cdata' }).parse(res.body));
    expect(names.has('injected'), url).toBe(false);
    expect(names.has('response')).toBe(true);
  } else {
    expect(type, url).toMatch(/^application\/json/);
    // An .xml path is answered in XML unless an `api` parameter chose JSON.
    if (path.endsWith('.xml')) expect(url, 'JSON for an .xml path').toMatch(/[?&]api=json/i);
    expect(() => JSON.parse(res.body), url).not.toThrow();
    expect(JSON.parse(res.body)).toHaveProperty('response.information');
  }
}

describe('every operation, any parameters', () => {
  it('answers well-formed in the format asked for, never 5xx, and changes nothing', async () => {
    const before = userData();
    await fc.assert(
      fc.asyncProperty(requestOf, async ({ method, url }) => {
        // POSTs go without the UI's authority: what they refuse must change nothing.
        const res = await ctx.app.inject({ method, url, headers: { host: '127.0.0.1:7777' } });
        checkAnswer(res, url);
      }),
      { numRuns: 2000 },
    );
    expect(userData()).toEqual(before);
  });

  it('never writes a parameter name into XML: hostile names are refused with a well-formed 400', async () => {
    // __proto__, constructor and prototype too: decoders that build plain objects refuse or misread them.
    const cases = ['a%3E%3Cinjected%3Eyes%3C%2Finjected%3E%3Cb=1', '(a=1', 'x%20y=1', '9x=1', 'title%3Ax=1', '=1', 'prototype=0', '__proto__=1', 'constructor=1'];
    for (const extra of cases) {
      const url = `/search/wiki.xml?keyword=a&${extra}&api_key=${key}`;
      const res = await ctx.app.inject({ url, headers: { host: '127.0.0.1:7777' } });
      expect(res.statusCode, extra).toBe(400);
      // checkAnswer holds every element name: the name is quoted only inside the message's CDATA.
      checkAnswer(res, url);
      expect(res.body).toContain('is not accepted');
    }
  });
});
