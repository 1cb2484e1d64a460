// The catalogue database's schema, as migrations keyed on `user_version`. The catalogue is rebuilt,
// not edited, so migrations are few; a file whose version this code does not know is refused.
//
// Ids: `wiki_id`/`sub_id` are decided by the sources (see bangumi-source.ts and the demo spec) and by
// importers (from IMPORT_ID_BASE up), never by insertion order, so they survive rebuilds.

/** One pair of the wiki_meta and sub_meta JSON columns. */
export interface MetaItem {
  key: string;
  value: string;
}

export const CATALOGUE_APPLICATION_ID = 0x4d6f6543; // 'MoeC': marks a file as a Moecat catalogue

/** wiki_date_count's buckets: wiki_date >> DATE_BUCKET_SHIFT, 2^23 s (97 days) each. */
export const DATE_BUCKET_SHIFT = 23;
/** music_block's blocks: id >> ID_BLOCK_SHIFT, 32 ids each. */
export const ID_BLOCK_SHIFT = 5;

export const CATALOGUE_MIGRATIONS: readonly string[] = [
  /* 1 */ `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE source (
    source_id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('bundled', 'folder', 'remote')),
    -- bundled: 'bangumi-data' | 'demo'; folder: the folder's absolute path; remote: the API's base URL.
    locator TEXT NOT NULL,
    -- What the user sees in Settings (the folder's name, the remote's host).
    name TEXT NOT NULL DEFAULT '',
    -- Unix seconds of the first and the latest completed import or sync (0 for bundled sources).
    added_at INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL DEFAULT 0,
    -- The importer's own bookkeeping (a sync's resume cursor, a folder's file fingerprints …).
    state TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(state)),
    UNIQUE (kind, locator)
  ) STRICT;

  -- A folder import's record of each audio file it took (import/folder-import.ts): its path inside the
  -- folder, album key, size and mtime, the sidecar's and folder cover's fingerprints, its saved cover,
  -- and everything read from it (FileRecord as JSON, lyrics left out). Written after the albums it
  -- changes, so an interrupted import leaves the old records and the next run reads those files again.
  CREATE TABLE folder_file (
    source_id INTEGER NOT NULL REFERENCES source (source_id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    album TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime INTEGER NOT NULL,
    lrc TEXT NOT NULL,
    folder_cover TEXT NOT NULL,
    cover TEXT,
    record TEXT NOT NULL,
    PRIMARY KEY (source_id, path)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX folder_file_album ON folder_file (source_id, album);

  CREATE TABLE wiki (
    wiki_id INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES source (source_id),
    source_key TEXT NOT NULL,
    wiki_type TEXT NOT NULL CHECK (wiki_type IN ('music', 'radio', 'tv', 'web', 'movie', 'ova', 'oad')),
    -- The entry's section, as contract/sections.ts's sectionOf() says: music, radio, else anime. A
    -- column the writer fills (the CHECK keeps it true), not a generated one: SQLite reads no index
    -- that holds a generated column as covering, and wiki_by_section_date must be.
    wiki_section TEXT NOT NULL CHECK (wiki_section = CASE WHEN wiki_type IN ('music', 'radio') THEN wiki_type ELSE 'anime' END),
    wiki_title TEXT NOT NULL,
    -- The folded title (search-fold.ts): the search's exact-title and title-prefix tiers.
    wiki_title_fold TEXT NOT NULL,
    wiki_title_encode TEXT NOT NULL,
    wiki_initial TEXT NOT NULL CHECK (length(wiki_initial) = 1),
    wiki_date INTEGER NOT NULL,
    wiki_modified INTEGER NOT NULL,
    wiki_about TEXT NOT NULL DEFAULT '',
    wiki_meta TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(wiki_meta)),
    -- Copies of wiki_alias, wiki_tag and the Bangumi id, so one row makes a whole API object.
    wiki_aliases TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(wiki_aliases)),
    wiki_tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(wiki_tags)),
    wiki_bgm_id INTEGER,
    -- An imported or synced cover: its folder under the data directory's covers/ (four sizes inside).
    cover_file TEXT,
    UNIQUE (source_id, source_key)
  ) STRICT;
  -- The entry list pages through covering indexes (read/wiki-list.ts): the filters' columns ride
  -- along, so skipping to a deep page reads index entries only, never table rows.
  CREATE INDEX wiki_by_type_date ON wiki (wiki_type, wiki_date DESC, wiki_id DESC, wiki_initial);
  CREATE INDEX wiki_by_section_date ON wiki (wiki_section, wiki_date DESC, wiki_id DESC, wiki_type, wiki_initial);
  CREATE INDEX wiki_by_title ON wiki (wiki_title);
  CREATE INDEX wiki_by_title_fold ON wiki (wiki_title_fold, wiki_type);
  CREATE INDEX wiki_by_initial ON wiki (wiki_initial, wiki_type, wiki_date DESC, wiki_id DESC);
  CREATE INDEX wiki_by_bgm_id ON wiki (wiki_bgm_id) WHERE wiki_bgm_id IS NOT NULL;

  -- The keyword index (search-index.ts): own title, aliases + title key, type.
  CREATE VIRTUAL TABLE wiki_fts USING fts5 (title, other, kind,
    tokenize = 'ascii', prefix = '1 2', content = '', contentless_delete = 1);

  -- Every name an entry is searched by, folded (search-fold.ts): its title, translated titles and the
  -- romanisation of a Japanese title, and the parts of those after a colon or dash (search-names.ts).
  -- The search's exact-name and name-prefix tiers read it through its primary key.
  CREATE TABLE wiki_name (
    name TEXT NOT NULL,
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    -- 1: only the head or tail of a name (it ranks with the names that start with the words).
    part INTEGER NOT NULL CHECK (part IN (0, 1)),
    PRIMARY KEY (name, wiki_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX wiki_name_by_wiki ON wiki_name (wiki_id);

  -- The Latin words of every entry's names, for a keyword word that matches nothing: the search tries
  -- the words one typing slip away (search-spelling.ts).
  CREATE TABLE search_word (
    word TEXT PRIMARY KEY,
    -- How many names hold it: of two spellings one slip away, the commoner is taken.
    n INTEGER NOT NULL DEFAULT 1
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE wiki_alias (
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    alias TEXT NOT NULL,
    lang TEXT NOT NULL,
    PRIMARY KEY (wiki_id, alias)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE wiki_external (
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    site TEXT NOT NULL,
    external_id TEXT NOT NULL,
    PRIMARY KEY (wiki_id, site)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX wiki_external_by_id ON wiki_external (site, external_id);

  -- Where to watch an anime and where to read about it (build/watch-sites.ts: bangumi-data's on-air
  -- and info sites with their links built), in the source's order.
  CREATE TABLE wiki_site (
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    site_order INTEGER NOT NULL,
    site TEXT NOT NULL,
    site_name TEXT NOT NULL,
    site_kind TEXT NOT NULL CHECK (site_kind IN ('onair', 'info')),
    site_url TEXT NOT NULL,
    -- Unix seconds of the site's own first broadcast; 0 when not given.
    site_begin INTEGER NOT NULL DEFAULT 0,
    site_regions TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(site_regions)),
    PRIMARY KEY (wiki_id, site_order),
    UNIQUE (wiki_id, site)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE tag (
    tag_id INTEGER PRIMARY KEY,
    tag_name TEXT NOT NULL UNIQUE
  ) STRICT;

  CREATE TABLE wiki_tag (
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tag (tag_id),
    -- Copies of the entry's list keys (written with the row, kept by wiki_keys_to_tags): a tag filter
    -- counts and pages inside wiki_tag_by_tag alone, newest first, never reading entry rows.
    wiki_type TEXT NOT NULL,
    wiki_date INTEGER NOT NULL,
    wiki_initial TEXT NOT NULL,
    PRIMARY KEY (wiki_id, tag_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX wiki_tag_by_tag ON wiki_tag (tag_id, wiki_type, wiki_date DESC, wiki_id DESC, wiki_initial);
  CREATE TRIGGER wiki_keys_to_tags AFTER UPDATE OF wiki_type, wiki_date, wiki_initial ON wiki BEGIN
    UPDATE wiki_tag SET wiki_type = new.wiki_type, wiki_date = new.wiki_date, wiki_initial = new.wiki_initial
      WHERE wiki_id = new.wiki_id;
  END;

  -- How many entries each (type, initial, source) has: the entry list's count for its common filters
  -- (types, initial, source) sums a few rows here instead of walking every matching index entry.
  -- Filled when a build finishes and kept by triggers from then on (CATALOGUE_FINISH below).
  CREATE TABLE wiki_count (
    wiki_type TEXT NOT NULL,
    wiki_initial TEXT NOT NULL,
    source_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (wiki_type, wiki_initial, source_id)
  ) STRICT, WITHOUT ROWID;

  -- How many entries each type has per date bucket (wiki_date >> ${DATE_BUCKET_SHIFT}: 97 days): a deep page of a list
  -- filtered by type alone skips whole buckets before it steps over index entries (read/wiki-list.ts).
  -- Filled and kept as wiki_count is.
  CREATE TABLE wiki_date_count (
    wiki_type TEXT NOT NULL,
    bucket INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (wiki_type, bucket)
  ) STRICT, WITHOUT ROWID;

  -- How many music and radio rows each source has per block of ${2 ** ID_BLOCK_SHIFT} ids (id >> ${ID_BLOCK_SHIFT}): 'album' the entries,
  -- 'song' their sub-entries, 'audio' those with a file. A page of the whole library by id (the
  -- OpenSubsonic face's empty search) and a random pick find the block an offset falls in from these
  -- counts and step over rows inside that block only (read/subsonic.ts). Filled and kept as wiki_count is.
  CREATE TABLE music_block (
    kind TEXT NOT NULL CHECK (kind IN ('album', 'song', 'audio')),
    source_id INTEGER NOT NULL,
    block INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (kind, source_id, block)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE sub (
    sub_id INTEGER PRIMARY KEY,
    sub_parent_wiki INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    source_key TEXT NOT NULL,
    sub_type TEXT NOT NULL CHECK (sub_type IN ('song', 'ep')),
    sub_order TEXT NOT NULL,
    sub_title TEXT NOT NULL,
    sub_title_fold TEXT NOT NULL,
    sub_title_encode TEXT NOT NULL,
    sub_view_title TEXT NOT NULL,
    sub_date INTEGER NOT NULL,
    sub_modified INTEGER NOT NULL,
    sub_about TEXT NOT NULL DEFAULT '',
    sub_meta TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(sub_meta)),
    UNIQUE (sub_parent_wiki, source_key)
  ) STRICT;
  CREATE INDEX sub_by_parent ON sub (sub_parent_wiki, sub_id);
  CREATE INDEX sub_by_title_fold ON sub (sub_title_fold, sub_type);

  -- The people each music and radio entry and sub-entry is by, one row per name (contract/credits.ts:
  -- artist, album artist, personality; "A, B" are two), keyed by the folded name (search-fold.ts): the
  -- OpenSubsonic face's artists (read/subsonic.ts) and an artist's page (read/artists.ts) read them
  -- here rather than every row's meta. sub_id 0: the entry's own meta names them; else that sub-entry's.
  -- Written with the rows (write/catalogue-rows.ts), gone with the entry.
  CREATE TABLE wiki_artist (
    artist_fold TEXT NOT NULL,
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    sub_id INTEGER NOT NULL,
    -- The name as the meta writes it.
    name TEXT NOT NULL,
    PRIMARY KEY (artist_fold, wiki_id, sub_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX wiki_artist_by_wiki ON wiki_artist (wiki_id);

  -- A sub-entry's own title and key, and its entry's title, aliases and key (so that a keyword mixing
  -- words of both is one index look-up, and search/sub never joins per match).
  CREATE VIRTUAL TABLE sub_fts USING fts5 (title, other, entry, kind,
    tokenize = 'ascii', prefix = '1 2', content = '', contentless_delete = 1);

  CREATE TABLE upload (
    up_id INTEGER PRIMARY KEY,
    up_obj_id INTEGER NOT NULL UNIQUE REFERENCES sub (sub_id) ON DELETE CASCADE,
    up_uri TEXT NOT NULL,
    -- The real format (contract/audio-formats.ts), read from the file's bytes.
    up_type TEXT NOT NULL,
    up_md5 TEXT NOT NULL,
    up_filesize INTEGER NOT NULL,
    up_bitrate INTEGER NOT NULL,
    up_length INTEGER NOT NULL,
    up_date INTEGER NOT NULL,
    -- Synced audio that stays on the remote: its absolute URL (up_url answers it); NULL = served here.
    up_remote_url TEXT,
    -- The codec as music-metadata names it, lossless or not, Hz and bits per sample (0 when unknown).
    up_codec TEXT NOT NULL DEFAULT '',
    up_lossless INTEGER NOT NULL DEFAULT 0 CHECK (up_lossless IN (0, 1)),
    up_sample_rate INTEGER NOT NULL DEFAULT 0,
    up_bit_depth INTEGER NOT NULL DEFAULT 0,
    -- ReplayGain from the file's tags: gains in dB, peaks as a fraction of full scale; NULL when untagged.
    up_track_gain REAL,
    up_track_peak REAL,
    up_album_gain REAL,
    up_album_peak REAL
  ) STRICT;

  -- A song's lyrics (import/lyrics.ts): synced lines with their times, or unsynced text lines.
  CREATE TABLE sub_lyrics (
    sub_id INTEGER PRIMARY KEY REFERENCES sub (sub_id) ON DELETE CASCADE,
    synced INTEGER NOT NULL CHECK (synced IN (0, 1)),
    source TEXT NOT NULL CHECK (source IN ('lrc', 'sylt', 'uslt')),
    -- [{time_ms, text}], in time order.
    lines TEXT NOT NULL CHECK (json_valid(lines))
  ) STRICT;

  CREATE TABLE onair (
    wiki_id INTEGER NOT NULL REFERENCES wiki (wiki_id) ON DELETE CASCADE,
    oa_weekday INTEGER NOT NULL CHECK (oa_weekday BETWEEN 1 AND 7),
    oa_minute INTEGER NOT NULL,
    oa_period_days INTEGER NOT NULL,
    oa_date_begin INTEGER NOT NULL,
    oa_date_end INTEGER NOT NULL,
    PRIMARY KEY (wiki_id, oa_weekday)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX onair_by_day ON onair (oa_weekday, oa_minute, wiki_id);
  `,
];

/** The triggers that move `stamp`'s count in section_change whenever a row of `table` is inserted, deleted or updated. */
const stampTriggers = (name: string, table: string, stamp: string) =>
  ['insert', 'delete', 'update']
    .map(
      (event) => `CREATE TRIGGER IF NOT EXISTS section_change_${name}_${event} AFTER ${event.toUpperCase()} ON ${table} BEGIN
    UPDATE section_change SET n = n + 1 WHERE section = '${stamp}';
  END;`,
    )
    .join('\n  ');

/**
 * Run by finishCatalogue() after a build's last row: counts every entry into wiki_count and
 * wiki_date_count at once, then adds the triggers that keep the counts for the writer of imports and
 * syncs. Not part of the tables' migration because a trigger makes every insert keep a statement
 * journal: a build of 30k entries took 35 % longer with them in place from the start.
 */
export const CATALOGUE_FINISH = `
  DELETE FROM music_block;
  INSERT INTO music_block SELECT 'album', source_id, wiki_id >> ${ID_BLOCK_SHIFT}, count(*) FROM wiki WHERE wiki_section IN ('music', 'radio') GROUP BY 2, 3;
  INSERT INTO music_block SELECT 'song', w.source_id, s.sub_id >> ${ID_BLOCK_SHIFT}, count(*) FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki
    WHERE w.wiki_section IN ('music', 'radio') GROUP BY 2, 3;
  INSERT INTO music_block SELECT 'audio', w.source_id, s.sub_id >> ${ID_BLOCK_SHIFT}, count(*) FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id
    JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE w.wiki_section IN ('music', 'radio') GROUP BY 2, 3;
  CREATE TRIGGER IF NOT EXISTS music_block_album_insert AFTER INSERT ON wiki WHEN new.wiki_section IN ('music', 'radio') BEGIN
    INSERT INTO music_block VALUES ('album', new.source_id, new.wiki_id >> ${ID_BLOCK_SHIFT}, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER IF NOT EXISTS music_block_song_insert AFTER INSERT ON sub BEGIN
    INSERT INTO music_block SELECT 'song', w.source_id, new.sub_id >> ${ID_BLOCK_SHIFT}, 1 FROM wiki w
      WHERE w.wiki_id = new.sub_parent_wiki AND w.wiki_section IN ('music', 'radio') ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER IF NOT EXISTS music_block_audio_insert AFTER INSERT ON upload BEGIN
    INSERT INTO music_block SELECT 'audio', w.source_id, s.sub_id >> ${ID_BLOCK_SHIFT}, 1 FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki
      WHERE s.sub_id = new.up_obj_id AND w.wiki_section IN ('music', 'radio') ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  -- Sub-entries and their files leave with their entry (the writer deletes and updates none alone, nor
  -- an entry in place): counted off before the entry goes, while its rows are still there.
  CREATE TRIGGER IF NOT EXISTS music_block_album_delete BEFORE DELETE ON wiki WHEN old.wiki_section IN ('music', 'radio') BEGIN
    UPDATE music_block SET n = n - 1 WHERE kind = 'album' AND source_id = old.source_id AND block = old.wiki_id >> ${ID_BLOCK_SHIFT};
    UPDATE music_block SET n = n - (SELECT count(*) FROM sub s WHERE s.sub_parent_wiki = old.wiki_id AND s.sub_id >> ${ID_BLOCK_SHIFT} = music_block.block)
      WHERE kind = 'song' AND source_id = old.source_id AND block IN (SELECT sub_id >> ${ID_BLOCK_SHIFT} FROM sub WHERE sub_parent_wiki = old.wiki_id);
    UPDATE music_block SET n = n - (SELECT count(*) FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id
        WHERE s.sub_parent_wiki = old.wiki_id AND s.sub_id >> ${ID_BLOCK_SHIFT} = music_block.block)
      WHERE kind = 'audio' AND source_id = old.source_id
        AND block IN (SELECT s.sub_id >> ${ID_BLOCK_SHIFT} FROM sub s JOIN upload u ON u.up_obj_id = s.sub_id WHERE s.sub_parent_wiki = old.wiki_id);
  END;
  DELETE FROM wiki_count;
  INSERT INTO wiki_count SELECT wiki_type, wiki_initial, source_id, count(*) FROM wiki GROUP BY 1, 2, 3;
  CREATE TRIGGER IF NOT EXISTS wiki_count_insert AFTER INSERT ON wiki BEGIN
    INSERT INTO wiki_count VALUES (new.wiki_type, new.wiki_initial, new.source_id, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER IF NOT EXISTS wiki_count_delete AFTER DELETE ON wiki BEGIN
    UPDATE wiki_count SET n = n - 1
      WHERE wiki_type = old.wiki_type AND wiki_initial = old.wiki_initial AND source_id = old.source_id;
  END;
  CREATE TRIGGER IF NOT EXISTS wiki_count_update AFTER UPDATE OF wiki_type, wiki_initial, source_id ON wiki BEGIN
    UPDATE wiki_count SET n = n - 1
      WHERE wiki_type = old.wiki_type AND wiki_initial = old.wiki_initial AND source_id = old.source_id;
    INSERT INTO wiki_count VALUES (new.wiki_type, new.wiki_initial, new.source_id, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  -- Which sections a commit changed, for the server's answer cache: an answer made of anime alone (On
  -- air, a season) stays while a folder import writes music. An entry is written whole (deleted and
  -- inserted again); the schedule and an upload's cached audio change in place too. Beside the
  -- sections, what else a job commits, so that such a commit is not taken for a change of anything:
  -- 'files' (a folder import's records of its files, which no answer reads), 'sources' (a source
  -- added, its state, one removed; an entry shows its source's kind and name, so a change of those,
  -- which the writer never makes, counts as every section's) and 'statistics' (the planner's, which
  -- change plans, not rows: CatalogueWriter.keepStatistics bumps it).
  CREATE TABLE IF NOT EXISTS section_change (section TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT;
  INSERT OR IGNORE INTO section_change VALUES ('music', 0), ('radio', 0), ('anime', 0), ('files', 0), ('sources', 0), ('statistics', 0);
  ${stampTriggers('file', 'folder_file', 'files')}
  ${stampTriggers('source', 'source', 'sources')}
  CREATE TRIGGER IF NOT EXISTS section_change_source_name AFTER UPDATE OF kind, locator, name ON source BEGIN
    UPDATE section_change SET n = n + 1 WHERE section IN ('music', 'radio', 'anime');
  END;
  CREATE TRIGGER IF NOT EXISTS section_change_insert AFTER INSERT ON wiki BEGIN
    UPDATE section_change SET n = n + 1 WHERE section = new.wiki_section;
  END;
  CREATE TRIGGER IF NOT EXISTS section_change_delete AFTER DELETE ON wiki BEGIN
    UPDATE section_change SET n = n + 1 WHERE section = old.wiki_section;
  END;
  CREATE TRIGGER IF NOT EXISTS section_change_update AFTER UPDATE ON wiki BEGIN
    UPDATE section_change SET n = n + 1 WHERE section IN (old.wiki_section, new.wiki_section);
  END;
  CREATE TRIGGER IF NOT EXISTS section_change_sub AFTER UPDATE ON sub BEGIN
    UPDATE section_change SET n = n + 1 WHERE section = (SELECT wiki_section FROM wiki WHERE wiki_id = new.sub_parent_wiki);
  END;
  CREATE TRIGGER IF NOT EXISTS section_change_upload AFTER UPDATE ON upload BEGIN
    UPDATE section_change SET n = n + 1
      WHERE section = (SELECT w.wiki_section FROM sub s JOIN wiki w ON w.wiki_id = s.sub_parent_wiki WHERE s.sub_id = new.up_obj_id);
  END;
  ${stampTriggers('onair', 'onair', 'anime')}
  DELETE FROM wiki_date_count;
  INSERT INTO wiki_date_count SELECT wiki_type, wiki_date >> ${DATE_BUCKET_SHIFT}, count(*) FROM wiki GROUP BY 1, 2;
  CREATE TRIGGER IF NOT EXISTS wiki_date_count_insert AFTER INSERT ON wiki BEGIN
    INSERT INTO wiki_date_count VALUES (new.wiki_type, new.wiki_date >> ${DATE_BUCKET_SHIFT}, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER IF NOT EXISTS wiki_date_count_delete AFTER DELETE ON wiki BEGIN
    UPDATE wiki_date_count SET n = n - 1 WHERE wiki_type = old.wiki_type AND bucket = old.wiki_date >> ${DATE_BUCKET_SHIFT};
  END;
  CREATE TRIGGER IF NOT EXISTS wiki_date_count_update AFTER UPDATE OF wiki_type, wiki_date ON wiki BEGIN
    UPDATE wiki_date_count SET n = n - 1 WHERE wiki_type = old.wiki_type AND bucket = old.wiki_date >> ${DATE_BUCKET_SHIFT};
    INSERT INTO wiki_date_count VALUES (new.wiki_type, new.wiki_date >> ${DATE_BUCKET_SHIFT}, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  END;
`;

export const CATALOGUE_SCHEMA_VERSION = CATALOGUE_MIGRATIONS.length;

/**
 * What the writer (write/catalogue-rows.ts) puts in the rows for the same source, as a number: bump it
 * when that changes (2: the search index holds the artists; 3: entries' names and romanised titles; 4: the
 * music's artists in wiki_artist). It is part of the schema's fingerprint,
 * so a catalogue written before counts as outdated: a shipped one is rebuilt, a working copy merged
 * into the new build (its imported and synced rows written again).
 */
export const CATALOGUE_ROWS_VERSION = 4;

/** Ids of rows added at run time (folder import, remote sync) start here, above every bundled range. */
export const IMPORT_ID_BASE = 100_000_000;
