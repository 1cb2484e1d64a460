// The entry pages' state: the entry (or sub-entry) on screen with its sub-entries and, for each, the
// player track it can play (null without audio). A newer load aborts the one before it, so quick
// navigation never shows a stale page. Also the portal's /listen target: load a playlist and play it.
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { LyricsDto, SubDto, WikiDto } from '../../../src-main/contract/objects';
import { fetchLyrics } from '../api/lyrics';
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
  /** The song's lyrics, null when it has none. */
  lyrics: LyricsDto | null;
  /** Its album's (or radio's) sub-entries with what each plays, the song among them. */
  siblings: SubDto[];
  siblingTracks: (PlayerTrack | null)[];
}

export const useEntryStore = defineStore('entry', () => {
  const entry = reactive<EntryPage>({ key: '', status: 'idle', error: null, wiki: null, subs: [], tracks: [] });
  const subPage = reactive<SubPage>({ key: '', status: 'idle', error: null, sub: null, track: null, lyrics: null, siblings: [], siblingTracks: [] });
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
      async (signal) => {
        const [sub, playlist, lyrics] = await Promise.all([fetchSubDetail(id, signal), fetchPlaylist({ sub: id }, signal), fetchLyrics(id, signal)]);
        // The album's (or radio's) other tracks; an anime's episodes have no page of their own to list.
        const section = sub.wiki.wiki_type === 'music' || sub.wiki.wiki_type === 'radio' ? sub.wiki.wiki_type : null;
        const [detail, radioPlaylist] = section
          ? await Promise.all([
              fetchEntryDetail(section, sub.wiki.wiki_id, signal),
              section === 'radio' ? fetchPlaylist({ radio: sub.wiki.wiki_id }, signal) : Promise.resolve([]),
            ])
          : [null, []];
        return { sub, playlist, lyrics, detail, radioPlaylist };
      },
      ({ sub, playlist, lyrics, detail, radioPlaylist }) => {
        const fromPlaylist = new Map(radioPlaylist.map((item) => [item.sub_id, trackFromPlaylistItem(item)]));
        Object.assign(subPage, {
          sub,
          track: playlist[0] ? withSongDetails(trackFromPlaylistItem(playlist[0]), sub) : null,
          lyrics,
          siblings: detail?.subs ?? [],
          siblingTracks: detail ? detail.subs.map((s) => fromPlaylist.get(s.sub_id) ?? trackFromSong(s, detail.wiki)) : [],
        });
      },
      { start: () => Object.assign(subPage, { key, sub: null, track: null, lyrics: null, siblings: [], siblingTracks: [] }) },
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

  /** Plays the song page's album (or radio) from its index-th sub-entry. */
  function playSiblings(fromIndex = 0): void {
    usePlayerStore().playAvailable(subPage.siblingTracks, fromIndex);
  }

  return { entry, subPage, loadEntry, loadSub, playEntry, playSiblings, enqueueEntry, listen };
});
