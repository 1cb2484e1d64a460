// What every catalogue source (bangumi-data, the demo section, later folder import and remote sync)
// hands to the builder: plain records with their stable ids already decided.
import type { ScheduleRow } from './broadcast';
import type { SubType, WikiType } from '../contract/sections';
export { SUB_TYPES, WIKI_TYPES, type SubType, type WikiType } from '../contract/sections';

export interface DerivedTitle {
  key: string;
  fold: string;
}

export interface MetaItem {
  key: string;
  value: string;
}

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
  subs: SourceSub[];
}
