// Builds the bundled catalogue (resources/catalogue/catalogue.db and its audio) from the pinned
// sources. The build is deterministic: same sources, same ids, same rows, no timestamps of its own.
// It writes to temporary names and renames at the end, so a failed build never leaves a broken file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bangumiEntries, loadBangumiData, newestBegin, type BangumiData } from './bangumi-source';
import { loadRomaniser } from './romaji';
import { compareWithPrevious, type BuildChanges } from './build-report';
import { AUDIO_DIR, CATALOGUE_FILE } from '../db/catalogue-files';
import { CATALOGUE_KIND } from '../db/catalogue-kind';
import { finishCatalogue, prepareInserts, writeEntry } from '../write/catalogue-rows';
import { openDatabase } from '../db/database';
import { generateDemo } from './demo/demo-content';
import type { SynthesiseMp3Options } from './demo/mp3-synth';
import { CATALOGUE_MIGRATIONS, CATALOGUE_ROWS_VERSION } from '../db/schema';
import { TokenTally } from '../search/search-index';
import type { SourceEntry } from '../write/source-entry';
import { CATALOGUE_TIME_ZONE } from '../../contract/time';

export { AUDIO_DIR, CATALOGUE_FILE } from '../db/catalogue-files';
export { finishCatalogue, prepareInserts, writeEntry, type CatalogueInserts } from '../write/catalogue-rows';

export interface BuildProgress {
  phase: 'read' | 'audio' | 'write' | 'done';
  done: number;
  total: number;
}

export interface BuildOptions {
  outDir: string;
  timeZone?: string;
  /** Replaces the pinned bangumi-data items (tests use small fixtures). */
  bangumi?: BangumiData;
  onProgress?: (p: BuildProgress) => void;
  /**
   * Makes each demo track's MP3 (synthesiseMp3 unless given). Encoding is most of a build's time and its
   * bytes are a pure function of their options, so tests pass one that keeps them across a run's builds.
   */
  synthesise?: (options: SynthesiseMp3Options) => Uint8Array;
}

export interface BuildReport {
  file: string;
  audioDir: string;
  entries: number;
  subs: number;
  uploads: number;
  onAir: number;
  /** What changed since the previous build in the same folder (build-report.ts). */
  changes: BuildChanges;
}

const SOURCES = [
  { id: 1, locator: 'bangumi-data' },
  { id: 2, locator: 'demo' },
] as const;

/** Names the build's content, so a working copy can tell that the shipped catalogue changed. */
function buildId(bangumiVersion: string, timeZone: string, animeCount: number, demo: SourceEntry[]): string {
  const audio = demo.flatMap((e) => e.subs.map((s) => `${s.upload?.md5 ?? '-'}${s.lyrics ? JSON.stringify(s.lyrics) : ''}`));
  // The schema's text, not just its version: migration 1 is still edited in place before the first release.
  const content = JSON.stringify([CATALOGUE_MIGRATIONS, CATALOGUE_ROWS_VERSION, bangumiVersion, timeZone, animeCount, audio]);
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
  const timeZone = options.timeZone ?? CATALOGUE_TIME_ZONE;
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, CATALOGUE_FILE);
  const audioDir = join(outDir, AUDIO_DIR);
  rmSync(tmpFile, { force: true });
  rmSync(tmpAudio, { recursive: true, force: true });

  onProgress?.({ phase: 'read', done: 0, total: 1 });
  const bangumi = options.bangumi ?? loadBangumiData();
  const anime = bangumiEntries(bangumi.items, timeZone, bangumi.siteMeta, await loadRomaniser());
  onProgress?.({ phase: 'read', done: 1, total: 1 });
  const demo = await generateDemo({
    audioDir: tmpAudio,
    onProgress: (done, total) => onProgress?.({ phase: 'audio', done, total }),
    synthesise: options.synthesise,
  });

  const db = openDatabase(tmpFile, CATALOGUE_KIND);
  let report: Omit<BuildReport, 'changes'>;
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const ins = prepareInserts(db);
    const tally = new TokenTally();
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
          onAir += writeEntry(ins, sourceId, e, tagIds, timeZone, tally);
          if (++done % 1000 === 0 || done === total) onProgress?.({ phase: 'write', done, total });
        }
      }
      ins.meta.run('bangumi_data_version', bangumi.version);
      ins.meta.run('anime_data_newest_begin', newestBegin(bangumi) ?? '');
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
    finishCatalogue(db, tally);
  } finally {
    db.close();
  }
  // Compared before the previous build is replaced.
  const changes = compareWithPrevious(file, tmpFile);
  rmSync(audioDir, { recursive: true, force: true });
  if (existsSync(tmpAudio)) renameSync(tmpAudio, audioDir);
  renameSync(tmpFile, file);
  onProgress?.({ phase: 'done', done: 1, total: 1 });
  return { ...report, changes };
}
