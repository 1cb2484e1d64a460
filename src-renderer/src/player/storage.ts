// What the player keeps across restarts (queue, current track and position, shuffle, repeat, volume),
// in localStorage. Anything saved by an older or broken build is checked field by field and dropped
// rather than trusted.
import type { RepeatMode } from './queue';
import type { ReplayGainTags } from './replaygain';
import type { PlayerTrack } from './track';

export interface SavedPlayer {
  /** The queue in play order. */
  queue: PlayerTrack[];
  index: number;
  /** Seconds into the current track. */
  position: number;
  /** While shuffled: the queue's order before shuffling, as indexes into `queue`. */
  unshuffled: number[] | null;
  repeat: RepeatMode;
  /** 0–1. */
  volume: number;
  muted: boolean;
}

const KEY = 'moecat.player';
/** Enough for any album or playlist; keeps a runaway enqueue from filling localStorage. */
export const MAX_QUEUE = 2000;

export const DEFAULTS: SavedPlayer = { queue: [], index: -1, position: 0, unshuffled: null, repeat: 'off', volume: 0.8, muted: false };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A track URL that still works after a restart: the server may come back on another port (headless
 * mode picks a free one), so its own files and covers are kept as paths on the page's origin.
 */
export function portableUrl(url: string): string {
  if (url === '') return url;
  let parsed: URL;
  try {
    parsed = new URL(url, location.href);
  } catch {
    return url;
  }
  const ours = parsed.origin === location.origin || (LOOPBACK.has(parsed.hostname) && /^\/(files|covers)\//.test(parsed.pathname));
  return ours ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === 'string';

const gainOrNull = (v: unknown): number | null => (isNum(v) ? v : null);

/** Saved ReplayGain tags, each checked; none at all (a queue saved before they were kept) is no tags. */
function replayGainOf(v: unknown): { replayGain?: ReplayGainTags } {
  if (!v || typeof v !== 'object') return {};
  const r = v as Record<string, unknown>;
  const tags = {
    trackGain: gainOrNull(r.trackGain),
    trackPeak: gainOrNull(r.trackPeak),
    albumGain: gainOrNull(r.albumGain),
    albumPeak: gainOrNull(r.albumPeak),
  };
  return Object.values(tags).some((n) => n !== null) ? { replayGain: tags } : {};
}

function trackOf(v: unknown): PlayerTrack | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Record<string, unknown>;
  if (!isNum(t.subId) || !isNum(t.wikiId) || !isStr(t.title) || !isStr(t.url) || t.url === '') return null;
  return {
    subId: t.subId,
    title: t.title,
    wikiId: t.wikiId,
    wikiTitle: isStr(t.wikiTitle) ? t.wikiTitle : '',
    wikiType: isStr(t.wikiType) ? t.wikiType : 'music',
    artist: isStr(t.artist) ? t.artist : '',
    cover: isStr(t.cover) ? portableUrl(t.cover) : '',
    url: portableUrl(t.url),
    duration: isNum(t.duration) && t.duration > 0 ? t.duration : 0,
    ...(isNum(t.transcode) && Number.isSafeInteger(t.transcode) ? { transcode: t.transcode } : {}),
    ...(isStr(t.order) && t.order !== '' ? { order: t.order } : {}),
    ...replayGainOf(t.replayGain),
  };
}

export function loadPlayer(): SavedPlayer {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {};
  } catch {
    return { ...DEFAULTS };
  }
  const list = Array.isArray(raw.queue) ? raw.queue.slice(0, MAX_QUEUE) : [];
  // A track that does not read back is dropped; the index follows the tracks that remain.
  const kept = list.map(trackOf);
  const queue = kept.filter((t): t is PlayerTrack => t !== null);
  const oldIndex = isNum(raw.index) ? Math.trunc(raw.index) : -1;
  const index = kept[oldIndex] ? kept.slice(0, oldIndex).filter(Boolean).length : queue.length > 0 ? 0 : -1;
  const sameQueue = queue.length === list.length;
  const unshuffled =
    sameQueue && Array.isArray(raw.unshuffled) && raw.unshuffled.length === queue.length && [...raw.unshuffled].sort((a, b) => a - b).every((n, i) => n === i)
      ? (raw.unshuffled as number[])
      : null;
  return {
    queue,
    index,
    position: kept[oldIndex] && isNum(raw.position) && raw.position > 0 ? raw.position : 0,
    unshuffled,
    repeat: raw.repeat === 'all' || raw.repeat === 'one' ? raw.repeat : 'off',
    volume: isNum(raw.volume) ? Math.min(1, Math.max(0, raw.volume)) : DEFAULTS.volume,
    muted: raw.muted === true,
  };
}

export function savePlayer(state: SavedPlayer): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: playing still works, it just will not be restored.
  }
}
