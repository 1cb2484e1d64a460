// The payloads of the UI's own endpoints (/app/…, first-party only): one definition for the server that
// sends them and the UI that reads them. The Moefou-compatible objects are in objects.ts. These have no
// JSON Schema: /docs shows them as objects, and an operation declares one with `shaped<T>()`
// (server/operations/define.ts), which still holds its handler to the type.
import type { SubDto } from './objects';

/** /app/status.json: the catalogue's size and the API's address (the home page, About). */
/** The anime data the schedule comes from (About, On air, Settings → Anime data). */
export interface AnimeDataInfo {
  /** bangumi-data's version. */
  version: string;
  /** The newest start date the data knows (an ISO date, '' when none): the data's date, "data of 29 Apr 2026". */
  newestBegin: string;
}

/** Settings → Anime data: the data, whether Moecat checks weekly and where, and the update job. */
export interface AnimeDataView extends AnimeDataInfo {
  weekly: boolean;
  /** The npm registry (or mirror) asked. */
  registry: string;
  /** Unix seconds of the last check; null before the first. */
  lastCheck: number | null;
  /** Whether this server can update its catalogue (not a fixed --catalogue file). */
  writable: boolean;
  /** The latest update job, if any since the server started. */
  job: JobState | null;
}

/** What an anime data update ended with: the data was current, or it was updated. */
export type AnimeDataJobResult =
  { status: 'current'; version: string } | { status: 'updated'; version: string; entries: number; added: number; removed: number; scheduled: number };

export interface AppStatus {
  entries: number;
  subs: number;
  uploads: number;
  /** Entries on air now. */
  onAir: number;
  /** This server's API base URL, with a trailing slash. */
  apiUrl: string;
  animeData: AnimeDataInfo;
  /** ffmpeg is there: imported files the browser cannot decode play transcoded (contract/audio-formats.ts). */
  transcoding: boolean;
}

/** A key as the UI sees it; the secret appears only in the answer that created it. */
export interface ApiKeyView {
  key: string;
  name: string;
  /** Unix seconds. */
  created: number;
  /** Unix seconds when revoked, null while active. */
  revoked: number | null;
  /** The key the server printed for tools at start: it cannot be revoked while the server runs. */
  in_use: boolean;
  secret?: string;
}

/** A signed-in browser as Settings lists it; `token` only in the answer that signed it in. */
export interface UiSessionView {
  id: number;
  /** Which browser, from its User-Agent ("Chrome on Linux"). */
  name: string;
  /** Unix seconds. */
  created: number;
  last_used: number;
  /** The browser asking. */
  current: boolean;
  token?: string;
}

/** A request token as the approval page sees it. */
export interface OAuthRequestView {
  token: string;
  /** The tool asking: its API key's name. */
  tool: string;
  key: string;
  /** 'oob' or the URL the user returns to. */
  callback: string;
  status: 'pending' | 'approved' | 'denied' | 'used' | 'expired';
  /** Unix seconds. */
  created: number;
  expires: number;
  /** Once approved: what the tool needs; the page shows it for 'oob'. */
  verifier: string | null;
  /** After an answer with a URL callback: where the page sends the user. */
  redirect: string | null;
}

/** An access token in "Connected tools". */
export interface ConnectedToolView {
  token: string;
  /** The tool: its API key's name. */
  name: string;
  key: string;
  /** Unix seconds. */
  connected: number;
  last_used: number | null;
  revoked: number | null;
}

/** A remote source as Settings → Sync shows it. */
export interface RemoteSourceView {
  source_id: number;
  url: string;
  name: string;
  entries: number;
  subs: number;
  /** Unix seconds of the first sync. */
  added_at: number;
  /** Unix seconds when the last complete sync ended; null before the first one completes. */
  last_sync: number | null;
  /** An interrupted sync waits to be resumed (syncing again continues it). */
  interrupted: boolean;
  /** The key is saved: "Sync again" needs none. */
  has_key: boolean;
}

/** An imported folder as /app/library.json answers it (the catalogue's library queries). */
/**
 * Whether an imported folder is kept in step (server/library-watch.ts): checking (an import of what
 * changed runs), watching, unavailable (cannot be reached; its albums are kept), or unwatched (this
 * server does not watch it, or the system refused to).
 */
export type FolderWatchState = 'checking' | 'watching' | 'unavailable' | 'unwatched';

export interface FolderWatch {
  watch_state: FolderWatchState;
  /** Unix seconds since the folder is in this state; 0 when unwatched by this server. */
  watch_since: number;
  /** Why it is unavailable or unwatched, in words; '' otherwise. */
  watch_reason: string;
  /** The same as a code the UI words in its language ('' when none). */
  watch_reason_code: '' | 'missing' | 'empty' | 'not-folder' | 'denied' | 'unreadable' | 'other-disk' | 'watch-failed';
}

/** An imported folder as Settings → Library lists it: the catalogue's counts and whether it is kept in step. */
export interface LibraryFolder extends LibraryFolderCounts, FolderWatch {}

export interface LibraryFolderCounts {
  source_id: number;
  /** The folder's absolute path. */
  path: string;
  name: string;
  albums: number;
  songs: number;
  /** Unix seconds: first import, latest completed import (0 until one completes). */
  added_at: number;
  updated_at: number;
}

/** How many albums or songs an import added, changed and removed, and how many there are after it. */
export interface ImportCounts {
  added: number;
  changed: number;
  removed: number;
  total: number;
}

/** What a finished import job returns (`moecat import` prints the same). */
export interface ImportJobResult {
  sourceId: number;
  folder: string;
  albums: ImportCounts;
  songs: ImportCounts;
  /** How many files or folders could not be read (the job's `problems` lists them). */
  problems: number;
}

/** What a sync did with the remote's audio. */
export interface AudioTally {
  /** Songs pointed at a cached file (downloaded now or before). */
  cached: number;
  downloaded: number;
  evicted: number;
  /** Songs left on the remote (no room, or the file could not be fetched). */
  skipped: number;
}

/** What a finished sync job returns (`moecat sync` prints the same). */
export interface SyncJobResult {
  url: string;
  sourceId: number;
  listed: number;
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  /** Sub-entries written (of new or changed entries). */
  subs: number;
  /** True when this run continued an interrupted one. */
  resumed: boolean;
  audio: AudioTally;
  /** Requests made, by path. */
  requests: Record<string, number>;
}

/** What a finished remove-source job returns. */
export interface RemoveSourceJobResult {
  source_id: number;
  entries: number;
  subs: number;
}

export type JobKind = 'import' | 'sync' | 'remove-source' | 'posters' | 'anime-data';
export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobProgress {
  /** What the job is doing now, e.g. 'scan', 'read', 'write', 'pages', 'audio'. */
  phase: string;
  done: number;
  /** 0 while unknown (the UI then shows an indeterminate bar). */
  total: number;
  /** The item being worked on (a file name, a page), for the UI's line under the bar. */
  current?: string;
}

/** A job as /app/jobs/:id.json answers it (catalogue-jobs.ts). */
export interface JobState {
  id: string;
  kind: JobKind;
  /** What the job works on: a folder's path, a remote's URL, a source's name. */
  label: string;
  status: JobStatus;
  progress: JobProgress;
  /** Unix milliseconds. */
  startedAt: number;
  finishedAt: number | null;
  /** Problems that did not stop the job (unreadable files …), at most MAX_PROBLEMS kept. */
  problems: string[];
  /** What the job returns when done (counts of added, changed, removed …). */
  result: unknown;
  /** Why it failed, in words for the user. */
  error: string | null;
}

/** An artist as /artist/detail names them, with how many entries and sub-entries name them. */
export interface ArtistView {
  name: string;
  wiki_count: number;
  sub_count: number;
}

/** /app/calendar.json: the followed shows' feed, its token in the address. */
export interface CalendarView {
  feed_url: string;
}

/**
 * /app/posters.json: whether posters and Bangumi details are fetched from Bangumi, from which API, how
 * many posters were asked for and saved, and of how many shows the details were asked for and kept.
 */
export interface PosterView {
  enabled: boolean;
  api_base: string;
  asked: number;
  saved: number;
  details_asked: number;
  details_kept: number;
}

/** A song of a playlist (/app/playlists/:id.json), at its position; `sub` null when the catalogue no longer has it. */
export interface PlaylistItemView {
  position: number;
  sub_id: number;
  sub: SubDto | null;
}
