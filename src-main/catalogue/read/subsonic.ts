// The catalogue as the OpenSubsonic face reads it (docs/api.md, "The OpenSubsonic face"): music and
// radio entries are albums, their songs and episodes are songs, anime stays out. Music folders are the
// sources that hold albums. Album lists come in the orders the spec's list types name; a whole-library
// page (an empty search) goes by id. Artists are the catalogue's wiki_artist rows (the meta's people,
// contract/credits.ts, kept by the writer), grouped by their folded name.
//
// A page of the whole library and a random pick never step over the rows before them: music_block
// counts the music and radio rows per block of ids (db/schema.ts), so an offset (or a random rank)
// becomes a block's first id and a skip of fewer rows than a block holds (docs/opensubsonic.md,
// "Performance"). Random albums of the whole library are picked from every album's id, kept until the
// catalogue changes. Pages and lists read only the columns the face shows (SubsonicAlbum, SubsonicSong).
import type { Db } from '../db/database';
import type { SubDto, UploadDto, WikiDto } from '../../contract/objects';
import { ID_BLOCK_SHIFT } from '../db/schema';
import { metaOf, SUB_COLUMNS, toSub, toWiki, UPLOAD_COLUMNS, WIKI_COLUMNS, type SubRow, type UploadRow, type WikiRow } from './mappers';
import { SUB_ORDER } from './listen';

type SubUploadRow = SubRow & { [K in keyof UploadRow]: UploadRow[K] | null } & WikiRow;

/**
 * What the face shows of an album: the fields of a WikiDto it reads (a WikiDto is one). Pages and lists
 * read these columns alone — a row object costs per column, and a page holds 500.
 */
export type SubsonicAlbum = Pick<
  WikiDto,
  'wiki_id' | 'wiki_type' | 'wiki_title' | 'wiki_title_encode' | 'wiki_date' | 'wiki_modified' | 'wiki_meta' | 'wiki_tags'
>;
/** What the face shows of a song's file (an UploadDto is one). */
export interface SubsonicUpload {
  up_uri: string;
  up_type: string;
  up_data: Pick<UploadDto['up_data'], 'filesize' | 'length' | 'bitrate'>;
  up_replaygain: UploadDto['up_replaygain'];
}
/** What the face shows of a song or episode (a SubDto is one): songs carry `sub_upload` ([] without a file), episodes do not. */
export type SubsonicSong = Pick<SubDto, 'sub_id' | 'sub_type' | 'sub_order' | 'sub_title' | 'sub_date' | 'sub_meta'> & {
  wiki: SubsonicAlbum;
  sub_upload?: SubsonicUpload[];
};

// Album and song rows are read as arrays (better-sqlite3's raw mode): a row object costs about twice as
// much to make, column by column, and a page holds 500 rows.
const ALBUM_COLUMNS = 'w.wiki_id, w.wiki_type, w.wiki_title, w.wiki_title_encode, w.wiki_date, w.wiki_modified, w.wiki_meta, w.wiki_tags';
type AlbumRow = [id: number, type: WikiRow['wiki_type'], title: string, titleEncode: string, date: number, modified: number, meta: string, tags: string];
const SONG_COLUMNS = `s.sub_id, s.sub_parent_wiki, s.sub_type, s.sub_order, s.sub_title, s.sub_date, s.sub_meta, u.up_id, u.up_uri,
  u.up_type, u.up_filesize, u.up_bitrate, u.up_length, u.up_track_gain, u.up_track_peak, u.up_album_gain, u.up_album_peak`;
type SongRow = [
  id: number,
  album: number,
  type: SubRow['sub_type'],
  order: string,
  title: string,
  date: number,
  meta: string,
  uploadId: number | null,
  uri: string,
  format: string,
  filesize: number,
  bitrate: number,
  length: number,
  trackGain: number | null,
  trackPeak: number | null,
  albumGain: number | null,
  albumPeak: number | null,
];

function toAlbumOf(row: AlbumRow): SubsonicAlbum {
  return {
    wiki_id: row[0],
    wiki_type: row[1],
    wiki_title: row[2],
    wiki_title_encode: row[3],
    wiki_date: row[4],
    wiki_modified: row[5],
    wiki_meta: metaOf(row[6]),
    wiki_tags: JSON.parse(row[7]) as string[],
  };
}

/** As toSub() and toUpload() make them, the fields the face reads. */
function toSongOf(row: SongRow, wiki: SubsonicAlbum): SubsonicSong {
  const song: SubsonicSong = { sub_id: row[0], sub_type: row[2], sub_order: row[3], sub_title: row[4], sub_date: row[5], sub_meta: metaOf(row[6]), wiki };
  if (row[2] !== 'song') return song;
  const [trackGain, trackPeak, albumGain, albumPeak] = [row[13], row[14], row[15], row[16]];
  song.sub_upload =
    row[7] === null
      ? []
      : [
          {
            up_uri: row[8],
            up_type: row[9],
            up_data: { bitrate: row[11], length: row[12], filesize: row[10] },
            up_replaygain:
              trackGain === null && trackPeak === null && albumGain === null && albumPeak === null
                ? null
                : { track_gain: trackGain, track_peak: trackPeak, album_gain: albumGain, album_peak: albumPeak },
          },
        ];
  return song;
}

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
  /** The name folded (search-fold.ts), as searches compare it. */
  fold: string;
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
      db.prepare(`SELECT ${ALBUM_COLUMNS} FROM wiki w WHERE ${filters} ORDER BY ${by} LIMIT @limit OFFSET @offset`).raw(),
    ]),
  ) as Record<AlbumOrder, ReturnType<Db['prepare']>>;
  const albumsByYearDesc = db
    .prepare(`SELECT ${ALBUM_COLUMNS} FROM wiki w WHERE ${filters} ORDER BY w.wiki_date DESC, w.wiki_id DESC LIMIT @limit OFFSET @offset`)
    .raw();
  // The list orders that read an index in its order, a page's ids first (its rows after, by id): the
  // two sections merged by date (wiki_by_section_date), titles along wiki_by_title_fold.
  // Without a music folder the folder test is left out: the indexes hold no source, and the test would
  // read every row stepped over.
  const idPagesOf = (folderTest: string) => {
    const bySection = (range: string) =>
      ['music', 'radio'].map((section) => `SELECT wiki_id, wiki_date FROM wiki WHERE wiki_section = '${section}'${folderTest}${range}`).join(' UNION ALL ');
    const inYears = ' AND wiki_date >= @from AND wiki_date < @to';
    const titleOrder = `SELECT wiki_id FROM wiki INDEXED BY wiki_by_title_fold WHERE wiki_type IN ('music', 'radio')${folderTest}`;
    return {
      newest: db.prepare(`${bySection('')} ORDER BY wiki_date DESC, wiki_id DESC LIMIT @limit OFFSET @offset`).pluck(),
      byYear: db.prepare(`${bySection(inYears)} ORDER BY wiki_date, wiki_id LIMIT @limit OFFSET @offset`).pluck(),
      byYearDesc: db.prepare(`${bySection(inYears)} ORDER BY wiki_date DESC, wiki_id DESC LIMIT @limit OFFSET @offset`).pluck(),
      alphabeticalByName: db.prepare(`${titleOrder} ORDER BY wiki_title_fold, wiki_id LIMIT @limit OFFSET @offset`).pluck(),
      byGenre: db
        .prepare(
          `${titleOrder} AND (SELECT 1 FROM wiki_tag wt WHERE wt.wiki_id = wiki.wiki_id AND wt.tag_id = @tag) = 1
          ORDER BY wiki_title_fold, wiki_id LIMIT @limit OFFSET @offset`,
        )
        .pluck(),
    };
  };
  const idPagesAll = idPagesOf('');
  const idPagesInFolder = idPagesOf(' AND source_id = @folder');
  const byArtistIds = db
    .prepare(`SELECT w.wiki_id FROM wiki w WHERE ${MUSIC} AND (@folder IS NULL OR w.source_id = @folder) ORDER BY ${orders.alphabeticalByArtist}`)
    .pluck();
  const tagId = db.prepare('SELECT tag_id FROM tag WHERE tag_name = ?').pluck();
  // Every music and radio entry's id, from the covering wiki_by_section_date (in no particular order).
  const musicIds = db.prepare(`SELECT wiki_id FROM wiki WHERE wiki_section IN ('music', 'radio')`).pluck();
  // "Similar" albums: the tags of the artist's albums, and the newest albums of each tag (bounded, so a tag
  // half the library carries costs no more than a rare one).
  const tagsOf = db.prepare('SELECT DISTINCT tag_id FROM wiki_tag WHERE wiki_id IN (SELECT value FROM json_each(?))').pluck();
  const newestOfTag = db.prepare(`SELECT wiki_id AS id, wiki_date AS date FROM wiki_tag WHERE tag_id = ? AND wiki_type IN ('music', 'radio')
    ORDER BY wiki_date DESC, wiki_id DESC LIMIT ${SIMILAR_PER_TAG}`);
  const albumsByIds = db.prepare(`SELECT ${ALBUM_COLUMNS} FROM wiki w WHERE w.wiki_id IN (SELECT value FROM json_each(?))`).raw();
  const albumById = db.prepare(`SELECT ${ALBUM_COLUMNS} FROM wiki w WHERE w.wiki_id = ? AND ${MUSIC}`).raw();
  const songColumns = `${SUB_COLUMNS}, ${UPLOAD_COLUMNS}, ${WIKI_COLUMNS}`;
  const songsFrom = `FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki LEFT JOIN upload u ON u.up_obj_id = s.sub_id`;
  const songRows = `SELECT ${SONG_COLUMNS} FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id`;
  const songsOf = db.prepare(`${songRows} WHERE s.sub_parent_wiki = ? ORDER BY ${SUB_ORDER}`).raw();
  const songById = db.prepare(`SELECT ${songColumns} ${songsFrom} WHERE s.sub_id = ? AND ${MUSIC}`);
  const songPage = db.prepare(`SELECT ${SONG_COLUMNS} ${songsFrom} WHERE ${filters} ORDER BY s.sub_id LIMIT @limit OFFSET @offset`).raw();
  // A genre's songs: along the song ids, each song's album's tag looked up (a join would read every tagged album's songs first).
  const genreSongIds = db
    .prepare(
      `SELECT s.sub_id FROM sub s
    WHERE (SELECT wt.wiki_type FROM wiki_tag wt WHERE wt.wiki_id = s.sub_parent_wiki AND wt.tag_id = @tag) IN ('music', 'radio')
      AND (@folder IS NULL OR (SELECT source_id FROM wiki WHERE wiki_id = s.sub_parent_wiki) = @folder)
    ORDER BY s.sub_id LIMIT @limit OFFSET @offset`,
    )
    .pluck();
  const songRowsByIds = db.prepare(`${songRows} WHERE s.sub_id IN (SELECT value FROM json_each(?)) ORDER BY s.sub_id`).raw();
  const randomSongs = db.prepare(`SELECT ${SONG_COLUMNS} ${songsFrom} WHERE ${filters} AND u.up_id IS NOT NULL ORDER BY random() LIMIT @limit`).raw();
  // From a block's first id, a skip inside the block (see the header): ids first, stepping along the
  // primary key (the entry looked up per song: a join would have SQLite read the whole wiki table first).
  const inFolder = `${MUSIC} AND (@folder IS NULL OR w.source_id = @folder)`;
  const songIsMusic = `(SELECT w.wiki_section FROM wiki w WHERE w.wiki_id = s.sub_parent_wiki) IN ('music', 'radio')
    AND (@folder IS NULL OR (SELECT w.source_id FROM wiki w WHERE w.wiki_id = s.sub_parent_wiki) = @folder)`;
  const songIdsFromBlock = db
    .prepare(`SELECT s.sub_id FROM sub s WHERE s.sub_id >= @start AND ${songIsMusic} ORDER BY s.sub_id LIMIT @limit OFFSET @skip`)
    .pluck();
  // A song with a file: along the files' index (upload's song ids), so only songs with a file are stepped
  // over, each one's album looked up.
  const albumOfSong = (column: string) => `(SELECT ${column} FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE s.sub_id = u.up_obj_id)`;
  const audioIdAt = db
    .prepare(
      `SELECT u.up_obj_id FROM upload u WHERE u.up_obj_id >= @start AND ${albumOfSong('w.wiki_section')} IN ('music', 'radio')
        AND (@folder IS NULL OR ${albumOfSong('w.source_id')} = @folder)
      ORDER BY u.up_obj_id LIMIT 1 OFFSET @skip`,
    )
    .pluck();
  const audioIdsOfBlock = db.prepare('SELECT up_obj_id FROM upload WHERE up_obj_id >= ? AND up_obj_id < ? ORDER BY up_obj_id').pluck();
  const albumIdsFromBlock = db
    .prepare(`SELECT w.wiki_id FROM wiki w NOT INDEXED WHERE w.wiki_id >= @start AND ${inFolder} ORDER BY w.wiki_id LIMIT @limit OFFSET @skip`)
    .pluck();
  const blockCounts = db.prepare(`SELECT block, sum(n) AS n FROM music_block WHERE kind = @kind AND (@folder IS NULL OR source_id = @folder)
    GROUP BY block HAVING sum(n) > 0 ORDER BY block`);
  const hasTag = db.prepare('SELECT 1 FROM wiki_tag wt JOIN tag t ON t.tag_id = wt.tag_id WHERE wt.wiki_id = ? AND t.tag_name = ?').pluck();
  const songCounts = db.prepare(`SELECT s.sub_parent_wiki AS id, count(*) AS songs, coalesce(sum(u.up_length), 0) AS seconds
    FROM sub s LEFT JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki IN (SELECT value FROM json_each(?)) GROUP BY s.sub_parent_wiki`);
  // Every name row, by folded name; with a folder, its rows only.
  const artistRows = db.prepare(
    'SELECT a.artist_fold AS fold, a.name, a.wiki_id AS wikiId, a.sub_id AS subId FROM wiki_artist a ORDER BY a.artist_fold, a.wiki_id, a.sub_id',
  );
  const artistRowsOf = db.prepare(`SELECT a.artist_fold AS fold, a.name, a.wiki_id AS wikiId, a.sub_id AS subId FROM wiki_artist a
    JOIN wiki w ON w.wiki_id = a.wiki_id WHERE w.source_id = ? ORDER BY a.artist_fold, a.wiki_id, a.sub_id`);
  const genres = db.prepare(`SELECT t.tag_name AS value, count(*) AS albumCount,
      sum((SELECT count(*) FROM sub s WHERE s.sub_parent_wiki = wt.wiki_id)) AS songCount
    FROM wiki_tag wt JOIN tag t ON t.tag_id = wt.tag_id
    WHERE wt.wiki_type IN ('music', 'radio') AND t.tag_name NOT GLOB '[12][0-9][0-9][0-9]'
    GROUP BY t.tag_id ORDER BY t.tag_name`);
  const lastModified = db.prepare(`SELECT max(w.wiki_modified) FROM wiki w WHERE ${MUSIC}`).pluck();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  // Kept until the catalogue changes (`PRAGMA data_version`: another connection's import or sync).
  const artistsKept = new Map<number | null, SubsonicArtist[]>();
  const artistFoldsKept = new Map<number | null, { text: string; starts: number[] }>();
  const blocksKept = new Map<string, Blocks>();
  const byArtistKept = new Map<number | null, number[]>();
  let musicIdsKept: number[] | undefined;
  let genresKept: { value: string; albumCount: number; songCount: number }[] | undefined;
  let lastModifiedKept: number | undefined;
  let keptVersion = -1;
  const fresh = () => {
    const version = dataVersion.get() as number;
    if (version !== keptVersion) {
      artistsKept.clear();
      artistFoldsKept.clear();
      blocksKept.clear();
      byArtistKept.clear();
      musicIdsKept = undefined;
      genresKept = undefined;
      lastModifiedKept = undefined;
      keptVersion = version;
    }
    return version;
  };
  /** The blocks of one kind of row (in a folder): their first ids and how many rows end with each. */
  const blocksOf = (kind: 'album' | 'song' | 'audio', folder: number | undefined): Blocks => {
    fresh();
    const key = `${kind} ${folder ?? ''}`;
    let kept = blocksKept.get(key);
    if (!kept) {
      const rows = blockCounts.all({ kind, folder: folder ?? null }) as { block: number; n: number }[];
      const ends: number[] = [];
      rows.forEach((r, i) => ends.push((ends[i - 1] ?? 0) + r.n));
      kept = { starts: rows.map((r) => r.block * 2 ** ID_BLOCK_SHIFT), ends, total: ends[ends.length - 1] ?? 0 };
      blocksKept.set(key, kept);
    }
    return kept;
  };

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
    albums(filter: AlbumFilter, limit: number, offset: number): SubsonicAlbum[] {
      const unfiltered = !filter.genre && filter.from === undefined && filter.to === undefined;
      if (filter.order === 'random' && unfiltered && filter.folder === undefined) {
        // Random picks among every album's id, kept until the catalogue changes (a pick by a block's
        // rows reads tens of rows of the entry table for each album).
        fresh();
        musicIdsKept ??= musicIds.all() as number[];
        const all = musicIdsKept;
        return albumsOfIds(randomRanks(all.length, limit).map((rank) => all[rank]));
      }
      if ((filter.order === 'byId' || filter.order === 'random') && unfiltered) {
        const blocks = blocksOf('album', filter.folder);
        const folder = filter.folder ?? null;
        const ids =
          filter.order === 'byId'
            ? limit === 0 || offset >= blocks.total
              ? []
              : (albumIdsFromBlock.all({ ...locate(blocks, offset)!, folder, limit }) as number[])
            : randomRanks(blocks.total, limit).map((rank) => albumIdsFromBlock.get({ ...locate(blocks, rank)!, folder, limit: 1 }) as number);
        return albumsOfIds(ids);
      }
      const ids = albumIds(filter, limit, offset);
      if (ids) return albumsOfIds(ids);
      const stmt = filter.order === 'byYear' && filter.descending ? albumsByYearDesc : albumPages[filter.order];
      return (stmt.all(params(filter, limit, offset)) as AlbumRow[]).map(toAlbumOf);
    },
    /** Up to `limit` albums sharing the most tags with `albums` (then the newest), none of `own`; among the newest SIMILAR_PER_TAG of each tag. */
    similarAlbums(albums: number[], own: number[], limit: number): SubsonicAlbum[] {
      const mine = new Set(own);
      const shared = new Map<number, { n: number; date: number }>();
      for (const tag of tagsOf.all(JSON.stringify(albums)) as number[]) {
        for (const { id, date } of newestOfTag.all(tag) as { id: number; date: number }[]) {
          if (!mine.has(id)) shared.set(id, { n: (shared.get(id)?.n ?? 0) + 1, date });
        }
      }
      const ids = [...shared.entries()].sort(([a, x], [b, y]) => y.n - x.n || y.date - x.date || b - a).map(([id]) => id);
      return albumsOfIds(ids.slice(0, limit));
    },
    /** A music or radio entry, else undefined (anime is not an album). */
    album(id: number): SubsonicAlbum | undefined {
      const row = albumById.get(id) as AlbumRow | undefined;
      return row && toAlbumOf(row);
    },
    /** A music or radio album's songs or episodes, in order (none for anime). */
    songsOf(albumId: number): SubsonicSong[] {
      const row = albumById.get(albumId) as AlbumRow | undefined;
      if (!row) return [];
      const album = toAlbumOf(row);
      return (songsOf.all(albumId) as SongRow[]).map((r) => toSongOf(r, album));
    },
    /** A song as every API object makes it (its file's address too, for stream and download). */
    song(id: number, site: string): SubDto | undefined {
      const row = songById.get(id) as SubUploadRow | undefined;
      return row && toSong(row, site);
    },
    /** A page of every song (by id), as an empty search pages the library; `genre` filters (songs of a genre). */
    songs(filter: Partial<AlbumFilter>, limit: number, offset: number): SubsonicSong[] {
      if (filter.genre && filter.from === undefined && filter.to === undefined) {
        const tag = tagId.get(filter.genre) as number | undefined;
        if (tag === undefined || limit === 0) return [];
        return songsOfIds(genreSongIds.all({ tag, folder: filter.folder ?? null, limit, offset }) as number[]);
      }
      if (filter.genre || filter.from !== undefined || filter.to !== undefined) return withAlbums(songPage.all(params(filter, limit, offset)) as SongRow[]);
      const blocks = blocksOf('song', filter.folder);
      if (limit === 0 || offset >= blocks.total) return [];
      return songsOfIds(songIdsFromBlock.all({ ...locate(blocks, offset)!, folder: filter.folder ?? null, limit }) as number[]);
    },
    /**
     * Songs with audio in a random order: random ranks among the songs with a file (music_block), each
     * a look-up; a genre or years keep the picks that match, and when too few do (a narrow filter) the
     * matching songs are shuffled instead.
     */
    randomSongs(filter: Partial<AlbumFilter>, limit: number): SubsonicSong[] {
      const blocks = blocksOf('audio', filter.folder);
      const filtered = Boolean(filter.genre) || filter.from !== undefined || filter.to !== undefined;
      const ranks = randomRanks(blocks.total, filtered ? Math.min(blocks.total, limit * RANDOM_TRIES) : limit);
      const folder = filter.folder ?? null;
      const ids = ranks.map((rank) => audioAt(blocks, rank, folder));
      const songs = new Map(songsOfIds(ids).map((song) => [song.sub_id, song]));
      const picked: SubsonicSong[] = [];
      for (const id of ids) {
        const song = songs.get(id)!;
        if (picked.length >= limit) break;
        if (filter.from !== undefined && song.wiki.wiki_date < filter.from) continue;
        if (filter.to !== undefined && song.wiki.wiki_date >= filter.to) continue;
        if (filter.genre && hasTag.get(song.wiki.wiki_id, filter.genre) === undefined) continue;
        picked.push(song);
      }
      return picked.length < limit && ranks.length < blocks.total ? withAlbums(randomSongs.all(params(filter, limit, 0)) as SongRow[]) : picked;
    },
    /** Per album id: its number of songs and their length in seconds. */
    songCounts(ids: number[]): Map<number, { songs: number; seconds: number }> {
      const rows = songCounts.all(JSON.stringify(ids)) as { id: number; songs: number; seconds: number }[];
      return new Map(rows.map((r) => [r.id, { songs: r.songs, seconds: r.seconds }]));
    },
    /**
     * Every artist named by an album or a song, once per folded name, in name order. Kept until the
     * catalogue changes — the artist lists and every search ask for it.
     */
    artists(folder?: number): SubsonicArtist[] {
      fresh();
      const kept = artistsKept.get(folder ?? null);
      if (kept) return kept;
      const list = readArtists(folder);
      artistsKept.set(folder ?? null, list);
      return list;
    },
    /** The artists (as artists() lists them) whose folded name holds every one of `words` (folded). */
    artistsMatching(words: string[], folder?: number): SubsonicArtist[] {
      const list = this.artists(folder);
      if (words.length === 0) return list;
      // One text of every folded name, one a line, searched for the first word: a look at 20,000 names one by one costs milliseconds.
      let folds = artistFoldsKept.get(folder ?? null);
      if (!folds) {
        const starts: number[] = [];
        let at = 0;
        for (const a of list) {
          starts.push(at);
          at += a.fold.length + 1;
        }
        folds = { text: list.map((a) => a.fold).join('\n'), starts };
        artistFoldsKept.set(folder ?? null, folds);
      }
      const found: SubsonicArtist[] = [];
      const [first, ...rest] = words;
      for (let at = folds.text.indexOf(first); at !== -1;) {
        // The name holding this match: the last start at or before it.
        let low = 0;
        let high = folds.starts.length - 1;
        while (low < high) {
          const mid = (low + high + 1) >> 1;
          if (folds.starts[mid] <= at) low = mid;
          else high = mid - 1;
        }
        const artist = list[low];
        if (rest.every((w) => artist.fold.includes(w))) found.push(artist);
        at = folds.text.indexOf(first, folds.starts[low] + artist.fold.length + 1);
      }
      return found;
    },
    /** Tags of music and radio (not years) with how many albums and songs carry them. */
    genres(): { value: string; albumCount: number; songCount: number }[] {
      fresh();
      genresKept ??= genres.all() as { value: string; albumCount: number; songCount: number }[];
      return genresKept;
    },
    /** The newest change to a music or radio entry (Unix seconds), 0 when none; kept until the catalogue changes (it reads every entry). */
    lastModified(): number {
      fresh();
      lastModifiedKept ??= (lastModified.get() as number | null) ?? 0;
      return lastModifiedKept;
    },
    /** A number that changes when another connection changes the catalogue (an import, a sync): answers made of it may be kept until then. */
    version: (): number => fresh(),
  };

  /**
   * The id of the song with a file at `rank` among the music and radio ones (in a folder). A block whose
   * files all belong to music and radio songs — as many files as its count, the usual case — holds the
   * song at its skip-th file: one read of the files' index, no song or entry looked up.
   */
  function audioAt(blocks: Blocks, rank: number, folder: number | null): number {
    const at = locate(blocks, rank)!;
    if (folder === null) {
      const block = blockOf(blocks, rank)!;
      const files = audioIdsOfBlock.all(at.start, at.start + 2 ** ID_BLOCK_SHIFT) as number[];
      if (files.length === blocks.ends[block] - (blocks.ends[block - 1] ?? 0)) return files[at.skip];
    }
    return audioIdAt.get({ ...at, folder }) as number;
  }

  /** The albums of these ids, in their order. */
  function albumsOfIds(ids: number[]): SubsonicAlbum[] {
    const rows = new Map((albumsByIds.all(JSON.stringify(ids)) as AlbumRow[]).map((r) => [r[0], r]));
    return ids.map((id) => toAlbumOf(rows.get(id)!));
  }

  /** The songs of these ids (ascending). */
  function songsOfIds(ids: number[]): SubsonicSong[] {
    return withAlbums(songRowsByIds.all(JSON.stringify(ids)) as SongRow[]);
  }

  /** Songs with their albums: a page holds many songs of each album, and each album is read and made once. */
  function withAlbums(rows: SongRow[]): SubsonicSong[] {
    const parents = [...new Set(rows.map((r) => r[1]))];
    const albums = new Map((albumsByIds.all(JSON.stringify(parents)) as AlbumRow[]).map((r) => [r[0], toAlbumOf(r)]));
    return rows.map((row) => toSongOf(row, albums.get(row[1])!));
  }

  /** A page's album ids in the orders an index (or a kept order) answers, else undefined. */
  function albumIds(f: AlbumFilter, limit: number, offset: number): number[] | undefined {
    const folder = f.folder ?? null;
    const years = f.from !== undefined || f.to !== undefined;
    const idPages = f.folder === undefined ? idPagesAll : idPagesInFolder;
    if (f.order === 'newest' && !f.genre && !years) return idPages.newest.all({ folder, limit, offset }) as number[];
    if (f.order === 'byYear' && !f.genre && f.from !== undefined && f.to !== undefined)
      return (f.descending ? idPages.byYearDesc : idPages.byYear).all({ folder, from: f.from, to: f.to, limit, offset }) as number[];
    if (f.order === 'alphabeticalByName' && !f.genre && !years) return idPages.alphabeticalByName.all({ folder, limit, offset }) as number[];
    if (f.order === 'byGenre' && f.genre && !years) {
      const tag = tagId.get(f.genre) as number | undefined;
      return tag === undefined ? [] : (idPages.byGenre.all({ folder, tag, limit, offset }) as number[]);
    }
    if (f.order === 'alphabeticalByArtist' && !f.genre && !years) {
      // The artist is the first of the meta's people: no index holds it, so the whole order is kept (until the catalogue changes).
      fresh();
      let ids = byArtistKept.get(folder);
      if (!ids) {
        ids = byArtistIds.all({ folder }) as number[];
        byArtistKept.set(folder, ids);
      }
      return ids.slice(offset, offset + limit);
    }
    return undefined;
  }

  function readArtists(folder: number | undefined): SubsonicArtist[] {
    const rows = (folder === undefined ? artistRows.all() : artistRowsOf.all(folder)) as { fold: string; name: string; wikiId: number; subId: number }[];
    const found: SubsonicArtist[] = [];
    // Per folded name: the name an entry first writes (else the first song's), and how many entries name them.
    for (let i = 0; i < rows.length;) {
      const fold = rows[i].fold;
      let name: string | undefined;
      let firstSong = { subId: Infinity, name: '' };
      const albums = new Set<number>(); // rows come by entry, so an entry's rows are together
      for (; i < rows.length && rows[i].fold === fold; i++) {
        const r = rows[i];
        if (r.subId === 0) {
          name ??= r.name;
          albums.add(r.wikiId);
        } else if (r.subId < firstSong.subId) firstSong = { subId: r.subId, name: r.name };
      }
      found.push({ name: name ?? firstSong.name, fold, albumCount: albums.size });
    }
    const collator = new Intl.Collator();
    return found.sort((a, b) => collator.compare(a.name, b.name));
  }
}

interface Blocks {
  /** Each block's first id, in order. */
  starts: number[];
  /** The rows in that block and those before it. */
  ends: number[];
  total: number;
}

/** "Similar" albums are looked for among this many of the newest albums of each tag. */
const SIMILAR_PER_TAG = 200;

/** Of picks for a random list with a genre or years: this many per song asked, before the matching songs are shuffled instead. */
const RANDOM_TRIES = 8;

/** Where the row at `rank` (0-based) is: its block's first id and how many rows of the block come before it; undefined past the last. */
function locate(blocks: Blocks, rank: number): { start: number; skip: number } | undefined {
  const at = blockOf(blocks, rank);
  return at === undefined ? undefined : { start: blocks.starts[at], skip: rank - (blocks.ends[at - 1] ?? 0) };
}

/** The index of the block the row at `rank` is in; undefined past the last. */
function blockOf(blocks: Blocks, rank: number): number | undefined {
  if (rank < 0 || rank >= blocks.total) return undefined;
  let low = 0;
  let high = blocks.ends.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (blocks.ends[mid] > rank) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** `count` distinct ranks below `total` (all of them when fewer), in a random order. */
function randomRanks(total: number, count: number): number[] {
  if (count >= total) {
    const all = Array.from({ length: total }, (_, i) => i);
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [all[i], all[j]] = [all[j], all[i]];
    }
    return all;
  }
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(Math.random() * total));
  return [...picked];
}
