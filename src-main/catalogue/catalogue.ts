// The read side of the catalogue: a read-only connection with its statements prepared once.
// Query modules (one per API operation) receive this object; nothing else sees SQL.
import { BROADCAST_DAY_SECONDS } from './broadcast';
import { CATALOGUE_KIND } from './catalogue-kind';
import { openDatabase, type Db, type OpenOptions } from './database';

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
}

export interface Catalogue {
  readonly db: Db;
  readonly file: string;
  meta(key: string): string | undefined;
  stats(now: number): CatalogueStats;
  coverSource(wikiId: number): CoverSource | undefined;
  close(): void;
}

export function openCatalogue(file: string, options: Omit<OpenOptions, 'readonly'> = {}): Catalogue {
  const db = openDatabase(file, CATALOGUE_KIND, { ...options, readonly: true });
  const metaStmt = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
  const countsStmt = db.prepare(`SELECT
      (SELECT count(*) FROM wiki) AS entries,
      (SELECT count(*) FROM sub) AS subs,
      (SELECT count(*) FROM upload) AS uploads`);
  const onAirStmt = db
    .prepare(`SELECT count(DISTINCT wiki_id) FROM onair
      WHERE oa_date_begin <= @now AND (oa_date_end = 0 OR @now < oa_date_end + ${BROADCAST_DAY_SECONDS})`)
    .pluck();
  const coverStmt = db.prepare('SELECT wiki_title AS title, wiki_type AS type, cover_file AS coverFile FROM wiki WHERE wiki_id = ?');
  return {
    db,
    file,
    meta: (key) => metaStmt.get(key) as string | undefined,
    stats(now) {
      const counts = countsStmt.get() as Omit<CatalogueStats, 'onAir'>;
      return { ...counts, onAir: onAirStmt.get({ now }) as number };
    },
    coverSource: (wikiId) => coverStmt.get(wikiId) as CoverSource | undefined,
    close: () => db.close(),
  };
}
