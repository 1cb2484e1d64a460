// The user's playlists: the list, the one on screen with what each song plays, and every change the
// Playlists pages and the "Add to playlist" menus make. A change answers '' when saved, else why not;
// the list is loaded again after it.
import { defineStore } from 'pinia';
import { reactive, ref } from 'vue';
import { failureMessage } from '../api/client';
import * as api from '../api/playlists';
import type { PlaylistInfo, PlaylistItem } from '../api/playlists';
import { trackFromSong } from '../player/tracks';
import { failed, type LoadState } from './load-state';
import { usePlayerStore, type PlayerTrack } from './player';

export type { PlaylistInfo, PlaylistItem };

interface OpenPlaylist extends LoadState {
  id: number;
  playlist: PlaylistInfo | null;
  items: PlaylistItem[];
  /** Aligned with items: what each plays, or null (no audio, or gone from the catalogue). */
  tracks: (PlayerTrack | null)[];
}

export const usePlaylistsStore = defineStore('playlists', () => {
  const playlists = ref<PlaylistInfo[]>([]);
  const listState = reactive<LoadState>({ status: 'idle', error: null });
  const open = reactive<OpenPlaylist>({ id: 0, status: 'idle', error: null, playlist: null, items: [], tracks: [] });

  async function loadList(): Promise<void> {
    if (listState.status === 'idle') listState.status = 'loading';
    try {
      playlists.value = await api.fetchPlaylists();
      Object.assign(listState, { status: 'ready', error: null });
    } catch (e) {
      Object.assign(listState, failed(e));
    }
  }

  async function loadOne(id: number): Promise<void> {
    if (open.id !== id) Object.assign(open, { id, status: 'loading', error: null, playlist: null, items: [], tracks: [] });
    try {
      const { playlist, items } = await api.fetchPlaylistItems(id);
      if (open.id !== id) return;
      Object.assign(open, { status: 'ready', error: null, playlist, items, tracks: items.map((i) => (i.sub ? trackFromSong(i.sub, i.sub.wiki) : null)) });
    } catch (e) {
      if (open.id === id) Object.assign(open, failed(e));
    }
  }

  /** Runs a change; loads the list (and the open playlist) again after it. */
  async function change(run: () => Promise<unknown>): Promise<string> {
    try {
      await run();
      return '';
    } catch (e) {
      return failureMessage(e);
    } finally {
      await loadList();
      if (open.id && open.status !== 'idle') await loadOne(open.id);
    }
  }

  const create = (name: string, subIds: number[] = []) => change(() => api.createPlaylist(name, subIds));
  const add = (id: number, subIds: number[]) => change(() => api.addToPlaylist(id, subIds));
  const rename = (id: number, name: string) => change(() => api.renamePlaylist(id, name));
  const remove = (id: number, position: number) => change(() => api.removeFromPlaylist(id, position));
  const move = (id: number, from: number, to: number) => change(() => api.moveInPlaylist(id, from, to));
  async function destroy(id: number): Promise<string> {
    const why = await change(() => api.deletePlaylist(id));
    if (!why && open.id === id) Object.assign(open, { id: 0, status: 'idle', playlist: null, items: [], tracks: [] });
    return why;
  }
  const importText = (name: string, text: string) => api.importPlaylist(name, text).finally(() => loadList());
  const exportFile = (id: number, name: string) => change(() => api.downloadPlaylist(id, name));

  /** Plays the open playlist from its index-th song (those without audio are left out). */
  function play(fromIndex = 0): void {
    usePlayerStore().playAvailable(open.tracks, fromIndex);
  }

  return { playlists, listState, open, loadList, loadOne, create, add, rename, remove, move, destroy, importText, exportFile, play };
});
