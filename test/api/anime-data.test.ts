// The anime data's update from Settings (/app/anime-data…), against a fake registry on 127.0.0.1:
// the job runs `moecat update-catalogue --prepare-only` (the built command line) in a process of its
// own while the server keeps answering, then swaps the catalogue it serves: the new show is on air,
// the ended one is not, About's data date follows; current data changes nothing; a refused release and
// a cancelled update change nothing; the routes are the UI's alone.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import { checkWeekly, WEEK_SECONDS, type HelperCommand } from '../../src-main/server/anime-data-job';
import { fixtureCatalogueDir } from '../fixtures/app';
import { FIXTURE_ANIME, FIXTURE_NOW } from '../fixtures/bangumi-fixture';
import { CURRENT_VERSION, fakeRegistry, NEW_SHOW, NEXT_DATA, NEXT_VERSION, releaseOf } from '../fixtures/fake-registry';

const TOKEN = 'd'.repeat(32);
const HOST = '127.0.0.1:7777';
const CLI: HelperCommand = { command: process.execPath, args: [join(process.cwd(), 'out', 'main', 'cli.js')] };
const NEW_ID = Number(NEW_SHOW.sites[0].id);
const ENDED_ID = Number(FIXTURE_ANIME.mondayEvening.sites[0].id);

let registry: Awaited<ReturnType<typeof fakeRegistry>>;
let broken: Awaited<ReturnType<typeof fakeRegistry>>;
beforeAll(async () => {
  registry = await fakeRegistry({ releases: { [NEXT_VERSION]: await releaseOf(NEXT_DATA) } });
  broken = await fakeRegistry({ releases: { [NEXT_VERSION]: await releaseOf(NEXT_DATA) }, tarball: 'wrong-hash' });
});
afterAll(async () => {
  await registry.close();
  await broken.close();
});

let work: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
async function open({ writable = true, helper = CLI as HelperCommand | undefined } = {}) {
  work = mkdtempSync(join(tmpdir(), 'moecat-anime-data-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const db = new Database(file);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'bangumi_data_version'").run(CURRENT_VERSION);
  db.close();
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({
    catalogue,
    userDb,
    audioDir: join(fixtureCatalogueDir(), AUDIO_DIR),
    uiToken: TOKEN,
    catalogueFile: writable ? file : undefined,
    dataDir: work,
    now: () => FIXTURE_NOW,
    helper,
  });
  return file;
}
afterEach(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

const headers = (extra: Record<string, string> = {}) => ({ host: HOST, 'x-moecat-ui': TOKEN, ...extra });
const get = (url: string) => app.inject({ url, headers: headers() });
const post = (url: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: headers({ 'content-type': 'application/json' }), payload });
const view = async () => (await get('/app/anime-data.json')).json().response.anime_data;
const onAirIds = async () => {
  const res = (await get('/on-air.json')).json().response as Record<string, { oa_obj_id: number }[]>;
  return Object.keys(res)
    .filter((k) => /^onair_\d$/.test(k))
    .flatMap((k) => res[k].map((e) => e.oa_obj_id));
};
/** The job once it ends, the server asked for other answers while it ran. */
async function finished(id: string) {
  let answeredWhileRunning = 0;
  await vi.waitFor(
    async () => {
      const job = (await get(`/app/jobs/${id}.json`)).json().response.job;
      if (job.status === 'running' && (await get('/wikis.json?wiki_type=anime')).statusCode === 200) answeredWhileRunning++;
      expect(job.status).not.toBe('running');
    },
    { timeout: 120_000, interval: 50 },
  );
  return { job: (await get(`/app/jobs/${id}.json`)).json().response.job, answeredWhileRunning };
}

describe('checkWeekly()', () => {
  it('starts the update when the user lets Moecat check weekly and the last check is a week old, and not otherwise', async () => {
    await open();
    const now = Math.floor(FIXTURE_NOW / 1000);
    const looks = (settings: { weekly: boolean; lastCheck: number | null }) => {
      userDb.settings.setAnimeData({ registry: registry.url, ...settings });
      const stop = checkWeekly(app, undefined, { firstMs: 1, everyMs: 60_000 });
      return new Promise<boolean>((resolve) => setTimeout(() => (stop(), resolve(app.jobs.list().some((j) => j.kind === 'anime-data'))), 50));
    };
    expect(await looks({ weekly: false, lastCheck: null })).toBe(false);
    expect(await looks({ weekly: true, lastCheck: now - WEEK_SECONDS + 3600 })).toBe(false);
    expect(await looks({ weekly: true, lastCheck: now - WEEK_SECONDS - 1 })).toBe(true);
    await app.jobs.idle();
  });
});

describe('Settings → Anime data', () => {
  it('says which data the schedule comes from, and keeps the weekly choice and the registry', async () => {
    await open();
    expect(await view()).toEqual({
      version: CURRENT_VERSION,
      newestBegin: '2024-04-01',
      weekly: false,
      registry: 'https://registry.npmjs.org',
      lastCheck: null,
      writable: true,
      job: null,
    });
    expect((await get('/app/status.json')).json().response.status.animeData).toEqual({ version: CURRENT_VERSION, newestBegin: '2024-04-01' });
    const set = await post('/app/anime-data/settings.json', { weekly: true, registry: `${registry.url}/` });
    expect(set.json().response.anime_data).toMatchObject({ weekly: true, registry: registry.url });
    for (const bad of ['ftp://x', 'https://u:p@x', 'not a url']) {
      const res = await post('/app/anime-data/settings.json', { weekly: false, registry: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().response.information.msg[0]).toMatch(/^Parameter "registry" must be an http or https URL/);
    }
    expect(await view()).toMatchObject({ weekly: true, registry: registry.url });
  });

  it('updates in a process of its own while the server answers, then serves the new schedule; again, the data is current', async () => {
    await open();
    const started = await post('/app/anime-data/update.json', { registry: registry.url });
    expect(started.statusCode).toBe(200);
    expect(started.json().response.job).toMatchObject({ kind: 'anime-data', label: registry.url, status: 'running' });
    const { job, answeredWhileRunning } = await finished(started.json().response.job.id);
    expect(job).toMatchObject({ status: 'done', error: null, result: { status: 'updated', version: NEXT_VERSION, added: 1, removed: 0 } });
    expect(answeredWhileRunning).toBeGreaterThan(0);
    expect(await onAirIds()).toContain(NEW_ID);
    expect(await onAirIds()).not.toContain(ENDED_ID);
    expect(await view()).toMatchObject({ version: NEXT_VERSION, lastCheck: Math.floor(FIXTURE_NOW / 1000), job: { status: 'done' } });
    expect((await get('/search/wiki.json?keyword=brand%20new%20show')).json().response.wikis.map((w: { wiki_id: number }) => w.wiki_id)).toEqual([NEW_ID]);
    expect(existsSync(join(work, 'anime-data', `bangumi-data-${NEXT_VERSION}.tgz`))).toBe(true);

    const again = await finished((await post('/app/anime-data/update.json')).json().response.job.id);
    expect(again.job).toMatchObject({ status: 'done', result: { status: 'current', version: NEXT_VERSION } });
  });

  it('does the same work in the server’s own process when it has no command line to run', async () => {
    await open({ helper: undefined });
    const { job } = await finished((await post('/app/anime-data/update.json', { registry: registry.url })).json().response.job.id);
    expect(job).toMatchObject({ status: 'done', result: { status: 'updated', version: NEXT_VERSION } });
    expect(await onAirIds()).toContain(NEW_ID);
  });

  it('changes nothing when the release is refused or the update is cancelled', async () => {
    const file = await open();
    const before = await onAirIds();
    const refused = await finished((await post('/app/anime-data/update.json', { registry: broken.url })).json().response.job.id);
    expect(refused.job).toMatchObject({ status: 'failed', error: expect.stringMatching(/does not match its integrity hash/) });
    const running = (await post('/app/anime-data/update.json', { registry: registry.url })).json().response.job;
    expect((await post(`/app/jobs/${running.id}/cancel.json`)).statusCode).toBe(200);
    expect((await finished(running.id)).job.status).toBe('cancelled');
    expect(await onAirIds()).toEqual(before);
    expect(await view()).toMatchObject({ version: CURRENT_VERSION });
    expect(existsSync(`${file}.updating`)).toBe(false);
  });

  it('refuses on a fixed catalogue file, and is the UI’s alone', async () => {
    await open({ writable: false });
    expect(await view()).toMatchObject({ writable: false });
    const res = await post('/app/anime-data/update.json', { registry: registry.url });
    expect(res.statusCode).toBe(400);
    expect(res.json().response.information.msg[0]).toMatch(/fixed catalogue file/);
    for (const url of ['/app/anime-data.json']) expect((await app.inject({ url, headers: { host: HOST } })).statusCode).toBe(401);
    const stranger = await app.inject({
      method: 'POST',
      url: '/app/anime-data/update.json',
      headers: { host: HOST, 'content-type': 'application/json' },
      payload: {},
    });
    expect(stranger.statusCode).toBe(401);
    const foreign = await post('/app/anime-data/settings.json', { weekly: true });
    expect(foreign.statusCode).toBe(200);
    const fromElsewhere = await app.inject({
      method: 'POST',
      url: '/app/anime-data/settings.json',
      headers: headers({ 'content-type': 'application/json', origin: 'http://127.0.0.1:9' }),
      payload: { weekly: false },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(await view()).toMatchObject({ weekly: true });
  });
});
