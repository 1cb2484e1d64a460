// API objects → the player's tracks. A song plays its first upload; an episode (no sub_upload in the
// API) plays what /listen/playlist says it has.
import type { PlaylistItemDto, SubDto, WikiDto } from '../../../src-main/contract/objects';
import type { PlayerTrack } from '../stores/player';

export function trackFromSong(sub: SubDto, wiki: WikiDto): PlayerTrack | null {
  const upload = sub.sub_upload?.[0];
  if (!upload) return null;
  return {
    subId: sub.sub_id,
    title: sub.sub_title,
    wikiId: wiki.wiki_id,
    wikiTitle: wiki.wiki_title,
    wikiType: wiki.wiki_type,
    cover: wiki.wiki_cover.square,
    url: upload.up_url,
    duration: upload.up_data.length,
  };
}

export function trackFromPlaylistItem(item: PlaylistItemDto): PlayerTrack {
  return {
    subId: item.sub_id,
    title: item.sub_title,
    wikiId: item.wiki_id,
    wikiTitle: item.wiki_title,
    wikiType: item.wiki_type,
    cover: item.cover.square,
    url: item.up_url,
    duration: item.duration,
  };
}
