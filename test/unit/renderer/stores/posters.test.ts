// @vitest-environment happy-dom
// usePostersStore over a stand-in API: reading the poster state told as a LoadState, the user's
// actions (turning posters on, fetching) saying why they failed, and a fresh state standing in for an
// older action's complaint.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosterState } from '../../../../src-renderer/src/api/following';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', uiToken: 'ef'.repeat(16) };
});

const api = vi.hoisted(() => ({ fetchPosterState: vi.fn(), setPostersEnabled: vi.fn(), startPosterFetch: vi.fn() }));
vi.mock('../../../../src-renderer/src/api/following', () => api);

const { ApiFailure } = await import('../../../../src-renderer/src/api/client');
const { usePostersStore } = await import('../../../../src-renderer/src/stores/posters');

const posters = (enabled: boolean): PosterState => ({ enabled, saved: 0, asked: 0, api_base: 'https://api.bgm.tv', details_asked: 0, details_kept: 0 });

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});

describe('usePostersStore', () => {
  it('reads the poster state, and says why it could not', async () => {
    const store = usePostersStore();
    api.fetchPosterState.mockRejectedValueOnce(new ApiFailure(503, ['The server is busy.']));
    await store.load();
    expect(store.loadState).toEqual({ status: 'error', error: 'The server is busy.' });
    expect(store.state).toBeNull();
    api.fetchPosterState.mockResolvedValueOnce({ posters: posters(false), job: null });
    await store.load();
    expect(store.loadState).toEqual({ status: 'ready', error: null });
    expect(store.state).toEqual(posters(false));
  });

  it('says why turning posters on failed, until the next action or a fresh state', async () => {
    const store = usePostersStore();
    api.setPostersEnabled.mockResolvedValueOnce(posters(true));
    api.startPosterFetch.mockRejectedValueOnce(new ApiFailure(409, ['A poster run is already going.']));
    await store.setEnabled(true);
    expect(store.state).toEqual(posters(true));
    expect(store.actionError).toBe('A poster run is already going.');
    expect(store.loadState.status).toBe('idle');
    api.fetchPosterState.mockResolvedValueOnce({ posters: posters(true), job: null });
    await store.load();
    expect(store.actionError).toBeNull();
    api.startPosterFetch.mockRejectedValueOnce(new ApiFailure(503, ['The server is busy.']));
    await store.start();
    expect(store.actionError).toBe('The server is busy.');
  });
});
