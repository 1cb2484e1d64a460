// The catalogue as the OpenSubsonic face reads it (docs/api.md, "The OpenSubsonic face"): music and
// radio entries are albums, their songs and episodes are songs, anime stays out. Music folders are the
// sources that hold albums. Album lists come in the orders the spec's list types name; a whole-library
// page (an empty search) goes by id. Artists are read from the meta pairs (contract/credits.ts), as
// artists.ts reads them, and grouped by their folded name.
import type { Db } from '../db/database';
import type { SubDto, WikiDto } from '../../contract/objects';
import { peopleOf } from '../../contract/credits';
import { searchFold } from '../search/search-fold';
import { SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import { SUB_ORDER } from './listen';

type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null } & WikiRow;

const MUSIC = "w.wiki_section IN ('music', 'radio')";
/** The first artist or album artist of an entry's meta, for the list ordered by artist. */
const ENTRY_ARTIST = `coalesce((SELECT m.value ->> '$.value' FROM json_each(w.wiki_meta) m
  WHERE m.value ->> '$.key' IN ('album_artist', 'artist', 'personality') LIMIT 1), '')`;

export type AlbumOrder = 'newest' | 'random' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'byYear' | 'byGenre' | 'byId';

export interface AlbumFilter {
  order: AlbumOrder;
  /** Only these sources (a music folder). */
  folder?: number;
  /** byYear: wiki_date from (inclusive) to (exclusive), Unix seconds; descending when `descending`. */
  from?: number;
  to?: number;
  descending?: boolean;
  genre?: string;
}

export interface SubsonicArtist {
  /** The name as the catalogue first writes it. */
  name: string;
  /** How many albums name the artist in their own meta. */
  albumCount: number;
}

export function subsonicQueries(db: Db) {
  const folders = db.prepare(`SELECT s.source_id AS id, CASE WHEN s.name <> '' THEN s.name ELSE s.locator END AS name, s.kind FROM source s
    WHERE EXISTS (SELECT 1 FROM wiki w WHERE w.source_id = s.source_id AND ${MUSIC}) ORDER BY s.source_id`);
  const filters = `${MUSIC} AND (@folder IS NULL OR w.source_id = @folder)
    AND (@from IS NULL OR w.wiki_date >= @from) AND (@to IS NULL OR w.wiki_date < @to)
    AND (@genre IS NULL OR EXISTS (SELECT 1 FROM wiki_tag wt JOIN tag t ON t.tag_id = wt.tag_id WHERE wt.wiki_id = w.wiki_id AND t.tag_name = @genre))`;
  const orders: Record<AlbumOrder, string> = {
    newest: 'w.wiki_date DESC, w.wiki_id DESC',
    random: 'random()',
    alphabeticalByName: 'w.wiki_title_fold, w.wiki_id',
    alphabeticalByArtist: `lower(${ENTRY_ARTIST}), w.wiki_title_fold, w.wiki_id`,
    byYear: 'w.wiki_date, w.wiki_id',
    byGenre: 'w.wiki_title_fold, w.wiki_id',
    byId: 'w.wiki_id',
  };
  const albumPages = Object.fromEntries(
    Object.entries(orders).map(([order, by]) => [
      order,
      db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE ${filters} ORDER BY ${by} LIMIT @limit OFFSET @offset`),
    ]),
  ) as Record<AlbumOrder, ReturnType<Db['prepare']>>;
  const albumsByYearDesc = db.prepare(
    `SELECT ${WIKI_COLUMNS} FROM wiki w WHERE ${filters} ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`,
  );
  const albumById = db.prepare(`SELECT ${WIKI_COLUMNS} FROM wiki w WHERE w.wiki_id = ? AND ${MUSIC}`);
  const songColumns = `${SUB_COLUMNS}, ${UPLOAD_COLUMNS}, ${WIKI_COLUMNS}`;
  const songsFrom = `FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki LEFT JOIN upload u ON u.up_obj_id = s.sub_id`;
  const songsOf = db.prepare(`SELECT ${songColumns} ${songsFrom} WHERE s.sub_parent_wiki = ? AND ${MUSIC} ORDER BY ${SUB_ORDER}`);
  const songById = db.prepare(`SELECT ${songColumns} ${songsFrom} WHERE s.sub_id = ? AND ${MUSIC}`);
  const songPage = db.prepare(`SELECT ${songColumns} ${songsFrom} WHERE ${filters} ORDER BY s.sub_id LIMIT @limit OFFSET @offset`);
  const randomSongs = db.prepare(`SELECT ${songColumns} ${songsFrom} WHERE ${filters} AND u.up_id IS NOT NULL ORDER BY random() LIMIT @limit`);
  const songCounts = db.prepare(`SELECT s.sub_parent_wiki AS id, count(*) AS songs, coalesce(sum(u.up_length), 0) AS seconds
    FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki IN (SELECT value FROM json_each(?)) GROUP BY s.sub_parent_wiki`);
  const peopleRows = db.prepare(`SELECT w.wiki_meta AS meta FROM wiki w WHERE ${MUSIC} AND (@folder IS NULL OR w.source_id = @folder)
    UNION ALL SELECT s.sub_meta FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki
    WHERE ${MUSIC} AND (@folder IS NULL OR w.source_id = @folder) AND s.sub_meta <> '[]'`);
  const entryMetas = db.prepare(`SELECT w.wiki_meta FROM wiki w WHERE ${MUSIC} AND (@folder IS NULL OR w.source_id = @folder)`).pluck();
  const genres = db.prepare(`SELECT t.tag_name AS value, count(*) AS albumCount,
      sum((SELECT count(*) FROM sub s WHERE s.sub_parent_wiki = wt.wiki_id)) AS songCount
    FROM wiki_tag wt JOIN tag t ON t.tag_id = wt.tag_id
    WHERE wt.wiki_type IN ('music', 'radio') AND t.tag_name NOT GLOB '[12][0-9][0-9][0-9]'
    GROUP BY t.tag_id ORDER BY t.tag_name`);
  const lastModified = db.prepare(`SELECT max(w.wiki_modified) FROM wiki w WHERE ${MUSIC}`).pluck();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const artistsKept = new Map<number | null, SubsonicArtist[]>();
  let artistsVersion = -1;

  const toSong = (row: SubUploadRow, site: string): SubDto =>
    toSub(row, site, row.up_id === null ? [] : [row as unknown as UploadRow], toWiki({ ...row, wiki_id: row.sub_parent_wiki }, site));
  const params = (f: Partial<AlbumFilter>, limit: number, offset: number) => ({
    folder: f.folder ?? null,
    from: f.from ?? null,
    to: f.to ?? null,
    genre: f.genre ?? null,
    limit,
    offset,
  });

  return {
    /** The sources that hold music or radio: Subsonic's music folders. */
    folders: () => folders.all() as { id: number; name: string; kind: string }[],
    /** A page of albums in one of the list orders. */
    albums(filter: AlbumFilter, limit: number, offset: number, site: string): WikiDto[] {
      const stmt = filter.order === 'byYear' && filter.descending ? albumsByYearDesc : albumPages[filter.order];
      return (stmt.all(params(filter, limit, offset)) as WikiRow[]).map((r) => toWiki(r, site));
    },
    /** A music or radio entry, else undefined (anime is not an album). */
    album(id: number, site: string): WikiDto | undefined {
      const row = albumById.get(id) as WikiRow | undefined;
      return row && toWiki(row, site);
    },
    /** An album's songs or episodes, in order. */
    songsOf: (albumId: number, site: string): SubDto[] => (songsOf.all(albumId) as SubUploadRow[]).map((r) => toSong(r, site)),
    song(id: number, site: string): SubDto | undefined {
      const row = songById.get(id) as SubUploadRow | undefined;
      return row && toSong(row, site);
    },
    /** A page of every song (by id), as an empty search pages the library. */
    songs: (filter: Partial<AlbumFilter>, limit: number, offset: number, site: string): SubDto[] =>
      (songPage.all(params(filter, limit, offset)) as SubUploadRow[]).map((r) => toSong(r, site)),
    /** Songs with audio in a random order. */
    randomSongs: (filter: Partial<AlbumFilter>, limit: number, site: string): SubDto[] =>
      (randomSongs.all(params(filter, limit, 0)) as SubUploadRow[]).map((r) => toSong(r, site)),
    /** Per album id: its number of songs and their length in seconds. */
    songCounts(ids: number[]): Map<number, { songs: number; seconds: number }> {
      const rows = songCounts.all(JSON.stringify(ids)) as { id: number; songs: number; seconds: number }[];
      return new Map(rows.map((r) => [r.id, { songs: r.songs, seconds: r.seconds }]));
    },
    /**
     * Every artist named by an album or a song, once per folded name, in name order. Read from every
     * music and radio row's meta, so kept until the catalogue changes (`PRAGMA data_version`: another
     * connection's import or sync) — the artist lists and every search ask for it.
     */
    artists(folder?: number): SubsonicArtist[] {
      const version = dataVersion.get() as number;
      if (version !== artistsVersion) {
        artistsKept.clear();
        artistsVersion = version;
      }
      const kept = artistsKept.get(folder ?? null);
      if (kept) return kept;
      const list = readArtists(folder);
      artistsKept.set(folder ?? null, list);
      return list;
    },
    /** Tags of music and radio (not years) with how many albums and songs carry them. */
    genres: () => genres.all() as { value: string; albumCount: number; songCount: number }[],
    /** The newest change to a music or radio entry (Unix seconds), 0 when none. */
    lastModified: () => (lastModified.get() as number | null) ?? 0,
  };

  function readArtists(folder: number | undefined): SubsonicArtist[] {
    const found = new Map<string, SubsonicArtist>();
    for (const { meta } of peopleRows.all({ folder: folder ?? null }) as { meta: string }[]) {
      for (const name of peopleOfRow(meta)) {
        const key = searchFold(name);
        if (key !== '' && !found.has(key)) found.set(key, { name, albumCount: 0 });
      }
    }
    for (const meta of entryMetas.all({ folder: folder ?? null }) as string[]) {
      for (const key of new Set(peopleOfRow(meta).map(searchFold))) {
        const artist = found.get(key);
        if (artist) artist.albumCount++;
      }
    }
    return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}

function peopleOfRow(meta: string): string[] {
  const items = JSON.parse(meta) as { key: string; value: string }[];
  return peopleOf(items.map((m) => ({ meta_key: m.key, meta_value: m.value })));
}
