// @vitest-environment happy-dom
// useLyricsStore over a stand-in player and API: the playing song's lyrics asked for when the track
// changes, their load told as a LoadState (loading, ready, failed with why), each song asked for once,
// and an answer for a track no longer playing kept for later but never shown.
import { createPinia, setActivePinia } from 'pinia';
import { nextTick, reactive } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LyricsDto } from '../../../../src-main/contract/objects';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', uiToken: 'ef'.repeat(16) };
});

const asked: { subId: number; signal?: AbortSignal; resolve: (l: LyricsDto | null) => void; reject: (e: unknown) => void }[] = [];
vi.mock('../../../../src-renderer/src/api/lyrics', () => ({
  fetchLyrics: (subId: number, signal?: AbortSignal) => new Promise<LyricsDto | null>((resolve, reject) => asked.push({ subId, signal, resolve, reject })),
}));
const player = reactive({ current: null as { subId: number } | null, position: 0, seek: vi.fn() });
vi.mock('../../../../src-renderer/src/stores/player', () => ({ usePlayerStore: () => player }));

const { ApiFailure } = await import('../../../../src-renderer/src/api/client');
const { useLyricsStore } = await import('../../../../src-renderer/src/stores/lyrics');

const lyricsOf = (text: string) => ({ synced: false, lines: [{ time_ms: 0, text }] }) as unknown as LyricsDto;
const flush = () => new Promise((r) => setTimeout(r, 0));
async function playing(subId: number | null): Promise<void> {
  player.current = subId === null ? null : { subId };
  await nextTick();
}

let stores: { $dispose: () => void }[] = [];
/** A store of this test's own: disposed after it, so its watch stops asking when the next test plays. */
function lyricsStore() {
  const store = useLyricsStore();
  stores.push(store);
  return store;
}

beforeEach(() => {
  setActivePinia(createPinia());
  asked.length = 0;
  player.current = null;
});
afterEach(() => {
  stores.forEach((s) => s.$dispose());
  stores = [];
});

describe('useLyricsStore', () => {
  it('loads the lyrics of the track that starts, and asks for each song once', async () => {
    const store = lyricsStore();
    expect(store.loadState).toEqual({ status: 'idle', error: null });
    await playing(1);
    expect(store.loadState.status).toBe('loading');
    asked[0].resolve(lyricsOf('one'));
    await flush();
    expect(store.loadState).toEqual({ status: 'ready', error: null });
    expect(store.lyrics).toEqual(lyricsOf('one'));
    await playing(2);
    asked[1].resolve(null); // a song without lyrics
    await flush();
    expect(store.loadState.status).toBe('ready');
    expect(store.lyrics).toBeNull();
    await playing(1);
    expect(asked).toHaveLength(2);
    expect(store.loadState.status).toBe('ready');
    expect(store.lyrics).toEqual(lyricsOf('one'));
    await playing(null);
    expect(store.loadState.status).toBe('idle');
    expect(store.lyrics).toBeNull();
  });

  it('says why the lyrics could not be loaded, and a later track starts clean', async () => {
    const store = lyricsStore();
    await playing(1);
    asked[0].reject(new ApiFailure(503, ['The catalogue is being rebuilt.']));
    await flush();
    expect(store.loadState).toEqual({ status: 'error', error: 'The catalogue is being rebuilt.' });
    await playing(2);
    expect(store.loadState).toEqual({ status: 'loading', error: null });
  });

  it('shows only the playing track’s lyrics when the answer for an older one comes late, yet keeps it', async () => {
    const store = lyricsStore();
    await playing(1);
    await playing(2);
    expect(asked[0].signal?.aborted).toBe(true);
    asked[1].resolve(lyricsOf('two'));
    asked[0].resolve(lyricsOf('one')); // answered before the abort reached the server
    await flush();
    expect(store.lyrics).toEqual(lyricsOf('two'));
    await playing(1);
    expect(asked).toHaveLength(2); // known from the late answer
    expect(store.lyrics).toEqual(lyricsOf('one'));
  });

  it('stops loading when the queue empties while lyrics are asked for', async () => {
    const store = lyricsStore();
    await playing(1);
    await playing(null);
    expect(asked[0].signal?.aborted).toBe(true);
    expect(store.loadState.status).toBe('idle');
    asked[0].resolve(lyricsOf('one'));
    await flush();
    expect(store.lyrics).toBeNull();
  });
});
