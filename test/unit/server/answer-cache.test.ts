import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AnswerCache, REMAKE_SHARE, SECTION_REFRESH_MS, SOURCE_RECHECK_MS, STALE_AT_MOST_MS, type CachedAnswer } from '../../../src-main/server/answer-cache';

const answer = (text: string): CachedAnswer => ({ status: 200, contentType: 'application/json; charset=utf-8', body: Buffer.from(text) });

/** A cache on a fake clock, following a catalogue that a job of the app writes music into: commit() is one of its commits. */
function jobCache() {
  const state = { clock: 1000, version: 1, music: 0, busy: true };
  const cache = new AnswerCache(4000, 16 * 1024 * 1024, () => state.clock);
  cache.followSource(
    () => state.version,
    () =>
      new Map([
        ['music', state.music],
        ['connection', 1],
      ]),
  );
  cache.refreshSlowlyWhile(() => state.busy);
  const commit = () => {
    state.version++;
    state.music++;
  };
  return { cache, state, commit };
}

describe('AnswerCache', () => {
  it('drops an answer computed before a clear (it may hold the old rows)', () => {
    const cache = new AnswerCache();
    const before = cache.generation;
    cache.clear(); // an import finished while the answer was being computed
    cache.set('k', answer('old'), { generation: before });
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer('new'), { generation: cache.generation });
    expect(cache.get('k')?.body?.toString()).toBe('new');
  });

  it('clears itself when the followed source version changes, at the next look after the recheck interval', async () => {
    const cache = new AnswerCache();
    let version = 1;
    cache.followSource(() => version);
    cache.set('k', answer('a'), { generation: cache.generation });
    version = 2;
    await sleep(SOURCE_RECHECK_MS + 20);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer('b'), { generation: cache.generation });
    await sleep(SOURCE_RECHECK_MS + 20);
    expect(cache.get('k')?.body?.toString()).toBe('b'); // same version: kept
  });

  it('keeps the answers of the sections a change did not touch, and clears everything when it cannot tell', async () => {
    const cache = new AnswerCache();
    let version = 1;
    let stamps = new Map([
      ['music', 0],
      ['radio', 0],
      ['anime', 0],
      ['files', 0],
      ['sources', 0],
      ['statistics', 0],
      ['connection', 1],
    ]);
    cache.followSource(
      () => version,
      () => stamps,
    );
    const fill = () => {
      cache.set('on-air', answer('anime'), { generation: cache.generation, reads: ['anime'] });
      cache.set('albums', answer('music'), { generation: cache.generation, reads: ['music'] });
      cache.set('both', answer('both'), { generation: cache.generation, reads: ['music', 'anime'] });
      cache.set('search', answer('any'), { generation: cache.generation });
    };
    const kept = () => ['on-air', 'albums', 'both', 'search'].filter((k) => cache.get(k));
    const change = async (moved: Record<string, number>) => {
      version++;
      stamps = new Map([...stamps, ...Object.entries(moved)]);
      await sleep(SOURCE_RECHECK_MS + 20);
    };

    fill();
    await change({ music: 5 }); // a folder import's commit
    expect(kept()).toEqual(['on-air']);

    fill();
    await change({ anime: 1 }); // the anime data's update
    expect(kept()).toEqual(['albums']);

    fill();
    await change({ sources: 1 }); // a source's state
    expect(kept()).toEqual(['on-air', 'albums', 'both']);

    fill();
    await change({ files: 3, statistics: 1 }); // an import's records of its files, the planner's statistics: no answer shows them
    expect(kept()).toEqual(['on-air', 'albums', 'both', 'search']);

    fill();
    await change({}); // a commit that moved no stamp at all may be anything
    expect(kept()).toEqual([]);

    fill();
    await change({ music: 6, connection: 2 }); // the file was opened again: its stamps are another file's
    expect(kept()).toEqual([]);

    // An answer kept again in another form (its plain body added) still reads what it read.
    cache.set('on-air', answer('anime'), { generation: cache.generation, reads: ['anime'] });
    cache.setForm('on-air', answer('anime, whole'));
    await change({ music: 7 });
    expect(cache.get('on-air')?.body?.toString()).toBe('anime, whole');
  });

  it('while a job writes the catalogue, drops the answers of the sections it writes at most every SECTION_REFRESH_MS', () => {
    const { cache, state, commit } = jobCache();
    /** Moves the clock on by `ms` and says whether the music answer is still kept. */
    const keptAfter = (ms: number) => {
      state.clock += ms;
      return cache.get('albums') !== undefined;
    };
    const fill = () => cache.set('albums', answer('music'), { generation: cache.generation, reads: ['music'] });

    fill();
    commit(); // the job's first commit: nothing was dropped lately, so at once
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);
    fill();
    commit(); // a second within the interval waits for it
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(true);
    commit();
    expect(keptAfter(SECTION_REFRESH_MS - 2 * SOURCE_RECHECK_MS - 1)).toBe(true);
    expect(keptAfter(SOURCE_RECHECK_MS + 1)).toBe(false); // SECTION_REFRESH_MS since the last drop

    // A change it cannot name (no stamp moved: a catalogue made without them) may be anything: every
    // answer goes, another section's too, held back like the job's own changes.
    fill();
    cache.set('on-air', answer('anime'), { generation: cache.generation, reads: ['anime'] });
    state.version++;
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(true);
    expect(cache.get('on-air')).toBeDefined();
    expect(keptAfter(SECTION_REFRESH_MS - SOURCE_RECHECK_MS)).toBe(false);
    expect(cache.get('on-air')).toBeUndefined();

    // clear() (the job's end) clears everything at once, the waiting section with it…
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(true);
    cache.clear();
    fill();
    expect(keptAfter(SECTION_REFRESH_MS)).toBe(true); // what was waiting went with the clear
    // …and the first change after it, of any kind, drops its answers at once.
    fill();
    state.version++;
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);

    // What waits when no job writes any more goes at the next look.
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(true);
    state.busy = false;
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);

    // With no job writing, each change drops its sections' answers at the next look, however close.
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);
    // …and a job that starts right after such a drop, or right after another job's end, shows its first change at once.
    state.busy = true;
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);
    fill();
    commit();
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(true); // its second waits
    cache.clear(); // that job's end
    fill();
    commit(); // the next job's first
    expect(keptAfter(SOURCE_RECHECK_MS)).toBe(false);
  });

  it('while a job writes, serves an answer dear to make stale until remaking it takes no more than REMAKE_SHARE of the time', () => {
    const { cache, state, commit } = jobCache();
    const dearMs = 15; // a common word's search while an import runs
    const dueMs = dearMs / REMAKE_SHARE;
    expect(dueMs).toBeGreaterThan(2 * SECTION_REFRESH_MS);
    expect(dueMs).toBeLessThan(STALE_AT_MOST_MS);
    const fill = () => {
      cache.set('cheap search', answer('cheap, old'), { generation: cache.generation, costMs: 0.1 });
      cache.set('dear search', answer('dear, old'), { generation: cache.generation, costMs: dearMs });
    };
    const kept = () => ['cheap search', 'dear search'].filter((k) => cache.get(k));

    fill();
    commit();
    state.clock += SOURCE_RECHECK_MS; // the job's first drop takes everything it names, however dear
    expect(kept()).toEqual([]);
    fill();
    commit();
    state.clock += SECTION_REFRESH_MS; // the next drop, held back
    expect(kept()).toEqual(['dear search']); // the cheap one goes; the dear one is served stale
    cache.set('cheap search', answer('cheap, new'), { generation: cache.generation, costMs: 0.1 });
    commit();
    state.clock += SECTION_REFRESH_MS; // and the next
    expect(kept()).toEqual(['dear search']);
    state.clock = 1000 + SOURCE_RECHECK_MS + dueMs; // its share of the time spent: made again at the next ask
    expect(cache.get('dear search')).toBeUndefined();
    cache.set('dear search', answer('dear, new'), { generation: cache.generation, costMs: dearMs });
    expect(cache.get('dear search')?.body?.toString()).toBe('dear, new');

    // However dear, a stale answer is served STALE_AT_MOST_MS at most.
    cache.set('dearest search', answer('dearest'), { generation: cache.generation, costMs: 10 * STALE_AT_MOST_MS });
    commit();
    state.clock += SECTION_REFRESH_MS;
    expect(cache.get('dearest search')).toBeDefined();
    state.clock += STALE_AT_MOST_MS;
    expect(cache.get('dearest search')).toBeUndefined();

    /** Keeps the dear answer, and has a held-back drop leave it stale. */
    const servedStale = () => {
      cache.set('dear search', answer('dear'), { generation: cache.generation, costMs: dearMs });
      commit();
      state.clock += SECTION_REFRESH_MS;
      expect(cache.get('dear search')).toBeDefined();
    };
    // Kept in another form (its plain body added), a stale answer stays stale; when no job writes any more, it goes.
    servedStale();
    cache.setForm('dear search', answer('dear, whole'));
    state.busy = false;
    expect(cache.get('dear search')).toBeUndefined();
    // …as it does at the job's end (clear), and with a change made while no job writes.
    state.busy = true;
    servedStale();
    cache.clear();
    expect(cache.get('dear search')).toBeUndefined();
    state.busy = false;
    cache.set('dear search', answer('dear'), { generation: cache.generation, costMs: dearMs });
    commit();
    state.clock += SOURCE_RECHECK_MS;
    expect(cache.get('dear search')).toBeUndefined();
  });

  it('drops an answer computed before a partial drop too (which sections it was computed from, it cannot tell)', () => {
    const { cache, state, commit } = jobCache();
    state.busy = false;
    const before = cache.generation;
    commit(); // music alone
    state.clock += SOURCE_RECHECK_MS;
    expect(cache.get('other')).toBeUndefined(); // the look that drops
    cache.set('k', answer('old'), { generation: before, reads: ['anime'] });
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', answer('new'), { generation: cache.generation, reads: ['anime'] });
    expect(cache.get('k')).toBeDefined();
  });

  it('keeps nothing it was not asked to as another form of an answer', () => {
    const cache = new AnswerCache();
    cache.setForm('k', answer('whole')); // the answer it would be a form of went meanwhile
    expect(cache.get('k')).toBeUndefined();
  });

  it('stays within its byte bound, least recently used out first', () => {
    const cache = new AnswerCache(100, 1000);
    cache.set('a', answer('x'.repeat(100)), { generation: cache.generation });
    cache.set('b', answer('x'.repeat(100)), { generation: cache.generation });
    expect(cache.get('a')).toBeDefined(); // now b is the least recently used
    for (let i = 0; i < 10; i++) cache.set(`c${i}`, answer('x'.repeat(100)), { generation: cache.generation });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(9);
  });

  it('counts the encodings an answer keeps against the byte bound', () => {
    const cache = new AnswerCache(100, 2000);
    // 100 bytes of body, 4 of key (2 characters), 100 of gzip form: nine fit in 2000 bytes, ten do not
    // (without the gzip form all ten would).
    for (let i = 0; i < 10; i++) cache.set(`g${i}`, { ...answer('x'.repeat(100)), gzip: Buffer.alloc(100) }, { generation: cache.generation });
    expect(cache.get('g0')).toBeUndefined();
    expect(cache.size).toBe(9);
    // An answer kept only in its gzip form counts only those bytes (and its key's): nineteen fit.
    const compact = new AnswerCache(100, 2000);
    for (let i = 0; i < 20; i++)
      compact.set(`g${i}`, { status: 200, contentType: 'application/json', gzip: Buffer.alloc(100) }, { generation: compact.generation });
    expect(compact.get('g0')).toBeUndefined();
    expect(compact.size).toBe(19);
  });
});
