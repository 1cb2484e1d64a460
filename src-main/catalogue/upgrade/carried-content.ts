// Reading the imported and synced content of an old working catalogue for the upgrade merge
// (catalogue-merge.ts): every non-bundled source with its entries in the shape the row writer takes
// (SourceEntry, ids included), plus what writeEntry() does not write from an entry, and a folder's
// file records (folder_file), so that the first re-import after an upgrade reads only what changed.
//
// Decisions: rows are read by column name (`SELECT *`) with defaults for what an older schema lacks,
// so a copy made by an earlier version still carries over where its columns allow; a column an entry
// cannot do without (id, key, type, title) missing is an error, never a silent drop. Entries are read
// one at a time while they are written, so a large synced catalogue is never held in memory whole.
// Derived fields (title keys, folds, view titles) are not read: the writer computes them again.
import type Database from 'better-sqlite3';
import type { LyricsDto } from '../../contract/objects';
import { SUB_TYPES, type MetaItem, type SourceEntry, type SourceSub, type ReplayGain, type SourceUpload } from '../write/source-entry';

type Db = Database.Database;
type Row = Record<string, unknown>;

export interface CarriedEntry {
  entry: SourceEntry;
  /** External ids besides the Bangumi one writeEntry writes. */
  externals: { site: string; externalId: string }[];
  onAir: Row[];
}

/** A folder import's record of one file (a folder_file row, import/folder-import.ts). */
export interface CarriedFile {
  path: string;
  album: string;
  size: number;
  mtime: number;
  lrc: string;
  folderCover: string;
  cover: string | null;
  record: string;
}

export interface CarriedSource {
  sourceId: number;
  kind: string;
  locator: string;
  name: string;
  addedAt: number;
  updatedAt: number;
  state: string;
  /** How many entries it has (read before they are). */
  entryCount: number;
  /** Its entries, read one at a time (a synced catalogue may be large). */
  entries(): IterableIterator<CarriedEntry>;
  /** A folder's file records (none when the old copy has no folder_file table), read one at a time. */
  files(): IterableIterator<CarriedFile>;
}

export interface CarriedContent {
  sources: CarriedSource[];
  /** meta next_import_wiki_id / next_import_sub_id of the old copy. */
  marks: { wiki: number | null; sub: number | null };
}

const hasTable = (db: Db, name: string) => db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !== undefined;

function need(row: Row, column: string, table: string): unknown {
  const value = row[column];
  if (value === undefined || value === null) throw new Error(`the ${table} table has no ${column}`);
  return value;
}
const str = (row: Row, column: string, fallback = '') => (typeof row[column] === 'string' ? (row[column] as string) : fallback);
const num = (row: Row, column: string, fallback = 0) => (typeof row[column] === 'number' || typeof row[column] === 'bigint' ? Number(row[column]) : fallback);
const real = (row: Row, column: string) => (typeof row[column] === 'number' ? (row[column] as number) : null);
/** An old upload's ReplayGain columns (a copy written before they existed has none). */
function replayGainOf(u: Row): { replayGain?: ReplayGain } {
  const rg = {
    trackGain: real(u, 'up_track_gain'),
    trackPeak: real(u, 'up_track_peak'),
    albumGain: real(u, 'up_album_gain'),
    albumPeak: real(u, 'up_album_peak'),
  };
  return Object.values(rg).some((v) => v !== null) ? { replayGain: rg } : {};
}
const optionalNum = (row: Row, column: string) => (row[column] === null || row[column] === undefined ? undefined : Number(row[column]));

function jsonOf<T>(row: Row, column: string, fallback: T): T {
  const text = row[column];
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const metaItems = (row: Row, column: string): MetaItem[] =>
  jsonOf<unknown[]>(row, column, []).filter((m): m is MetaItem => !!m && typeof (m as MetaItem).key === 'string' && typeof (m as MetaItem).value === 'string');

/** Every imported and synced source of an old working copy, read by column name (entries lazily). */
export function readCarried(db: Db): CarriedContent {
  const metaValue = (key: string) =>
    hasTable(db, 'meta') ? (db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) : undefined;
  const mark = (key: string) => {
    const value = Number(metaValue(key));
    return Number.isSafeInteger(value) ? value : null;
  };
  const marks = { wiki: mark('next_import_wiki_id'), sub: mark('next_import_sub_id') };
  if (!hasTable(db, 'source')) return { sources: [], marks };

  const rowsOf = (table: string, column: string) => (hasTable(db, table) ? db.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`) : undefined);
  const wikisOf = db.prepare('SELECT * FROM wiki WHERE source_id = ? ORDER BY wiki_id');
  const countOf = db.prepare('SELECT count(*) FROM wiki WHERE source_id = ?').pluck();
  const subsOf = db.prepare('SELECT * FROM sub WHERE sub_parent_wiki = ? ORDER BY sub_id');
  const aliasesOf = hasTable(db, 'wiki_alias') ? db.prepare('SELECT * FROM wiki_alias WHERE wiki_id = ?') : undefined;
  const tagsOf =
    hasTable(db, 'wiki_tag') && hasTable(db, 'tag')
      ? db.prepare('SELECT t.tag_name FROM wiki_tag x JOIN tag t ON t.tag_id = x.tag_id WHERE x.wiki_id = ? ORDER BY t.tag_name').pluck()
      : undefined;
  const uploadOf = rowsOf('upload', 'up_obj_id');
  const lyricsOf = rowsOf('sub_lyrics', 'sub_id');
  const externalsOf = rowsOf('wiki_external', 'wiki_id');
  const onAirOf = rowsOf('onair', 'wiki_id');
  const sitesOf = hasTable(db, 'wiki_site') ? db.prepare('SELECT * FROM wiki_site WHERE wiki_id = ? ORDER BY site_order') : undefined;

  const toSub = (s: Row): SourceSub => {
    const type = String(need(s, 'sub_type', 'sub'));
    if (!(SUB_TYPES as readonly string[]).includes(type)) throw new Error(`sub-entry ${String(s.sub_id)} has an unknown type "${type}"`);
    const u = uploadOf?.get(need(s, 'sub_id', 'sub')) as Row | undefined;
    const upload: SourceUpload | undefined = u && {
      uri: str(u, 'up_uri'),
      md5: str(u, 'up_md5'),
      filesize: num(u, 'up_filesize'),
      bitrate: num(u, 'up_bitrate'),
      length: num(u, 'up_length'),
      date: num(u, 'up_date'),
      ...(typeof u.up_remote_url === 'string' ? { remoteUrl: u.up_remote_url } : {}),
      audio: {
        type: str(u, 'up_type', 'mp3'),
        codec: str(u, 'up_codec'),
        lossless: num(u, 'up_lossless') === 1,
        sampleRate: num(u, 'up_sample_rate'),
        bitDepth: num(u, 'up_bit_depth'),
        ...replayGainOf(u),
      },
    };
    const l = lyricsOf?.get(need(s, 'sub_id', 'sub')) as Row | undefined;
    const source = l && (str(l, 'source') as LyricsDto['source']);
    const lyrics: LyricsDto | undefined =
      l && source && ['lrc', 'sylt', 'uslt'].includes(source)
        ? { synced: num(l, 'synced') === 1, source, lines: jsonOf<LyricsDto['lines']>(l, 'lines', []) }
        : undefined;
    return {
      subId: Number(s.sub_id),
      sourceKey: String(need(s, 'source_key', 'sub')),
      type: type as SourceSub['type'],
      order: str(s, 'sub_order'),
      title: String(need(s, 'sub_title', 'sub')),
      date: num(s, 'sub_date'),
      modified: num(s, 'sub_modified'),
      about: str(s, 'sub_about'),
      meta: metaItems(s, 'sub_meta'),
      ...(upload ? { upload } : {}),
      ...(lyrics ? { lyrics } : {}),
    };
  };

  const toEntry = (w: Row): CarriedEntry => {
    const wikiId = Number(need(w, 'wiki_id', 'wiki'));
    const aliasRows = (aliasesOf?.all(wikiId) ?? []) as Row[];
    const langOf = new Map(aliasRows.map((a) => [str(a, 'alias'), str(a, 'lang')]));
    // wiki_aliases / wiki_tags keep the order the source gave; the link tables are the fallback.
    const aliasTitles = 'wiki_aliases' in w ? jsonOf<string[]>(w, 'wiki_aliases', []) : [...langOf.keys()];
    const tags = 'wiki_tags' in w ? jsonOf<string[]>(w, 'wiki_tags', []) : ((tagsOf?.all(wikiId) ?? []) as string[]);
    const bgmId = optionalNum(w, 'wiki_bgm_id');
    const entry: SourceEntry = {
      wikiId,
      sourceKey: String(need(w, 'source_key', 'wiki')),
      type: String(need(w, 'wiki_type', 'wiki')) as SourceEntry['type'],
      title: String(need(w, 'wiki_title', 'wiki')),
      aliases: aliasTitles.map((title) => ({ title: String(title), lang: langOf.get(String(title)) ?? '' })),
      date: num(w, 'wiki_date'),
      modified: num(w, 'wiki_modified'),
      about: str(w, 'wiki_about'),
      meta: metaItems(w, 'wiki_meta'),
      tags: tags.map(String),
      ...(bgmId !== undefined ? { bgmId } : {}),
      ...(typeof w.cover_file === 'string' ? { coverFile: w.cover_file } : {}),
      sites: ((sitesOf?.all(wikiId) ?? []) as Row[]).map((x) => ({
        site: str(x, 'site'),
        name: str(x, 'site_name'),
        kind: str(x, 'site_kind') === 'info' ? ('info' as const) : ('onair' as const),
        url: str(x, 'site_url'),
        begin: num(x, 'site_begin'),
        regions: jsonOf<unknown[]>(x, 'site_regions', []).map(String),
      })),
      subs: (subsOf.all(wikiId) as Row[]).map(toSub),
    };
    const externals = ((externalsOf?.all(wikiId) ?? []) as Row[])
      .map((e) => ({ site: str(e, 'site'), externalId: str(e, 'external_id') }))
      .filter((e) => e.site && !(e.site === 'bangumi' && bgmId !== undefined));
    return { entry, externals, onAir: (onAirOf?.all(wikiId) ?? []) as Row[] };
  };

  const filesOf = hasTable(db, 'folder_file') ? db.prepare('SELECT * FROM folder_file WHERE source_id = ? ORDER BY path') : undefined;
  const toFile = (f: Row): CarriedFile => ({
    path: String(need(f, 'path', 'folder_file')),
    album: String(need(f, 'album', 'folder_file')),
    size: num(f, 'size'),
    mtime: num(f, 'mtime'),
    lrc: str(f, 'lrc'),
    folderCover: str(f, 'folder_cover'),
    cover: typeof f.cover === 'string' ? f.cover : null,
    record: String(need(f, 'record', 'folder_file')),
  });

  const sources = (db.prepare("SELECT * FROM source WHERE kind <> 'bundled' ORDER BY source_id").all() as Row[]).map((s) => ({
    sourceId: Number(need(s, 'source_id', 'source')),
    kind: String(need(s, 'kind', 'source')),
    locator: String(need(s, 'locator', 'source')),
    name: str(s, 'name'),
    addedAt: num(s, 'added_at'),
    updatedAt: num(s, 'updated_at'),
    state: str(s, 'state', '{}'),
    entryCount: countOf.get(s.source_id) as number,
    *entries() {
      for (const w of wikisOf.iterate(s.source_id) as IterableIterator<Row>) yield toEntry(w);
    },
    *files() {
      if (filesOf) for (const f of filesOf.iterate(s.source_id) as IterableIterator<Row>) yield toFile(f);
    },
  }));
  return { sources, marks };
}
