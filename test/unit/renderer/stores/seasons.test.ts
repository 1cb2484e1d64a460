// @vitest-environment happy-dom
// The seasons store over a stand-in API: a season read a moment ago shows again without asking; going
// back to it while another is read drops that read; a retry always asks; a failure belongs to its season.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeasonWikiDto } from '../../../../src-main/contract/objects';
import type { SeasonOfYear } from '../../../../src-main/contract/seasons';

const pending: { season: SeasonOfYear; signal?: AbortSignal; resolve: (shows: SeasonWikiDto[]) => void; reject: (e: Error) => void }[] = [];
vi.mock('../../../../src-renderer/src/api/seasons', () => ({
  fetchSeason: (season: SeasonOfYear, signal?: AbortSignal) =>
    new Promise<SeasonWikiDto[]>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      pending.push({ season, signal, resolve, reject });
    }),
}));

const { useSeasonsStore } = await import('../../../../src-renderer/src/stores/seasons');
const shows = (label: string) => [{ wiki_title: label }] as unknown as SeasonWikiDto[];
const WINTER: SeasonOfYear = { year: 2024, season: 'winter' };
const SPRING: SeasonOfYear = { year: 2024, season: 'spring' };

beforeEach(() => {
  setActivePinia(createPinia());
  pending.length = 0;
});

describe('seasons store', () => {
  it('shows a season read a moment ago again without asking, and asks again on retry', async () => {
    const store = useSeasonsStore();
    const first = store.load(WINTER);
    pending[0].resolve(shows('winter'));
    await first;
    const second = store.load(SPRING);
    pending[1].resolve(shows('spring'));
    await second;
    await store.load(WINTER);
    expect(pending).toHaveLength(2);
    expect(store.shows).toEqual(shows('winter'));
    expect(store.shownKey).toBe('2024-winter');
    const retry = store.load(WINTER, true);
    expect(pending).toHaveLength(3);
    pending[2].resolve(shows('winter again'));
    await retry;
    expect(store.shows).toEqual(shows('winter again'));
  });

  it('drops the read of another season when the kept one is asked for again', async () => {
    const store = useSeasonsStore();
    const first = store.load(WINTER);
    pending[0].resolve(shows('winter'));
    await first;
    const spring = store.load(SPRING);
    expect(store.loadState.status).toBe('loading');
    await store.load(WINTER);
    expect(pending[1].signal?.aborted).toBe(true);
    await spring;
    expect(store.loadState.status).toBe('ready');
    expect(store.shownKey).toBe('2024-winter');
    expect(store.shows).toEqual(shows('winter'));
  });

  it('says which season a failure belongs to', async () => {
    const store = useSeasonsStore();
    const load = store.load(SPRING);
    pending[0].reject(new Error('offline'));
    await load;
    expect(store.loadState.status).toBe('error');
    expect(store.shownKey).toBe('2024-spring');
  });
});
