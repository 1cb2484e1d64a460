// @vitest-environment happy-dom
// latestRead and userAction (stores/requests.ts), which every list in Settings, Browse and On air reads
// through: the newest read wins whatever order the answers arrive in, an older read never ends the
// newer one's loading nor reports its own failure, and a user's action says whether it worked and why not.
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'a'.repeat(41), uiToken: 'ef'.repeat(16) };
});

import { ApiFailure } from '../../../../src-renderer/src/api/client';
import { latestRead, userAction } from '../../../../src-renderer/src/stores/requests';

/** A read the test answers by hand, with the signal it was given. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (e: unknown) => void;
  let signal!: AbortSignal;
  const read = (s: AbortSignal) => {
    signal = s;
    return new Promise<T>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
  };
  return { read, resolve: (v: T) => resolve(v), reject: (e: unknown) => reject(e), signal: () => signal };
}

describe('latestRead', () => {
  it('applies only the newest answer, aborts the older read, and stays loading until the newest ends', async () => {
    const { loading, error, run } = latestRead();
    const applied: string[] = [];
    const older = pending<string>();
    const newer = pending<string>();
    const first = run(older.read, (a) => applied.push(a));
    expect(loading.value).toBe(true);
    const second = run(newer.read, (a) => applied.push(a));
    expect(older.signal().aborted).toBe(true);
    expect(newer.signal().aborted).toBe(false);
    older.resolve('old'); // a late answer the server sent anyway
    await first;
    expect(applied).toEqual([]);
    expect(loading.value).toBe(true);
    newer.resolve('new');
    await second;
    expect(applied).toEqual(['new']);
    expect(loading.value).toBe(false);
    expect(error.value).toBeNull();
  });

  it('ignores an older read’s failure, and reports the newest one’s as a sentence', async () => {
    const { loading, error, run } = latestRead();
    const failed = vi.fn();
    const older = pending<string>();
    const newer = pending<string>();
    const first = run(older.read, () => {}, failed);
    const second = run(newer.read, () => {}, failed);
    older.reject(new Error('older broke'));
    await first;
    expect(error.value).toBeNull();
    expect(loading.value).toBe(true);
    newer.reject(new ApiFailure(503, ['The catalogue is being rebuilt.']));
    await second;
    expect(error.value).toBe('The catalogue is being rebuilt.');
    expect(failed).toHaveBeenCalledTimes(1);
    expect(loading.value).toBe(false);
    // The next read starts clean.
    const again = pending<string>();
    const third = run(again.read, () => {});
    expect(error.value).toBeNull();
    again.resolve('ok');
    await third;
  });

  it('treats its own abort as no failure', async () => {
    const { error, loading, run } = latestRead();
    const read = (signal: AbortSignal) => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError', signal }));
    await run(read, () => {});
    expect(error.value).toBeNull();
    expect(loading.value).toBe(false);
  });

  it('cancel() drops the read in flight: its answer is not applied and nothing is loading', async () => {
    const { loading, run, cancel } = latestRead();
    const applied: string[] = [];
    const read = pending<string>();
    const done = run(read.read, (a) => applied.push(a));
    cancel();
    expect(read.signal().aborted).toBe(true);
    expect(loading.value).toBe(false);
    read.resolve('late');
    await done;
    expect(applied).toEqual([]);
    expect(loading.value).toBe(false);
  });
});

describe('userAction', () => {
  it('is busy while it runs and answers true when the work succeeds', async () => {
    const { busy, error, run } = userAction();
    const work = pending<void>();
    const done = run(() => work.read(new AbortController().signal));
    expect(busy.value).toBe(true);
    work.resolve();
    expect(await done).toBe(true);
    expect(busy.value).toBe(false);
    expect(error.value).toBeNull();
  });

  it('answers false with the reason when the work fails, and clears the reason on the next try', async () => {
    const { busy, error, run } = userAction();
    expect(await run(() => Promise.reject(new ApiFailure(409, ['That key is already revoked.'])))).toBe(false);
    expect(error.value).toBe('That key is already revoked.');
    expect(busy.value).toBe(false);
    expect(await run(() => Promise.resolve())).toBe(true);
    expect(error.value).toBeNull();
  });
});
