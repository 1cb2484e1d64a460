// The entry pages' state: the entry (or sub-entry) on screen with its sub-entries and, for each, the
// player track it can play (null without audio). A newer load aborts the one before it, so quick
// navigation never shows a stale page. Also the portal's /listen target: load a playlist and play it.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { SubDto, WikiDto } from '../../../src-main/contract/objects';
import { fetchEntryDetail, fetchPlaylist, fetchSubDetail, type EntrySection } from '../api/entry';
import { trackFromPlaylistItem, trackFromSong, withSongDetails } from '../player/tracks';
import type { LoadState } from './load-state';
import { usePlayerStore, type PlayerTrack } from './player';
import { latestRead } from './requests';

interface EntryPage extends LoadState {
  key: string;
  wiki: WikiDto | null;
  subs: SubDto[];
  /** Aligned with subs: what each sub-entry plays, or null. */
  tracks: (PlayerTrack | null)[];
}

interface SubPage extends LoadState {
  key: string;
  sub: SubDto | null;
  track: PlayerTrack | null;
}

export const useEntryStore = defineStore('entry', () => {
  const entry = reactive<EntryPage>({ key: '', status: 'idle', error: null, wiki: null, subs: [], tracks: [] });
  const subPage = reactive<SubPage>({ key: '', status: 'idle', error: null, sub: null, track: null });
  const entryRead = latestRead(entry);
  const subRead = latestRead(subPage);

  async function loadEntry(section: EntrySection, id: number, force = false): Promise<void> {
    const key = `${section}/${id}`;
    if (!force && entry.key === key && (entry.status === 'ready' || entry.status === 'loading')) return;
    await entryRead.run(
      (signal) =>
        Promise.all([
          fetchEntryDetail(section, id, signal),
          // Episodes carry no sub_upload: a radio's audio comes from its playlist.
          section === 'radio' ? fetchPlaylist({ radio: id }, signal) : Promise.resolve([]),
        ]),
      ([detail, playlist]) => {
        const fromPlaylist = new Map(playlist.map((item) => [item.sub_id, trackFromPlaylistItem(item)]));
        Object.assign(entry, {
          wiki: detail.wiki,
          subs: detail.subs,
          tracks: detail.subs.map((s) => fromPlaylist.get(s.sub_id) ?? trackFromSong(s, detail.wiki)),
        });
      },
      { start: () => Object.assign(entry, { key, wiki: null, subs: [], tracks: [] }) },
    );
  }

  async function loadSub(id: number, force = false): Promise<void> {
    const key = String(id);
    if (!force && subPage.key === key && (subPage.status === 'ready' || subPage.status === 'loading')) return;
    await subRead.run(
      (signal) => Promise.all([fetchSubDetail(id, signal), fetchPlaylist({ sub: id }, signal)]),
      ([sub, playlist]) => Object.assign(subPage, { sub, track: playlist[0] ? withSongDetails(trackFromPlaylistItem(playlist[0]), sub) : null }),
      { start: () => Object.assign(subPage, { key, sub: null, track: null }) },
    );
  }

  /** Plays the entry on screen from its index-th sub-entry (those without audio are left out). */
  function playEntry(fromIndex = 0): void {
    usePlayerStore().playAvailable(entry.tracks, fromIndex);
  }

  /** Queues the entry's playable sub-entries: at the end, or (`next`) right after the current track. */
  function enqueueEntry(next = false): void {
    const tracks = entry.tracks.filter((t): t is PlayerTrack => t !== null);
    if (tracks.length === 0) return;
    if (next) usePlayerStore().playNext(tracks);
    else usePlayerStore().enqueue(tracks);
  }

  /**
   * The portal's /listen?music=<id>: plays the album's playlist. Resolves 'played' (or 'empty' when
   * it has no audio); rejects with the failure otherwise.
   */
  async function listen(section: 'music' | 'radio', id: number): Promise<'played' | 'empty'> {
    const playlist = await fetchPlaylist(section === 'music' ? { music: id } : { radio: id });
    if (playlist.length === 0) return 'empty';
    usePlayerStore().play(playlist.map(trackFromPlaylistItem), 0);
    return 'played';
  }

  return { entry, subPage, loadEntry, loadSub, playEntry, enqueueEntry, listen };
});
