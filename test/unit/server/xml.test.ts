import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
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

  // The same answer made with xmlbuilder2's builder calls (a DOM, serialised) is the reference toXml
  // must equal, byte for byte.
  it('writes the bytes xmlbuilder2 writes for the same answer', () => {
    const reference = (response: Record<string, unknown>): string => {
      const add = (parent: XMLBuilder, key: string, value: unknown): void => {
        if (Array.isArray(value)) {
          if (value.length === 0) parent.ele(key).txt('NULL');
          for (const v of value) add(parent, key, v);
          return;
        }
        const el = parent.ele(key);
        if (value === null || value === undefined) el.txt('NULL');
        else if (typeof value === 'string') {
          if (xmlSafe(value) === '') return; // an empty element, <key/>
          const parts = xmlSafe(value).split(']]>');
          parts.forEach((part, i) => el.dat((i > 0 ? '>' : '') + part + (i < parts.length - 1 ? ']]' : '')));
        } else if (typeof value === 'number' || typeof value === 'boolean') el.txt(String(value));
        else for (const [k, v] of Object.entries(value as object)) if (v !== undefined) add(el, k, v);
      };
      const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('response');
      for (const [k, v] of Object.entries(response)) if (v !== undefined) add(root, k, v);
      return root.end({ prettyPrint: false });
    };
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);
    const leaf = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(']]>', 'a]]>b]]>', '<&>"\''),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const item = fc.oneof(leaf, fc.dictionary(name, fc.oneof(leaf, fc.array(leaf, { maxLength: 4 }))), fc.array(leaf, { maxLength: 4 }));
    fc.assert(
      fc.property(fc.dictionary(name, fc.oneof(item, fc.array(item, { maxLength: 8 }))), (response) => {
        expect(toXml(response)).toBe(reference(response));
      }),
      { numRuns: 400 },
    );
  });
});
