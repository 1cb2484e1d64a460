// `npm run gen:catalogue -- --entries 100000 --subs 1000000 [--out FILE] [--seed N]`: writes a large,
// realistic catalogue for the benchmark through the real builder's writer (same schema, same index).
// Titles are drawn from the bundled data's vocabulary (bangumi-data titles cut into words by
// Intl.Segmenter: Latin, kanji, kana), so search meets the same mix of scripts as in real use. A third
// of all titles carry の, as Japanese titles do: it is the benchmark's worst keyword.
// Word keys and folds are computed once per vocabulary word, which keeps 1.1M titles under a minute.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadBangumiData } from '../src-main/catalogue/build/bangumi-source';
import { finishCatalogue, prepareInserts, writeEntry } from '../src-main/catalogue/build/builder';
import { CATALOGUE_KIND } from '../src-main/catalogue/db/catalogue-kind';
import { openDatabase } from '../src-main/catalogue/db/database';
import { searchFold } from '../src-main/catalogue/search/search-fold';
import { TokenTally } from '../src-main/catalogue/search/search-index';
import type { DerivedTitle, SourceEntry, SourceSub, WikiType } from '../src-main/catalogue/write/source-entry';
import { CATALOGUE_TIME_ZONE } from '../src-main/contract/time';
import { titleKey } from '../src-main/catalogue/search/title-key';

export const DEFAULT_LARGE_CATALOGUE = resolve('bench-results/large/catalogue.db');
/** The word a third of all titles contain. */
export const COMMON_WORD = 'の';

interface Word extends DerivedTitle {
  text: string;
  latin: boolean;
}

/** Deterministic PRNG (mulberry32), so the same seed gives the same catalogue. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(): Word[] {
  const seg = new Intl.Segmenter('ja', { granularity: 'word' });
  const texts = new Set<string>();
  for (const item of loadBangumiData().items) {
    for (const t of [item.title, ...Object.values(item.titleTranslate ?? {}).flat()]) {
      for (const s of seg.segment(t)) if (s.isWordLike && s.segment.length <= 12) texts.add(s.segment);
    }
  }
  return [...texts].sort().map((text) => ({ text, latin: /^[\x20-\x7e]+$/.test(text), key: titleKey(text), fold: searchFold(text) }));
}

/** A title of 1–4 words; Latin words are spaced, CJK words run together. */
/** Of the songs of music and radio entries, the share that name an artist of their own. */
const SONG_ARTIST_SHARE = 0.05;
/** Distinct artist names of the generated catalogue. */
const ARTISTS = 20_000;

/**
 * Artist names: one to three Latin vocabulary words each (romanised names; the writer keys every name
 * of the meta for the search, which costs a Japanese name far more), distinct once folded.
 */
function artistNamesOf(all: Word[], rnd: () => number): string[] {
  const words = all.filter((w) => w.latin);
  const names = new Map<string, string>();
  for (let tries = 0; names.size < ARTISTS && tries < ARTISTS * 4; tries++) {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => words[Math.floor(rnd() * words.length)]);
    const name = parts
      .map((w) => w.text)
      .join(' ')
      .replace(/[,、&;…]/g, '')
      .trim();
    const fold = parts.map((w) => w.fold).join(' ');
    if (name !== '' && !names.has(fold)) names.set(fold, name);
  }
  return [...names.values()];
}

function composeTitle(words: Word[], rnd: () => number, common: Word | undefined, min = 1, max = 4): { title: string } & DerivedTitle {
  const n = min + Math.floor(rnd() * (max - min + 1));
  const parts: Word[] = [];
  for (let i = 0; i < n; i++) parts.push(words[Math.floor(rnd() * words.length)]);
  if (common) parts.splice(1 + Math.floor(rnd() * parts.length), 0, common);
  let title = '';
  parts.forEach((w, i) => (title += (i > 0 && (w.latin || parts[i - 1].latin) ? ' ' : '') + w.text));
  return { title, key: parts.map((w) => w.key).join(''), fold: parts.map((w) => w.fold).join('') };
}

const TYPES: [WikiType, number][] = [
  ['music', 0.45],
  ['radio', 0.05],
  ['tv', 0.3],
  ['web', 0.08],
  ['movie', 0.07],
  ['ova', 0.05],
];
const TAGS = [
  'OST',
  'Vocal',
  'Instrumental',
  'Piano',
  'Arrange',
  'Game',
  'Anime',
  'Single',
  'Album',
  'Drama',
  'Talk',
  'Electronic',
  'Rock',
  'Jazz',
  'Classical',
  'Doujin',
  'Idol',
  'Live',
];
const DAY = 86_400;

export interface GenerateOptions {
  entries: number;
  subs: number;
  out: string;
  seed?: number;
  /** "Now" for the on-air rows (Unix ms): shows that began in the 12 weeks before it are airing. */
  now?: number;
  onProgress?: (done: number, total: number) => void;
}

export function generateCatalogue(opts: GenerateOptions): { entries: number; subs: number; seconds: number; cpuSeconds: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rnd = prng(opts.seed ?? 1);
  const words = vocabulary();
  const common = words.find((w) => w.text === COMMON_WORD) ?? { text: COMMON_WORD, latin: false, key: 'no', fold: COMMON_WORD };
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  const tmp = `${opts.out}.building`;
  mkdirSync(dirname(opts.out), { recursive: true });
  rmSync(tmp, { force: true });
  const db = openDatabase(tmp, CATALOGUE_KIND);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -200000');
  const ins = prepareInserts(db);
  const tally = new TokenTally();
  const tagIds = new Map(TAGS.map((t, i) => [t, i + 1]));
  // Artists come from a PRNG of their own, so the titles, dates and songs stay those of the same seed.
  const artistRnd = prng((opts.seed ?? 1) + 1);
  const artistPool = artistNamesOf(words, artistRnd);
  const artistOf = () => artistPool[Math.floor(artistRnd() * artistPool.length)];
  // Sub-entries go to music, radio and tv entries; these get subsPerHost on average.
  const hostShare = TYPES.filter(([t]) => t === 'music' || t === 'radio' || t === 'tv').reduce((s, [, p]) => s + p, 0);
  const subsPerHost = opts.subs / Math.max(1, opts.entries * hostShare);
  let subId = 0;
  db.transaction(() => {
    ins.source.run(1, 'generated');
    for (const [tag, id] of tagIds) ins.tag.run(id, tag);
    for (let wikiId = 1; wikiId <= opts.entries; wikiId++) {
      let r = rnd();
      const type = TYPES.find(([, p]) => (r -= p) < 0)?.[0] ?? 'music';
      const t = composeTitle(words, rnd, rnd() < 1 / 3 ? common : undefined);
      const date = now - Math.floor(rnd() * 35 * 365) * DAY;
      const subs: SourceSub[] = [];
      const host = type === 'music' || type === 'radio' || type === 'tv';
      const remaining = opts.subs - subId;
      const count = host ? Math.min(remaining, Math.round(subsPerHost * (0.5 + rnd()))) : 0;
      for (let k = 1; k <= (wikiId === opts.entries ? remaining : count); k++) {
        const s = composeTitle(words, rnd, rnd() < 1 / 3 ? common : undefined, 1, 3);
        subs.push({
          subId: ++subId,
          sourceKey: String(k),
          type: type === 'music' ? 'song' : 'ep',
          order: String(k),
          title: s.title,
          // Some songs name an artist of their own (a guest, a cover), as tagged files do.
          meta: host && type !== 'tv' && artistRnd() < SONG_ARTIST_SHARE ? [{ key: 'artist', value: artistOf() }] : undefined,
          derived: { key: s.key, fold: s.fold },
          date,
          modified: date,
          upload:
            type === 'music' && rnd() < 0.3
              ? {
                  uri: `/gen/${wikiId}/${k}.mp3`,
                  md5: (subId * 2654435761).toString(16).padStart(32, '0').slice(-32),
                  filesize: 4_000_000,
                  bitrate: 320,
                  length: 200,
                  date,
                }
              : undefined,
        });
      }
      const alias = rnd() < 0.6 ? composeTitle(words, rnd, undefined, 1, 3).title : undefined;
      // Some tv shows begun in the last 12 weeks air weekly at their start time (about 150 at any moment).
      const airing = type === 'tv' && rnd() < 0.005;
      const begin = airing ? now - Math.floor(rnd() * 84 * DAY) : date;
      const entry: SourceEntry = {
        wikiId,
        sourceKey: `gen:${wikiId}`,
        type,
        title: t.title,
        derived: { key: t.key, fold: t.fold },
        aliases: alias ? [{ lang: rnd() < 0.5 ? 'en' : 'zh-Hans', title: alias }] : [],
        date: airing ? begin : date,
        modified: date,
        // Music and radio name their artist or personality; some two ("A, B").
        meta:
          type === 'music'
            ? [{ key: 'artist', value: artistRnd() < 0.1 ? `${artistOf()}, ${artistOf()}` : artistOf() }]
            : type === 'radio'
              ? [{ key: 'personality', value: artistOf() }]
              : [],
        tags: [...new Set([TAGS[Math.floor(rnd() * TAGS.length)], TAGS[Math.floor(rnd() * TAGS.length)]])],
        broadcast: airing ? `R/${new Date(begin * 1000).toISOString()}/P7D` : undefined,
        subs,
      };
      writeEntry(ins, 1, entry, tagIds, CATALOGUE_TIME_ZONE, tally);
      if (wikiId % 5000 === 0) opts.onProgress?.(wikiId, opts.entries);
    }
    ins.meta.run('time_zone', CATALOGUE_TIME_ZONE);
    ins.meta.run('build_id', `generated-${opts.entries}-${opts.subs}-${opts.seed ?? 1}`);
  })();
  finishCatalogue(db, tally);
  db.close();
  renameSync(tmp, opts.out);
  const used = process.cpuUsage(cpu);
  const report = { entries: opts.entries, subs: subId, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
  writeFileSync(`${opts.out}.json`, JSON.stringify(report));
  return report;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      entries: { type: 'string', default: '100000' },
      subs: { type: 'string', default: '1000000' },
      out: { type: 'string' },
      seed: { type: 'string' },
    },
  });
  const out = values.out ? resolve(values.out) : DEFAULT_LARGE_CATALOGUE;
  const report = generateCatalogue({
    entries: Number(values.entries),
    subs: Number(values.subs),
    out,
    seed: values.seed ? Number(values.seed) : undefined,
    onProgress: (done, total) => process.stderr.write(`\r${done}/${total} entries`),
  });
  process.stderr.write('\n');
  console.log(
    `Wrote ${out}: ${report.entries} entries, ${report.subs} sub-entries in ${report.seconds.toFixed(1)} s (${report.cpuSeconds.toFixed(1)} s of CPU).`,
  );
}

if (process.argv[1]?.endsWith('gen-catalogue.mjs')) await main();
