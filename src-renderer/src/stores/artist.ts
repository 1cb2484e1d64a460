// The artist page's state: the artist on screen, their albums and songs, and what each song plays.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { fetchArtist, type ArtistDetail } from '../api/artists';
import { trackFromSong } from '../player/tracks';
import type { LoadState } from './load-state';
import { usePlayerStore, type PlayerTrack } from './player';
import { latestRead } from './requests';

interface ArtistPage extends LoadState {
  name: string;
  detail: ArtistDetail | null;
  /** Aligned with detail.subs. */
  tracks: (PlayerTrack | null)[];
}

export const useArtistStore = defineStore('artist', () => {
  const page = reactive<ArtistPage>({ name: '', status: 'idle', error: null, detail: null, tracks: [] });
  const { run } = latestRead(page);

  const load = (name: string): Promise<void> =>
    run(
      (signal) => fetchArtist(name, signal),
      (detail) => Object.assign(page, { detail, tracks: detail.subs.map((s) => trackFromSong(s, s.wiki)) }),
      { start: () => Object.assign(page, { name, detail: null, tracks: [] }) },
    );

  /** Plays the artist's songs from the index-th (those without audio left out). */
  function play(fromIndex = 0): void {
    usePlayerStore().playAvailable(page.tracks, fromIndex);
  }

  return { page, load, play };
});
