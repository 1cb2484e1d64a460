// The on-air schedule (/on-air): the entries airing at a given moment on the requested weekdays, each
// day by time of day then id. "Airing" is the rule of contract/time.ts (isAiring), restated in SQL so SQLite
// does the filtering. One statement reads every requested day (half the time of one per day):
// onair_by_day (oa_weekday, oa_minute, wiki_id) serves the filter and the order. Each entry says
// whether it may have ended without the anime data knowing (contract/broadcast-schedule.ts), when its
// slot next airs and, given Bangumi's episodes (the user database's, asked once for the whole answer),
// which episodes that broadcast is (contract/episodes.ts).
import { mayHaveEnded, nextWeeklyBroadcasts, type DatedBroadcast } from '../../contract/broadcast-schedule';
import { episodesOn } from '../../contract/episodes';
import { BROADCAST_DAY_SECONDS, CATALOGUE_TIME_ZONE } from '../../contract/time';
import { objectRows, type Db } from '../db/database';
import { toOnAir, WIKI_COLUMNS, type OnAirRow } from './mappers';
import type { EpisodeDto, OnAirDto } from '../../contract/objects';

/** Bangumi's episodes of these shows (by Bangumi id) dated on any of these days: user-show-details.ts's episodesOn. */
export type EpisodesOnDays = (bgmIds: readonly number[], days: readonly string[]) => Map<number, EpisodeDto[]>;

export function onAirQueries(db: Db) {
  // The anime data's date: what a show with no recorded end is judged against (mayHaveEnded).
  const newestBegin = db.prepare("SELECT value FROM meta WHERE key = 'anime_data_newest_begin'").pluck();
  // The zone the slots are written in (catalogue.ts reads it the same way).
  const timeZone = (db.prepare("SELECT value FROM meta WHERE key = 'time_zone'").pluck().get() as string | undefined) ?? CATALOGUE_TIME_ZONE;
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
     * requested day, in the order asked, [] for a day with nothing on air. With `episodes`, each entry
     * names the episodes of its next broadcast that Bangumi dates.
     */
    days(weekdays: number[], now: number, site: string, episodes?: EpisodesOnDays): Map<number, OnAirDto[]> {
      const byDay = new Map<number, OnAirDto[]>(weekdays.map((d) => [d, []]));
      const dataDay = newestBegin.get() as string | undefined;
      const nextOf = nextWeeklyBroadcasts(now * 1000, timeZone);
      const named: { entry: OnAirDto; bgmId: number; next: DatedBroadcast }[] = [];
      for (const row of daysStmt.all({ weekdays: JSON.stringify(weekdays), now })) {
        const next = nextOf({ weekday: row.oa_weekday, minute: row.oa_minute, dateBegin: row.oa_date_begin, dateEnd: row.oa_date_end });
        const ended = mayHaveEnded(row.oa_date_begin, row.oa_date_end, dataDay, now * 1000);
        const entry = toOnAir(row, site, ended, next ? Math.floor(next.at / 1000) : 0);
        byDay.get(row.oa_weekday)!.push(entry);
        if (next && row.wiki_bgm_id !== null) named.push({ entry, bgmId: row.wiki_bgm_id, next });
      }
      if (episodes && named.length > 0) {
        const days = new Set(named.flatMap(({ next }) => [next.broadcastDay, next.calendarDay]));
        const found = episodes([...new Set(named.map((n) => n.bgmId))], [...days]);
        for (const { entry, bgmId, next } of named) entry.oa_next_episodes = episodesOn(found.get(bgmId) ?? [], next);
      }
      return byDay;
    },
  };
}
