// API objects → the player's tracks. A song plays its first upload; an episode (no sub_upload in the
// API) plays what /listen/playlist says it has. Audio of a synced song left on its remote is played
// through this server (/files/remote/<up_id>): the page may load media from its own origin only. A file
// the browser cannot decode carries its upload id, to play as the server's transcoded stream.
import { needsTranscode } from '../../../src-main/contract/audio-formats';
import { artistOf } from '../../../src-main/contract/credits';
import type { PlaylistItemDto, SubDto, UploadDto, WikiDto } from '../../../src-main/contract/objects';
import type { ReplayGainTags } from './replaygain';
import type { PlayerTrack } from './track';

/** The URL the player loads for an upload: this server's own file as it is, a remote's through this server. */
export function playableUrl(upUrl: string, upId: number, here: string = location.href): string {
  try {
    if (new URL(upUrl, here).origin === new URL(here).origin) return upUrl;
  } catch {
    // not a URL at all: let the server say it has no such file
  }
  return new URL(`/files/remote/${upId}`, here).toString();
}

/** An upload's ReplayGain object as the player keeps it; undefined when the file has no tags. */
export function replayGainOf(rg: UploadDto['up_replaygain'] | undefined): ReplayGainTags | undefined {
  if (!rg) return undefined;
  return { trackGain: rg.track_gain, trackPeak: rg.track_peak, albumGain: rg.album_gain, albumPeak: rg.album_peak };
}

export function trackFromSong(sub: SubDto, wiki: WikiDto): PlayerTrack | null {
  const upload = sub.sub_upload?.[0];
  if (!upload) return null;
  const track: PlayerTrack = {
    subId: sub.sub_id,
    title: sub.sub_title,
    wikiId: wiki.wiki_id,
    wikiTitle: wiki.wiki_title,
    wikiType: wiki.wiki_type,
    artist: artistOf(sub.sub_meta, wiki.wiki_meta),
    cover: wiki.wiki_cover.square,
    url: playableUrl(upload.up_url, upload.up_id),
    duration: upload.up_data.length,
    ...(needsTranscode(upload.up_type) ? { transcode: upload.up_id } : {}),
  };
  return withSongDetails(track, sub);
}

export function trackFromPlaylistItem(item: PlaylistItemDto): PlayerTrack {
  return {
    subId: item.sub_id,
    title: item.sub_title,
    wikiId: item.wiki_id,
    wikiTitle: item.wiki_title,
    wikiType: item.wiki_type,
    artist: item.artist,
    cover: item.cover.square,
    url: playableUrl(item.up_url, item.up_id),
    duration: item.duration,
    ...(needsTranscode(item.file_type) ? { transcode: item.up_id } : {}),
  };
}

/** A playlist item's track with what only the song object carries: its album order and ReplayGain tags. */
export function withSongDetails(track: PlayerTrack, sub: SubDto): PlayerTrack {
  const replayGain = replayGainOf(sub.sub_upload?.[0]?.up_replaygain);
  return { ...track, ...(sub.sub_order ? { order: sub.sub_order } : {}), ...(replayGain ? { replayGain } : {}) };
}
