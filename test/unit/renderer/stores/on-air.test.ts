// @vitest-environment happy-dom
// The on-air store over a stand-in API: the load main.ts starts before the first screen mounts is the
// one the view joins (one request, not two); a retry always asks again; a fresh week is kept.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnAirWeek } from '../../../../src-renderer/src/api/on-air';

const pending: { signal?: AbortSignal; resolve: (week: OnAirWeek) => void }[] = [];
vi.mock('../../../../src-renderer/src/api/on-air', () => ({
  fetchOnAir: (signal?: AbortSignal) => new Promise<OnAirWeek>((resolve) => pending.push({ signal, resolve })),
}));

const { useOnAirStore } = await import('../../../../src-renderer/src/stores/on-air');
const week = (label: string) => ({ label }) as unknown as OnAirWeek;

beforeEach(() => {
  setActivePinia(createPinia());
  pending.length = 0;
});

describe('on-air store', () => {
  it('joins the load under way instead of starting another', async () => {
    const store = useOnAirStore();
    const early = store.load();
    const fromView = store.load();
    expect(pending).toHaveLength(1);
    pending[0].resolve(week('w1'));
    await Promise.all([early, fromView]);
    expect(store.week).toEqual(week('w1'));
    expect(store.loadState.status).toBe('ready');
  });

  it('keeps a fresh week, and asks again on retry', async () => {
    const store = useOnAirStore();
    const first = store.load();
    pending[0].resolve(week('w1'));
    await first;
    await store.load();
    expect(pending).toHaveLength(1);
    const retry = store.load(true);
    expect(pending).toHaveLength(2);
    pending[1].resolve(week('w2'));
    await retry;
    expect(store.week).toEqual(week('w2'));
  });
});
