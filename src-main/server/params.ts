// Reads the query string exactly as the client sent it, so the envelope can echo it and every bad
// value gets a 400 naming the parameter: repeated names, undecodable bytes, control characters and
// oversized values are refused here, before any handler runs.
import { isCredential } from '../contract/envelope';
import { ApiError, badParameter, missingParameter } from './api-error';

export const MAX_VALUE_LENGTH = 256;
export const MAX_PARAMETERS = 32;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

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

// XML 1.0's Name production without ':' (a prefix no namespace declares is not namespace-well-formed).
const XML_NAME =
  /^[A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}][-.0-9\u00B7\u0300-\u036F\u203F\u2040A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]*$/u;

/**
 * Whether a parameter name can be echoed as an element of `information.parameters` in XML. Any other
 * name is refused (DESIGN.md §4 XML), in both formats so that they answer alike.
 */
export function isXmlName(name: string): boolean {
  return XML_NAME.test(name);
}

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

/** Typed access to the parameters an operation reads; each read validates its own parameter. */
export class Params {
  constructor(readonly all: Map<string, string>) {}

  /** A text value (trimmed); undefined when absent or empty. */
  text(name: string, maxLength = MAX_VALUE_LENGTH): string | undefined {
    const raw = this.all.get(name);
    if (raw === undefined) return undefined;
    if (raw.length > maxLength) throw badParameter(name, `is longer than ${maxLength} characters`);
    if (CONTROL.test(raw)) throw badParameter(name, 'contains control characters');
    const value = raw.trim();
    return value === '' ? undefined : value;
  }

  /** A text value exactly as sent (checked like text(), not trimmed); undefined when absent or empty. */
  exact(name: string, maxLength = MAX_VALUE_LENGTH): string | undefined {
    const raw = this.all.get(name);
    if (raw === undefined || raw === '') return undefined;
    this.text(name, maxLength); // the same limits as any text
    return raw;
  }

  required(name: string, maxLength?: number): string {
    const value = this.text(name, maxLength);
    if (value === undefined) throw missingParameter(name);
    return value;
  }

  /** A positive whole number; undefined when absent. */
  positiveInt(name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,16}$/.test(value) || Number(value) < 1) throw badParameter(name, 'must be a whole number of 1 or more');
    return Math.min(Number(value), max);
  }

  /** A comma list of non-empty items (at most maxItems). */
  list(name: string, maxItems = 100): string[] | undefined {
    const value = this.text(name, 4096);
    if (value === undefined) return undefined;
    const items = value.split(',').map((s) => s.trim());
    if (items.some((s) => s === '')) throw badParameter(name, 'has an empty item in its comma list');
    if (items.length > maxItems) throw badParameter(name, `lists more than ${maxItems} items`);
    if (items.some((s) => s.length > MAX_VALUE_LENGTH)) throw badParameter(name, `is longer than ${MAX_VALUE_LENGTH} characters in one item`);
    return items;
  }
}

export const DEFAULT_PERPAGE = 20;
export const MAX_PERPAGE = 50;

export interface Paging {
  page: number;
  perpage: number;
  offset: number;
}

/** page ≥ 1 (default 1); perpage ≥ 1, clamped to 50 (default 20). */
export function readPaging(p: Params): Paging {
  const page = p.positiveInt('page', 1_000_000) ?? 1;
  const perpage = p.positiveInt('perpage', MAX_PERPAGE) ?? DEFAULT_PERPAGE;
  return { page, perpage, offset: (page - 1) * perpage };
}
