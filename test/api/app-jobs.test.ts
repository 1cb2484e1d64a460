// Long catalogue work as jobs: progress while running, one at a time, cancel, failure, the answer
// cache cleared afterwards; the routes are the UI's own.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import type { FastifyInstance } from 'fastify';
import { fixtureCatalogueDir } from '../fixtures/app';

const TOKEN = 'b'.repeat(32);
let work: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;

async function open(withFile: boolean) {
  work = mkdtempSync(join(tmpdir(), 'moecat-jobs-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: withFile ? file : undefined,
    dataDir: work,
  });
}

const get = (url: string, token = TOKEN) => app.inject({ url, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': token } });
const post = (url: string) => app.inject({ method: 'POST', url, headers: { host: '127.0.0.1:7777', 'x-moecat-ui': TOKEN } });

function gate() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

afterEach(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

describe('catalogue jobs', () => {
  beforeEach(() => open(true));

  it('reports progress while running, refuses a second job, and ends done with the result and a fresh answer cache', async () => {
    const g = gate();
    app.answerCache.set('stale', { status: 200, contentType: 'application/json', body: Buffer.from('{}') }, { generation: app.answerCache.generation });
    const job = app.jobs.start('import', '/music', async ({ writer, progress, signal }) => {
      signal.addEventListener('abort', g.release); // a failed assertion must not leave the job waiting
      const source = writer.ensureSource('folder', '/music', 'music');
      progress({ phase: 'write', done: 1, total: 2, current: 'a.mp3' });
      await g.promise;
      return { added: writer.upsertEntries(source.sourceId, []).length };
    });
    await vi.waitFor(() => expect(app.jobs.get(job.id)?.progress.phase).toBe('write'));
    const running = (await get(`/app/jobs/${job.id}.json`)).json().response;
    expect(running.job).toMatchObject({
      kind: 'import',
      label: '/music',
      status: 'running',
      progress: { phase: 'write', done: 1, total: 2, current: 'a.mp3' },
    });
    expect(() => app.jobs.start('sync', 'x', async () => null)).toThrow(/Another job is running/);
    g.release();
    await app.jobs.idle();
    const done = (await get(`/app/jobs/${job.id}.json`)).json().response;
    expect(done.job).toMatchObject({ status: 'done', result: { added: 0 }, error: null });
    expect(done.job.finishedAt).toBeGreaterThanOrEqual(done.job.startedAt);
    expect(app.answerCache.size).toBe(0);
    expect((await get('/app/jobs.json')).json().response.jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);
  });

  it('cancels a running job at its next check, and a failed job says why and frees the writer', async () => {
    const job = app.jobs.start('sync', 'http://remote/', async ({ signal }) => {
      while (!signal.aborted) await new Promise((r) => setTimeout(r, 5));
      throw new Error('stopped');
    });
    expect((await post(`/app/jobs/${job.id}/cancel.json`)).statusCode).toBe(200);
    await app.jobs.idle();
    expect(app.jobs.get(job.id)?.status).toBe('cancelled');
    expect((await post(`/app/jobs/${job.id}/cancel.json`)).json().response.information).toMatchObject({ error: 409, has_error: true });

    const failing = app.jobs.start('import', '/nowhere', async () => {
      throw new Error('The folder /nowhere does not exist.');
    });
    await app.jobs.idle();
    expect(app.jobs.get(failing.id)).toMatchObject({ status: 'failed', error: 'The folder /nowhere does not exist.' });
    const next = app.jobs.start('import', '/again', async ({ writer }) => writer.listSources().length);
    await app.jobs.idle();
    expect(app.jobs.get(next.id)?.status).toBe('done');
  });

  it('is the UI’s own: no token 401, unknown job 404, wrong method 405', async () => {
    expect((await get('/app/jobs.json', 'c'.repeat(32))).statusCode).toBe(401);
    expect((await get('/app/jobs/0123456789abcdef.json')).json().response.information).toMatchObject({ error: 404, has_error: true });
    const res = await get('/app/jobs/0123456789abcdef/cancel.json');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('catalogue jobs on a fixed catalogue file', () => {
  beforeEach(() => open(false));
  it('refuses to start, saying why', () => {
    expect(() => app.jobs.start('import', '/music', async () => null)).toThrow(/fixed catalogue file/);
  });
});
