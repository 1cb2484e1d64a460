// The answer cache follows which of the catalogue's sections a commit changed: while a folder import
// writes music, On air, a season and the anime lists stay kept; the music's answers show the new album
// at once; a change to the anime clears those; a source's new state drops only the answers that name no
// section (the searches); a change that moves no stamp clears everything, and so does removing a source
// that a kept list was asked for by id. While a job of the app writes, its
// changes are shown at most every SECTION_REFRESH_MS, and all of them at its end.
// A real catalogue file, the server's read connection, and a writer on another connection, as an import
// in its own thread has.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_DIR, CATALOGUE_FILE } from '../../src-main/catalogue/db/catalogue-files';
import { openCatalogue, type Catalogue } from '../../src-main/catalogue/read/catalogue';
import { openUserDb, type UserDb } from '../../src-main/catalogue/user/user-db';
import { openCatalogueWriter, type CatalogueWriter, type IncomingEntry } from '../../src-main/catalogue/write/catalogue-writer';
import { SECTION_REFRESH_MS, SOURCE_RECHECK_MS, STALE_AT_MOST_MS } from '../../src-main/server/answer-cache';
import { buildApp } from '../../src-main/server/app';
import { FIXTURE_NOW } from '../fixtures/bangumi-fixture';
import { fixtureCatalogueDir } from '../fixtures/app';

let work: string;
let catalogue: Catalogue;
let userDb: UserDb;
let writer: CatalogueWriter;
let app: FastifyInstance;
let key: string;

const entry = (sourceKey: string, type: 'music' | 'tv', title: string): IncomingEntry => ({
  sourceKey,
  type,
  title,
  aliases: [],
  date: 1_700_000_000,
  modified: 1_700_000_000,
  meta: [],
  tags: [],
  subs: [],
});

/** What the server answers for `path`, and whether that came from the cache. */
async function ask(path: string): Promise<{ body: string; kept: boolean }> {
  const hits = app.answerCache.hits;
  const res = await app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}api_key=${key}` });
  expect(res.statusCode).toBe(200);
  return { body: res.body, kept: app.answerCache.hits > hits };
}

const PATHS = {
  onAir: '/on-air.json',
  anime: '/wikis.json?wiki_type=tv',
  music: '/wikis.json?wiki_type=music',
  search: '/search/wiki.json?keyword=Quokka',
  animeSearch: '/search/wiki.json?keyword=Quokka&wiki_type=tv',
};
type Name = keyof typeof PATHS;
const NAMES = Object.keys(PATHS) as Name[];

/** Asks every path once (so each is kept), lets `write` commit, waits for the cache to look, and says which answers were still kept. */
async function keptAfter(write: () => void): Promise<Record<Name, boolean>> {
  for (const name of NAMES) await ask(PATHS[name]);
  write();
  await sleep(SOURCE_RECHECK_MS + 30);
  const kept = {} as Record<Name, boolean>;
  for (const name of NAMES) kept[name] = (await ask(PATHS[name])).kept;
  return kept;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'moecat-sections-'));
  const file = join(work, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  catalogue = openCatalogue(file);
  userDb = openUserDb(join(work, 'user.db'));
  app = await buildApp({ catalogue, userDb, catalogueFile: file, audioDir: join(fixtureCatalogueDir(), AUDIO_DIR), now: () => FIXTURE_NOW });
  key = userDb.defaultKey().key;
  writer = openCatalogueWriter(file);
});

afterAll(async () => {
  writer.close();
  await app.close();
  catalogue.close();
  userDb.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the answer cache, by section', () => {
  it('keeps the anime answers while music is written, and shows the new album in the music answers', async () => {
    const folder = writer.ensureSource('folder', '/home/me/Music', 'My Music').sourceId;
    const kept = await keptAfter(() => writer.upsertEntries(folder, [entry('quokka', 'music', 'Quokka Sunrise')]));
    // A search is not kept by section: one that finds nothing is respelled from every section's words.
    expect(kept).toEqual({ onAir: true, anime: true, music: false, search: false, animeSearch: false });
    expect((await ask(PATHS.music)).body).toContain('Quokka Sunrise');
    expect((await ask(PATHS.search)).body).toContain('Quokka Sunrise');
    expect((await ask(PATHS.animeSearch)).body).not.toContain('Quokka Sunrise');
  });

  it('clears the anime answers when the anime changes, and keeps the music', async () => {
    const remote = writer.ensureSource('remote', 'http://moe.example.org/', 'moe.example.org').sourceId;
    const kept = await keptAfter(() => writer.upsertEntries(remote, [entry('quokka-show', 'tv', 'Quokka Patrol')]));
    expect(kept).toEqual({ onAir: false, anime: false, music: true, search: false, animeSearch: false });
    expect((await ask(PATHS.animeSearch)).body).toContain('Quokka Patrol');
  });

  it('clears a list asked for by a source id when that source goes, though only music went with it', async () => {
    const folder = writer.ensureSource('folder', '/home/me/Other Music', 'Other Music').sourceId;
    writer.upsertEntries(folder, [entry('other', 'music', 'Quokka Other')]);
    await sleep(SOURCE_RECHECK_MS + 30);
    const bySource = `/wikis.json?wiki_type=tv&source=${folder}`;
    expect(JSON.parse((await ask(bySource)).body).response.information.count).toBe(0);
    writer.removeSource(folder);
    await sleep(SOURCE_RECHECK_MS + 30);
    const res = await app.inject({ url: `${bySource}&api_key=${key}` });
    expect(res.statusCode).toBe(400); // the source is gone: the kept "nothing matches" is not served
  });

  it('while a job of the app writes, shows its first commit at once and the next after SECTION_REFRESH_MS; its end shows everything', async () => {
    const folder = writer.ensureSource('folder', '/home/me/Job Music', 'Job Music').sourceId;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const commits: (() => void)[] = [];
    const next = () => commits.shift()!();
    app.jobs.start('import', 'Job Music', async ({ writer: jobWriter }) => {
      for (const title of ['Quokka Job One', 'Quokka Job Two', 'Quokka Job Three']) {
        await new Promise<void>((resolve) => commits.push(resolve));
        jobWriter.upsertEntries(folder, [entry(title.toLowerCase(), 'music', title)]);
      }
      await released;
    });
    const shows = async (title: string) => (await ask(PATHS.music)).body.includes(title);
    const settled = () => sleep(SOURCE_RECHECK_MS + 30);
    await expect.poll(() => commits.length).toBe(1);
    await ask(PATHS.music);
    next(); // the first commit: shown at the next look
    await settled();
    expect(await shows('Quokka Job One')).toBe(true);
    await expect.poll(() => commits.length).toBe(1);
    next(); // the second, within SECTION_REFRESH_MS of that drop: the kept answer is served a while longer
    await settled();
    expect(await shows('Quokka Job Two')).toBe(false);
    await sleep(SECTION_REFRESH_MS);
    // Then at once, or later where making the list took milliseconds (REMAKE_SHARE; a busy machine's
    // wall clock counts), STALE_AT_MOST_MS at the latest.
    await expect.poll(() => shows('Quokka Job Two'), { timeout: STALE_AT_MOST_MS, interval: 50 }).toBe(true);
    await expect.poll(() => commits.length).toBe(1);
    next(); // the third, held back again; the job's end shows it at once
    await settled();
    expect(await shows('Quokka Job Three')).toBe(false);
    release();
    await app.jobs.idle();
    expect(await shows('Quokka Job Three')).toBe(true);
  });

  it('keeps the sections’ answers when only a source’s state changed (an entry shows no state), and drops the searches', async () => {
    const folder = writer.ensureSource('folder', '/home/me/Music', 'My Music').sourceId;
    const kept = await keptAfter(() => writer.setSourceState(folder, { scanned: 1 }));
    expect(kept).toEqual({ onAir: true, anime: true, music: true, search: false, animeSearch: false });
  });

  it('clears everything after a commit that moved no stamp it can name', async () => {
    const kept = await keptAfter(() => writer.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('unnamed_change', ?)").run(String(Date.now())));
    expect(kept).toEqual({ onAir: false, anime: false, music: false, search: false, animeSearch: false });
  });
});
