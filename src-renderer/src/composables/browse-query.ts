// The browse screen's filters and their place in the URL (`/browse/anime?initial=b&tag=OST,Piano
// &date=2024-01,2024-03&page=2`), so every view can be bookmarked and back/forward restores it.
// Values the API would refuse are dropped when read, so a hand-edited URL still shows something.
import { SECTIONS, type EntrySection } from '../../../src-main/contract/sections';

/** Browse's tabs are the catalogue's sections (contract/sections.ts). */
export type BrowseType = EntrySection;
export const BROWSE_TYPES: readonly BrowseType[] = SECTIONS;
/** The initial-letter bar: a–z, and 0 for titles whose key starts with anything else. */
export const INITIALS = [...'abcdefghijklmnopqrstuvwxyz', '0'];

/** The source filter: entries of these kinds of source (none = every source). */
export const SOURCE_FILTERS = ['bundled', 'folder', 'remote'] as const;
export type SourceFilter = (typeof SOURCE_FILTERS)[number];

export interface BrowseFilters {
  initial?: string;
  /** Every tag must apply. */
  tags: string[];
  /** The API's `date`: a year, a month, a day, or `start,end`. */
  date?: string;
  /** Kinds of source (the API's `source`); absent = every source. */
  sources?: SourceFilter[];
  page: number;
}

type QueryValue = string | null | undefined | (string | null)[];

function single(value: QueryValue): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v == null ? undefined : v.trim();
}

const PERIOD = /^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?$/;

/** One of the API's date forms: 2024, 2024-03, 202403, 2024-03-10, 20240310, or two of them joined by a comma. */
export function isDateFilter(value: string): boolean {
  const parts = value.split(',');
  return (
    parts.length <= 2 &&
    parts.every((p) => {
      const m = PERIOD.exec(p.trim());
      return m !== null && (!m[2] || (Number(m[2]) >= 1 && Number(m[2]) <= 12)) && (!m[3] || (Number(m[3]) >= 1 && Number(m[3]) <= 31));
    })
  );
}

export function parseBrowseQuery(query: Record<string, QueryValue>): BrowseFilters {
  const initial = single(query.initial)?.toLowerCase();
  const tags = [
    ...new Set(
      (single(query.tag) ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const date = single(query.date);
  const page = Number(single(query.page));
  const sources = [...new Set((single(query.source) ?? '').split(','))].filter((s): s is SourceFilter => (SOURCE_FILTERS as readonly string[]).includes(s));
  return {
    initial: initial && INITIALS.includes(initial) ? initial : undefined,
    tags,
    date: date && isDateFilter(date) ? date : undefined,
    // Every kind chosen is the same as none.
    sources: sources.length > 0 && sources.length < SOURCE_FILTERS.length ? sources : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL query for some filters: only what is set, page only past the first. */
export function toBrowseQuery(f: BrowseFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.initial) q.initial = f.initial;
  if (f.tags.length) q.tag = f.tags.join(',');
  if (f.date) q.date = f.date;
  if (f.sources?.length) q.source = f.sources.join(',');
  if (f.page > 1) q.page = String(f.page);
  return q;
}

export function hasFilters(f: BrowseFilters): boolean {
  return Boolean(f.initial || f.tags.length || f.date || f.sources?.length);
}

/** What the year/month picker can show: a year, optionally a month range within it (from ≤ to). */
export interface YearMonths {
  year: number;
  from?: number;
  to?: number;
}

/** The picker's reading of a date filter; undefined for forms it cannot show (days, ranges across years). */
export function readYearMonths(date: string | undefined): YearMonths | undefined {
  if (!date) return undefined;
  const [start, end] = date.split(',').map((p) => PERIOD.exec(p.trim()));
  if (!start || start[3] || (end && end[3])) return undefined;
  const year = Number(start[1]);
  const from = start[2] ? Number(start[2]) : undefined;
  if (!end) return from ? { year, from, to: from } : { year };
  if (Number(end[1]) !== year) return undefined;
  const to = end[2] ? Number(end[2]) : 12;
  return { year, from: from ?? 1, to };
}

const month = (year: number, m: number) => `${year}-${String(m).padStart(2, '0')}`;

/** The API's date filter for a year and an optional month range (months swapped if backwards). */
export function writeYearMonths({ year, from, to }: YearMonths): string {
  if (!from && !to) return String(year);
  let a = from ?? 1;
  let b = to ?? a;
  if (b < a) [a, b] = [b, a];
  if (a === 1 && b === 12) return String(year);
  return a === b ? month(year, a) : `${month(year, a)},${month(year, b)}`;
}

/** Page numbers to offer around the current one: 1 … 4 5 [6] 7 8 … 20 (null marks a gap). */
export function pageWindow(page: number, pages: number, around = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
