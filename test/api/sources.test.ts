// Provenance: every entry says where it came from (wiki_source), the entry list and the searches filter
// by source (the `source` extension, JSON and XML), and the UI lists sources and removes an imported
// one with everything it brought (/app/sources, a job); bundled sources cannot be removed.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openCatalogueWriter, type IncomingEntry } from '../../src-main/catalogue/write/catalogue-writer';
import { DEMO_SPEC, DEMO_WIKI_ID_BASE } from '../../src-main/catalogue/build/demo/demo-content';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { buildApp } from '../../src-main/server/app';
import { call, FORMATS } from '../fixtures/api';
import { fixtureCatalogueDir } from '../fixtures/app';

const TOKEN = 'd'.repeat(32);
const SAKURA_LETTERS = DEMO_WIKI_ID_BASE + DEMO_SPEC.find((a) => a.slug === 'sakura-letters')!.n; // a bundled album with "sakura" in its title
const HOST = '127.0.0.1:7777';

/** Saved covers (<data dir>/covers/<sha1>/): one only the folder's album uses, one it shares with the remote's. */
const OWN_COVER = 'a'.repeat(40);
const SHARED_COVER = 'b'.repeat(40);

function album(key: string, title: string, songs: string[], coverFile?: string): IncomingEntry {
  return {
    ...(coverFile ? { coverFile } : {}),
    sourceKey: key,
    type: 'music',
    title,
    aliases: [],
    date: 1_700_000_000,
    modified: 1_700_000_000,
    meta: [],
    tags: ['imported'],
    subs: songs.map((song, i) => ({
      sourceKey: `${key}-${i}`,
      type: 'song',
      order: String(i + 1),
      title: song,
      date: 1_700_000_000,
      modified: 1_700_000_000,
      upload: { uri: `/imported/${key}/${i}.mp3`, md5: 'e'.repeat(32), filesize: 4096, bitrate: 128, length: 60, date: 1_700_000_000 },
    })),
  };
}

let work: string;
let app: FastifyInstance;
let catalogue: Catalogue;
let userDb: UserDb;
let key: string;
const src = { folder: 0, remote: 0 };
const ids = { quokka: 0, gentle: 0, remote: 0 };

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-sources-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const writer = openCatalogueWriter(file);
  try {
    src.folder = writer.ensureSource('folder', '/home/me/Music', 'My Music', 1_700_000_100).sourceId;
    [ids.quokka, ids.gentle] = writer.upsertEntries(src.folder, [
      album('q', 'Quokka Carnival', ['Wombat Waltz', 'Sakura Drift'], OWN_COVER),
      album('g', 'Gentle Sakura Rain', [], SHARED_COVER),
    ]);
    src.remote = writer.ensureSource('remote', 'http://moe.example.org/', 'moe.example.org', 1_700_000_200).sourceId;
    [ids.remote] = writer.upsertEntries(src.remote, [album('9', 'Remote Sakura Radiance', ['Far Signal'], SHARED_COVER)]);
  } finally {
    writer.close();
  }
  for (const cover of [OWN_COVER, SHARED_COVER]) {
    mkdirSync(join(work, 'covers', cover), { recursive: true });
    writeFileSync(join(work, 'covers', cover, 'large.jpg'), 'jpeg');
  }
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  key = userDb.defaultKey().key;
  app = await buildApp({ catalogue, userDb, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR), uiToken: TOKEN, catalogueFile: file, dataDir: work });
});

afterEach(async () => {
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

const ui = (url: string, method: 'GET' | 'POST' = 'GET', payload?: unknown) =>
  app.inject({ method, url, headers: { host: HOST, 'x-moecat-ui': TOKEN }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const wikiIds = (body: { response: { wikis: { wiki_id: number }[] } }) => body.response.wikis.map((w) => w.wiki_id);

describe('wiki_source', () => {
  it.each(FORMATS)('says where each entry came from (%s)', async (format) => {
    const { body } = await call(app, '/wikis', format, { wiki_type: 'music', wiki_id: `${DEMO_WIKI_ID_BASE + 1},${ids.quokka},${ids.remote}`, api_key: key });
    const sources = Object.fromEntries(body.response.wikis.map((w: { wiki_id: number; wiki_source: unknown }) => [w.wiki_id, w.wiki_source]));
    expect(sources).toEqual({
      [DEMO_WIKI_ID_BASE + 1]: { source_id: 2, kind: 'bundled', name: 'demo' },
      [ids.quokka]: { source_id: src.folder, kind: 'folder', name: 'My Music' },
      [ids.remote]: { source_id: src.remote, kind: 'remote', name: 'moe.example.org' },
    });
    const anime = await call(app, '/wikis', format, { wiki_type: 'tv', wiki_id: '1001', api_key: key });
    expect(anime.body.response.wikis[0].wiki_source).toEqual({ source_id: 1, kind: 'bundled', name: 'bangumi-data' });
  });
});

describe('the source filter', () => {
  it.each(FORMATS)('narrows /wikis to a kind, a source id or a list of them (%s)', async (format) => {
    const list = async (source?: string) =>
      (await call(app, '/wikis', format, { wiki_type: 'music', perpage: '50', api_key: key, ...(source ? { source } : {}) })).body;
    const all = await list();
    expect(wikiIds(all)).toEqual(expect.arrayContaining([ids.quokka, ids.gentle, ids.remote, DEMO_WIKI_ID_BASE + 1]));
    expect(wikiIds(await list('folder')).sort()).toEqual([ids.quokka, ids.gentle].sort());
    expect((await list('folder')).response.information).toMatchObject({ count: 2, parameters: { source: 'folder', wiki_type: 'music', perpage: '50' } });
    expect(wikiIds(await list(String(src.remote)))).toEqual([ids.remote]);
    expect(wikiIds(await list('folder,remote')).sort()).toEqual([ids.quokka, ids.gentle, ids.remote].sort());
    const bundled = await list('bundled');
    expect(bundled.response.information.count).toBe(all.response.information.count - 3);
    expect(wikiIds(bundled).every((id: number) => id < 100_000_000)).toBe(true);
    // The filtered list keeps the list's order: newest date first, then id.
    expect(wikiIds(bundled)).toEqual(wikiIds(all).filter((id: number) => id < 100_000_000));
  });

  it.each(FORMATS)('narrows /search/wiki and /search/sub (%s)', async (format) => {
    const search = async (path: string, source?: string) =>
      (await call(app, path, format, { keyword: 'sakura', api_key: key, ...(source ? { source } : {}) })).body.response;
    const everywhere = (await search('/search/wiki')).wikis.map((w: { wiki_id: number }) => w.wiki_id);
    expect(everywhere).toEqual(expect.arrayContaining([ids.gentle, ids.remote, SAKURA_LETTERS]));
    const folder = await search('/search/wiki', 'folder');
    expect(folder.wikis.map((w: { wiki_id: number }) => w.wiki_id)).toEqual([ids.gentle]);
    expect(folder.information.count).toBe(1);
    const bundled = (await search('/search/wiki', 'bundled')).wikis.map((w: { wiki_id: number }) => w.wiki_id);
    expect(bundled).toEqual(everywhere.filter((id: number) => id < 100_000_000));

    const subs = await search('/search/sub', String(src.folder));
    expect(subs.subs.map((s: { sub_title: string }) => s.sub_title)).toEqual(['Sakura Drift']);
    expect(subs.subs[0].wiki.wiki_source).toEqual({ source_id: src.folder, kind: 'folder', name: 'My Music' });
    const remoteSubs = await search('/search/sub', 'remote');
    // Through the entry: the remote album's title holds the word, so its song matches.
    expect(remoteSubs.subs.map((s: { sub_title: string }) => s.sub_title)).toEqual(['Far Signal']);
    // Exact title (the top tier) respects the filter too.
    const exact = await call(app, '/search/wiki', format, { keyword: 'Quokka Carnival', source: 'remote', api_key: key });
    expect(exact.body.response.wikis).toEqual([]);
  });

  it.each(FORMATS)('answers 400 naming `source` for a value that is no kind and no source, changing nothing (%s)', async (format) => {
    for (const [path, query] of [
      ['/wikis', { wiki_type: 'music' }],
      ['/search/wiki', { keyword: 'sakura' }],
      ['/search/sub', { keyword: 'sakura' }],
    ] as const) {
      for (const source of ['podcast', '999', 'folder,', '-1']) {
        const res = await call(app, path, format, { ...query, source, api_key: key });
        expect(res.status).toBe(400);
        expect(res.contentType).toContain(format);
        expect(res.body.response.information).toMatchObject({ has_error: true, error: 400 });
        expect(res.body.response.information.msg.join(' ')).toMatch(/"source"/);
      }
    }
  });

  it('matches nothing for a kind without sources', async () => {
    const writer = openCatalogueWriter(join(work, CATALOGUE_FILE));
    writer.removeSource(src.remote);
    writer.close();
    const res = await call(app, '/search/wiki', 'json', { keyword: 'sakura', source: 'remote', api_key: key });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ information: { count: 0 }, wikis: [] });
  });
});

describe('GET /app/sources.json', () => {
  it('lists every source with its kind, name, counts and dates', async () => {
    const res = await ui('/app/sources.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { sources, writable, job } = res.json().response;
    expect(writable).toBe(true);
    expect(job).toBeNull();
    expect(sources).toEqual([
      { source_id: 1, kind: 'bundled', name: 'bangumi-data', locator: 'bangumi-data', entries: expect.any(Number), subs: 0, added_at: 0, updated_at: 0 },
      { source_id: 2, kind: 'bundled', name: 'demo', locator: 'demo', entries: expect.any(Number), subs: expect.any(Number), added_at: 0, updated_at: 0 },
      { source_id: src.folder, kind: 'folder', name: 'My Music', locator: '/home/me/Music', entries: 2, subs: 2, added_at: 1_700_000_100, updated_at: 0 },
      {
        source_id: src.remote,
        kind: 'remote',
        name: 'moe.example.org',
        locator: 'http://moe.example.org/',
        entries: 1,
        subs: 1,
        added_at: 1_700_000_200,
        updated_at: 0,
      },
    ]);
    expect(sources[0].entries).toBeGreaterThan(5);
  });

  it('is the UI’s own: 401 without the token, 405 for other methods', async () => {
    const res = await app.inject({ url: '/app/sources.json', headers: { host: HOST } });
    expect(res.statusCode).toBe(401);
    const post = await ui('/app/sources.json', 'POST', {});
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});

describe('POST /app/sources/remove.json', () => {
  it('removes a source with its entries, sub-entries, search rows and the covers only it used; favourites stay, answered without their object', async () => {
    expect(userDb.addFav('wiki', ids.quokka, 1)).toBeDefined();
    const before = await call(app, '/wikis', 'json', { wiki_type: 'music', source: 'folder', api_key: key }); // fills the answer cache
    expect(before.body.response.information.count).toBe(2);

    const res = await ui('/app/sources/remove.json', 'POST', { source_id: src.folder });
    expect(res.statusCode).toBe(200);
    const { job } = res.json().response;
    expect(job).toMatchObject({ kind: 'remove-source', label: 'My Music' });
    await app.jobs.idle();
    const done = (await ui(`/app/jobs/${job.id}.json`)).json().response.job;
    expect(done).toMatchObject({ status: 'done', result: { source_id: src.folder, entries: 2, subs: 2 } });

    const { sources, job: latest } = (await ui('/app/sources.json')).json().response;
    expect(sources.map((s: { source_id: number }) => s.source_id)).toEqual([1, 2, src.remote]);
    expect(latest.id).toBe(job.id);
    const after = await call(app, '/wikis', 'json', { wiki_type: 'music', source: 'folder', api_key: key });
    expect(after.body.response.information.count).toBe(0);
    const search = await call(app, '/search/sub', 'json', { keyword: 'wombat', api_key: key });
    expect(search.body.response.subs).toEqual([]);
    expect((await call(app, '/wikis', 'json', { wiki_type: 'music', source: String(src.folder), api_key: key })).status).toBe(400);
    // The remote source and the bundled rows are untouched.
    expect(wikiIds((await call(app, '/wikis', 'json', { wiki_type: 'music', source: 'remote', api_key: key })).body)).toEqual([ids.remote]);

    // The cover only its album used is gone; the one the remote's album also uses stays.
    expect(existsSync(join(work, 'covers', OWN_COVER))).toBe(false);
    expect(existsSync(join(work, 'covers', SHARED_COVER, 'large.jpg'))).toBe(true);

    expect(userDb.findFav('wiki', ids.quokka)).toBeDefined();
    const favs = await ui('/user/favs/wiki.json');
    expect(favs.statusCode).toBe(200);
    expect(favs.json().response.favs).toEqual([expect.objectContaining({ fav_obj_id: ids.quokka, obj: null })]);
  });

  it('refuses bad ids, unknown and bundled sources, and a second job, removing nothing', async () => {
    const count = async () => (await call(app, '/wikis', 'json', { wiki_type: 'music', perpage: '1', api_key: key })).body.response.information.count;
    const total = await count();
    const answer = async (payload: unknown) => {
      const res = await ui('/app/sources/remove.json', 'POST', payload);
      return { status: res.statusCode, info: res.json().response.information };
    };
    expect(await answer({})).toMatchObject({ status: 400, info: { msg: [expect.stringMatching(/"source_id" is required/)] } });
    expect(await answer({ source_id: 'abc' })).toMatchObject({ status: 400, info: { msg: [expect.stringMatching(/"source_id"/)] } });
    expect(await answer({ source_id: 999 })).toMatchObject({ status: 404, info: { msg: ['No source 999.'] } });
    expect(await answer({ source_id: 1 })).toMatchObject({
      status: 400,
      info: { msg: [expect.stringMatching(/bundled source "bangumi-data", which cannot be removed/)] },
    });

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app.jobs.start('import', '/elsewhere', async ({ signal }) => {
      signal.addEventListener('abort', () => release());
      await gate;
    });
    expect(await answer({ source_id: String(src.folder) })).toMatchObject({ status: 409, info: { msg: [expect.stringMatching(/Another job is running/)] } });
    release();
    await app.jobs.idle();
    expect(await count()).toBe(total);
    expect(existsSync(join(work, 'covers', OWN_COVER, 'large.jpg'))).toBe(true);
    expect((await ui('/app/sources.json')).json().response.sources).toHaveLength(4);
    const get = await ui('/app/sources/remove.json');
    expect(get.statusCode).toBe(405);
  });
});
