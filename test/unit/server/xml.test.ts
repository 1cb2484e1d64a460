import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadXml, toXml, xmlSafe } from '../../../src-main/server/xml';

beforeAll(() => loadXml());

const parse = (xml: string) => new XMLParser({ cdataPropName: '#cdata', parseTagValue: false, isArray: (n) => n === 'item' }).parse(xml);

describe('toXml()', () => {
  it('writes the declaration and a response root', () => {
    expect(toXml({ a: 1 })).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<response><a>1<\/a><\/response>$/);
  });

  it('puts strings in CDATA and numbers and booleans as text', () => {
    const doc = parse(toXml({ s: 'a < b & c', n: 42, t: true }));
    expect(doc.response).toEqual({ s: { '#cdata': 'a < b & c' }, n: '42', t: 'true' });
  });

  it('repeats an array key once per item, and writes NULL for null and for an empty array', () => {
    const xml = toXml({ item: [{ x: 1 }, { x: 2 }], none: null, empty: [] });
    expect(xml).toContain('<item><x>1</x></item><item><x>2</x></item>');
    expect(xml).toContain('<none>NULL</none>');
    expect(xml).toContain('<empty>NULL</empty>');
  });

  it('splits a string containing ]]> across CDATA sections so it reads back whole', () => {
    const text = 'before]]>after ]]> end';
    const doc = new XMLParser({ cdataPropName: '#cdata' }).parse(toXml({ s: text }));
    const parts = doc.response.s['#cdata'];
    expect(Array.isArray(parts) ? parts.join('') : parts).toBe(text);
  });

  it('drops characters XML forbids and keeps the rest', () => {
    expect(xmlSafe('a\u0000b\u0007c\u000bd\ufffee\tf\ng😀')).toBe('abcde\tf\ng😀');
    expect(xmlSafe('lone \ud800 surrogate')).toBe('lone  surrogate');
    expect(() => parse(toXml({ s: 'bell\u0007' }))).not.toThrow();
  });
});
