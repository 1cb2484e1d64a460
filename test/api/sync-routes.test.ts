// Settings → Sync's routes: POST /app/sync/start.json starts the same sync as the CLI as a job, GET
// /app/sync.json lists the remote sources; first-party only, bad input a 400 in the envelope that
// changes nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtureApp } from '../fixtures/app';
import { closedPort, localApp, localCatalogue, startRemote, UI_TOKEN, type LocalApp, type LocalSide, type Remote } from '../fixtures/sync-remote';

let remote: Remote;
let local: LocalSide;
let server: LocalApp;

beforeEach(async () => {
  remote = await startRemote();
  local = localCatalogue({ empty: false });
  server = await localApp(local);
});
afterEach(async () => {
  await server.close();
  await remote.close();
  local.close();
});

const headers = (token = UI_TOKEN) => ({ host: '127.0.0.1:7777', 'x-moecat-ui': token });
const start = (body: unknown, token?: string) =>
  server.app.inject({
    method: 'POST',
    url: '/app/sync/start.json',
    headers: { ...headers(token), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const state = async () => (await server.app.inject({ url: '/app/sync.json', headers: headers() })).json().response;
const sources = async () => (await state()).sources;

async function finished(jobId: string) {
  await server.app.jobs.idle();
  return (await server.app.inject({ url: `/app/jobs/${jobId}.json`, headers: headers() })).json().response.job;
}

describe('POST /app/sync/start.json', () => {
  it('syncs a remote as a job, lists it with its counts, and its entries are found at once', async () => {
    const before = (await server.get('/search/wiki.json', { keyword: '東方' })).body as { response: { information: { count: number } } };
    const res = await start({ url: `${remote.url}/`, key: remote.key });
    expect(res.statusCode).toBe(200);
    const { job } = res.json().response;
    expect(job).toMatchObject({ kind: 'sync', label: remote.url, status: 'running' });
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'done', error: null, progress: { phase: 'done' } });
    expect(done.result).toMatchObject({ url: remote.url, added: 18, changed: 0, removed: 0 });
    expect(JSON.stringify(done)).not.toContain(remote.key);

    const [source] = await sources();
    expect(source).toEqual({
      source_id: done.result.sourceId,
      url: remote.url,
      name: remote.url.replace('http://', ''),
      entries: 18,
      subs: 39,
      added_at: expect.any(Number),
      last_sync: expect.any(Number),
      interrupted: false,
      has_key: true,
    });
    expect(await state()).toMatchObject({ writable: true, job: { id: job.id, status: 'done' } });
    // The answer cache was cleared: the synced Touhou entries are found beside the bundled ones.
    const after = (await server.get('/search/wiki.json', { keyword: '東方' })).body as typeof before;
    expect(after.response.information.count).toBe(before.response.information.count * 2);

    // Sync again: the saved key, nothing to change.
    const again = await finished((await start({ url: remote.url })).json().response.job.id);
    expect(again).toMatchObject({ status: 'done', result: { added: 0, changed: 0, removed: 0, unchanged: 18 } });
  });

  it('reports a remote that fails in the job, and lists nothing', async () => {
    const port = await closedPort();
    const job = await finished((await start({ url: `http://127.0.0.1:${port}`, key: remote.key })).json().response.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(new RegExp(`^Cannot reach http://127\\.0\\.0\\.1:${port}: connection refused`));
    expect(await sources()).toEqual([]);
  });

  it.each([
    [{ key: 'k' }, 'Parameter "url" is required.'],
    [{ url: 'ftp://example.org', key: 'k' }, 'Parameter "url" must be an http or https URL (http://host:port).'],
    [{ url: 'not a url', key: 'k' }, 'Parameter "url" must be an http or https URL (http://host:port).'],
    [{ url: 'http://127.0.0.1:9' }, 'Parameter "key" is required.'],
    [{ url: 'http://127.0.0.1:9', key: 42 }, 'Parameter "key" must be a string.'],
    [{ url: 'http://127.0.0.1:9', key: 'k', cache_audio: 'yes' }, 'Parameter "cache_audio" must be true or false.'],
    [{ url: 'http://127.0.0.1:9', key: 'k', covers: 1 }, 'Parameter "covers" must be true or false.'],
  ])('answers 400 to %j and starts nothing', async (body, message) => {
    const res = await start(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().response.information).toMatchObject({ has_error: true, error: 400, msg: [message] });
    expect(server.app.jobs.list()).toEqual([]);
  });

  it('says a server over a fixed catalogue file cannot sync', async () => {
    const fixed = await fixtureApp({ uiToken: UI_TOKEN });
    try {
      const listed = await fixed.app.inject({ url: '/app/sync.json', headers: headers() });
      expect(listed.json().response).toMatchObject({ sources: [], writable: false, job: null });
      const res = await fixed.app.inject({
        method: 'POST',
        url: '/app/sync/start.json',
        headers: { ...headers(), 'content-type': 'application/json' },
        payload: JSON.stringify({ url: remote.url, key: remote.key }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().response.information.msg[0]).toMatch(/fixed catalogue file .* cannot import or sync/);
    } finally {
      await fixed.close();
    }
  });

  it('is for the app itself only, and POST only', async () => {
    expect((await start({ url: remote.url, key: remote.key }, 'd'.repeat(32))).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/app/sync.json', headers: headers('d'.repeat(32)) })).statusCode).toBe(401);
    const get = await server.app.inject({ url: '/app/sync/start.json', headers: headers() });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(server.app.jobs.list()).toEqual([]);
  });
});
