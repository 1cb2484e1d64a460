// HTTP for a song's lyrics (/sub/lyrics.json): the lyrics, or null when the song has none.
import type { LyricsDto } from '../../../src-main/contract/objects';
import { ApiFailure, getApi } from './client';

export async function fetchLyrics(subId: number, signal?: AbortSignal): Promise<LyricsDto | null> {
  try {
    const { lyrics } = await getApi<{ lyrics: LyricsDto }>('/sub/lyrics.json', { sub_id: subId }, signal);
    return lyrics.source === 'none' ? null : lyrics;
  } catch (e) {
    // A song the catalogue no longer has (a re-import removed it) has none either.
    if (e instanceof ApiFailure && e.status === 404) return null;
    throw e;
  }
}
