// What every catalogue source (bangumi-data, the demo section, later folder import and remote sync)
// hands to the builder: plain records with their stable ids already decided.
import type { LyricsDto, WikiSiteDto } from '../../contract/objects';
import type { SubType, WikiType } from '../../contract/sections';
import type { MetaItem } from '../db/schema';
export { SUB_TYPES, WIKI_TYPES, type SubType, type WikiType } from '../../contract/sections';
export type { MetaItem } from '../db/schema';

export interface DerivedTitle {
  key: string;
  fold: string;
}

/** One weekday of an entry's on-air schedule (write/broadcast.ts derives them from bangumi-data). */
export interface ScheduleRow {
  /** 1 Monday … 7 Sunday, on the broadcast day (contract/time.ts). */
  weekday: number;
  /** Minutes from the broadcast day's midnight, 300–1739. */
  minute: number;
  /** 7 weekly, 1 daily. */
  periodDays: number;
  /** Local midnight of the first broadcast day, Unix seconds. */
  dateBegin: number;
  /** Local midnight of the last broadcast day; 0 when unknown. */
  dateEnd: number;
}

/** A site where the anime is shown or described (build/watch-sites.ts decides which and how), as the API answers it. */
export type SourceSite = WikiSiteDto;

export interface SourceUpload {
  /** Storage path relative to the audio root, starting with '/', e.g. '/demo/album-1/01.mp3'. */
  uri: string;
  md5: string;
  /** File size in bytes. */
  filesize: number;
  /** Kilobits per second. */
  bitrate: number;
  /** Whole seconds, rounded. */
  length: number;
  /** Unix seconds. */
  date: number;
  /** Synced audio left on the remote: its absolute URL (the API's up_url then points there). */
  remoteUrl?: string;
  /** What the file is (an imported file's, read from its bytes); an MP3 of unknown properties when absent. */
  audio?: UploadAudio;
}

/** An upload's audio format and properties (import/audio-file.ts). */
export interface UploadAudio {
  /** up_type: contract/audio-formats.ts. */
  type: string;
  /** The codec as music-metadata names it; '' when unknown. */
  codec: string;
  lossless: boolean;
  /** Hz; 0 when unknown. */
  sampleRate: number;
  /** Bits per sample of lossless audio; 0 when lossy or unknown. */
  bitDepth: number;
  /** The file's ReplayGain tags; absent when it has none. */
  replayGain?: ReplayGain;
}

/** ReplayGain as tagged: gains in dB, peaks as a fraction of full scale (1 = 0 dBFS); null where the tag is missing. */
export interface ReplayGain {
  trackGain: number | null;
  trackPeak: number | null;
  albumGain: number | null;
  albumPeak: number | null;
}

export interface SourceSub {
  subId: number;
  /** Identity of the sub inside its source; stable across rebuilds. */
  sourceKey: string;
  type: SubType;
  /** Position in the parent, usually a number ('1', '2'), sometimes a label ('SP'). */
  order: string;
  title: string;
  /** Precomputed titleKey(title) and searchFold(title), for a generator that composes titles from words. */
  derived?: DerivedTitle;
  /** Unix seconds. */
  date: number;
  modified: number;
  about?: string;
  meta?: MetaItem[];
  upload?: SourceUpload;
  /** A song's lyrics (import/lyrics.ts). */
  lyrics?: LyricsDto;
}

export interface SourceEntry {
  wikiId: number;
  /** Identity of the entry inside its source; stable across rebuilds. */
  sourceKey: string;
  type: WikiType;
  title: string;
  derived?: DerivedTitle;
  /** Translated titles, searchable. */
  aliases: { lang: string; title: string }[];
  /** A Japanese title's Hepburn romanisation (build/romaji.ts), searched like a translated title but never shown. */
  romaji?: string;
  /** Unix seconds; day-precision dates are local midnight in the catalogue time zone; 0 = unknown. */
  date: number;
  modified: number;
  about?: string;
  meta: MetaItem[];
  tags: string[];
  bgmId?: number;
  /** Cover image path relative to the covers root; absent = generated from the title. */
  coverFile?: string;
  /** Anime only: bangumi-data's ISO 8601 repeating interval, begin and end ('' when unknown). */
  broadcast?: string;
  /** Explicit on-air rows (a synced remote's /on-air answer); when present, broadcast and end are not read. */
  schedule?: ScheduleRow[];
  begin?: string;
  end?: string;
  /** Anime only: where to watch it and where to read about it. */
  sites?: SourceSite[];
  subs: SourceSub[];
}
