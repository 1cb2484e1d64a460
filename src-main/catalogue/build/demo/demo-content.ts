// The demo music and radio section of the bundled catalogue: a fixed spec, its synthesised MP3s, and
// the SourceEntry records read back from the written files. Over 200 lines because most of it is the spec.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseFile } from 'music-metadata';
import type { LyricsDto } from '../../../contract/objects';
import type { MetaItem, SourceEntry, SourceSub } from '../../write/source-entry';
import { synthesiseMp3, type SynthesiseMp3Options } from './mp3-synth';

export interface DemoAlbumSpec {
  /** Fixed by hand, never by position: wiki id = DEMO_WIKI_ID_BASE + n, sub id = DEMO_WIKI_ID_BASE + n*100 + track. */
  n: number;
  slug: string;
  type: 'music' | 'radio';
  title: string;
  aliases: { lang: string; title: string }[];
  /** [year, month, day] in Asia/Tokyo. */
  date: [number, number, number];
  artist: string;
  label: string;
  catalog: string;
  tags: string[];
  bgmId?: number;
  about: string;
  /** False = the album is listed but has no audio (the portal's has_mp3: false case). */
  audio: boolean;
  tracks: string[];
}

// Demo ids are a block of their own (51000001…); sub ids base+n*100+t never equal a demo wiki id.
export const DEMO_WIKI_ID_BASE = 51_000_000;
const DAY = 86_400;

// bgm ids are realistic Bangumi subject numbers checked to be absent from bangumi-data, so an album
// never shares an id with a bundled anime.
export const DEMO_SPEC: readonly DemoAlbumSpec[] = [
  {
    n: 1, slug: 'inori-starlight-serenade', type: 'music', title: '祈り～Starlight Serenade',
    aliases: [{ lang: 'en', title: 'Prayer ~ Starlight Serenade' }, { lang: 'zh-Hans', title: '祈祷～星光小夜曲' }],
    date: [2021, 3, 24], artist: '星野あおい', label: 'Moecat Records', catalog: 'MCR-0001',
    tags: ['Vocal', 'Piano', 'Single'], bgmId: 116412, audio: true,
    about: 'A piano ballad single with its instrumental versions.',
    tracks: ['祈り～Starlight Serenade', '夜明けのメロディ', 'Starlight Serenade (Piano Ver.)', '祈り (Instrumental)', 'おやすみ、またね'],
  },
  {
    n: 2, slug: 'touhou-genyatan', type: 'music', title: '東方幻夜譚 ～ Phantasmal Night Tales',
    aliases: [{ lang: 'en', title: "Touhou Gen'yatan ~ Phantasmal Night Tales" }, { lang: 'zh-Hans', title: '东方幻夜谭' }],
    date: [2022, 8, 13], artist: '幻想楽団', label: 'Gensou Sound', catalog: 'GSS-0042',
    tags: ['Touhou', 'Instrumental', 'Arrange'], audio: true,
    about: 'Doujin arrangements of night-themed tunes.',
    tracks: ['月夜の散歩道', 'Scarlet Tea Party', '竹林の迷い猫', '幻想郷の朝', 'Midnight Shrine Festival'],
  },
  {
    n: 3, slug: 'xinghe-manyou', type: 'music', title: '星河漫游',
    aliases: [{ lang: 'en', title: 'Wandering the Galaxy' }, { lang: 'ja', title: '星河漫遊' }],
    date: [2020, 11, 6], artist: '林晓风', label: 'Cloud Harbor Music', catalog: 'CHM-2011',
    tags: ['OST', 'Instrumental', 'Game'], bgmId: 208731, audio: true,
    about: 'Original soundtrack of a space exploration game.',
    tracks: ['序曲：启程', '银河列车', '月光下的约定', '风之歌', '归途'],
  },
  {
    n: 4, slug: 'sakura-letters', type: 'music', title: 'Sakura Letters',
    aliases: [{ lang: 'ja', title: '桜の手紙' }, { lang: 'zh-Hans', title: '樱花信笺' }],
    date: [2023, 4, 5], artist: 'Hanamori Yui', label: 'Moecat Records', catalog: 'MCR-0007',
    tags: ['Vocal', 'Piano', 'Album'], audio: true,
    about: 'A spring album of letters never sent.',
    tracks: ['First Snow', '桜色の手紙', 'Platform 9 a.m.', 'さよならの向こう', 'Letters (Piano Version)'],
  },
  // Two albums share one title on purpose: the portal matches titles exactly and bgm_id breaks the tie.
  {
    n: 5, slug: 'blue-horizon-ost', type: 'music', title: 'Blue Horizon',
    aliases: [{ lang: 'ja', title: 'ブルー・ホライズン オリジナルサウンドトラック' }],
    date: [2019, 7, 17], artist: '青木ソラ', label: 'Horizon Pictures Music', catalog: 'HPM-1907',
    tags: ['OST', 'Anime', 'Instrumental'], bgmId: 327465, audio: true,
    about: 'Original soundtrack of the TV anime.',
    tracks: ['Main Theme', '青い空の下で', '決意', '海风', 'Ending Theme -TV size-'],
  },
  {
    n: 6, slug: 'blue-horizon-indie', type: 'music', title: 'Blue Horizon',
    aliases: [{ lang: 'zh-Hans', title: '蓝色地平线' }],
    date: [2024, 8, 31], artist: 'Paper Plane Club', label: 'Self-released', catalog: 'PPC-003',
    tags: ['Vocal', 'Indie', 'Album'], audio: true,
    about: 'An indie summer album that happens to share its title with an anime soundtrack.',
    tracks: ['Seaside Radio', '夏の終わり', 'Paper Plane', '蓝色地平线', 'Goodbye, Summer'],
  },
  {
    n: 7, slug: 'yumemiru-kikai', type: 'music', title: '夢見る機械 Dreaming Machines',
    aliases: [{ lang: 'en', title: 'Dreaming Machines' }, { lang: 'zh-Hans', title: '做梦的机器' }],
    date: [2022, 1, 19], artist: 'Electric Sheep Ensemble', label: 'Moecat Records', catalog: 'MCR-0004',
    tags: ['OST', 'Electronic'], bgmId: 402718, audio: false,
    about: 'Listed without audio: the catalogue knows the album but has no files for it.',
    tracks: ['Boot Sequence', '電気羊の夢', '机械之心', 'Neon Rain', 'Shutdown'],
  },
  {
    n: 8, slug: 'radio-moecat-houkago', type: 'radio', title: 'ラジオ・もえキャット 放課後Time',
    aliases: [{ lang: 'en', title: 'Radio Moecat After-School Time' }, { lang: 'zh-Hans', title: '萌猫电台 放学后时间' }],
    date: [2023, 10, 6], artist: '星野あおい & Hanamori Yui', label: 'Moecat Radio', catalog: 'MCRD-01',
    tags: ['Radio', 'Talk', 'Vocal'], audio: true,
    about: 'A weekly talk show with music, letters from listeners and game music specials.',
    tracks: ['第1回 はじめまして！', '第2回 春のおすすめソング', '#3 Listener Letters Special', '第4回 游戏音乐特集'],
  },
];

/** Day-precision dates are local midnight in the catalogue time zone, Asia/Tokyo (UTC+9, no DST). */
export function tokyoDay([y, m, d]: [number, number, number]): number {
  return Date.UTC(y, m - 1, d) / 1000 - 9 * 3600;
}

/** Intended audio length in whole seconds: songs 8–9 s, episodes 10–11 s (keeps the build fast). */
/**
 * Lyrics of a few demo songs (by album slug and track number), so the lyrics view has something to show
 * offline: Sakura Letters' first song synced line by line across its 9 seconds, its second unsynced.
 */
export const DEMO_LYRICS: Readonly<Record<string, Record<number, LyricsDto>>> = {
  'sakura-letters': {
    1: {
      synced: true,
      source: 'lrc',
      lines: [
        { time_ms: 0, text: 'Snow on the platform, letters in my hand' },
        { time_ms: 2000, text: 'every word I kept for you' },
        { time_ms: 4000, text: 'melts before the train comes in' },
        { time_ms: 6000, text: 'see you when the sakura bloom' },
      ],
    },
    2: {
      synced: false,
      source: 'uslt',
      lines: [
        { time_ms: 0, text: '桜色の手紙を書いた' },
        { time_ms: 0, text: '出せないまま春が来た' },
      ],
    },
  },
};

export function trackSeconds(album: DemoAlbumSpec, track: number): number {
  return album.type === 'radio' ? 10 + (track % 2) : 8 + ((album.n + track) % 2);
}

/** Where a track's MP3 lives, relative to the audio root (also its upload uri). */
export function trackUri(album: DemoAlbumSpec, track: number): string {
  return `/demo/${album.slug}/${String(track).padStart(2, '0')}.mp3`;
}

/**
 * Writes every demo MP3 under `audioDir` (replacing `audioDir/demo`) and returns the demo entries
 * with upload facts read back from the written files.
 */
export async function generateDemo(opts: {
  audioDir: string;
  onProgress?: (done: number, total: number) => void;
  /** Makes a track's MP3: synthesiseMp3 itself unless given (tests pass one that keeps its bytes across a run's builds). */
  synthesise?: (options: SynthesiseMp3Options) => Uint8Array;
}): Promise<SourceEntry[]> {
  const synthesise = opts.synthesise ?? synthesiseMp3;
  // Start clean so files from an older spec never linger next to the new ones.
  rmSync(join(opts.audioDir, 'demo'), { recursive: true, force: true });
  const total = DEMO_SPEC.reduce((n, a) => n + (a.audio ? a.tracks.length : 0), 0);
  let done = 0;
  const entries: SourceEntry[] = [];
  const written: { sub: SourceSub; file: string; uri: string }[] = [];
  for (const album of DEMO_SPEC) {
    const date = tokyoDay(album.date);
    const kind = album.type === 'radio' ? 'radio' : 'album';
    const sourceKey = `demo:${kind}:${album.slug}`;
    const subs: SourceSub[] = [];
    for (let t = 1; t <= album.tracks.length; t++) {
      // Radio episodes air weekly; album songs all carry the release date.
      const subDate = album.type === 'radio' ? date + (t - 1) * 7 * DAY : date;
      const sub: SourceSub = {
        subId: DEMO_WIKI_ID_BASE + album.n * 100 + t,
        sourceKey: `${sourceKey}:${t}`,
        type: album.type === 'radio' ? 'ep' : 'song',
        order: String(t),
        title: album.tracks[t - 1],
        date: subDate,
        modified: subDate,
        meta: [{ key: album.type === 'radio' ? 'personality' : 'artist', value: album.artist }],
        ...(DEMO_LYRICS[album.slug]?.[t] ? { lyrics: DEMO_LYRICS[album.slug][t] } : {}),
      };
      if (album.audio) {
        const uri = trackUri(album, t);
        const bytes = synthesise({
          seed: `${sourceKey}:${t}`,
          seconds: trackSeconds(album, t),
          style: album.type === 'radio' ? 'talk' : 'melody',
          title: sub.title,
          artist: album.artist,
          album: album.title,
          track: `${t}/${album.tracks.length}`,
        });
        const file = join(opts.audioDir, ...uri.split('/').filter(Boolean));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, bytes);
        written.push({ sub, file, uri });
        opts.onProgress?.(++done, total);
      }
      subs.push(sub);
    }
    const meta: MetaItem[] = [
      { key: album.type === 'radio' ? 'personality' : 'artist', value: album.artist },
      { key: 'label', value: album.label },
      { key: 'catalog', value: album.catalog },
    ];
    entries.push({
      wikiId: DEMO_WIKI_ID_BASE + album.n,
      sourceKey,
      type: album.type,
      title: album.title,
      aliases: album.aliases.map((a) => ({ ...a })),
      date,
      modified: date,
      about: album.about,
      meta,
      tags: [...album.tags],
      ...(album.bgmId !== undefined ? { bgmId: album.bgmId } : {}),
      subs,
    });
  }
  // Read back only after all encoding: interleaving music-metadata with lamejs measurably slowed
  // the encoder (about 1.5x here), and the files are the same either way.
  for (const { sub, file, uri } of written) sub.upload = { uri, ...(await readUploadFacts(file)), date: sub.date };
  return entries;
}

/** md5 and size from the bytes on disk; bitrate and length as a tag reader sees them. */
async function readUploadFacts(file: string): Promise<{ md5: string; filesize: number; bitrate: number; length: number }> {
  const bytes = readFileSync(file);
  const { format } = await parseFile(file, { duration: true, skipCovers: true });
  if (!format.bitrate || !format.duration) throw new Error(`demo: unreadable MP3 written at ${file}`);
  return {
    md5: createHash('md5').update(bytes).digest('hex'),
    filesize: bytes.length,
    bitrate: Math.round(format.bitrate / 1000),
    length: Math.round(format.duration),
  };
}
