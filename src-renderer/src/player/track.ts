// A track as the player queues, stores and plays it: made from API objects by player/tracks.ts.
import type { ReplayGainTags } from './replaygain';

export interface PlayerTrack {
  subId: number;
  title: string;
  wikiId: number;
  wikiTitle: string;
  wikiType: string;
  /** Who it is by: the song's artist (an episode's personality), else its entry's; '' when unknown. */
  artist: string;
  /** Cover image URL (square size). */
  cover: string;
  /** Audio URL. */
  url: string;
  /** Seconds, from up_data. */
  duration: number;
  /**
   * When the browser cannot decode the file (contract/audio-formats.ts): the upload id whose transcoded
   * stream plays it, if the server has ffmpeg.
   */
  transcode?: number;
  /** The song's place in its album (sub_order): whether the queue plays an album in order. */
  order?: string;
  /** The file's ReplayGain tags (up_replaygain); absent when it has none. */
  replayGain?: ReplayGainTags;
}

/** A queue entry: the track plus an id of its own, so the same song can be queued twice. */
export interface QueuedTrack extends PlayerTrack {
  qid: number;
}
