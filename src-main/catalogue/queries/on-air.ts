// The on-air schedule (/on-air): the entries airing at a given moment on one weekday, by time of day
// then id. "Airing" is the rule of broadcast.ts (isAiring), restated in SQL so SQLite does the filtering.
import { BROADCAST_DAY_SECONDS } from '../broadcast';
import type { Db } from '../database';
import { toOnAir, WIKI_COLUMNS, type OnAirRow } from '../mappers';
import type { OnAirDto } from '../../contract/objects';

export function onAirQueries(db: Db) {
  // onair_by_day (oa_weekday, oa_minute, wiki_id) serves both the filter and the order.
  const dayStmt = db.prepare(`SELECT ${WIKI_COLUMNS}, o.oa_weekday, o.oa_minute, o.oa_date_begin, o.oa_date_end
    FROM onair o JOIN wiki w ON w.wiki_id = o.wiki_id
    WHERE o.oa_weekday = @weekday
      AND o.oa_date_begin <= @now
      AND (o.oa_date_end = 0 OR @now < o.oa_date_end + ${BROADCAST_DAY_SECONDS})
    ORDER BY o.oa_minute, o.wiki_id`);

  return {
    /** Entries airing at `now` (Unix seconds) on `weekday` (1 Monday … 7 Sunday). */
    day(weekday: number, now: number, site: string): OnAirDto[] {
      const rows = dayStmt.all({ weekday, now }) as OnAirRow[];
      return rows.map((r) => toOnAir(r, site));
    },
  };
}
