// The artist page's state: the artist on screen, their albums and songs, and what each song plays.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { fetchArtist, type ArtistDetail } from '../api/artists';
import { trackFromSong } from '../player/tracks';
import { failed, type LoadState } from './load-state';
import { usePlayerStore, type PlayerTrack } from './player';

interface ArtistPage extends LoadState {
  name: string;
  detail: ArtistDetail | null;
  /** Aligned with detail.subs. */
  tracks: (PlayerTrack | null)[];
}

export const useArtistStore = defineStore('artist', () => {
  const page = reactive<ArtistPage>({ name: '', status: 'idle', error: null, detail: null, tracks: [] });
  let controller: AbortController | null = null;

  async function load(name: string): Promise<void> {
    controller?.abort();
    const mine = (controller = new AbortController());
    Object.assign(page, { name, status: 'loading', error: null, detail: null, tracks: [] });
    try {
      const detail = await fetchArtist(name, mine.signal);
      if (controller !== mine) return;
      Object.assign(page, { status: 'ready', detail, tracks: detail.subs.map((s) => trackFromSong(s, s.wiki)) });
    } catch (e) {
      if ((e as Error).name === 'AbortError' || controller !== mine) return;
      Object.assign(page, failed(e));
    }
  }

  /** Plays the artist's songs from the index-th (those without audio left out). */
  function play(fromIndex = 0): void {
    usePlayerStore().playAvailable(page.tracks, fromIndex);
  }

  return { page, load, play };
});
