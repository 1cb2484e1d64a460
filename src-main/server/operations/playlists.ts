// The user's playlists, the UI's alone (Origin checked for writes), in JSON and XML:
//   GET  /app/playlists                      → { playlists } most recently changed first
//   POST /app/playlists/create               name, sub_ids? → { playlist }
//   GET  /app/playlists/:id                  → { playlist, items: [{ position, sub_id, sub }] } (sub null when gone)
//   POST /app/playlists/:id/rename           name → { playlist }
//   POST /app/playlists/:id/delete           → { playlist } (the one removed)
//   POST /app/playlists/:id/add              sub_ids (comma list), at? (a position; the end without) → { playlist }
//   POST /app/playlists/:id/remove           position → { playlist }
//   POST /app/playlists/:id/move             from, to → { playlist }
//   GET  /app/playlists/:id/export.m3u8      the playlist as an extended M3U8 for other players
//   POST /app/playlists/import               name, text (an .m3u8 or .m3u's content, at most MAX_IMPORT_LOCATIONS
//                                            locations) → { playlist, matched, missing }
// Names are 1–100 characters without control characters; ids of songs the catalogue lacks are refused
// when added (a playlist may later hold songs a removed folder took away: they are listed with sub null).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { m3uLocations, toM3u8 } from '../../catalogue/user/m3u';
import { PLAYLIST_MAX_ITEMS, PLAYLIST_NAME_MAX, type Playlist } from '../../catalogue/user/user-playlists';
import { artistOf } from '../../contract/credits';
import { ApiError, badParameter, missingParameter } from '../api-error';
import { playlistFiles } from '../playlist-files';
import { CONTROL } from '../query';
import { withUserFavs } from '../user-favs';
import type { PlaylistItemView } from '../../contract/app';
import { defineOperation, many, one, shaped, type Operation } from './define';
import { list, spec, textOf } from './params';

const IMPORT_BODY_LIMIT = 1024 * 1024;
/** Twice what a playlist holds: a file of other players' lines, some missing, still fits. */
const MAX_IMPORT_LOCATIONS = 10_000;

const playlistName = spec({ description: `1–${PLAYLIST_NAME_MAX} characters`, example: 'Late night', required: true }, (raw, name) => {
  const value = textOf(raw, name, 4096);
  if (value === undefined || value.trim() === '') throw missingParameter(name);
  if (CONTROL.test(value)) throw badParameter(name, 'must not contain control characters');
  if ([...value.trim()].length > PLAYLIST_NAME_MAX) throw badParameter(name, `must be at most ${PLAYLIST_NAME_MAX} characters`);
  return value.trim();
});
const playlistId = spec({ description: 'The playlist id', in: 'path', required: true, type: 'integer' }, (raw, name) => {
  const n = /^\d{1,9}$/.test(String(raw ?? '')) ? Number(raw) : NaN;
  if (!(n > 0)) throw badParameter(name, 'must be a whole number from 1');
  return n;
});
const position = (description: string, required = true) =>
  spec({ description, required, type: 'integer' }, (raw, name) => {
    if (raw === undefined || raw === '') {
      if (required) throw missingParameter(name);
      return undefined;
    }
    const n = typeof raw === 'number' ? raw : /^\d{1,6}$/.test(String(raw)) ? Number(raw) : NaN;
    if (!Number.isInteger(n) || n < 0) throw badParameter(name, 'must be a whole number from 0');
    return n;
  });
const subIds = list({ description: 'Sub-entry ids, comma-separated', example: '51000401,51000402', maxItems: 500 });

function playlistOf(app: FastifyInstance, id: number): Playlist {
  const found = app.deps.userDb.playlists.find(id);
  if (!found) throw new ApiError('NOT_FOUND', `No playlist has id ${id}.`);
  return found;
}

function checkedSubs(app: FastifyInstance, raw: string[] | undefined, name: string): number[] {
  const ids = (raw ?? []).map((s) => (/^\d{1,15}$/.test(s) ? Number(s) : NaN));
  if (ids.some((n) => !(n > 0))) throw badParameter(name, 'must list whole numbers from 1');
  const missing = ids.filter((id) => !app.deps.catalogue.queries.entryDetail.findSub(id, ''));
  if (missing.length > 0) throw new ApiError('NOT_FOUND', `No sub-entry has sub_id ${missing.slice(0, 5).join(', ')}.`);
  return ids;
}

function changed(app: FastifyInstance, id: number, items: number[]) {
  if (items.length > PLAYLIST_MAX_ITEMS) throw new ApiError('BAD_PARAMETER', `A playlist holds at most ${PLAYLIST_MAX_ITEMS} songs.`);
  return { payload: { playlist: app.deps.userDb.playlists.setItems(id, items, Math.floor(app.deps.now() / 1000))! } };
}

const base = { spellings: 'api', auth: 'first-party' } as const;
const write = { ...base, method: 'POST' } as const;
const PLAYLIST = { playlist: one(shaped<Playlist>()) };

const listPlaylists = defineOperation({
  ...base,
  method: 'GET',
  path: '/app/playlists',
  summary: "The user's playlists, most recently changed first",
  responds: { playlists: many(shaped<Playlist>()) },
  params: {},
  handle: ({ app }) => ({ payload: { playlists: app.deps.userDb.playlists.list() } }),
});

const createPlaylist = defineOperation({
  ...write,
  path: '/app/playlists/create',
  summary: 'Makes a playlist, empty or with songs',
  responds: PLAYLIST,
  params: { name: playlistName, sub_ids: subIds },
  handle({ p, app }) {
    const items = checkedSubs(app, p.sub_ids, 'sub_ids');
    return { payload: { playlist: app.deps.userDb.playlists.create(p.name, items, Math.floor(app.deps.now() / 1000)) } };
  },
});

const getPlaylist = defineOperation({
  ...base,
  method: 'GET',
  path: '/app/playlists/:playlist_id',
  summary: 'One playlist with its songs in order (sub null for one the catalogue no longer has)',
  responds: { ...PLAYLIST, items: many(shaped<PlaylistItemView>()) },
  errors: { 404: 'No playlist has this id' },
  params: { playlist_id: playlistId },
  handle({ p, app, site }) {
    const playlist = playlistOf(app, p.playlist_id);
    const { findSub } = app.deps.catalogue.queries.entryDetail;
    const items = app.deps.userDb.playlists.items(p.playlist_id).map((sub_id, i) => ({ position: i, sub_id, sub: findSub(sub_id, site) ?? null }));
    return { payload: { playlist, items: withUserFavs(items, app.deps.userDb) } };
  },
});

const renamePlaylist = defineOperation({
  ...write,
  path: '/app/playlists/:playlist_id/rename',
  summary: 'Renames a playlist',
  responds: PLAYLIST,
  errors: { 404: 'No playlist has this id' },
  params: { playlist_id: playlistId, name: playlistName },
  handle({ p, app }) {
    playlistOf(app, p.playlist_id);
    return { payload: { playlist: app.deps.userDb.playlists.rename(p.playlist_id, p.name, Math.floor(app.deps.now() / 1000))! } };
  },
});

const deletePlaylist = defineOperation({
  ...write,
  path: '/app/playlists/:playlist_id/delete',
  summary: 'Deletes a playlist (the songs stay in the catalogue)',
  responds: PLAYLIST,
  errors: { 404: 'No playlist has this id' },
  params: { playlist_id: playlistId },
  handle({ p, app }) {
    const playlist = playlistOf(app, p.playlist_id);
    app.deps.userDb.playlists.remove(p.playlist_id);
    return { payload: { playlist } };
  },
});

const addToPlaylist = defineOperation({
  ...write,
  path: '/app/playlists/:playlist_id/add',
  summary: 'Adds songs to a playlist, at the end or at a position',
  responds: PLAYLIST,
  errors: { 404: 'No playlist has this id, or no sub-entry one of the ids' },
  params: { playlist_id: playlistId, sub_ids: { ...subIds, required: true }, at: position('Where the songs go (0 = first); the end without it', false) },
  handle({ p, app }) {
    playlistOf(app, p.playlist_id);
    const adding = checkedSubs(app, p.sub_ids, 'sub_ids');
    if (adding.length === 0) throw missingParameter('sub_ids');
    const items = app.deps.userDb.playlists.items(p.playlist_id);
    const at = Math.min(p.at ?? items.length, items.length);
    items.splice(at, 0, ...adding);
    return changed(app, p.playlist_id, items);
  },
});

const removeFromPlaylist = defineOperation({
  ...write,
  path: '/app/playlists/:playlist_id/remove',
  summary: 'Removes the song at a position from a playlist',
  responds: PLAYLIST,
  errors: { 404: 'No playlist has this id, or no song is at that position' },
  params: { playlist_id: playlistId, position: position('The position of the song to remove (0 = first)') },
  handle({ p, app }) {
    playlistOf(app, p.playlist_id);
    const items = app.deps.userDb.playlists.items(p.playlist_id);
    if (p.position! >= items.length) throw new ApiError('NOT_FOUND', `Playlist ${p.playlist_id} has no song at position ${p.position}.`);
    items.splice(p.position!, 1);
    return changed(app, p.playlist_id, items);
  },
});

const moveInPlaylist = defineOperation({
  ...write,
  path: '/app/playlists/:playlist_id/move',
  summary: 'Moves a song of a playlist to another position',
  responds: PLAYLIST,
  errors: { 404: 'No playlist has this id, or no song is at that position' },
  params: { playlist_id: playlistId, from: position('The position of the song to move'), to: position('Its new position') },
  handle({ p, app }) {
    playlistOf(app, p.playlist_id);
    const items = app.deps.userDb.playlists.items(p.playlist_id);
    if (p.from! >= items.length || p.to! >= items.length)
      throw new ApiError('NOT_FOUND', `Playlist ${p.playlist_id} has ${items.length} songs: positions run from 0 to ${items.length - 1}.`);
    const [moving] = items.splice(p.from!, 1);
    items.splice(p.to!, 0, moving);
    return changed(app, p.playlist_id, items);
  },
});

const exportPlaylist = defineOperation({
  ...base,
  method: 'GET',
  spellings: 'json',
  file: { suffix: '.m3u8', type: 'audio/x-mpegurl' },
  path: '/app/playlists/:playlist_id/export',
  summary: 'A playlist as an extended M3U8 for other players: file paths of folder songs, URLs of the others',
  notes: 'Songs without audio, and songs the catalogue no longer has, are left out.',
  responds: {},
  errors: { 404: 'No playlist has this id' },
  params: { playlist_id: playlistId },
  handle({ p, app, site, reply }): FastifyReply {
    const playlist = playlistOf(app, p.playlist_id);
    const files = playlistFiles(app.deps.catalogue);
    const { findSub } = app.deps.catalogue.queries.entryDetail;
    const items = app.deps.userDb.playlists.items(p.playlist_id).flatMap((id) => {
      const sub = findSub(id, site);
      const place = sub && files.locationOf(id, site);
      return sub && place
        ? [{ title: sub.sub_title, artist: artistOf(sub.sub_meta, sub.wiki.wiki_meta), seconds: place.seconds, location: place.location }]
        : [];
    });
    const filename = `${playlist.name.replace(/[^\p{L}\p{N} ._-]/gu, '_').slice(0, 80) || 'playlist'}.m3u8`;
    return reply
      .header('content-type', 'audio/x-mpegurl; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .header('cache-control', 'no-store')
      .send(toM3u8(items));
  },
});

const importPlaylist = defineOperation({
  ...write,
  path: '/app/playlists/import',
  bodyLimit: IMPORT_BODY_LIMIT,
  summary: "Makes a playlist from an .m3u8 or .m3u file's content: the songs of imported folders it names",
  notes:
    "A location matches when it is a path (or file:// URL) whose real path is a file Moecat imported from a folder, or one of this server's /files/ URLs; the others, lines that are no path or URL included, are counted in `missing`. Nothing is fetched.",
  responds: { ...PLAYLIST, matched: one('integer'), missing: one('integer') },
  params: {
    name: playlistName,
    text: spec(
      { description: `The file's content (UTF-8), at most 1 MiB and ${MAX_IMPORT_LOCATIONS.toLocaleString('en')} locations`, required: true },
      (raw, name) => {
        if (typeof raw !== 'string' || raw.trim() === '') throw missingParameter(name);
        return raw;
      },
    ),
  },
  async handle({ p, app, site }) {
    const files = playlistFiles(app.deps.catalogue);
    const locations = m3uLocations(p.text, MAX_IMPORT_LOCATIONS + 1);
    if (locations.length > MAX_IMPORT_LOCATIONS)
      throw badParameter('text', `must name at most ${MAX_IMPORT_LOCATIONS.toLocaleString('en')} songs; this file names more`);
    const found = (await files.subsOf(locations, site)).filter((id): id is number => id !== undefined);
    if (found.length > PLAYLIST_MAX_ITEMS) throw new ApiError('BAD_PARAMETER', `A playlist holds at most ${PLAYLIST_MAX_ITEMS} songs.`);
    const playlist = app.deps.userDb.playlists.create(p.name, found, Math.floor(app.deps.now() / 1000));
    return { payload: { playlist, matched: found.length, missing: locations.length - found.length } };
  },
});

export const PLAYLIST_OPERATIONS: Operation[] = [
  listPlaylists,
  createPlaylist,
  importPlaylist,
  getPlaylist,
  renamePlaylist,
  deletePlaylist,
  addToPlaylist,
  removeFromPlaylist,
  moveInPlaylist,
  exportPlaylist,
];
