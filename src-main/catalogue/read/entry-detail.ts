// One entry or sub-entry with what belongs to it (the detail calls real Moefou clients make beside the
// query operations): an entry and its sub-entries in order, a page of them, one sub-entry with its
// entry. Playlists are listen.ts's.
//
// "In order" = by sub_order (numerically when it is a number, so 2 comes before 10), then by id.
import type { Db } from '../db/database';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import type { SubDto, WikiDto } from '../../contract/objects';
import { SUB_ORDER as LISTEN_ORDER } from './listen';

const SUB_ORDER = `ORDER BY ${LISTEN_ORDER}`;

/** A sub-entry row joined with its upload (up_* NULL when it has none). */
type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null };

function uploadOf(row: SubUploadRow): UploadRow[] {
  return row.up_id === null ? [] : [row as unknown as UploadRow];
}

export function entryDetailQueries(db: Db) {
  const wikiById = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);
  const subsWithUploads = `SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS}
    FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id`;
  const allSubs = db.prepare(`${subsWithUploads} WHERE s.sub_parent_wiki = ? ${SUB_ORDER}`);
  const subPage = db.prepare(`${subsWithUploads} WHERE s.sub_parent_wiki = @wikiId ${SUB_ORDER} LIMIT @limit OFFSET @offset`);
  const subCount = db.prepare('SELECT count(*) FROM sub WHERE sub_parent_wiki = ?').pluck();
  const subById = db.prepare(`${subsWithUploads} WHERE s.sub_id = ?`);

  const wiki = (id: number, site: string): WikiDto | undefined => {
    const row = wikiById.get(id) as WikiRow | undefined;
    return row && toWiki(row, site);
  };
  const subsOf = (owner: WikiDto, site: string): SubDto[] =>
    (allSubs.all(owner.wiki_id) as SubUploadRow[]).map((r) => toSub(r, site, uploadOf(r), owner));

  return {
    /** The entry and all its sub-entries, in order. */
    findEntry(id: number, site: string): { wiki: WikiDto; subs: SubDto[] } | undefined {
      const found = wiki(id, site);
      return found && { wiki: found, subs: subsOf(found, site) };
    },

    findWiki: wiki,

    /** A page of the entry's sub-entries, in order. */
    listSubs(owner: WikiDto, limit: number, offset: number, site: string): { count: number; subs: SubDto[] } {
      const rows = subPage.all({ wikiId: owner.wiki_id, limit, offset }) as SubUploadRow[];
      return { count: subCount.get(owner.wiki_id) as number, subs: rows.map((r) => toSub(r, site, uploadOf(r), owner)) };
    },

    findSub(subId: number, site: string): SubDto | undefined {
      const row = subById.get(subId) as SubUploadRow | undefined;
      if (!row) return undefined;
      return toSub(row, site, uploadOf(row), wiki(row.sub_parent_wiki, site)!);
    },
  };
}
