// Reads the query string exactly as the client sent it, once per request, so the envelope can echo it
// and every bad query gets a 400: repeated names, undecodable bytes, names that are not XML names (or
// are __proto__, constructor, prototype) and too many parameters are refused here, before any handler
// runs. Each value's own checks are its parameter spec's (operations/params.ts).
import { isCredential } from '../contract/envelope';
import { ApiError, badParameter } from './api-error';
import { echoablePath } from './credentials';

export const MAX_VALUE_LENGTH = 256;
export const MAX_PARAMETERS = 32;
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export interface ParsedQuery {
  params: Map<string, string>;
  /** Path + query as received, credentials removed (credentials.ts). */
  request: string;
}

function decode(part: string, what: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new ApiError('BAD_PARAMETER', `${what} is not valid percent-encoded UTF-8.`);
  }
}

// Plain ASCII names only, and none starting with "xml" in any case (XML 1.0 §2.3 reserves those).
// XML 1.0's Name production takes far more (the BOM, full-width letters, combining marks), but what it
// takes differs between its editions, and strict parsers that follow another (expat, fast-xml-parser's
// validator) refuse the whole answer; no parameter of the API needs more than this.
const XML_NAME = /^(?![Xx][Mm][Ll])[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Whether a parameter name can be echoed as an element of `information.parameters` in XML. Any other
 * name is refused with a 400 (docs/api.md), in both formats so that they answer alike.
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
      throw new ApiError(
        'BAD_PARAMETER',
        `The parameter name "${name.slice(0, 64)}" is not accepted: a name starts with an ASCII letter or "_", holds ASCII letters, digits, "_", "-" and "." only, and does not start with "xml".`,
      );
    }
    if (OBJECT_KEYS.has(name)) {
      throw new ApiError(
        'BAD_PARAMETER',
        `The parameter name "${name}" is not accepted: echoed back, it would name an element or key that clients decoding answers into objects refuse or misread.`,
      );
    }
    params.set(name, value);
    if (!isCredential(name)) kept.push(pair);
  }
  const shown = echoablePath(path);
  return { params, request: kept.length ? `${shown}?${kept.join('&')}` : shown };
}

/** Every parameter for the envelope's `parameters`, credentials left out. */
export function echoParameters(params: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!isCredential(k)) out[k] = v;
  return out;
}
