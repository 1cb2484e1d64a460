// What the player's outputs (player/audio.ts, player/decoded-output.ts) tell the player store.

export interface AudioEvents {
  /** The loaded track started really playing, first time since its load (or since restart()). */
  started(): void;
  playing(): void;
  paused(): void;
  /** Waiting for data while meant to be playing (true), or no longer (false). */
  buffering(waiting: boolean): void;
  duration(seconds: number): void;
  time(seconds: number): void;
  volume(volume: number, muted: boolean): void;
  ended(): void;
  /** The track cannot be played: an element error, a refused play(), or no progress for STALL_MS. */
  unplayable(): void;
  /** The browser wants a gesture before playing; the track itself is fine. */
  blocked(): void;
  /** The prepared next track took over on the sample the current one ended on: it is now the loaded track. */
  advanced(): void;
}
