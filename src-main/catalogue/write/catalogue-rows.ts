// Writing catalogue rows: the prepared inserts, one entry with everything that hangs off it (aliases,
// tags, sub-entries, uploads, schedule, search index rows), and the finishing step. Shared by the
// builder, the scale generator and the writer of imports and syncs (catalogue-writer.ts), so every
// source produces exactly the same rows. Free of the builder's heavy dependencies (audio synthesis).
import type Database from 'better-sqlite3';
import { scheduleFor } from './broadcast';
import { sectionOf } from '../../contract/sections';
import { CATALOGUE_SCHEMA_FINGERPRINT } from '../db/catalogue-kind';
import type { Db } from '../db/database';
import { searchFold } from '../search/search-fold';
import { indexColumn, joinColumns, type TokenTally } from '../search/search-index';
import { entryNames, latinWords } from '../search/search-names';
import { CATALOGUE_FINISH } from '../db/schema';
import type { DerivedTitle, MetaItem, SourceEntry } from './source-entry';
import { artistNames, PEOPLE_KEYS } from '../../contract/credits';
import { initialOf, titleKey } from '../search/title-key';
import { subViewTitle } from './view-title';

type Statement = Database.Statement<unknown[]>;

/**
 * `bulk`: a build that ends in finishCatalogue(): no index merging while rows arrive (the setting is kept
 * in the file; the writer of imports turns merging back on). Otherwise FTS5 merges as it goes.
 */
export function prepareInserts(db: Db, { bulk = true }: { bulk?: boolean } = {}): Record<InsertName, Statement> {
  for (const table of ['wiki_fts', 'sub_fts']) {
    db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', ${bulk ? 0 : 4})`).run();
  }
  return {
    source: db.prepare("INSERT INTO source (source_id, kind, locator) VALUES (?, 'bundled', ?)"),
    wiki: db.prepare(`INSERT INTO wiki (wiki_id, source_id, source_key, wiki_type, wiki_section, wiki_title, wiki_title_fold, wiki_title_encode,
      wiki_initial, wiki_date, wiki_modified, wiki_about, wiki_meta, wiki_aliases, wiki_tags, wiki_bgm_id, cover_file)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    wikiFts: db.prepare('INSERT INTO wiki_fts (rowid, title, other, kind) VALUES (?, ?, ?, ?)'),
    subFts: db.prepare('INSERT INTO sub_fts (rowid, title, other, entry, kind) VALUES (?, ?, ?, ?, ?)'),
    wikiFtsDelete: db.prepare('DELETE FROM wiki_fts WHERE rowid = ?'),
    subFtsDelete: db.prepare('DELETE FROM sub_fts WHERE rowid = ?'),
    alias: db.prepare('INSERT OR IGNORE INTO wiki_alias (wiki_id, alias, lang) VALUES (?, ?, ?)'),
    name: db.prepare('INSERT OR IGNORE INTO wiki_name (name, wiki_id, part) VALUES (?, ?, ?)'),
    word: db.prepare('INSERT INTO search_word (word) VALUES (?) ON CONFLICT (word) DO UPDATE SET n = n + 1'),
    external: db.prepare('INSERT INTO wiki_external (wiki_id, site, external_id) VALUES (?, ?, ?)'),
    site: db.prepare(`INSERT INTO wiki_site (wiki_id, site_order, site, site_name, site_kind, site_url, site_begin, site_regions)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    tag: db.prepare('INSERT INTO tag (tag_id, tag_name) VALUES (?, ?)'),
    wikiTag: db.prepare('INSERT INTO wiki_tag (wiki_id, tag_id, wiki_type, wiki_date, wiki_initial) VALUES (?, ?, ?, ?, ?)'),
    sub: db.prepare(`INSERT INTO sub (sub_id, sub_parent_wiki, source_key, sub_type, sub_order, sub_title, sub_title_fold,
      sub_title_encode, sub_view_title, sub_date, sub_modified, sub_about, sub_meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    upload: db.prepare(`INSERT INTO upload (up_id, up_obj_id, up_uri, up_type, up_md5, up_filesize, up_bitrate, up_length, up_date, up_remote_url,
      up_codec, up_lossless, up_sample_rate, up_bit_depth, up_track_gain, up_track_peak, up_album_gain, up_album_peak)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    lyrics: db.prepare('INSERT INTO sub_lyrics (sub_id, synced, source, lines) VALUES (?, ?, ?, ?)'),
    onair: db.prepare(`INSERT INTO onair (wiki_id, oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end)
      VALUES (?, ?, ?, ?, ?, ?)`),
    meta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)'),
    artist: db.prepare('INSERT OR IGNORE INTO wiki_artist (artist_fold, wiki_id, sub_id, name) VALUES (?, ?, ?, ?)'),
  };
}

type InsertName =
  | 'source'
  | 'wiki'
  | 'wikiFts'
  | 'subFts'
  | 'wikiFtsDelete'
  | 'subFtsDelete'
  | 'alias'
  | 'name'
  | 'word'
  | 'external'
  | 'site'
  | 'lyrics'
  | 'tag'
  | 'wikiTag'
  | 'sub'
  | 'upload'
  | 'onair'
  | 'meta'
  | 'artist';
export type CatalogueInserts = Record<InsertName, Statement>;

const derive = (title: string, d: DerivedTitle | undefined): DerivedTitle => d ?? { key: titleKey(title), fold: searchFold(title) };

/** The people an entry or a song is by (contract/credits.ts), once each, in order. */
function peopleNames(meta: readonly MetaItem[] | undefined): string[] {
  return [...new Set((meta ?? []).filter((m) => (PEOPLE_KEYS as readonly string[]).includes(m.key)).flatMap((m) => artistNames(m.value)))];
}

/** People's names folded (searchFold) and as title keys: a name recurs song after song, so each is worked out once. */
const nameForms = new Map<string, [fold: string, key: string]>();
function formsOf(name: string): [fold: string, key: string] {
  let forms = nameForms.get(name);
  if (forms === undefined) {
    if (nameForms.size >= 10_000) nameForms.clear();
    forms = [searchFold(name), titleKey(name)];
    nameForms.set(name, forms);
  }
  return forms;
}

/** The people an entry or a song is by, as index fields: folded and as title keys, so search finds them as it finds titles. */
function peopleFields(meta: readonly MetaItem[] | undefined): string[] {
  return peopleNames(meta).flatMap(formsOf);
}

/** A music or radio entry's (subId 0) or song's people, as wiki_artist rows. */
function writeArtists(ins: CatalogueInserts, wikiId: number, subId: number, meta: readonly MetaItem[] | undefined): void {
  for (const name of peopleNames(meta)) {
    const [fold] = formsOf(name);
    if (fold !== '') ins.artist.run(fold, wikiId, subId, name);
  }
}

/**
 * Search index rows held back until the other rows of a batch are in (docs/search-and-performance.md,
 * "Writing rows"). An FTS5 table moves the rows it holds in memory into a new segment on disk whenever a
 * statement of the same transaction opens a statement journal — every insert that fires a trigger (a song,
 * its upload) or deletes with a cascade — so index rows written between such statements made a segment
 * of one row each. Held and written together, a batch's rows make one segment. Deletions of index rows
 * are held too, in the one order with the additions, so writing them replays exactly what writing at once
 * would have done.
 */
export class PendingSearchRows {
  private ops: SearchOp[] = [];

  addWiki(rowid: number, title: string, other: string, kind: string): void {
    this.ops.push({ table: 'wiki', rowid, row: [title, other, kind] });
  }

  addSub(rowid: number, title: string, other: string, entry: string, kind: string): void {
    this.ops.push({ table: 'sub', rowid, row: [title, other, entry, kind] });
  }

  /** An index row to delete (an entry or song written again or removed). */
  remove(table: 'wiki' | 'sub', rowid: number): void {
    this.ops.push({ table, rowid });
  }

  /** How much is held, to go back to with truncate() when the write that added the rest is undone. */
  mark(): number {
    return this.ops.length;
  }

  truncate(mark: number): void {
    this.ops.length = Math.min(this.ops.length, mark);
  }

  /** Writes what is held, in the order it came (at most `max` of it), and forgets it; answers how much is left. */
  write(ins: CatalogueInserts, max = Infinity): number {
    const n = Math.min(max, this.ops.length);
    for (let i = 0; i < n; i++) {
      const op = this.ops[i];
      if (!op.row) (op.table === 'wiki' ? ins.wikiFtsDelete : ins.subFtsDelete).run(op.rowid);
      else (op.table === 'wiki' ? ins.wikiFts : ins.subFts).run(op.rowid, ...op.row);
    }
    this.ops.splice(0, n);
    return this.ops.length;
  }

  clear(): void {
    this.ops = [];
  }
}

interface SearchOp {
  table: 'wiki' | 'sub';
  rowid: number;
  /** The row's columns after its rowid; absent: the row is deleted. */
  row?: string[];
}

/**
 * Writes one entry with its aliases, sites, tags, sub-entries, uploads, schedule and search index rows;
 * `tally` (a whole build's) counts the index's common trigrams, which finishCatalogue() records. With
 * `search`, the entry's search index rows are added to it, for the caller to write after its batch;
 * without, they are written last, after the entry's other rows.
 */
export function writeEntry(
  ins: CatalogueInserts,
  sourceId: number,
  e: SourceEntry,
  tagIds: Map<string, number>,
  timeZone: string,
  tally?: TokenTally,
  search?: PendingSearchRows,
): number {
  const searchRows = search ?? new PendingSearchRows();
  const { key, fold } = derive(e.title, e.derived);
  const aliases = [...new Set(e.aliases.map((a) => a.title))];
  const tags = [...new Set(e.tags)];
  const initial = initialOf(key);
  ins.wiki.run(
    e.wikiId,
    sourceId,
    e.sourceKey,
    e.type,
    sectionOf(e.type),
    e.title,
    fold,
    key,
    initial,
    e.date,
    e.modified,
    e.about ?? '',
    JSON.stringify(e.meta),
    JSON.stringify(aliases),
    JSON.stringify(tags),
    e.bgmId ?? null,
    e.coverFile ?? null,
  );
  const other = indexColumn([...aliases.map(searchFold), key, ...(e.romaji ? [searchFold(e.romaji)] : []), ...peopleFields(e.meta)]);
  const titleText = indexColumn([fold]);
  const entryText = joinColumns(titleText, other);
  searchRows.addWiki(e.wikiId, titleText, other, e.type);
  const music = sectionOf(e.type) !== 'anime';
  if (music) writeArtists(ins, e.wikiId, 0, e.meta);
  const subTexts: string[][] = [];
  for (const a of e.aliases) ins.alias.run(e.wikiId, a.title, a.lang);
  const names = [e.title, ...aliases, ...(e.romaji ? [e.romaji] : [])];
  for (const { name, part } of entryNames(names)) ins.name.run(name, e.wikiId, part ? 1 : 0);
  for (const word of new Set(names.flatMap(latinWords))) ins.word.run(word);
  if (e.bgmId !== undefined) ins.external.run(e.wikiId, 'bangumi', String(e.bgmId));
  (e.sites ?? []).forEach((s, i) => ins.site.run(e.wikiId, i, s.site, s.name, s.kind, s.url, s.begin, JSON.stringify(s.regions)));
  for (const tag of tags) ins.wikiTag.run(e.wikiId, tagIds.get(tag)!, e.type, e.date, initial);
  for (const s of e.subs) {
    const sub = derive(s.title, s.derived);
    ins.sub.run(
      s.subId,
      e.wikiId,
      s.sourceKey,
      s.type,
      s.order,
      s.title,
      sub.fold,
      sub.key,
      subViewTitle(s.type, s.order, s.title),
      s.date,
      s.modified,
      s.about ?? '',
      JSON.stringify(s.meta ?? []),
    );
    const texts = [indexColumn([sub.fold]), indexColumn([sub.key, ...peopleFields(s.meta)])];
    searchRows.addSub(s.subId, texts[0], texts[1], entryText, s.type);
    if (music) writeArtists(ins, e.wikiId, s.subId, s.meta);
    subTexts.push(texts);
    const u = s.upload;
    if (u) {
      const a = u.audio ?? { type: 'mp3', codec: '', lossless: false, sampleRate: 0, bitDepth: 0 };
      ins.upload.run(
        s.subId,
        s.subId,
        u.uri,
        a.type,
        u.md5,
        u.filesize,
        u.bitrate,
        u.length,
        u.date,
        u.remoteUrl ?? null,
        a.codec,
        a.lossless ? 1 : 0,
        a.sampleRate,
        a.bitDepth,
        a.replayGain?.trackGain ?? null,
        a.replayGain?.trackPeak ?? null,
        a.replayGain?.albumGain ?? null,
        a.replayGain?.albumPeak ?? null,
      );
    }
    if (s.lyrics) ins.lyrics.run(s.subId, s.lyrics.synced ? 1 : 0, s.lyrics.source, JSON.stringify(s.lyrics.lines));
  }
  tally?.add([titleText, other], subTexts);
  const rows = e.schedule ?? scheduleFor(e.broadcast, e.end, timeZone);
  for (const r of rows) ins.onair.run(e.wikiId, r.weekday, r.minute, r.periodDays, r.dateBegin, r.dateEnd);
  if (!search) searchRows.write(ins);
  return rows.length > 0 ? 1 : 0;
}

/** Tag ids by name for rows written into an existing catalogue: known tags keep their id, new ones get the next. */
export function tagIdResolver(db: Db, ins: CatalogueInserts): (tags: string[]) => Map<string, number> {
  const tagByName = db.prepare('SELECT tag_id FROM tag WHERE tag_name = ?').pluck();
  const tagNextId = db.prepare('SELECT coalesce(max(tag_id), 0) + 1 FROM tag').pluck();
  return (tags) => {
    const ids = new Map<string, number>();
    for (const tag of new Set(tags)) {
      let id = tagByName.get(tag) as number | undefined;
      if (id === undefined) {
        id = tagNextId.get() as number;
        ins.tag.run(id, tag);
      }
      ids.set(tag, id);
    }
    return ids;
  };
}

/**
 * After the last row: counts the entries and adds the triggers that keep the counts (CATALOGUE_FINISH),
 * records the search index's common trigrams when the build tallied them (search-index.ts; a catalogue
 * that gains rows later keeps its build's tally), merges each FTS index into one segment (fewer
 * doclists to read per query), and takes the query planner's statistics of every table (0x10000: the
 * ones no query has used yet too), which CatalogueWriter.keepStatistics() keeps up as the tables grow.
 */
export function finishCatalogue(db: Db, tally?: TokenTally): void {
  db.exec(CATALOGUE_FINISH);
  if (tally) db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('search_common_tokens', ?)").run(tally.toJson());
  // Marks the file as made with this schema (openCatalogue refuses another fingerprint).
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_fingerprint', ?)").run(CATALOGUE_SCHEMA_FINGERPRINT);
  db.exec(`INSERT INTO wiki_fts (wiki_fts) VALUES ('optimize'); INSERT INTO sub_fts (sub_fts) VALUES ('optimize');`);
  db.pragma('optimize = 0x10002');
}
