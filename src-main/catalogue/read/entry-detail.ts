// One entry or sub-entry with what belongs to it (the detail calls real Moefou clients make beside the
// query operations): an entry and its sub-entries in order, a page of them, one sub-entry with its
// entry. Playlists are listen.ts's.
//
// "In order" = by sub_order (numerically when it is a number, so 2 comes before 10), then by id.
import type { Db } from '../db/database';
import { clockTime, SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import type { BroadcastDto, LyricsDto, SubDto, WikiDto, WikiSiteDto } from '../../contract/objects';
import { SUB_ORDER as LISTEN_ORDER } from './listen';

const SUB_ORDER = `ORDER BY ${LISTEN_ORDER}`;

/** A sub-entry row joined with its upload (up_* NULL when it has none). */
type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null };

function uploadOf(row: SubUploadRow): UploadRow[] {
  return row.up_id === null ? [] : [row as unknown as UploadRow];
}

interface SiteRow {
  site: string;
  site_name: string;
  site_kind: WikiSiteDto['kind'];
  site_url: string;
  site_begin: number;
  site_regions: string;
}

export interface ScheduleRow {
  oa_weekday: number;
  oa_minute: number;
  oa_period_days: number;
  oa_date_begin: number;
  oa_date_end: number;
}

/** The schedule rows of one entry as one slot (every row of an entry shares its time, period and dates). */
export function broadcastOf(rows: ScheduleRow[], timeZone: string): BroadcastDto | null {
  if (rows.length === 0) return null;
  const [first] = rows;
  return {
    weekdays: rows.map((r) => r.oa_weekday),
    time: clockTime(first.oa_minute),
    period_days: first.oa_period_days,
    date_begin: first.oa_date_begin,
    date_end: first.oa_date_end,
    time_zone: timeZone,
  };
}

export function entryDetailQueries(db: Db, timeZone: string) {
  const wikiById = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);
  const subsWithUploads = `SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS}
    FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id`;
  const allSubs = db.prepare(`${subsWithUploads} WHERE s.sub_parent_wiki = ? ${SUB_ORDER}`);
  const subPage = db.prepare(`${subsWithUploads} WHERE s.sub_parent_wiki = @wikiId ${SUB_ORDER} LIMIT @limit OFFSET @offset`);
  const subCount = db.prepare('SELECT count(*) FROM sub WHERE sub_parent_wiki = ?').pluck();
  const subById = db.prepare(`${subsWithUploads} WHERE s.sub_id = ?`);
  const sitesOf = db.prepare(`SELECT site, site_name, site_kind, site_url, site_begin, site_regions
    FROM wiki_site WHERE wiki_id = ? ORDER BY site_order`);
  const lyricsBySub = db.prepare('SELECT synced, source, lines FROM sub_lyrics WHERE sub_id = ?');
  const scheduleOf = db.prepare(`SELECT oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end
    FROM onair WHERE wiki_id = ? ORDER BY oa_weekday`);

  const wiki = (id: number, site: string): WikiDto | undefined => {
    const row = wikiById.get(id) as WikiRow | undefined;
    return row && toWiki(row, site);
  };
  const subsOf = (owner: WikiDto, site: string): SubDto[] => (allSubs.all(owner.wiki_id) as SubUploadRow[]).map((r) => toSub(r, site, uploadOf(r), owner));

  return {
    /** The entry and all its sub-entries, in order. */
    findEntry(id: number, site: string): { wiki: WikiDto; subs: SubDto[] } | undefined {
      const found = wiki(id, site);
      return found && { wiki: found, subs: subsOf(found, site) };
    },

    findWiki: wiki,

    /** When and where an entry is shown (an anime's; other entries have neither). */
    showingOf(id: number): { broadcast: BroadcastDto | null; sites: WikiSiteDto[] } {
      const sites = (sitesOf.all(id) as SiteRow[]).map((r) => ({
        site: r.site,
        name: r.site_name,
        kind: r.site_kind,
        url: r.site_url,
        begin: r.site_begin,
        regions: JSON.parse(r.site_regions) as string[],
      }));
      return { broadcast: broadcastOf(scheduleOf.all(id) as ScheduleRow[], timeZone), sites };
    },

    /** A page of the entry's sub-entries, in order. */
    listSubs(owner: WikiDto, limit: number, offset: number, site: string): { count: number; subs: SubDto[] } {
      const rows = subPage.all({ wikiId: owner.wiki_id, limit, offset }) as SubUploadRow[];
      return { count: subCount.get(owner.wiki_id) as number, subs: rows.map((r) => toSub(r, site, uploadOf(r), owner)) };
    },

    /** A song's lyrics, or undefined when it has none. */
    lyricsOf(subId: number): LyricsDto | undefined {
      const row = lyricsBySub.get(subId) as { synced: number; source: LyricsDto['source']; lines: string } | undefined;
      return row && { synced: row.synced === 1, lines: JSON.parse(row.lines) as LyricsDto['lines'], source: row.source };
    },

    findSub(subId: number, site: string): SubDto | undefined {
      const row = subById.get(subId) as SubUploadRow | undefined;
      if (!row) return undefined;
      return toSub(row, site, uploadOf(row), wiki(row.sub_parent_wiki, site)!);
    },
  };
}
