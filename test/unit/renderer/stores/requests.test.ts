// @vitest-environment happy-dom
// latestRead, earlyRead and userAction (stores/requests.ts), which every store reads through: the newest
// read wins whatever order the answers arrive in, an older read never ends the newer one's loading nor
// reports its own failure; a store's own page object is written with its content (what a read shows
// while it runs, a refresh that keeps the page shown, going back on an abort); a read asked early is
// asked once and taken by the read for its key; a user's action says whether it worked and why not.
import { reactive } from 'vue';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'a'.repeat(41), uiToken: 'ef'.repeat(16) };
});

import { ApiFailure } from '../../../../src-renderer/src/api/client';
import type { LoadState } from '../../../../src-renderer/src/stores/load-state';
import { earlyRead, latestRead, userAction } from '../../../../src-renderer/src/stores/requests';

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
    const first = run(older.read, () => {}, { failed });
    const second = run(newer.read, () => {}, { failed });
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

/** A store's page: where its load stands, with the content it shows. */
interface Page extends LoadState {
  key: string;
  rows: string[];
}
const shownPage = (): Page => reactive({ status: 'ready', error: null, key: 'a', rows: ['a1', 'a2'] });
const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });

describe('latestRead over a page object', () => {
  it('writes the page: what it shows while loading, then the newest answer, whatever order answers come in', async () => {
    const page = shownPage();
    const { state, loading, run } = latestRead(page);
    expect(state).toBe(page);
    const load = (key: string, read: (signal: AbortSignal) => Promise<string[]>) =>
      run(read, (rows) => (page.rows = rows), { start: () => Object.assign(page, { key, rows: [] }) });
    const older = pending<string[]>();
    const newer = pending<string[]>();
    const first = load('b', older.read);
    expect(page).toMatchObject({ status: 'loading', key: 'b', rows: [] });
    expect(loading.value).toBe(true);
    const second = load('c', newer.read);
    expect(older.signal().aborted).toBe(true);
    expect(page).toMatchObject({ status: 'loading', key: 'c' });
    newer.resolve(['c1']);
    await second;
    older.resolve(['b1']); // the server answered the older read anyway, and late
    await first;
    expect(page).toEqual({ status: 'ready', error: null, key: 'c', rows: ['c1'] });
  });

  it('goes back to the page as it was before the reads in flight when the newest is aborted from elsewhere', async () => {
    const page = shownPage();
    const { run } = latestRead(page);
    const start = (key: string) => () => Object.assign(page, { key, rows: [] });
    const older = pending<string[]>();
    const newer = pending<string[]>();
    const first = run(older.read, (rows) => (page.rows = rows), { start: start('b') });
    const second = run(newer.read, (rows) => (page.rows = rows), { start: start('c') });
    newer.reject(abortError());
    older.resolve(['b1']);
    await Promise.all([first, second]);
    expect(page).toEqual({ status: 'ready', error: null, key: 'a', rows: ['a1', 'a2'] });
  });

  it('cancel() goes back to the page as it was, or shows what it is given', async () => {
    const page = shownPage();
    const { run, cancel } = latestRead(page);
    const read = pending<string[]>();
    const done = run(read.read, (rows) => (page.rows = rows), { start: () => Object.assign(page, { key: 'b', rows: [] }) });
    cancel();
    expect(read.signal().aborted).toBe(true);
    expect(page).toEqual({ status: 'ready', error: null, key: 'a', rows: ['a1', 'a2'] });
    read.resolve(['late']);
    await done;
    expect(page.rows).toEqual(['a1', 'a2']);

    const again = pending<string[]>();
    const next = run(again.read, (rows) => (page.rows = rows));
    cancel({ status: 'idle', key: '', rows: [] });
    expect(again.signal().aborted).toBe(true);
    expect(page).toEqual({ status: 'idle', error: null, key: '', rows: [] });
    again.resolve(['late']);
    await next;
    expect(page.rows).toEqual([]);
    cancel({ rows: ['known'] }); // nothing in flight: shown all the same
    expect(page.rows).toEqual(['known']);
  });

  it('keepShown: the page stays as shown (status too) while it refreshes, then takes the answer', async () => {
    const page = shownPage();
    const { loading, run } = latestRead(page);
    const read = pending<string[]>();
    const done = run(read.read, (rows) => (page.rows = rows), { keepShown: true });
    expect(page).toEqual({ status: 'ready', error: null, key: 'a', rows: ['a1', 'a2'] });
    expect(loading.value).toBe(false);
    read.resolve(['a0', 'a1', 'a2']);
    await done;
    expect(page).toMatchObject({ status: 'ready', rows: ['a0', 'a1', 'a2'] });
  });

  it('keepShown: a failure says why and leaves the page shown; the next read clears the reason', async () => {
    const page = shownPage();
    const failed = vi.fn();
    const { run } = latestRead(page);
    await run(
      () => Promise.reject(new ApiFailure(503, ['The catalogue is being rebuilt.'])),
      () => {},
      { keepShown: true, failed },
    );
    expect(page).toEqual({ status: 'ready', error: 'The catalogue is being rebuilt.', key: 'a', rows: ['a1', 'a2'] });
    expect(failed).toHaveBeenCalledTimes(1);
    const read = pending<string[]>();
    const done = run(read.read, (rows) => (page.rows = rows), { keepShown: true });
    expect(page.error).toBeNull();
    read.reject(abortError()); // dropped from elsewhere: back to the page with its reason
    await done;
    expect(page.error).toBe('The catalogue is being rebuilt.');
  });

  it('a newer keepShown read still wins over an older one, and an abort goes back to before the first', async () => {
    const page = shownPage();
    const { run } = latestRead(page);
    const applied: string[][] = [];
    const older = pending<string[]>();
    const newer = pending<string[]>();
    const first = run(older.read, (rows) => applied.push(rows), { keepShown: true });
    const second = run(newer.read, (rows) => applied.push(rows), { keepShown: true, start: () => (page.key = 'b') });
    expect(older.signal().aborted).toBe(true);
    older.resolve(['old']);
    newer.reject(abortError());
    await Promise.all([first, second]);
    expect(applied).toEqual([]);
    expect(page).toEqual({ status: 'ready', error: null, key: 'a', rows: ['a1', 'a2'] });
  });

  it('says a missing page is not found, and lets the store word its failure otherwise', async () => {
    const page = shownPage();
    const { run } = latestRead(page);
    await run(
      () => Promise.reject(new ApiFailure(404, ['No entry with that id.'])),
      () => {},
      { start: () => (page.rows = []) },
    );
    expect(page).toMatchObject({ status: 'not-found', error: 'No entry with that id.' });
    // A list, say, has no "not found": its failed() makes it a failure with no rows.
    await run(
      () => Promise.reject(new ApiFailure(404, ['no such path'])),
      () => {},
      { failed: () => Object.assign(page, { status: 'error', rows: [] }) },
    );
    expect(page).toMatchObject({ status: 'error', error: 'no such path', rows: [] });
  });
});

describe('earlyRead', () => {
  const same = (a: string, b: string) => a === b;

  it('asks once per key, and hands the answer to the read that takes that key', async () => {
    const early = earlyRead<string, string>(same);
    const read = pending<string>();
    const ask = vi.fn(read.read);
    early.ask('saku', ask);
    early.ask('saku', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(early.holds('saku')).toBe(true);
    read.resolve('answer');
    const taker = new AbortController();
    await expect(early.take('saku', taker.signal)).resolves.toBe('answer');
    expect(early.holds('saku')).toBe(false);
    expect(early.take('saku', taker.signal)).toBeNull(); // used once
  });

  it('aborts what it holds when asked, or taken, under another key', () => {
    const early = earlyRead<string, string>(same);
    const first = pending<string>();
    const second = pending<string>();
    early.ask('sa', first.read);
    early.ask('sak', second.read);
    expect(first.signal().aborted).toBe(true);
    expect(early.take('saku', new AbortController().signal)).toBeNull();
    expect(second.signal().aborted).toBe(true);
  });

  it('is aborted with the read that took it, which hears its failure', async () => {
    const early = earlyRead<string, string>(same);
    const read = pending<string>();
    early.ask('saku', read.read);
    const taker = new AbortController();
    const taken = early.take('saku', taker.signal)!;
    taker.abort();
    expect(read.signal().aborted).toBe(true);
    read.reject(new Error('server gone'));
    await expect(taken).rejects.toThrow('server gone');
  });

  it('lets the failure of a read never taken go unheard', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const early = earlyRead<string, string>(same);
    early.ask('sa', () => Promise.reject(new Error('nobody asked')));
    early.drop();
    await new Promise((r) => setTimeout(r, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
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
