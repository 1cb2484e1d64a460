// Playlists (/listen/playlist): the sub-entries that have audio, as the items Moefou players read,
// a page at a time. Of one entry (in order), of one sub-entry, of a list of entries or sub-entries in
// the order given (the user's favourites, newest first), or a random pick across the catalogue
// ("listen freely").
//
// "In order" = by sub_order (numerically when it is a number, so 2 comes before 10), then by id.
import { artistOf } from '../../contract/credits';
import type { PlaylistItemDto, SubDto, WikiDto } from '../../contract/objects';
import type { Db } from '../db/database';
import { SUB_COLUMNS, toSub, toUpload, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';

export const SUB_ORDER = `(s.sub_order GLOB '[0-9]*') DESC, CAST(s.sub_order AS INTEGER), s.sub_order, s.sub_id`;

/** A page of a playlist and how many items the whole playlist has. */
export interface PlaylistPage {
  count: number;
  items: PlaylistItemDto[];
}

type PlayableRow = SubRow & UploadRow;

/**
 * A sub-entry with audio as a playlist item: the names Moe.FM players read (url, stream_length, …) plus
 * the names of the UI's objects (up_url, duration).
 */
function toPlaylistItem(sub: SubDto, upload: UploadRow, wiki: WikiDto, site: string): PlaylistItemDto {
  const up = toUpload(upload, site, wiki);
  return {
    sub_id: sub.sub_id,
    sub_type: sub.sub_type,
    sub_title: sub.sub_title,
    sub_view_title: sub.sub_view_title,
    sub_url: sub.sub_url,
    title: sub.sub_title,
    artist: artistOf(sub.sub_meta, wiki.wiki_meta),
    wiki_id: wiki.wiki_id,
    wiki_type: wiki.wiki_type,
    wiki_title: wiki.wiki_title,
    wiki_url: wiki.wiki_url,
    cover: wiki.wiki_cover,
    up_id: up.up_id,
    up_url: up.up_url,
    url: up.up_url,
    duration: up.up_data.length,
    stream_length: up.up_data.length,
    stream_time: up.up_data.time,
    file_size: up.up_size,
    file_type: up.up_type,
  };
}

export function listenQueries(db: Db) {
  const playable = `SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS} FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id`;
  const wikiById = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ?`);

  const ofWikiStmt = db.prepare(`${playable} WHERE s.sub_parent_wiki = @id ORDER BY ${SUB_ORDER} LIMIT @limit OFFSET @offset`);
  const ofWikiCount = db.prepare('SELECT count(*) FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki = ?').pluck();
  const ofSubStmt = db.prepare(`${playable} WHERE s.sub_id = ?`);

  // Lists in a given order: json_each's key is the position in the list.
  const ofWikisStmt = db.prepare(`SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS} FROM json_each(@ids) j
    JOIN wiki w ON w.wiki_id = j.value AND w.wiki_type IN (SELECT value FROM json_each(@types))
    JOIN sub s ON s.sub_parent_wiki = w.wiki_id JOIN upload u ON u.up_obj_id = s.sub_id
    ORDER BY j.key, ${SUB_ORDER} LIMIT @limit OFFSET @offset`);
  const ofWikisCount = db
    .prepare(
      `SELECT count(*) FROM json_each(@ids) j
      JOIN wiki w ON w.wiki_id = j.value AND w.wiki_type IN (SELECT value FROM json_each(@types))
      JOIN sub s ON s.sub_parent_wiki = w.wiki_id JOIN upload u ON u.up_obj_id = s.sub_id`,
    )
    .pluck();
  const ofSubsStmt = db.prepare(`SELECT ${SUB_COLUMNS}, ${UPLOAD_COLUMNS} FROM json_each(@ids) j
    JOIN sub s ON s.sub_id = j.value AND s.sub_type IN (SELECT value FROM json_each(@types)) JOIN upload u ON u.up_obj_id = s.sub_id
    ORDER BY j.key LIMIT @limit OFFSET @offset`);
  const ofSubsCount = db
    .prepare(
      `SELECT count(*) FROM json_each(@ids) j
      JOIN sub s ON s.sub_id = j.value AND s.sub_type IN (SELECT value FROM json_each(@types)) JOIN upload u ON u.up_obj_id = s.sub_id`,
    )
    .pluck();

  // A random pick: random upload ids first (the upload table alone), then their rows.
  const randomStmt = db.prepare(`${playable} WHERE u.up_id IN (SELECT up_id FROM upload ORDER BY random() LIMIT @limit) ORDER BY random()`);
  const uploadCount = db.prepare('SELECT count(*) FROM upload').pluck();

  /** Rows to items, each with its entry (read once per entry). */
  function itemsOf(rows: PlayableRow[], site: string): PlaylistItemDto[] {
    const owners = new Map<number, WikiDto>();
    return rows.map((row) => {
      let owner = owners.get(row.sub_parent_wiki);
      if (!owner) {
        owner = toWiki(wikiById.get(row.sub_parent_wiki) as WikiRow, site);
        owners.set(owner.wiki_id, owner);
      }
      return toPlaylistItem(toSub(row, site, [], owner), row, owner, site);
    });
  }

  return {
    /** The entry's sub-entries with audio, in order. */
    ofWiki(wikiId: number, limit: number, offset: number, site: string): PlaylistPage {
      return { count: ofWikiCount.get(wikiId) as number, items: itemsOf(ofWikiStmt.all({ id: wikiId, limit, offset }) as PlayableRow[], site) };
    },

    /** The one sub-entry: no item when it has no audio. */
    ofSub(subId: number, site: string): PlaylistPage {
      const items = itemsOf(ofSubStmt.all(subId) as PlayableRow[], site);
      return { count: items.length, items };
    },

    /** The sub-entries with audio of the entries `wikiIds` (those of `types`), entry by entry in the order given. */
    ofWikis(wikiIds: number[], types: readonly string[], limit: number, offset: number, site: string): PlaylistPage {
      const bind = { ids: JSON.stringify(wikiIds), types: JSON.stringify(types) };
      return { count: ofWikisCount.get(bind) as number, items: itemsOf(ofWikisStmt.all({ ...bind, limit, offset }) as PlayableRow[], site) };
    },

    /** The sub-entries `subIds` (those of `types`) that have audio, in the order given. */
    ofSubs(subIds: number[], types: readonly string[], limit: number, offset: number, site: string): PlaylistPage {
      const bind = { ids: JSON.stringify(subIds), types: JSON.stringify(types) };
      return { count: ofSubsCount.get(bind) as number, items: itemsOf(ofSubsStmt.all({ ...bind, limit, offset }) as PlayableRow[], site) };
    },

    /** Up to `limit` sub-entries with audio picked at random across the catalogue; `count` = all with audio. */
    random(limit: number, site: string): PlaylistPage {
      return { count: uploadCount.get() as number, items: itemsOf(randomStmt.all({ limit }) as PlayableRow[], site) };
    },
  };
}
