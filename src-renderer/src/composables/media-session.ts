// Connects the player to the operating system's media controls (media keys, lock screen, the
// notification area) through the MediaSession API: metadata of the current track and its actions.
import { onBeforeUnmount, watch, watchEffect } from 'vue';
import { COVER_SIZES, type CoverSize } from '../../../src-main/contract/covers';
import type { PlayerTrack } from '../player/track';
import type { usePlayerStore } from '../stores/player';
import { mediaUrl } from './media-url';

type Player = ReturnType<typeof usePlayerStore>;

/** The sizes offered to the OS, small to large: it picks what its overlay needs. */
const ARTWORK_SIZES: CoverSize[] = ['small', 'square', 'large'];

/**
 * A track's cover for the OS in several sizes (this server's /covers/<id>/<size>), each with its pixel
 * size and its type (`type`: what the server said the cover is, a saved JPEG or a drawn SVG).
 */
export function artworkOf(cover: string, base: string, type?: string): MediaImage[] {
  if (!cover) return [];
  const url = new URL(cover, base);
  const ours = url.origin === new URL(base).origin && /^\/covers\/\d+\/square$/.test(url.pathname);
  if (!ours) return [{ src: url.href, ...(type ? { type } : {}) }];
  return ARTWORK_SIZES.map((size) => ({
    src: new URL(url.pathname.replace(/square$/, size), url).href,
    sizes: `${COVER_SIZES[size]}x${COVER_SIZES[size]}`,
    ...(type ? { type } : {}),
  }));
}

/** The metadata the OS overlay shows: the title, who it is by, and the album or show it is from. */
export function mediaMetadataOf(track: PlayerTrack, base: string, coverType?: string): MediaMetadataInit {
  const artwork = artworkOf(track.cover, base, coverType).map((a) => ({ ...a, src: mediaUrl(a.src) }));
  return { title: track.title, artist: track.artist, album: track.wikiTitle, artwork };
}

/** What a cover is (image/jpeg, image/svg+xml), asked of the server without its bytes. */
async function coverTypeOf(cover: string): Promise<string | undefined> {
  try {
    const res = await fetch(mediaUrl(cover), { method: 'HEAD' });
    return res.ok ? res.headers.get('content-type')?.split(';')[0].trim() || undefined : undefined;
  } catch {
    return undefined;
  }
}

export function useMediaSession(player: Player): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;

  watch(
    () => player.current,
    (track) => {
      session.metadata = track ? new MediaMetadata(mediaMetadataOf(track, location.href)) : null;
    },
    { immediate: true },
  );
  // The cover's type, for an OS that picks by it: asked once the track plays (not for the track a page
  // load restores, paused, nor while the page may still be leaving), and only if it is still current.
  let typed: PlayerTrack | null = null;
  watch(
    () => [player.current, player.paused] as const,
    async ([track, paused]) => {
      if (!track?.cover || paused || typed === track) return;
      typed = track;
      const type = await coverTypeOf(track.cover);
      if (type && player.current === track) session.metadata = new MediaMetadata(mediaMetadataOf(track, location.href, type));
    },
  );

  watchEffect(() => {
    session.playbackState = !player.current ? 'none' : player.paused ? 'paused' : 'playing';
  });

  watchEffect(() => {
    const duration = player.duration;
    if (!player.current || !(duration > 0)) return;
    try {
      session.setPositionState({ duration, playbackRate: 1, position: Math.min(player.position, duration) });
    } catch {
      // Some engines refuse a state while the element is still loading; the next update succeeds.
    }
  });

  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => player.resume()],
    ['pause', () => player.pause()],
    ['previoustrack', () => player.previous()],
    ['nexttrack', () => player.next()],
    ['seekto', (d) => d.seekTime !== undefined && player.seek(d.seekTime)],
    ['seekbackward', (d) => player.seekBy(-(d.seekOffset ?? 10))],
    ['seekforward', (d) => player.seekBy(d.seekOffset ?? 10)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this engine does not know.
    }
  }
  onBeforeUnmount(() => {
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        /* as above */
      }
    }
  });
}
