// A season's shows (/season): the anime whose first day (wiki_date) lies in the season's days
// (contract/seasons.ts), in start-date order then by id, each with its broadcast slot as /anime/detail
// gives it.
//
// The season is one range of wiki_by_section_date (wiki_section, wiki_date DESC, wiki_id DESC,
// wiki_type …), read backwards for the ascending order, so nothing is sorted; the types asked for are
// checked inside the index, where wiki_type rides along, so an entry left out is never read. The slots
// of the whole season come in one statement, by onair's primary key (wiki_id, oa_weekday).
import type { SeasonWikiDto } from '../../contract/objects';
import { seasonRange, type SeasonOfYear } from '../../contract/seasons';
import { objectRows, type Db } from '../db/database';
import { broadcastOf, type ScheduleRow } from './entry-detail';
import { toWiki, WIKI_COLUMNS, type WikiRow } from './mappers';

type SlotRow = ScheduleRow & { wiki_id: number };

export function seasonQueries(db: Db, timeZone: string) {
  const inSeason = objectRows<WikiRow>(
    db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w INDEXED BY wiki_by_section_date
    WHERE w.wiki_section = 'anime' AND w.wiki_date >= @from AND w.wiki_date < @to AND w.wiki_date <> 0
      AND w.wiki_type IN (SELECT value FROM json_each(@types))
    ORDER BY w.wiki_date, w.wiki_id`),
  );
  const slotsOf = objectRows<SlotRow>(
    db.prepare(`SELECT wiki_id, oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end
    FROM onair WHERE wiki_id IN (SELECT value FROM json_each(?)) ORDER BY wiki_id, oa_weekday`),
  );

  return {
    /** The shows of `types` (anime types) that begin in the season, in start-date order, then by id. */
    shows(season: SeasonOfYear, types: readonly string[], site: string): SeasonWikiDto[] {
      const rows = inSeason.all({ ...seasonRange(season, timeZone), types: JSON.stringify(types) });
      if (rows.length === 0) return [];
      const slots = new Map<number, ScheduleRow[]>();
      for (const slot of slotsOf.all(JSON.stringify(rows.map((r) => r.wiki_id)))) {
        const list = slots.get(slot.wiki_id);
        if (list) list.push(slot);
        else slots.set(slot.wiki_id, [slot]);
      }
      return rows.map((row) => ({ ...toWiki(row, site), wiki_broadcast: broadcastOf(slots.get(row.wiki_id) ?? [], timeZone) }));
    },
  };
}
