// The entry list's `date` parameter. Decisions where the interface is silent:
// - a value is a year (`2013`), a month (`2013-05` or `201305`) or a day (`2013-05-10` or `20130510`);
// - one value selects that whole period; `start,end` runs from the start of `start` to the end of the
//   whole `end` period (`2013-01,2013-03` is January to March inclusive);
// - periods are calendar periods in the catalogue time zone; entries with an unknown date never match.
import { localMidnight } from '../contract/time';
import { badParameter } from './api-error';

export interface DateRange {
  /** Unix seconds, inclusive. */
  from: number;
  /** Unix seconds, exclusive. */
  to: number;
}

interface Period {
  year: number;
  month?: number;
  day?: number;
}

const FORMS = [/^(\d{4})$/, /^(\d{4})-?(\d{2})$/, /^(\d{4})-?(\d{2})-?(\d{2})$/];

function parsePeriod(text: string): Period | undefined {
  for (const form of FORMS) {
    const m = form.exec(text);
    if (!m) continue;
    const [year, month, day] = [Number(m[1]), m[2] ? Number(m[2]) : undefined, m[3] ? Number(m[3]) : undefined];
    if (year < 1900 || year > 2999) return undefined;
    if (month !== undefined && (month < 1 || month > 12)) return undefined;
    if (day !== undefined) {
      const daysInMonth = new Date(Date.UTC(year, month!, 0)).getUTCDate();
      if (day < 1 || day > daysInMonth) return undefined;
    }
    return { year, month, day };
  }
  return undefined;
}

function start(p: Period, tz: string): number {
  return localMidnight(p.year, p.month ?? 1, p.day ?? 1, tz);
}

function end(p: Period, tz: string): number {
  if (p.day !== undefined) return localMidnight(p.year, p.month!, p.day + 1, tz);
  if (p.month !== undefined) return localMidnight(p.year, p.month + 1, 1, tz);
  return localMidnight(p.year + 1, 1, 1, tz);
}

export function parseDateFilter(value: string, timeZone: string): DateRange {
  const parts = value.split(',').map((s) => s.trim());
  if (parts.length > 2) throw badParameter('date', 'takes one date or a start,end pair');
  const periods = parts.map(parsePeriod);
  if (periods.some((p) => p === undefined)) {
    throw badParameter('date', 'must be a year (2013), a month (2013-05) or a day (2013-05-10), or two of them as start,end');
  }
  const [first, last = first] = periods as Period[];
  const range = { from: start(first, timeZone), to: end(last, timeZone) };
  if (range.to <= range.from) throw badParameter('date', 'ends before it starts');
  return range;
}
