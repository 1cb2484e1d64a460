// The OpenSubsonic face's XML is written as text (subsonic/response.ts): these hold its bytes to those
// xmlbuilder2's builder calls give for the same answer — scalars as attributes, objects and list items as
// elements, `value` as text, the info objects' fields as child elements — for arbitrary answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { renderSubsonic, SERVER_TYPE, SERVER_VERSION, SUBSONIC_API_VERSION } from '../../../src-main/server/subsonic/response';
import { xmlSafe } from '../../../src-main/server/xml';

const TEXT_CHILDREN = new Set(['artistInfo', 'artistInfo2', 'albumInfo']);

function addElement(parent: XMLBuilder, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) addElement(parent, name, item);
    return;
  }
  const el = parent.ele(name);
  if (typeof value !== 'object') {
    el.txt(xmlSafe(String(value)));
    return;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'object') addElement(el, key, v);
    else if (key === 'value') el.txt(xmlSafe(String(v)));
    else if (TEXT_CHILDREN.has(name)) el.ele(key).txt(xmlSafe(String(v)));
    else el.att(key, xmlSafe(String(v)));
  }
}

function builderXml(status: 'ok' | 'failed', payload: Record<string, unknown>): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('http://subsonic.org/restapi', 'subsonic-response');
  const head = { status, version: SUBSONIC_API_VERSION, type: SERVER_TYPE, serverVersion: SERVER_VERSION, openSubsonic: true };
  for (const [k, v] of Object.entries(head)) root.att(k, String(v));
  for (const [key, value] of Object.entries(payload)) addElement(root, key, value);
  return root.end({ prettyPrint: false });
}

const name = fc.constantFrom('song', 'album', 'id', 'value', 'line', 'artistInfo2', 'albumInfo', 'genre', 'starred', 'x');
// Text with what XML escapes or forbids: quotes, <, >, &, tabs and line ends, controls, lone surrogates.
const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'a"b\'c', '<&>', '\t\n\r', '\u0007\ud800', ']]>'),
);
const scalar = fc.oneof(textArb, fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constant(undefined));
const { node } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, tie('object'), fc.array(tie('node'), { maxLength: 3 })),
  object: fc.dictionary(name, tie('node'), { maxKeys: 5 }),
}));

describe('the OpenSubsonic XML', () => {
  it('is the bytes xmlbuilder2 writes for the same answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(name, node, { maxKeys: 4 }), fc.constantFrom<'ok' | 'failed'>('ok', 'failed'), async (payload, status) => {
        expect(await renderSubsonic('xml', payload, status)).toBe(builderXml(status, payload));
      }),
      { numRuns: 500 },
    );
  });

  it('writes an empty text as an end tag, an element with nothing as `<x/>`, and attributes before any child', async () => {
    const payload = { lyrics: { artist: 'a', value: '' }, empty: {}, mixed: { k: 1, c: { z: 2 }, late: 'L' }, list: [] };
    const xml = await renderSubsonic('xml', payload);
    expect(xml).toBe(builderXml('ok', payload));
    expect(xml).toContain('<lyrics artist="a"></lyrics><empty/><mixed k="1" late="L"><c z="2"/></mixed>');
  });
});
