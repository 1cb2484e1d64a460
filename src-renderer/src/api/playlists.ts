// HTTP for the user's playlists (/app/playlists…, the UI's alone).
import type { SubDto } from '../../../src-main/contract/objects';
import { downloadFile, getFirstParty, postFirstParty } from './client';

export interface PlaylistInfo {
  playlist_id: number;
  name: string;
  item_count: number;
  created_at: number;
  updated_at: number;
}

export interface PlaylistItem {
  position: number;
  sub_id: number;
  /** null when the catalogue no longer has the song. */
  sub: SubDto | null;
}

type Answer = { playlist: PlaylistInfo };
const path = (id: number, action = '') => `/app/playlists/${id}${action}.json`;

export const fetchPlaylists = async (signal?: AbortSignal) => (await getFirstParty<{ playlists: PlaylistInfo[] }>('/app/playlists.json', signal)).playlists;

export async function fetchPlaylistItems(id: number, signal?: AbortSignal): Promise<{ playlist: PlaylistInfo; items: PlaylistItem[] }> {
  const res = await getFirstParty<Answer & { items: PlaylistItem[] }>(path(id), signal);
  return { playlist: res.playlist, items: res.items };
}

export const createPlaylist = async (name: string, subIds: number[] = []) =>
  (await postFirstParty<Answer>('/app/playlists/create.json', { name, ...(subIds.length ? { sub_ids: subIds.join(',') } : {}) })).playlist;
export const renamePlaylist = async (id: number, name: string) => (await postFirstParty<Answer>(path(id, '/rename'), { name })).playlist;
export const deletePlaylist = async (id: number) => (await postFirstParty<Answer>(path(id, '/delete'))).playlist;
export const addToPlaylist = async (id: number, subIds: number[]) => (await postFirstParty<Answer>(path(id, '/add'), { sub_ids: subIds.join(',') })).playlist;
export const removeFromPlaylist = async (id: number, position: number) => (await postFirstParty<Answer>(path(id, '/remove'), { position })).playlist;
export const moveInPlaylist = async (id: number, from: number, to: number) => (await postFirstParty<Answer>(path(id, '/move'), { from, to })).playlist;

export async function importPlaylist(name: string, text: string): Promise<{ playlist: PlaylistInfo; matched: number; missing: number }> {
  const res = await postFirstParty<Answer & { matched: number; missing: number }>('/app/playlists/import.json', { name, text });
  return { playlist: res.playlist, matched: res.matched, missing: res.missing };
}

/** The playlist's .m3u8, saved by the browser. */
export const downloadPlaylist = (id: number, name: string) => downloadFile(`/app/playlists/${id}/export.m3u8`, {}, `${name}.m3u8`);
