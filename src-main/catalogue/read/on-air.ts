// The on-air schedule (/on-air): the entries airing at a given moment on the requested weekdays, each
// day by time of day then id. "Airing" is the rule of contract/time.ts (isAiring), restated in SQL so SQLite
// does the filtering. One statement reads every requested day (half the time of one per day):
// onair_by_day (oa_weekday, oa_minute, wiki_id) serves the filter and the order. Each entry says
// whether it may have ended without the anime data knowing (contract/broadcast-schedule.ts).
import { mayHaveEnded } from '../../contract/broadcast-schedule';
import { BROADCAST_DAY_SECONDS } from '../../contract/time';
import { objectRows, type Db } from '../db/database';
import { toOnAir, WIKI_COLUMNS, type OnAirRow } from './mappers';
import type { OnAirDto } from '../../contract/objects';

export function onAirQueries(db: Db) {
  // The anime data's date: what a show with no recorded end is judged against (mayHaveEnded).
  const newestBegin = db.prepare("SELECT value FROM meta WHERE key = 'anime_data_newest_begin'").pluck();
  const daysStmt = objectRows<OnAirRow>(
    db.prepare(`SELECT ${WIKI_COLUMNS}, o.oa_weekday, o.oa_minute, o.oa_date_begin, o.oa_date_end
    FROM onair o JOIN wiki w ON w.wiki_id = o.wiki_id
    WHERE o.oa_weekday IN (SELECT value FROM json_each(@weekdays))
      AND o.oa_date_begin <= @now
      AND (o.oa_date_end = 0 OR @now < o.oa_date_end + ${BROADCAST_DAY_SECONDS})
    ORDER BY o.oa_weekday, o.oa_minute, o.wiki_id`),
  );

  return {
    /**
     * Entries airing at `now` (Unix seconds) on each of `weekdays` (1 Monday … 7 Sunday): a list per
     * requested day, in the order asked, [] for a day with nothing on air.
     */
    days(weekdays: number[], now: number, site: string): Map<number, OnAirDto[]> {
      const byDay = new Map<number, OnAirDto[]>(weekdays.map((d) => [d, []]));
      const dataDay = newestBegin.get() as string | undefined;
      for (const row of daysStmt.all({ weekdays: JSON.stringify(weekdays), now })) {
        byDay.get(row.oa_weekday)!.push(toOnAir(row, site, mayHaveEnded(row.oa_date_begin, row.oa_date_end, dataDay, now * 1000)));
      }
      return byDay;
    },
  };
}
