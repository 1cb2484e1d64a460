// ReplayGain as the player applies it: the gain a track plays at, from its tags, the listener's mode
// (off, track, album) and preamp, never more than its tagged peak allows (gain × peak ≤ 1). Pure: the
// output (player/audio.ts) sets the number on a GainNode; files are never rewritten. docs/architecture.md
// (Playback) says why each rule is so.

/** A file's ReplayGain tags: gains in dB, peaks as a fraction of full scale (1 = 0 dBFS); null when untagged. */
export interface ReplayGainTags {
  trackGain: number | null;
  trackPeak: number | null;
  albumGain: number | null;
  albumPeak: number | null;
}

export type ReplayGainMode = 'off' | 'track' | 'album';

export const PREAMP_MIN = -6;
export const PREAMP_MAX = 12;

/** Only what the tracks need to tell whether the queue plays an album in order. */
interface AlbumTrack {
  wikiId: number;
  /** The song's place in its album (sub_order); absent when unknown. */
  order?: string;
  replayGain?: ReplayGainTags;
}

const ORDER = new Intl.Collator('en', { numeric: true });

/**
 * Whether the track at `index` is played as part of its album in the album's order: a neighbour in the
 * queue is from the same album, and the run of that album's tracks around it goes up in album order.
 */
export function playsAlbumInOrder(tracks: readonly AlbumTrack[], index: number): boolean {
  const here = tracks[index];
  if (!here || here.order === undefined) return false;
  let first = index;
  let last = index;
  while (first > 0 && tracks[first - 1].wikiId === here.wikiId) first--;
  while (last < tracks.length - 1 && tracks[last + 1].wikiId === here.wikiId) last++;
  if (first === last) return false;
  for (let i = first; i < last; i++) {
    const a = tracks[i].order;
    const b = tracks[i + 1].order;
    if (a === undefined || b === undefined || ORDER.compare(a, b) >= 0) return false;
  }
  return true;
}

const isPeak = (p: number | null): p is number => p !== null && Number.isFinite(p) && p > 0;

/**
 * The linear gain for a track. Off, or a track without tags: 1 (the preamp is for tagged tracks only,
 * so an untagged track is never raised into clipping). Album mode uses the album's gain and peak when
 * `albumInOrder` and the album gain is tagged, else the track's; a missing peak falls back to the
 * other kind's peak, and with no peak at all only the gain applies.
 */
export function replayGainFactor(tags: ReplayGainTags | null | undefined, mode: ReplayGainMode, preampDb: number, albumInOrder: boolean): number {
  if (mode === 'off' || !tags) return 1;
  const album = mode === 'album' && albumInOrder && tags.albumGain !== null;
  const gainDb = album ? tags.albumGain : (tags.trackGain ?? tags.albumGain);
  if (gainDb === null || !Number.isFinite(gainDb)) return 1;
  const preamp = Number.isFinite(preampDb) ? Math.min(PREAMP_MAX, Math.max(PREAMP_MIN, preampDb)) : 0;
  const gain = 10 ** ((gainDb + preamp) / 20);
  const peak = album ? (isPeak(tags.albumPeak) ? tags.albumPeak : tags.trackPeak) : isPeak(tags.trackPeak) ? tags.trackPeak : tags.albumPeak;
  return isPeak(peak) && gain * peak > 1 ? 1 / peak : gain;
}

/** The gain of the queue's track at `index`, with its album's tags when the queue plays that album in order. */
export function queueGain(tracks: readonly AlbumTrack[], index: number, mode: ReplayGainMode, preampDb: number): number {
  const track = tracks[index];
  if (!track) return 1;
  return replayGainFactor(track.replayGain, mode, preampDb, mode === 'album' && playsAlbumInOrder(tracks, index));
}
