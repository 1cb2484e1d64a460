// Parameter specs: each reads one parameter, checks it (a 400 naming it otherwise) and documents it.
// Operations declare their parameters with these; the domain's own (types, dates, keywords …) are built
// from them in catalogue-params.ts.
import type { FastifyInstance } from 'fastify';
import { badParameter, missingParameter } from '../api-error';
import { CONTROL, MAX_VALUE_LENGTH } from '../query';
import type { ParamSpec, RawValue } from './define';

export interface Doc {
  description: string;
  example?: string;
}

type Reader<T> = (raw: RawValue | undefined, name: string, app: FastifyInstance) => T;

/** A spec from its documentation and its reader. */
export function spec<T>(doc: Doc & Pick<ParamSpec<T>, 'required' | 'in' | 'type'>, read: Reader<T>): ParamSpec<T> {
  return { ...doc, read };
}

/** The text of a value (trimmed; undefined when absent or blank), with the limits every text has. */
export function textOf(raw: RawValue | undefined, name: string, max = MAX_VALUE_LENGTH): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badParameter(name, 'must be a string');
  if (raw.length > max) throw badParameter(name, `is longer than ${max} characters`);
  if (CONTROL.test(raw)) throw badParameter(name, 'contains control characters');
  const value = raw.trim();
  return value === '' ? undefined : value;
}

/** A whole number of 1 or more (text of digits, or a JSON number), at most `max` when clamped. */
export function positiveIntOf(raw: RawValue | undefined, name: string, { max = Number.MAX_SAFE_INTEGER, clamp = true } = {}): number | undefined {
  const value = typeof raw === 'number' ? raw : textOf(raw, name);
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badParameter(name, 'must be a whole number of 1 or more');
  if (n > max && !clamp) throw badParameter(name, `must be at most ${max}`);
  return Math.min(n, max);
}

/** A comma list of non-empty items, at most `maxItems`. */
export function listOf(raw: RawValue | undefined, name: string, maxItems = 100): string[] | undefined {
  const value = textOf(raw, name, 4096);
  if (value === undefined) return undefined;
  const items = value.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw badParameter(name, 'has an empty item in its comma list');
  if (items.length > maxItems) throw badParameter(name, `lists more than ${maxItems} items`);
  if (items.some((s) => s.length > MAX_VALUE_LENGTH)) throw badParameter(name, `is longer than ${MAX_VALUE_LENGTH} characters in one item`);
  return items;
}

const present = <T>(value: T | undefined, name: string): T => {
  if (value === undefined) throw missingParameter(name);
  return value;
};

export const text = (doc: Doc & { max?: number }) => spec(doc, (raw, name) => textOf(raw, name, doc.max));
export const requiredText = (doc: Doc & { max?: number }) => spec({ ...doc, required: true }, (raw, name) => present(textOf(raw, name, doc.max), name));

/** Text exactly as sent, untrimmed (the portal's title); undefined when absent or empty. */
export const exactText = (doc: Doc) =>
  spec(doc, (raw, name) => {
    if (raw === undefined || raw === '') return undefined;
    textOf(raw, name); // the same limits as any text
    return raw as string;
  });

/** One of a few words (case-insensitive); undefined when absent. */
export const oneOf = <V extends string>(values: readonly V[], doc: Doc, why?: string) =>
  spec(doc, (raw, name) => {
    const value = textOf(raw, name)?.toLowerCase();
    if (value !== undefined && !(values as readonly string[]).includes(value)) throw badParameter(name, why ?? `must be ${values.join(' or ')}`);
    return value as V | undefined;
  });

export const positiveInt = (doc: Doc & { max?: number; clamp?: boolean }) => spec({ ...doc, type: 'integer' }, (raw, name) => positiveIntOf(raw, name, doc));

/** An id: a required whole number of 1 or more. */
export const requiredId = (doc: Doc) => spec({ ...doc, required: true, type: 'integer' }, (raw, name) => present(positiveIntOf(raw, name), name));

/** The id in a path segment (`/app/jobs/:id`), as it is. */
export const pathSegment = (doc: Doc) => spec({ ...doc, required: true, in: 'path' }, (raw, name) => present(textOf(raw, name), name));

export const list = (doc: Doc & { maxItems?: number }) => spec(doc, (raw, name) => listOf(raw, name, doc.maxItems));

/** A JSON body's true or false; false when absent. */
export const flag = (doc: Doc) =>
  spec({ ...doc, type: 'boolean' }, (raw, name) => {
    if (raw === undefined) return false;
    if (typeof raw !== 'boolean') throw badParameter(name, 'must be true or false');
    return raw;
  });

/**
 * The base address of a service Moecat asks (Bangumi's API, an npm registry): http or https, without
 * credentials, a query or a fragment, its trailing slashes dropped; undefined when absent.
 */
export const httpBase = (doc: Doc) =>
  spec(doc, (raw, name) => {
    const value = textOf(raw, name, 2048);
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw badParameter(name, 'must be an http or https URL');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
      throw badParameter(name, 'must be an http or https URL without credentials, query or fragment');
    }
    return url.href.replace(/\/+$/, '');
  });

export const DEFAULT_PERPAGE = 20;
export const MAX_PERPAGE = 50;

export const page = spec(
  { description: 'Page number, from 1', example: '1', type: 'integer' },
  (raw, name) => positiveIntOf(raw, name, { max: 1_000_000 }) ?? 1,
);
export const perpage = spec(
  {
    description: `Items per page, 1–${MAX_PERPAGE} (larger values are clamped to ${MAX_PERPAGE}); default ${DEFAULT_PERPAGE}`,
    example: String(DEFAULT_PERPAGE),
    type: 'integer',
  },
  (raw, name) => positiveIntOf(raw, name, { max: MAX_PERPAGE }) ?? DEFAULT_PERPAGE,
);
/** `page` and `perpage` as a paged operation declares them. */
export const PAGING = { page, perpage };

export interface Paging {
  page: number;
  perpage: number;
  offset: number;
}

/** The window a page names, and the `information` fields a paged answer carries. */
export function paging(p: { page: number; perpage: number }): Paging {
  return { page: p.page, perpage: p.perpage, offset: (p.page - 1) * p.perpage };
}
