// Reads the query string exactly as the client sent it, once per request, so the envelope can echo it
// and every bad query gets a 400: repeated names, undecodable bytes, names that are not XML names (or
// are __proto__, constructor, prototype) and too many parameters are refused here, before any handler
// runs. Each value's own checks are its parameter spec's (operations/params.ts).
import { isCredential } from '../contract/envelope';
import { ApiError, badParameter } from './api-error';

export const MAX_VALUE_LENGTH = 256;
export const MAX_PARAMETERS = 32;
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface ParsedQuery {
  params: Map<string, string>;
  /** Path + query as received, credentials removed. */
  request: string;
}

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new ApiError('BAD_PARAMETER', `${what} is not valid percent-encoded UTF-8.`);
  }
}

// XML 1.0's Name production without ':' (a prefix no namespace declares is not namespace-well-formed)
// and without the characters beyond the BMP, which parsers that follow its earlier editions refuse.
const XML_NAME =
  /^[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][-.0-9\u00B7\u0300-\u036F\u203F\u2040A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/u;

/**
 * Whether a parameter name can be echoed as an element of `information.parameters` in XML. Any other
 * name is refused (DESIGN.md §4 XML), in both formats so that they answer alike.
 */
export function isXmlName(name: string): boolean {
  return XML_NAME.test(name);
}

/**
 * Names that are never parameters: echoed in `information.parameters`, they would become an XML element
 * or a JSON key that decoders building plain objects refuse (fast-xml-parser) or turn into prototype
 * pollution.
 */
const OBJECT_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a parameter name is one of those (a query's or a body's). */
export const isObjectKey = (name: string) => OBJECT_KEYS.has(name);

export function parseQuery(rawUrl: string): ParsedQuery {
  const q = rawUrl.indexOf('?');
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  const query = q === -1 ? '' : rawUrl.slice(q + 1);
  const params = new Map<string, string>();
  const kept: string[] = [];
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const name = decode(rawName, 'A parameter name');
    const value = decode(eq === -1 ? '' : pair.slice(eq + 1), `Parameter "${name}"`);
    if (params.has(name)) throw badParameter(name, 'is given more than once');
    if (params.size >= MAX_PARAMETERS) throw new ApiError('BAD_PARAMETER', `At most ${MAX_PARAMETERS} parameters are accepted.`);
    if (CONTROL.test(name)) throw new ApiError('BAD_PARAMETER', 'A parameter name contains control characters.');
    if (!isXmlName(name)) {
      throw new ApiError('BAD_PARAMETER', `The parameter name "${name.slice(0, 64)}" is not accepted: a name starts with a letter or "_" and holds letters, digits, "_", "-" and "." only.`);
    }
    if (OBJECT_KEYS.has(name)) {
      throw new ApiError('BAD_PARAMETER', `The parameter name "${name}" is not accepted: echoed back, it would name an element or key that clients decoding answers into objects refuse or misread.`);
    }
    params.set(name, value);
    if (!isCredential(name)) kept.push(pair);
  }
  return { params, request: kept.length ? `${path}?${kept.join('&')}` : path };
}

/** Every parameter for the envelope's `parameters`, credentials left out. */
export function echoParameters(params: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!isCredential(k)) out[k] = v;
  return out;
}
