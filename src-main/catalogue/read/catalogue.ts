// The read side of the catalogue: a read-only connection with every statement prepared once, grouped
// by operation. Routes receive this object; nothing outside catalogue/ sees SQL (the connection itself
// is reached only through catalogue-sql.ts, which only catalogue/ and the tests import).
import { BROADCAST_DAY_SECONDS } from '../../contract/time';
import { CATALOGUE_KIND, CATALOGUE_SCHEMA_FINGERPRINT } from '../db/catalogue-kind';
import { replaceDatabaseFile } from '../db/catalogue-files';
import { DatabaseFileError, openDatabase, type Db, type OpenOptions } from '../db/database';
import { entryDetailQueries } from './entry-detail';
import { artistQueries } from './artists';
import { exploreQueries } from './explore';
import { listenQueries } from './listen';
import { libraryQueries } from './library';
import { onAirQueries } from './on-air';
import { placeQueries } from './places';
import { portalQueries } from './portal';
import { searchQueries } from '../search/search-queries';
import { seasonQueries } from './seasons';
import { sourceQueries } from './sources';
import { subsonicQueries } from './subsonic';
import { tagQueries } from './tags';
import { wikiListQueries } from './wiki-list';
import { CATALOGUE_TIME_ZONE } from '../../contract/time';

export interface CatalogueStats {
  entries: number;
  subs: number;
  uploads: number;
  onAir: number;
}

export interface CoverSource {
  title: string;
  type: string;
  coverFile: string | null;
  /** The Bangumi subject id (a fetched poster is kept by it), or null. */
  bgmId: number | null;
}

export interface CatalogueQueries {
  wikis: ReturnType<typeof wikiListQueries>;
  onAir: ReturnType<typeof onAirQueries>;
  search: ReturnType<typeof searchQueries>;
  portal: ReturnType<typeof portalQueries>;
  tags: ReturnType<typeof tagQueries>;
  entryDetail: ReturnType<typeof entryDetailQueries>;
  artists: ReturnType<typeof artistQueries>;
  listen: ReturnType<typeof listenQueries>;
  explore: ReturnType<typeof exploreQueries>;
  sources: ReturnType<typeof sourceQueries>;
  library: ReturnType<typeof libraryQueries>;
  places: ReturnType<typeof placeQueries>;
  seasons: ReturnType<typeof seasonQueries>;
  subsonic: ReturnType<typeof subsonicQueries>;
}

export interface Catalogue {
  readonly file: string;
  /** The catalogue time zone (IANA name) its dates and schedule were computed in. */
  readonly timeZone: string;
  meta(key: string): string | undefined;
  stats(now: number): CatalogueStats;
  coverSource(wikiId: number): CoverSource | undefined;
  /**
   * A synced song's audio left on its remote: its URL and the origin of the remote it was synced from
   * (the only place it may be fetched from); undefined for an unknown id or a local upload.
   */
  remoteAudio(upId: number): { url: string; origin: string } | undefined;
  /** `PRAGMA data_version`: changes when another connection (another process's import) commits. */
  dataVersion(): number;
  /**
   * How many times each section's entries were written (`section_change`, kept by triggers on the
   * entries and the schedule), and the same of a folder import's file records (`files`), the sources
   * (`sources`) and the planner's statistics (`statistics`); under `connection` which connection read
   * them (a reopen is another): the answer cache compares two readings to see what a commit changed.
   */
  sectionStamps(): ReadonlyMap<string, number>;
  readonly queries: CatalogueQueries;
  /**
   * Opens the file again, for when another file was renamed into its place (the anime data's update):
   * the connection, its statements and the time zone are the new file's from the next call on. The
   * new file is opened first; when it cannot be, the old connection stays and this throws.
   */
  reopen(): void;
  /**
   * Puts the catalogue file `prepared` in this one's place and answers from it (the anime data's
   * update): it is checked to open first; then, in one go, the connection is closed, the file replaced
   * (its old write-ahead log with it) and opened again. Nothing else may have the file open for writing.
   */
  replaceWith(prepared: string): void;
  close(): void;
}

/** One open connection with its statements; a Catalogue holds one at a time (reopen swaps it). */
interface Connection {
  db: Db;
  timeZone: string;
  meta(key: string): string | undefined;
  stats(now: number): CatalogueStats;
  coverSource(wikiId: number): CoverSource | undefined;
  remoteAudio(upId: number): { url: string; origin: string } | undefined;
  dataVersion(): number;
  sectionStamps(): ReadonlyMap<string, number>;
  queries(): CatalogueQueries;
}

/** Numbers each connection, so that stamps read by another one are never compared with its own. */
let connections = 0;

/** The connection behind each catalogue, for catalogue/ modules that write SQL of their own (catalogue-sql.ts). */
export const connectionOf = new WeakMap<Catalogue, () => Db>();

function connect(file: string, options: Omit<OpenOptions, 'readonly'>): Connection {
  const db: Db = openDatabase(file, CATALOGUE_KIND, { ...options, readonly: true });
  const metaStmt = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  if (metaStmt.get('schema_fingerprint') !== CATALOGUE_SCHEMA_FINGERPRINT) {
    db.close();
    throw new DatabaseFileError('DB_OUTDATED', `The ${CATALOGUE_KIND.label} ${file} was built with an older schema. ${CATALOGUE_KIND.remedy}`);
  }
  const countsStmt = db.prepare(`SELECT
      (SELECT count(*) FROM wiki) AS entries,
      (SELECT count(*) FROM sub) AS subs,
      (SELECT count(*) FROM upload) AS uploads`);
  const onAirStmt = db
    .prepare(
      `SELECT count(DISTINCT wiki_id) FROM onair
      WHERE oa_date_begin <= @now AND (oa_date_end = 0 OR @now < oa_date_end + ${BROADCAST_DAY_SECONDS})`,
    )
    .pluck();
  const coverStmt = db.prepare('SELECT wiki_title AS title, wiki_type AS type, cover_file AS coverFile, wiki_bgm_id AS bgmId FROM wiki WHERE wiki_id = ?');
  const dataVersionStmt = db.prepare('PRAGMA data_version').pluck();
  // Prepared on first use, like the queries. A catalogue made by the migrations alone (no build's
  // finishing step) has no section_change: it names no sections, and every change clears every answer.
  const prepareStamps = () => db.prepare('SELECT section, n FROM section_change').raw();
  let sectionStampsStmt: ReturnType<typeof prepareStamps> | null | undefined;
  const stampsOf = () => {
    sectionStampsStmt ??= db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'section_change'").get() ? prepareStamps() : null;
    return (sectionStampsStmt?.all() ?? []) as [string, number][];
  };
  const connection = ++connections;
  const remoteAudioStmt = db.prepare(`SELECT u.up_remote_url AS url, src.locator AS base
    FROM upload u JOIN sub s ON s.sub_id = u.up_obj_id JOIN wiki w ON w.wiki_id = s.sub_parent_wiki JOIN source src ON src.source_id = w.source_id
    WHERE u.up_id = ? AND u.up_remote_url IS NOT NULL AND src.kind = 'remote'`);
  const meta = (key: string) => metaStmt.get(key) as string | undefined;
  const timeZone = meta('time_zone') ?? CATALOGUE_TIME_ZONE;
  // Prepared once, on first use: the start-up checks (needsBuild, the working copy's build id) open a
  // catalogue only to read its meta, and preparing every query cost ~1 ms per open.
  let queries: CatalogueQueries | undefined;
  return {
    db,
    timeZone,
    meta,
    stats(now) {
      const counts = countsStmt.get() as Omit<CatalogueStats, 'onAir'>;
      return { ...counts, onAir: onAirStmt.get({ now }) as number };
    },
    coverSource: (wikiId) => coverStmt.get(wikiId) as CoverSource | undefined,
    remoteAudio(upId) {
      const row = remoteAudioStmt.get(upId) as { url: string; base: string } | undefined;
      return row && { url: row.url, origin: new URL(row.base).origin };
    },
    dataVersion: () => dataVersionStmt.get() as number,
    sectionStamps: () => new Map([...stampsOf(), ['connection', connection]]),
    queries: () =>
      (queries ??= {
        wikis: wikiListQueries(db),
        onAir: onAirQueries(db),
        search: searchQueries(db),
        portal: portalQueries(db),
        tags: tagQueries(db),
        entryDetail: entryDetailQueries(db, timeZone),
        artists: artistQueries(db),
        listen: listenQueries(db),
        explore: exploreQueries(db),
        sources: sourceQueries(db),
        library: libraryQueries(db),
        places: placeQueries(db),
        seasons: seasonQueries(db, timeZone),
        subsonic: subsonicQueries(db),
      }),
  };
}

export function openCatalogue(file: string, options: Omit<OpenOptions, 'readonly'> = {}): Catalogue {
  let c = connect(file, options);
  const catalogue: Catalogue = {
    file,
    get timeZone() {
      return c.timeZone;
    },
    meta: (key) => c.meta(key),
    stats: (now) => c.stats(now),
    coverSource: (wikiId) => c.coverSource(wikiId),
    remoteAudio: (upId) => c.remoteAudio(upId),
    dataVersion: () => c.dataVersion(),
    sectionStamps: () => c.sectionStamps(),
    get queries() {
      return c.queries();
    },
    reopen() {
      const next = connect(file, options);
      c.db.close();
      c = next;
    },
    replaceWith(prepared) {
      connect(prepared, options).db.close();
      c.db.close();
      try {
        replaceDatabaseFile(prepared, file);
      } finally {
        // The new file, or — when it could not be moved — the old one, which is still in place.
        c = connect(file, options);
      }
    },
    close: () => c.db.close(),
  };
  connectionOf.set(catalogue, () => c.db);
  return catalogue;
}
