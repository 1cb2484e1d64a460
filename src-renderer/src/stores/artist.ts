// The artist page's state: the artist on screen, their albums and songs, and what each song plays.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { fetchArtist, type ArtistDetail } from '../api/artists';
import { fetchPlaylist } from '../api/entry';
import type { PlaylistItemDto } from '../../../src-main/contract/objects';
import { trackFromPlaylistItem, trackFromSong } from '../player/tracks';
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

  /** The artist's page, and the audio of their radio episodes: an episode carries no sub_upload, so it is read from its radio's playlist (as the radio's own page does). */
  async function withEpisodes(name: string, signal: AbortSignal): Promise<{ detail: ArtistDetail; items: PlaylistItemDto[] }> {
    const detail = await fetchArtist(name, signal);
    const radios = [...new Set(detail.subs.filter((s) => s.sub_type === 'ep').map((s) => s.sub_parent_wiki))];
    const lists = await Promise.all(radios.map((radio) => fetchPlaylist({ radio }, signal)));
    return { detail, items: lists.flat() };
  }

  const load = (name: string): Promise<void> =>
    run(
      (signal) => withEpisodes(name, signal),
      ({ detail, items }) => {
        const fromPlaylist = new Map(items.map((item) => [item.sub_id, trackFromPlaylistItem(item)]));
        Object.assign(page, { detail, tracks: detail.subs.map((s) => fromPlaylist.get(s.sub_id) ?? trackFromSong(s, s.wiki)) });
      },
      { start: () => Object.assign(page, { name, detail: null, tracks: [] }) },
    );

  /** Plays the artist's songs from the index-th (those without audio left out). */
  function play(fromIndex = 0): void {
    usePlayerStore().playAvailable(page.tracks, fromIndex);
  }

  return { page, load, play };
});
