// The anime data's update, against a fake registry on 127.0.0.1: the newest release is downloaded,
// checked and applied to a copy of the working catalogue, which then takes its place — the new show is
// on air, the ended one is not, every other id, the imported album and the demo section are as they
// were; a cancelled or failed update changes nothing; a kept release is applied again after an upgrade.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_FILE } from '../../../../src-main/catalogue/db/catalogue-files';
import { openCatalogue } from '../../../../src-main/catalogue/read/catalogue';
import { sqlOf } from '../../../../src-main/catalogue/read/catalogue-sql';
import { finishAnimeUpdate, prepareAnimeData, reapplySavedRelease, RELEASES_DIR, ReleaseError } from '../../../../src-main/catalogue/upgrade/anime-data';
import { openCatalogueWriter } from '../../../../src-main/catalogue/write/catalogue-writer';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { FIXTURE_ANIME, FIXTURE_NOW } from '../../../fixtures/bangumi-fixture';
import { CURRENT_VERSION, fakeRegistry, NEW_SHOW, NEXT_DATA, NEXT_VERSION, releaseOf } from '../../../fixtures/fake-registry';
import { tempDir } from '../../../fixtures/temp-dir';

const NEW_ID = Number(NEW_SHOW.sites[0].id);
const ENDED_ID = Number(FIXTURE_ANIME.mondayEvening.sites[0].id);
let registry: Awaited<ReturnType<typeof fakeRegistry>>;
let imported: number;

beforeAll(async () => {
  registry = await fakeRegistry({ releases: { [NEXT_VERSION]: await releaseOf(NEXT_DATA) } });
});
afterAll(() => registry.close());

/** A working catalogue of the fixture data at CURRENT_VERSION, with an imported album. */
function workingCopy(): string {
  const dir = tempDir('moecat-anime-update-');
  const file = join(dir, CATALOGUE_FILE);
  copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), file);
  const db = new Database(file);
  db.prepare("UPDATE meta SET value = ? WHERE key = 'bangumi_data_version'").run(CURRENT_VERSION);
  db.close();
  const writer = openCatalogueWriter(file);
  const folder = writer.ensureSource('folder', '/home/me/Music', 'Music', 1_700_000_000);
  [imported] = writer.upsertEntries(folder.sourceId, [
    { sourceKey: 'a', type: 'music', title: 'Kept Album', aliases: [], date: 1_700_000_000, modified: 1_700_000_000, meta: [], tags: [], subs: [] },
  ]);
  writer.close();
  return file;
}

/** Every row id and title, and the on-air ids at FIXTURE_NOW. */
function rowsOf(file: string) {
  const catalogue = openCatalogue(file);
  try {
    const db = sqlOf(catalogue);
    return {
      version: catalogue.meta('bangumi_data_version'),
      newest: catalogue.meta('anime_data_newest_begin'),
      wikis: db.prepare('SELECT wiki_id, wiki_title, source_id FROM wiki ORDER BY wiki_id').all() as {
        wiki_id: number;
        wiki_title: string;
        source_id: number;
      }[],
      subs: db.prepare('SELECT sub_id FROM sub ORDER BY sub_id').pluck().all() as number[],
      onAir: [...catalogue.queries.onAir.days([1, 2, 3, 4, 5, 6, 7], Math.floor(FIXTURE_NOW / 1000), 'http://x').values()].flat().map((e) => e.oa_obj_id),
    };
  } finally {
    catalogue.close();
  }
}

describe('prepareAnimeData() and finishAnimeUpdate()', () => {
  it('applies the newest release: the new show on air, the ended one not, every other row kept', async () => {
    const working = workingCopy();
    const before = rowsOf(working);
    expect(before.onAir).toContain(ENDED_ID);
    const phases = new Set<string>();
    const outcome = await prepareAnimeData({ registry: registry.url, working, progress: (p) => phases.add(p.phase) });
    expect(outcome.status).toBe('prepared');
    if (outcome.status !== 'prepared') return;
    expect(outcome.prepared).toMatchObject({ version: NEXT_VERSION, added: 1, removed: 0, entries: NEXT_DATA.items.length });
    expect([...phases]).toEqual(['ask', 'download', 'read', 'copy', 'romanise', 'write', 'check']);
    // Nothing is in place until it is finished.
    expect(rowsOf(working).version).toBe(CURRENT_VERSION);
    finishAnimeUpdate(working, outcome.prepared);

    const after = rowsOf(working);
    expect(after.version).toBe(NEXT_VERSION);
    expect(after.newest).toBe('2024-04-01');
    expect(after.onAir).toContain(NEW_ID);
    expect(after.onAir).not.toContain(ENDED_ID);
    expect(after.wikis.filter((w) => w.wiki_id !== NEW_ID)).toEqual(before.wikis);
    expect(after.wikis.map((w) => w.wiki_id)).toContain(imported);
    expect(after.subs).toEqual(before.subs);
    expect(existsSync(`${working}.updating`)).toBe(false);
    expect(readdirSync(join(working, '..', RELEASES_DIR))).toEqual([`bangumi-data-${NEXT_VERSION}.tgz`]);
    // The new show is found by its names.
    const catalogue = openCatalogue(working);
    expect(catalogue.queries.search.wikis({ keyword: 'brand new show' }, 5, 0, 'http://x').wikis.map((w) => w.wiki_id)).toEqual([NEW_ID]);
    catalogue.close();

    // Asked again: nothing newer.
    expect(await prepareAnimeData({ registry: registry.url, working })).toEqual({ status: 'current', version: NEXT_VERSION });
  });

  it('changes nothing when cancelled or when the release is refused', async () => {
    const working = workingCopy();
    const before = rowsOf(working);
    const controller = new AbortController();
    const cancelled = prepareAnimeData({
      registry: registry.url,
      working,
      signal: controller.signal,
      progress: (p) => p.phase === 'write' && controller.abort(),
    });
    await expect(cancelled).rejects.toThrow();
    const broken = await fakeRegistry({ releases: { [NEXT_VERSION]: await releaseOf(NEXT_DATA) }, tarball: 'wrong-hash' });
    await expect(prepareAnimeData({ registry: broken.url, working })).rejects.toBeInstanceOf(ReleaseError);
    await broken.close();
    expect(rowsOf(working)).toEqual(before);
    expect(existsSync(`${working}.updating`)).toBe(false);
  });
});

describe('reapplySavedRelease()', () => {
  it('applies a kept release newer than the catalogue’s data again, and nothing when it is not newer', async () => {
    const working = workingCopy();
    const outcome = await prepareAnimeData({ registry: registry.url, working });
    if (outcome.status !== 'prepared') throw new Error('expected an update');
    finishAnimeUpdate(working, outcome.prepared);
    expect(await reapplySavedRelease(working)).toBeUndefined();
    // An upgrade installs the shipped build again, with the data it was built with.
    copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), working);
    const db = new Database(working);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'bangumi_data_version'").run(CURRENT_VERSION);
    db.close();
    const logged: string[] = [];
    expect(await reapplySavedRelease(working, { log: (line) => logged.push(line) })).toBe(NEXT_VERSION);
    expect(rowsOf(working).onAir).toContain(NEW_ID);
    expect(logged).toEqual([expect.stringContaining(`bangumi-data ${NEXT_VERSION}`)]);
  });
});
