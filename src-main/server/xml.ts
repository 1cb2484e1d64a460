// Renders a response object as Moefou-style XML with xmlbuilder2: an element per key, arrays as the
// key's element repeated (a list within a list spread in its place), strings in CDATA (a `]]>` split
// across sections), numbers and booleans as text, null and empty arrays as NULL, an empty string or
// object as an empty element, and characters XML forbids dropped.
//
// The tree is made with the DOM methods of xmlbuilder2's own document (createElement,
// createCDATASection, appendChild) and written by its serializer (`end()`). These give the bytes its
// builder calls (`ele`, `dat`, `txt`) give, without re-reading arguments and options per call; its
// callback writer (`createCB`) makes a document fragment per call and was the slowest of the three
// (docs/search-and-performance.md has the figures). test/unit/server/xml.test.ts holds the bytes to
// those of the builder calls for arbitrary answers.
//
// Element names come from the answer's keys. The API's own keys are fixed names; the one place where a
// client names keys, `information.parameters`, only ever holds names parseQuery accepted (plain ASCII,
// query.ts), and the DOM refuses any other name with an exception, so no answer is written malformed.
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

type XmlCreate = typeof import('xmlbuilder2').create;
let create: XmlCreate | undefined;

/** xmlbuilder2 is loaded on the first XML answer, not at start-up. */
export async function loadXml(): Promise<void> {
  create ??= (await import('xmlbuilder2')).create;
}

// Outside XML 1.0's Char production: C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlSafe(text: string): string {
  return text.replace(FORBIDDEN, '');
}

/** The DOM calls toXml makes: those of xmlbuilder2's document (@oozcitak/dom). */
interface XmlDocument {
  createElement(name: string): XmlNode;
  createTextNode(text: string): XmlNode;
  createCDATASection(text: string): XmlNode;
}
interface XmlNode {
  appendChild(child: XmlNode): XmlNode;
}

function addString(doc: XmlDocument, el: XmlNode, text: string): void {
  const safe = xmlSafe(text);
  if (safe === '') return; // an empty element, <key/>
  const parts = safe.split(']]>');
  // "a]]>b" → <![CDATA[a]]]]><![CDATA[>b]]>
  parts.forEach((part, i) => el.appendChild(doc.createCDATASection((i > 0 ? '>' : '') + part + (i < parts.length - 1 ? ']]' : ''))));
}

function addText(doc: XmlDocument, parent: XmlNode, key: string, text: string): void {
  parent.appendChild(doc.createElement(key)).appendChild(doc.createTextNode(text));
}

function addValue(doc: XmlDocument, parent: XmlNode, key: string, value: unknown): void {
  if (Array.isArray(value)) {
    if (value.length === 0) addText(doc, parent, key, 'NULL');
    for (const item of value) addValue(doc, parent, key, item);
    return;
  }
  if (value === null || value === undefined) return addText(doc, parent, key, 'NULL');
  if (typeof value === 'number' || typeof value === 'boolean') return addText(doc, parent, key, String(value));
  const el = parent.appendChild(doc.createElement(key));
  if (typeof value === 'string') addString(doc, el, value);
  else for (const [k, v] of Object.entries(value as object)) if (v !== undefined) addValue(doc, el, k, v);
}

export function toXml(response: Record<string, unknown>): string {
  if (!create) throw new Error('loadXml() must run before toXml()');
  const root: XMLBuilder = create({ version: '1.0', encoding: 'UTF-8' }).ele('response');
  const el = root.node as unknown as XmlNode & { ownerDocument: XmlDocument };
  for (const [k, v] of Object.entries(response)) if (v !== undefined) addValue(el.ownerDocument, el, k, v);
  return root.end({ prettyPrint: false });
}
