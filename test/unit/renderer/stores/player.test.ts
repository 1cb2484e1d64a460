// usePlayerStore over a stand-in <audio> element: the queue in play order, skipping what cannot be
// played (error, refused play, no progress), ends of tracks under each repeat mode, shuffle, reorder
// and remove, what a restart restores, and files the browser cannot decode: played as the server's
// transcoded stream (a seek loads it again from there), or skipped saying they need ffmpeg.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerTrack } from '../../../../src-renderer/src/stores/player';

const ORIGIN = 'http://127.0.0.1:4000';

/** Just enough of HTMLAudioElement: properties the store reads and the events it listens to. */
class FakeAudio extends EventTarget {
  src = '';
  currentTime = 0;
  duration = NaN;
  paused = true;
  volume = 1;
  muted = false;
  readyState = 0;
  preload = '';
  hidden = false;
  dataset: Record<string, string> = {};
  play = vi.fn(() => {
    this.paused = false;
    queueMicrotask(() => {
      this.dispatchEvent(new Event('play'));
      this.dispatchEvent(new Event('playing'));
    });
    return Promise.resolve();
  });
  pause = vi.fn(() => {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  load = vi.fn();
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  /** The browser read the file's header. */
  metadata(duration: number) {
    this.duration = duration;
    this.readyState = 1;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
  /** Playback moved to `t` seconds. */
  progress(t: number) {
    this.currentTime = t;
    this.dispatchEvent(new Event('timeupdate'));
  }
  /** The track played to its end. */
  end() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

let elements: FakeAudio[] = [];
const storage = new Map<string, string>();

beforeEach(() => {
  vi.useFakeTimers();
  elements = [];
  storage.clear();
  vi.stubGlobal('location', { href: `${ORIGIN}/music/1`, origin: ORIGIN });
  vi.stubGlobal('window', { addEventListener: () => {} });
  vi.stubGlobal('navigator', { languages: ['en'] });
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
  });
  vi.stubGlobal('document', {
    createElement: () => {
      const a = new FakeAudio();
      elements.push(a);
      return a;
    },
    body: { append: () => {} },
  });
  setActivePinia(createPinia());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The API client reads the window's bridge, the address and the kept session when it loads (the status store uses it).
vi.stubGlobal('window', { addEventListener: () => {} });
vi.stubGlobal('location', { href: `${ORIGIN}/`, origin: ORIGIN });
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {} });
const { usePlayerStore } = await import('../../../../src-renderer/src/stores/player');
const { useStatusStore } = await import('../../../../src-renderer/src/stores/status');
vi.unstubAllGlobals();

const track = (n: number, album = 7): PlayerTrack => ({
  subId: album * 100 + n,
  title: `Track ${n}`,
  wikiId: album,
  wikiTitle: `Album ${album}`,
  wikiType: 'music',
  artist: 'Artist',
  cover: `${ORIGIN}/covers/${album}/square`,
  url: `${ORIGIN}/files/demo/a${album}/${n}.mp3`,
  duration: 9,
});
const album = (count: number) => Array.from({ length: count }, (_, i) => track(i + 1));

/** A fresh store (as after a page load) and its element. */
function open() {
  const player = usePlayerStore();
  return { player, audio: elements.at(-1)! };
}
const titles = (player: ReturnType<typeof usePlayerStore>) => player.queue.map((t) => t.title);
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('usePlayerStore', () => {
  it('plays a list from the chosen track, keeping its own files as paths', async () => {
    const { player, audio } = open();
    player.play(album(3), 1);
    await settle();
    expect(player.index).toBe(1);
    expect(player.current?.title).toBe('Track 2');
    expect(audio.src).toBe('/files/demo/a7/2.mp3');
    expect(player.current?.cover).toBe('/covers/7/square');
    expect(audio.play).toHaveBeenCalled();
    expect(player.paused).toBe(false);
  });

  it('"play next" queues tracks right after the current one without interrupting it', async () => {
    const { player, audio } = open();
    player.play(album(3), 0);
    await settle();
    player.playNext([track(1, 8), track(2, 8)]);
    expect(titles(player)).toEqual(['Track 1', 'Track 1', 'Track 2', 'Track 2', 'Track 3']);
    expect(player.queue[1].wikiId).toBe(8);
    expect(player.current?.subId).toBe(701);
    expect(audio.play).toHaveBeenCalledTimes(1);
    audio.end();
    await settle();
    expect(player.current?.subId).toBe(801);
  });

  it('skips a track the element cannot play to the next one, with a notice', async () => {
    const { player, audio } = open();
    player.play(album(3));
    await settle();
    audio.fail();
    await settle();
    expect(player.current?.title).toBe('Track 2');
    expect(player.notice).toMatchObject({ kind: 'skipped', title: 'Track 1' });
    expect(audio.src).toBe('/files/demo/a7/2.mp3');
    expect(audio.play).toHaveBeenCalledTimes(2);
    // The notice goes away by itself.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(player.notice).toBeNull();
  });

  it('skips a track that makes no progress while it should be playing', async () => {
    const { player, audio } = open();
    player.play(album(2));
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(player.current?.title).toBe('Track 1');
    await vi.advanceTimersByTimeAsync(7_000);
    expect(player.current?.title).toBe('Track 2');
    expect(player.notice).toMatchObject({ kind: 'skipped', title: 'Track 1' });
    // A track that moves is left alone, however long it plays.
    for (let t = 1; t < 30; t++) {
      audio.progress(t);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(player.current?.title).toBe('Track 2');
  });

  it('does not watch a paused track for progress', async () => {
    const { player } = open();
    player.play(album(2));
    await settle();
    player.pause();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(player.current?.title).toBe('Track 1');
    expect(player.notice).toBeNull();
  });

  it('stops with a notice when the last track fails, and never loops when nothing can play', async () => {
    const { player, audio } = open();
    player.play(album(2), 1);
    await settle();
    audio.fail();
    await settle();
    expect(player.current?.title).toBe('Track 2');
    expect(player.notice).toMatchObject({ kind: 'failed', title: 'Track 2' });

    // Now no file plays at all (play() refuses them, as for a file that is not audio), with repeat
    // all: one round through the queue, then a stop.
    audio.play.mockImplementation(() => Promise.reject(new DOMException('not audio', 'NotSupportedError')));
    player.cycleRepeat();
    player.jumpTo(0);
    await settle();
    expect(player.notice?.kind).toBe('nothingPlayable');
    expect(audio.play).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(audio.play).toHaveBeenCalledTimes(3);
  });

  it('stays paused, without skipping, when the browser refuses to start playback', async () => {
    const { player, audio } = open();
    audio.play.mockImplementationOnce(() => Promise.reject(new DOMException('needs a gesture', 'NotAllowedError')));
    player.play(album(2));
    await settle();
    expect(player.current?.title).toBe('Track 1');
    expect(player.notice?.kind).toBe('blocked');
  });

  it('moves on at the end of a track as repeat says', async () => {
    const { player, audio } = open();
    player.play(album(2));
    await settle();
    audio.end();
    await settle();
    expect(player.current?.title).toBe('Track 2');
    audio.end(); // repeat off: the queue is over
    await settle();
    expect(player.current?.title).toBe('Track 2');
    expect(audio.play).toHaveBeenCalledTimes(2);

    player.cycleRepeat();
    expect(player.repeat).toBe('all');
    player.resume();
    audio.end();
    await settle();
    expect(player.current?.title).toBe('Track 1');

    player.cycleRepeat();
    expect(player.repeat).toBe('one');
    audio.currentTime = 9;
    audio.end();
    await settle();
    expect(player.current?.title).toBe('Track 1');
    expect(audio.currentTime).toBe(0);
  });

  it('restarts the track on previous after three seconds, else goes back one', async () => {
    const { player, audio } = open();
    player.play(album(3), 1);
    await settle();
    audio.metadata(9);
    audio.progress(5);
    player.previous();
    expect(player.current?.title).toBe('Track 2');
    expect(audio.currentTime).toBe(0);
    audio.progress(1);
    player.previous();
    expect(player.current?.title).toBe('Track 1');
    player.next();
    player.next();
    expect(player.current?.title).toBe('Track 3');
    expect(player.hasNext).toBe(false);
  });

  it('reorders and removes while the current track stays current', async () => {
    const { player } = open();
    player.play(album(4), 2);
    await settle();
    player.move(2, 0);
    expect(titles(player)).toEqual(['Track 3', 'Track 1', 'Track 2', 'Track 4']);
    expect(player.index).toBe(0);
    player.move(3, 1);
    expect(titles(player)).toEqual(['Track 3', 'Track 4', 'Track 1', 'Track 2']);
    expect(player.current?.title).toBe('Track 3');
    player.remove(1);
    expect(player.current?.title).toBe('Track 3');
    // Removing the current track plays the one that took its place.
    player.remove(0);
    expect(player.current?.title).toBe('Track 1');
    expect(titles(player)).toEqual(['Track 1', 'Track 2']);
    player.remove(0);
    player.remove(0);
    expect(player.current).toBeNull();
    expect(player.index).toBe(-1);
  });

  it('shuffles after the current track and restores the order when shuffle goes off', async () => {
    const { player } = open();
    player.play(album(8), 3);
    await settle();
    player.toggleShuffle();
    expect(player.shuffle).toBe(true);
    expect(player.index).toBe(0);
    expect(player.current?.title).toBe('Track 4');
    expect(titles(player).slice().sort()).toEqual(
      album(8)
        .map((t) => t.title)
        .sort(),
    );
    player.remove(titles(player).indexOf('Track 6'));
    player.enqueue([track(9)]);
    expect(titles(player)).toContain('Track 9');
    player.toggleShuffle();
    expect(titles(player)).toEqual(['Track 1', 'Track 2', 'Track 3', 'Track 4', 'Track 5', 'Track 7', 'Track 8', 'Track 9']);
    expect(player.current?.title).toBe('Track 4');
  });

  it('restores queue, track, position, shuffle, repeat and volume after a restart, paused', async () => {
    const first = open();
    first.player.play(album(5), 2);
    await settle();
    first.player.toggleShuffle();
    first.player.cycleRepeat();
    first.player.setVolume(0.35);
    first.audio.dispatchEvent(new Event('volumechange'));
    first.audio.metadata(9);
    first.player.seek(6);
    const order = titles(first.player);

    setActivePinia(createPinia());
    const { player, audio } = open();
    expect(titles(player)).toEqual(order);
    expect(player.current?.title).toBe('Track 3');
    expect(player.shuffle).toBe(true);
    expect(player.repeat).toBe('all');
    expect(player.volume).toBeCloseTo(0.35);
    expect(audio.volume).toBeCloseTo(0.35);
    expect(player.paused).toBe(true);
    expect(audio.play).not.toHaveBeenCalled();
    // Nothing is fetched while it waits paused; Play loads it and goes to the restored position.
    expect(audio.src).toBe('');
    expect(player.position).toBe(6);
    player.resume();
    expect(audio.src).toBe('/files/demo/a7/3.mp3');
    audio.metadata(9);
    expect(audio.currentTime).toBe(6);
    player.pause();
    // Turning shuffle off after the restart still knows the original order.
    player.toggleShuffle();
    expect(titles(player)).toEqual(album(5).map((t) => t.title));
  });

  it('restores a queue saved with the server on another port, and drops what does not read back', () => {
    storage.set(
      'moecat.player',
      JSON.stringify({
        queue: [{ ...track(1), url: 'http://127.0.0.1:5555/files/demo/a7/1.mp3' }, { title: 'broken' }, track(3)],
        index: 2,
        position: 4,
        repeat: 'sometimes',
        volume: 7,
      }),
    );
    const { player, audio } = open();
    expect(titles(player)).toEqual(['Track 1', 'Track 3']);
    expect(player.current?.title).toBe('Track 3');
    expect(player.position).toBe(4);
    expect(player.queue[0].url).toBe('/files/demo/a7/1.mp3');
    expect(player.repeat).toBe('off');
    expect(player.volume).toBe(1);
    expect(audio.src).toBe('');
    player.resume();
    expect(audio.src).toBe('/files/demo/a7/3.mp3');
  });

  describe('a file the browser cannot decode', () => {
    const alac = { ...track(1), title: 'Lossless', transcode: 55 };
    const serverTranscodes = (transcoding: boolean) =>
      (useStatusStore().status = { entries: 0, subs: 0, uploads: 0, onAir: 0, apiUrl: ORIGIN, animeData: { version: '', newestBegin: '' }, transcoding });

    it('plays the transcoded stream, a seek loading it again from there, times counted from the track start', async () => {
      serverTranscodes(true);
      const { player, audio } = open();
      player.play([alac, track(2)]);
      await settle();
      expect(audio.src).toBe('/files/transcoded/55');
      audio.metadata(Infinity);
      audio.progress(1.5);
      expect(player.position).toBe(1.5);
      player.seek(5);
      expect(audio.src).toBe('/files/transcoded/55?start=5');
      audio.currentTime = 0;
      audio.progress(0.5);
      expect(player.position).toBe(5.5);
      expect(player.duration).toBe(9);
      expect(player.current?.title).toBe('Lossless');
    });

    it('stays a stream after a restart, asked for only when it plays, from where it was', async () => {
      serverTranscodes(true);
      const first = open();
      first.player.play([alac]);
      await settle();
      first.audio.progress(1.5);
      first.player.pause();
      setActivePinia(createPinia());
      serverTranscodes(true);
      const { player, audio } = open();
      expect(player.current).toMatchObject({ title: 'Lossless', transcode: 55 });
      expect(audio.src).toBe('');
      player.resume();
      expect(audio.src).toBe('/files/transcoded/55?start=1.5');
    });

    it('is skipped saying it needs ffmpeg when the server has none', async () => {
      serverTranscodes(false);
      const { player, audio } = open();
      player.play([alac, track(2)]);
      await settle();
      expect(player.current?.title).toBe('Track 2');
      expect(audio.src).toBe('/files/demo/a7/2.mp3');
      expect(player.notice).toMatchObject({ kind: 'needsFfmpeg', title: 'Lossless' });
    });
  });
});
