// A parameter's name is echoed as an element of `information.parameters` in XML, so only plain ASCII
// names are taken ([A-Za-z_][A-Za-z0-9_.-]*, not starting with "xml"); any other — a BOM, full-width
// letters, an accented letter — is a 400 in the format asked for, in both formats alike. Whatever the
// name, every XML answer passes a strict XML 1.0 validator (fast-xml-parser's XMLValidator), as clients
// built on expat need.
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../fixtures/api';
import { fixtureApp } from '../fixtures/app';
import { isCredential } from '../../src-main/contract/envelope';

let ctx: Awaited<ReturnType<typeof fixtureApp>>;
let key: string;
beforeAll(async () => {
  ctx = await fixtureApp();
  key = ctx.userDb.defaultKey().key;
});
afterAll(() => ctx.close());

/** Every byte of the text's UTF-8 percent-encoded. */
const encoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const ASCII_NAME = /^(?![Xx][Mm][Ll])[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Several operations' addresses, each with what it needs to answer 200. */
const OPERATIONS = [
  '/search/wiki?keyword=a',
  '/wikis?wiki_type=music',
  '/on-air?week=1',
  '/explore?new_musics=1',
  '/listen/playlist?perpage=1',
  '/music/detail?wiki_id=51000004',
  '/artist/detail?name=a',
];

function get(url: string) {
  return ctx.app.inject({ url, headers: { host: '127.0.0.1:7777' } });
}

const urlOf = (operation: string, suffix: string, rawName: string) => {
  const [path, query] = operation.split('?');
  return `${path}${suffix}?${query}&${rawName}=x&api_key=${key}`;
};

describe('parameter names', () => {
  it('refuses a BOM, full-width letters, other non-ASCII letters and names starting with "xml" with a 400 in the format asked for', async () => {
    for (const name of ['\ufeff', '\ufeffa', 'ａｂｃ', 'Ａ', 'é', 'a\u00b7b', 'x\u0301', '中文', 'a\u2000', 'xml', 'XmLfoo', 'xml.x']) {
      for (const format of FORMATS) {
        const url = urlOf('/search/wiki?keyword=a', `.${format}`, encoded(name));
        const res = await get(url);
        expect(res.statusCode, `${format} ${JSON.stringify(name)}`).toBe(400);
        if (format === 'xml') {
          expect(res.headers['content-type']).toMatch(/^application\/xml/);
          expect(XMLValidator.validate(res.body), JSON.stringify(name)).toBe(true);
          const parsed = new XMLParser({ cdataPropName: '#cdata' }).parse(res.body);
          expect(JSON.stringify(parsed.response.information.msg)).toContain('is not accepted');
        } else {
          expect(res.json().response.information.msg.join(' ')).toContain('is not accepted');
        }
      }
    }
  });

  it('takes plain ASCII names and echoes them', async () => {
    for (const name of ['a', '_x', 'A.b-c_9', 'xm', 'x_ml', 'axml']) {
      const res = await get(urlOf('/search/wiki?keyword=a', '.xml', name));
      expect(res.statusCode, name).toBe(200);
      expect(XMLValidator.validate(res.body)).toBe(true);
      const parsed = new XMLParser({ cdataPropName: '#cdata' }).parse(res.body);
      expect(parsed.response.information.parameters[name]).toEqual({ '#cdata': 'x' });
    }
  });

  it('whatever the name, every .xml answer of every operation here is well-formed XML 1.0, and a name is echoed only if plain ASCII', async () => {
    // Full unicode, with the code points that tripped parsers before (the BOM, Unicode spaces, full-width
    // and accented letters, combining marks) and the letters of "xml" made likely.
    const tricky = fc.constantFrom(
      '\ufeff',
      '\u2000',
      '\u1680',
      '\u3000',
      '\u00a0',
      'Ａ',
      'ｚ',
      'é',
      '\u0301',
      '\u00b7',
      '中',
      '\ud83d\ude00',
      'x',
      'm',
      'l',
      'X',
      'M',
      'L',
      'a',
      '_',
      '-',
      '.',
      '1',
      ':',
    );
    const name = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.string({ unit: tricky, minLength: 1, maxLength: 6 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...OPERATIONS), name, async (operation, n) => {
        fc.pre(!['keyword', 'wiki_type', 'week', 'new_musics', 'perpage', 'wiki_id', 'name', 'api_key', 'page', 'api'].includes(n));
        const res = await get(urlOf(operation, '.xml', encoded(n)));
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/xml/);
        expect(XMLValidator.validate(res.body), JSON.stringify(n)).toBe(true);
        // Read from the bytes: the parser renames keys an object already has (toString → __toString).
        const parameters = /<parameters>([\s\S]*?)<\/parameters>/.exec(res.body)?.[1] ?? '';
        const echoed = [...parameters.matchAll(/<([A-Za-z_][\w.-]*)>/g)].map((m) => m[1]);
        // Credentials are taken but never echoed; __proto__ and its kin are refused whatever the format.
        const credential = isCredential(n);
        if (ASCII_NAME.test(n) && !credential && !['__proto__', 'constructor', 'prototype'].includes(n)) expect(echoed).toContain(n);
        else if (!credential) expect(res.statusCode, JSON.stringify(n)).toBe(400);
      }),
      { numRuns: 600 },
    );
  });
});
