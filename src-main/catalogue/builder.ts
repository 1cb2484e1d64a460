// Builds the bundled catalogue (resources/catalogue/catalogue.db and its audio) from the pinned
// sources. The build is deterministic: same sources, same ids, same rows, no timestamps of its own.
// It writes to temporary names and renames at the end, so a failed build never leaves a broken file.
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bangumiEntries, loadBangumiData, type BangumiItem } from './bangumi-source';
import { scheduleFor } from './broadcast';
import { AUDIO_DIR, CATALOGUE_FILE } from './catalogue-files';
import { CATALOGUE_KIND, CATALOGUE_SCHEMA_FINGERPRINT } from './catalogue-kind';
import { openDatabase, type Db } from './database';
import { generateDemo } from './demo/demo-content';
import { CATALOGUE_MIGRATIONS } from './schema';
import type { DerivedTitle, SourceEntry } from './source-entry';
import { DEFAULT_TIME_ZONE } from './time-zone';
import { searchFold } from './search-fold';
import { indexColumn, joinColumns } from './search-index';
import { initialOf, titleKey } from './title-key';
import { subViewTitle } from './view-title';

export { AUDIO_DIR, CATALOGUE_FILE } from './catalogue-files';

export interface BuildProgress {
  phase: 'read' | 'audio' | 'write' | 'done';
  done: number;
  total: number;
}

export interface BuildOptions {
  outDir: string;
  timeZone?: string;
  /** Replaces the pinned bangumi-data items (tests use small fixtures). */
  bangumi?: { version: string; items: BangumiItem[] };
  onProgress?: (p: BuildProgress) => void;
}

export interface BuildReport {
  file: string;
  audioDir: string;
  entries: number;
  subs: number;
  uploads: number;
  onAir: number;
}

const SOURCES = [
  { id: 1, locator: 'bangumi-data' },
  { id: 2, locator: 'demo' },
] as const;

type Statement = Database.Statement<unknown[]>;

export function prepareInserts(db: Db): Record<InsertName, Statement> {
  // Bulk loading: no merging while rows arrive; finishCatalogue() merges everything into one segment.
  for (const table of ['wiki_fts', 'sub_fts']) {
    db.prepare(`INSERT INTO ${table} (${table}, rank) VALUES ('automerge', 0)`).run();
  }
  return {
    source: db.prepare("INSERT INTO source (source_id, kind, locator) VALUES (?, 'bundled', ?)"),
    wiki: db.prepare(`INSERT INTO wiki (wiki_id, source_id, source_key, wiki_type, wiki_title, wiki_title_fold, wiki_title_encode,
      wiki_initial, wiki_date, wiki_modified, wiki_about, wiki_meta, wiki_aliases, wiki_tags, wiki_bgm_id, cover_file)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    wikiFts: db.prepare('INSERT INTO wiki_fts (rowid, title, other, kind) VALUES (?, ?, ?, ?)'),
    subFts: db.prepare('INSERT INTO sub_fts (rowid, title, other, entry, kind) VALUES (?, ?, ?, ?, ?)'),
    alias: db.prepare('INSERT OR IGNORE INTO wiki_alias (wiki_id, alias, lang) VALUES (?, ?, ?)'),
    external: db.prepare('INSERT INTO wiki_external (wiki_id, site, external_id) VALUES (?, ?, ?)'),
    tag: db.prepare('INSERT INTO tag (tag_id, tag_name) VALUES (?, ?)'),
    wikiTag: db.prepare('INSERT INTO wiki_tag (wiki_id, tag_id) VALUES (?, ?)'),
    sub: db.prepare(`INSERT INTO sub (sub_id, sub_parent_wiki, source_key, sub_type, sub_order, sub_title, sub_title_fold,
      sub_title_encode, sub_view_title, sub_date, sub_modified, sub_about, sub_meta) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    upload: db.prepare(`INSERT INTO upload (up_id, up_obj_id, up_uri, up_type, up_md5, up_filesize, up_bitrate, up_length, up_date)
      VALUES (?, ?, ?, 'mp3', ?, ?, ?, ?, ?)`),
    onair: db.prepare(`INSERT INTO onair (wiki_id, oa_weekday, oa_minute, oa_period_days, oa_date_begin, oa_date_end)
      VALUES (?, ?, ?, ?, ?, ?)`),
    meta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)'),
  };
}

type InsertName = 'source' | 'wiki' | 'wikiFts' | 'subFts' | 'alias' | 'external' | 'tag' | 'wikiTag' | 'sub' | 'upload' | 'onair' | 'meta';
export type CatalogueInserts = Record<InsertName, Statement>;

const derive = (title: string, d: DerivedTitle | undefined): DerivedTitle => d ?? { key: titleKey(title), fold: searchFold(title) };

/** Writes one entry with its aliases, tags, sub-entries, uploads, schedule and search index rows. */
export function writeEntry(ins: CatalogueInserts, sourceId: number, e: SourceEntry, tagIds: Map<string, number>, timeZone: string): number {
  const { key, fold } = derive(e.title, e.derived);
  const aliases = [...new Set(e.aliases.map((a) => a.title))];
  const tags = [...new Set(e.tags)];
  ins.wiki.run(e.wikiId, sourceId, e.sourceKey, e.type, e.title, fold, key, initialOf(key), e.date, e.modified, e.about ?? '',
    JSON.stringify(e.meta), JSON.stringify(aliases), JSON.stringify(tags), e.bgmId ?? null, e.coverFile ?? null);
  const other = indexColumn([...aliases.map(searchFold), key]);
  const entryText = joinColumns(indexColumn([fold]), other);
  ins.wikiFts.run(e.wikiId, indexColumn([fold]), other, e.type);
  for (const a of e.aliases) ins.alias.run(e.wikiId, a.title, a.lang);
  if (e.bgmId !== undefined) ins.external.run(e.wikiId, 'bangumi', String(e.bgmId));
  for (const tag of tags) ins.wikiTag.run(e.wikiId, tagIds.get(tag)!);
  for (const s of e.subs) {
    const sub = derive(s.title, s.derived);
    ins.sub.run(s.subId, e.wikiId, s.sourceKey, s.type, s.order, s.title, sub.fold, sub.key, subViewTitle(s.type, s.order, s.title),
      s.date, s.modified, s.about ?? '', JSON.stringify(s.meta ?? []));
    ins.subFts.run(s.subId, indexColumn([sub.fold]), indexColumn([sub.key]), entryText, s.type);
    const u = s.upload;
    if (u) ins.upload.run(s.subId, s.subId, u.uri, u.md5, u.filesize, u.bitrate, u.length, u.date);
  }
  const rows = scheduleFor(e.broadcast, e.end, timeZone);
  for (const r of rows) ins.onair.run(e.wikiId, r.weekday, r.minute, r.periodDays, r.dateBegin, r.dateEnd);
  return rows.length > 0 ? 1 : 0;
}

/** After the last row: merges each FTS index into one segment (fewer doclists to read per query). */
export function finishCatalogue(db: Db): void {
  // Marks the file as made with this schema (openCatalogue refuses another fingerprint).
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_fingerprint', ?)").run(CATALOGUE_SCHEMA_FINGERPRINT);
  db.exec(`INSERT INTO wiki_fts (wiki_fts) VALUES ('optimize'); INSERT INTO sub_fts (sub_fts) VALUES ('optimize');`);
  db.pragma('optimize');
}

/** Names the build's content, so a working copy can tell that the shipped catalogue changed. */
function buildId(bangumiVersion: string, timeZone: string, animeCount: number, demo: SourceEntry[]): string {
  const audio = demo.flatMap((e) => e.subs.map((s) => s.upload?.md5 ?? '-'));
  // The schema's text, not just its version: migration 1 is still edited in place before the first release.
  const content = JSON.stringify([CATALOGUE_MIGRATIONS, bangumiVersion, timeZone, animeCount, audio]);
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

export async function buildCatalogue(options: BuildOptions): Promise<BuildReport> {
  const tmpFile = `${join(options.outDir, CATALOGUE_FILE)}.building`;
  const tmpAudio = `${join(options.outDir, AUDIO_DIR)}.building`;
  try {
    return await buildInto(options, tmpFile, tmpAudio);
  } finally {
    // After success these were renamed away; after a failure they must not linger.
    rmSync(tmpFile, { force: true });
    rmSync(tmpAudio, { recursive: true, force: true });
  }
}

async function buildInto(options: BuildOptions, tmpFile: string, tmpAudio: string): Promise<BuildReport> {
  const { outDir, onProgress } = options;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, CATALOGUE_FILE);
  const audioDir = join(outDir, AUDIO_DIR);
  rmSync(tmpFile, { force: true });
  rmSync(tmpAudio, { recursive: true, force: true });

  onProgress?.({ phase: 'read', done: 0, total: 1 });
  const bangumi = options.bangumi ?? loadBangumiData();
  const anime = bangumiEntries(bangumi.items, timeZone);
  onProgress?.({ phase: 'read', done: 1, total: 1 });
  const demo = await generateDemo({
    audioDir: tmpAudio,
    onProgress: (done, total) => onProgress?.({ phase: 'audio', done, total }),
  });

  const db = openDatabase(tmpFile, CATALOGUE_KIND);
  let report: BuildReport;
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const ins = prepareInserts(db);
    const sources: [number, SourceEntry[]][] = [[SOURCES[0].id, anime], [SOURCES[1].id, demo]];
    const tagIds = new Map([...new Set(sources.flatMap(([, es]) => es.flatMap((e) => e.tags)))].sort().map((t, i) => [t, i + 1]));
    const total = anime.length + demo.length;
    let done = 0;
    let onAir = 0;
    db.transaction(() => {
      for (const s of SOURCES) ins.source.run(s.id, s.locator);
      for (const [tag, id] of tagIds) ins.tag.run(id, tag);
      for (const [sourceId, entries] of sources) {
        for (const e of entries) {
          onAir += writeEntry(ins, sourceId, e, tagIds, timeZone);
          if (++done % 1000 === 0 || done === total) onProgress?.({ phase: 'write', done, total });
        }
      }
      ins.meta.run('bangumi_data_version', bangumi.version);
      ins.meta.run('time_zone', timeZone);
      ins.meta.run('build_id', buildId(bangumi.version, timeZone, anime.length, demo));
    })();
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    report = {
      file,
      audioDir,
      entries: count('SELECT count(*) AS n FROM wiki'),
      subs: count('SELECT count(*) AS n FROM sub'),
      uploads: count('SELECT count(*) AS n FROM upload'),
      onAir,
    };
    finishCatalogue(db);
  } finally {
    db.close();
  }
  rmSync(audioDir, { recursive: true, force: true });
  if (existsSync(tmpAudio)) renameSync(tmpAudio, audioDir);
  renameSync(tmpFile, file);
  onProgress?.({ phase: 'done', done: 1, total: 1 });
  return report;
}
