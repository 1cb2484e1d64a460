// Renders a response object as Moefou-style XML with xmlbuilder2: an element per key, arrays as the
// key's element repeated, strings in CDATA (a `]]>` split across sections), numbers and booleans as
// text, null and empty arrays as NULL, and characters XML forbids dropped.
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

function addString(el: XMLBuilder, text: string): void {
  const parts = xmlSafe(text).split(']]>');
  if (parts.length === 1) {
    el.dat(parts[0]);
    return;
  }
  // "a]]>b" → <![CDATA[a]]]]><![CDATA[>b]]>
  parts.forEach((part, i) => el.dat((i > 0 ? '>' : '') + part + (i < parts.length - 1 ? ']]' : '')));
}

function addValue(parent: XMLBuilder, key: string, value: unknown): void {
  if (Array.isArray(value)) {
    if (value.length === 0) parent.ele(key).txt('NULL');
    for (const item of value) addValue(parent, key, item);
    return;
  }
  const el = parent.ele(key);
  if (value === null || value === undefined) el.txt('NULL');
  else if (typeof value === 'string') addString(el, value);
  else if (typeof value === 'number' || typeof value === 'boolean') el.txt(String(value));
  else for (const [k, v] of Object.entries(value as object)) if (v !== undefined) addValue(el, k, v);
}

export function toXml(response: Record<string, unknown>): string {
  if (!create) throw new Error('loadXml() must run before toXml()');
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('response');
  for (const [k, v] of Object.entries(response)) if (v !== undefined) addValue(root, k, v);
  return root.end({ prettyPrint: false });
}
