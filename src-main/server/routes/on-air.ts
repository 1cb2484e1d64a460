// GET /on-air(.json|.xml): what airs now, per weekday (DESIGN.md §4 "On-air").
//
// Decisions:
// - `week` is a comma list of 0–7; a 0 anywhere, an empty value or no `week` means all seven days;
//   duplicates collapse; days answer in ascending order whatever order they were asked in;
// - every requested day gets `onair_<n>` (a list, [] when nothing airs) and `information.onair_<n>_count`;
//   `information.count` is their sum, so a daily show counts once per day it is listed on;
// - "now" is the app's injectable clock, read on every request.
import type { FastifyInstance } from 'fastify';
import type { Information } from '../../contract/envelope';
import { badParameter } from '../api-error';
import { apiRoute } from '../api-route';
import type { Params } from '../params';

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** The requested weekdays, ascending and unique. */
export function readWeek(p: Params): number[] {
  const items = p.list('week');
  if (!items) return ALL_DAYS;
  for (const item of items) {
    if (!/^[0-7]$/.test(item)) throw badParameter('week', `has "${item}", which is not a weekday 0–7 (1 Monday … 7 Sunday, 0 all)`);
  }
  if (items.includes('0')) return ALL_DAYS;
  return [...new Set(items.map(Number))].sort((a, b) => a - b);
}

export async function onAirRoutes(app: FastifyInstance): Promise<void> {
  const { catalogue } = app.deps;
  const options = {
    auth: 'api-key',
    // Who airs changes only at broadcast-day boundaries (whole minutes), so a minute's answer holds.
    cache: 'minute',
    summary: 'The entries airing now, per weekday, by time of day',
    paged: false,
    responds: Object.fromEntries(ALL_DAYS.map((d) => [`onair_${d}`, { list: true, object: 'OnAirDto' }])),
    params: {
      week: { description: 'Comma list of weekdays: 1 Monday … 7 Sunday; 0 or omitted = all seven', example: '1,3' },
    },
  } as const;
  apiRoute(app, '/on-air', options, ({ params, site }) => {
    const week = readWeek(params);
    const now = Math.floor(app.deps.now() / 1000);
    const information: Record<string, number> = {};
    const payload: Record<string, unknown> = {};
    let count = 0;
    for (const [day, entries] of catalogue.queries.onAir.days(week, now, site)) {
      payload[`onair_${day}`] = entries;
      information[`onair_${day}_count`] = entries.length;
      count += entries.length;
    }
    return { information: { count, ...information } as Partial<Information>, payload };
  });
}
