// @vitest-environment happy-dom
// useJobsStore and useLibraryStore over a stand-in server: a followed job is polled with the UI token
// until it ends, polling goes on (slower) while the server cannot be reached, a job the server no longer
// knows ends as failed, cancel asks the server; Library starts an import, follows it and reloads its
// folders when it ends, and says why the server refused.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobInfo } from '../../../../src-renderer/src/api/jobs';
import { jobInfo } from '../../../fixtures/job-info';

const UI_TOKEN = vi.hoisted(() => {
  const token = 'ef'.repeat(16);
  (window as unknown as { moecat: object }).moecat = { serverUrl: 'http://127.0.0.1:4000/', apiKey: 'a'.repeat(41), uiToken: token };
  return token;
});

import { POLL_MS, useJobsStore } from '../../../../src-renderer/src/stores/jobs';
import { useLibraryStore } from '../../../../src-renderer/src/stores/library';

interface Sent {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[];
/** Answers per path, in turn; 'down' = the server cannot be reached. */
let answers: Record<string, ({ status: number; payload: object; msg?: string[] } | 'down')[]>;

beforeEach(() => {
  vi.useFakeTimers();
  setActivePinia(createPinia());
  sent = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (raw: string, init: RequestInit = {}) => {
      const path = new URL(raw).pathname;
      sent.push({
        path,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers[path]?.shift() ?? { status: 404, payload: {}, msg: [`Nothing is at ${path}.`] };
      if (answer === 'down') throw new TypeError('Failed to fetch');
      const info = { parameters: {}, request: path, msg: answer.msg ?? [], has_error: answer.status >= 400, error: answer.status >= 400 ? answer.status : 0 };
      return new Response(JSON.stringify({ response: { information: info, ...answer.payload } }), { status: answer.status });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ok = (payload: object) => ({ status: 200, payload });

describe('useJobsStore', () => {
  it('polls a followed job with the UI token until it ends, keeping its latest state', async () => {
    answers['/app/jobs/j1.json'] = [
      ok({ job: jobInfo({ progress: { phase: 'read', done: 2, total: 4 } }) }),
      ok({ job: jobInfo({ status: 'done', progress: { phase: 'write', done: 1, total: 1 }, result: { n: 1 } }) }),
    ];
    const jobs = useJobsStore();
    let ended: JobInfo | undefined;
    void jobs.follow(jobInfo()).then((j) => (ended = j));
    expect(jobs.jobs.j1.progress.done).toBe(0);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(jobs.jobs.j1.progress).toEqual({ phase: 'read', done: 2, total: 4 });
    expect(ended).toBeUndefined();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(ended).toMatchObject({ status: 'done', result: { n: 1 } });
    expect(sent.map((s) => s.path)).toEqual(['/app/jobs/j1.json', '/app/jobs/j1.json']);
    expect(sent.every((s) => s.headers['x-moecat-ui'] === UI_TOKEN)).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_MS * 10);
    expect(sent).toHaveLength(2); // no polling after the end
  });

  it('keeps polling, more slowly, while the server cannot be reached, and says so until it answers', async () => {
    answers['/app/jobs/j1.json'] = ['down', 'down', ok({ job: jobInfo({ status: 'done' }) })];
    const jobs = useJobsStore();
    void jobs.follow(jobInfo());
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(jobs.pollErrors.j1).toBe('The Moecat server cannot be reached.');
    await vi.advanceTimersByTimeAsync(POLL_MS); // the next try waits twice as long
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(POLL_MS * 4);
    expect(sent).toHaveLength(3);
    expect(jobs.jobs.j1.status).toBe('done');
    expect(jobs.pollErrors.j1).toBeUndefined();
  });

  it('ends a job the server no longer knows as failed, saying why', async () => {
    answers['/app/jobs/j1.json'] = [{ status: 404, payload: {}, msg: ['No job j1.'] }];
    const jobs = useJobsStore();
    const ended = jobs.follow(jobInfo());
    await vi.advanceTimersByTimeAsync(POLL_MS);
    await expect(ended).resolves.toMatchObject({ status: 'failed', error: 'No job j1.' });
  });

  it('asks the server to cancel, and says why when it refuses', async () => {
    answers['/app/jobs/j1/cancel.json'] = [ok({ job: jobInfo() }), { status: 409, payload: {}, msg: ['Job j1 is not running (it is done).'] }];
    const jobs = useJobsStore();
    await expect(jobs.cancel('j1')).resolves.toBe(true);
    expect(sent[0]).toMatchObject({ path: '/app/jobs/j1/cancel.json', method: 'POST' });
    await expect(jobs.cancel('j1')).resolves.toBe(false);
    expect(jobs.cancelErrors.j1).toBe('Job j1 is not running (it is done).');
  });
});

describe('useLibraryStore', () => {
  const folder = { source_id: 3, path: '/music', name: 'music', albums: 2, songs: 7, added_at: 1, updated_at: 2 };

  it('starts an import with the folder, follows its job and reloads the folders when it ends', async () => {
    answers['/app/library/import.json'] = [ok({ job: jobInfo() })];
    answers['/app/jobs/j1.json'] = [ok({ job: jobInfo({ status: 'done', result: { albums: { added: 2 } } }) })];
    answers['/app/library.json'] = [ok({ folders: [folder], writable: true, job: null })];
    const library = useLibraryStore();
    await expect(library.start('/music')).resolves.toBe(true);
    expect(sent[0]).toMatchObject({ path: '/app/library/import.json', method: 'POST', body: { folder: '/music' } });
    expect(library.running).toBe(true);
    expect(library.folders).toEqual([]);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(library.running).toBe(false);
    expect(library.result).toMatchObject({ albums: { added: 2 } });
    expect(library.folders).toEqual([folder]);
  });

  it('says why the server refused to start, and starts nothing', async () => {
    answers['/app/library/import.json'] = [{ status: 400, payload: {}, msg: ['Parameter "folder": The folder /nowhere does not exist.'] }];
    const library = useLibraryStore();
    await expect(library.start('/nowhere')).resolves.toBe(false);
    expect(library.startError).toBe('Parameter "folder": The folder /nowhere does not exist.');
    expect(library.job).toBeNull();
  });

  it('shows an import found running when the list loads (started before a reload)', async () => {
    answers['/app/library.json'] = [ok({ folders: [], writable: true, job: jobInfo({ id: 'j9' }) })];
    const library = useLibraryStore();
    await library.load();
    expect(library.job?.id).toBe('j9');
    expect(library.running).toBe(true);
  });
});
