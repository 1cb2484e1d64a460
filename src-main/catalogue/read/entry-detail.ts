// One entry or sub-entry with what belongs to it (the detail calls real Moefou clients make beside the
// query operations): an entry and its sub-entries in order, a page of them, one sub-entry with its
// entry, and the playable songs of an entry or a sub-entry as a playlist.
//
// "In order" = by sub_order (numerically when it is a number, so 2 comes before 10), then by id.
import type { Db } from '../db/database';
import { SUB_COLUMNS, toSub, toUpload, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import type { PlaylistItemDto, SubDto, WikiDto } from '../../contract/objects';

const SUB_ORDER = `ORDER BY (s.sub_order GLOB '[0-9]*') DESC, CAST(s.sub_order AS INTEGER), s.sub_order, s.sub_id`;

/** A sub-entry row joined with its upload (up_* NULL when it has none). */
type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null };

function uploadOf(row: SubUploadRow): UploadRow[] {
  return row.up_id === null ? [] : [row as unknown as UploadRow];
}

function metaValue(meta: { meta_key: string; meta_value: string }[] | null, keys: string[]): string {
  for (const key of keys) {
    const found = meta?.find((m) => m.meta_key === key);
    if (found) return found.meta_value;
  }
  return '';
}

/**
 * A sub-entry with audio as a playlist item: the names Moe.FM players read (url, stream_length, …) plus
 * the names of the UI's objects (up_url, duration). Episodes have no sub_upload, so the upload row is
 * passed in.
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
    artist: metaValue(sub.sub_meta, ['artist', 'personality']) || metaValue(wiki.wiki_meta, ['artist', 'personality']),
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
  const playable = (rows: SubUploadRow[], owner: WikiDto, site: string): PlaylistItemDto[] =>
    rows.filter((r) => r.up_id !== null).map((r) => toPlaylistItem(toSub(r, site, [], owner), r as unknown as UploadRow, owner, site));

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

    /** The entry's sub-entries that have audio, in order. */
    playlistOfWiki(owner: WikiDto, site: string): PlaylistItemDto[] {
      return playable(allSubs.all(owner.wiki_id) as SubUploadRow[], owner, site);
    },

    /** The one sub-entry as a playlist: [] when it has no audio; undefined when there is no such sub-entry. */
    playlistOfSub(subId: number, site: string): PlaylistItemDto[] | undefined {
      const row = subById.get(subId) as SubUploadRow | undefined;
      if (!row) return undefined;
      const owner = wiki(row.sub_parent_wiki, site)!;
      return playable([row], owner, site);
    },
  };
}
