// Connects the player to the operating system's media controls (media keys, lock screen, the
// notification area) through the MediaSession API: metadata of the current track and its actions.
import { onBeforeUnmount, watch, watchEffect } from 'vue';
import type { usePlayerStore } from '../stores/player';

type Player = ReturnType<typeof usePlayerStore>;

export function useMediaSession(player: Player): void {
  if (!('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;

  watch(
    () => player.current,
    (track) => {
      session.metadata = track
        ? new MediaMetadata({
            title: track.title,
            artist: track.wikiTitle,
            album: track.wikiTitle,
            artwork: track.cover ? [{ src: new URL(track.cover, location.href).href, sizes: '192x192' }] : [],
          })
        : null;
    },
    { immediate: true },
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
