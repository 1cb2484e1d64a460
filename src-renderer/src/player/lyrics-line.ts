// Which line of synced lyrics is being sung: the last one whose time has come (binary search, since the
// player asks several times a second); -1 before the first line, and always -1 for unsynced lyrics.
import type { LyricsDto } from '../../../src-main/contract/objects';

export function activeLine(lyrics: Pick<LyricsDto, 'synced' | 'lines'> | null, positionSeconds: number): number {
  if (!lyrics?.synced || lyrics.lines.length === 0) return -1;
  const ms = positionSeconds * 1000;
  let lo = 0;
  let hi = lyrics.lines.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (lyrics.lines[mid].time_ms <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
