// SCAFFOLD: the player store is being written. Its public shape is fixed here so views can use it.
import { defineStore } from 'pinia';

export interface PlayerTrack {
  subId: number;
  title: string;
  wikiId: number;
  wikiTitle: string;
  wikiType: string;
  /** Cover image URL (square size). */
  cover: string;
  /** Audio URL. */
  url: string;
  /** Seconds, from up_data. */
  duration: number;
}

export const usePlayerStore = defineStore('player', () => {
  function play(_tracks: PlayerTrack[], _start = 0): void {}
  function enqueue(_tracks: PlayerTrack[]): void {}
  return { play, enqueue };
});
