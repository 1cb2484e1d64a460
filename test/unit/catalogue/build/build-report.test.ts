// What `moecat build-catalogue` reports about a new build against the previous one in the same folder:
// entries added, removed and changed by id, on-air changes, the bangumi-data version.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { projectDirs } from '../../../../src-main/app-dirs';
import { compareWithPrevious, formatBuildChanges, type BuildChanges } from '../../../../src-main/catalogue/build/build-report';
import { buildCatalogue, CATALOGUE_FILE } from '../../../../src-main/catalogue/build/builder';
import { main } from '../../../../src-main/cli';
import { shippedCatalogueDir } from '../../../../src-main/server/start';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { FIXTURE_BANGUMI_NEXT } from '../../../fixtures/bangumi-fixture';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'moecat-report-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('buildCatalogue() change report', () => {
  it('compares the new build with the previous one in the folder before replacing it', async () => {
    const out = tmp();
    copyFileSync(join(fixtureCatalogueDir(), CATALOGUE_FILE), join(out, CATALOGUE_FILE)); // the previous build: fixture-1
    const report = await buildCatalogue({ outDir: out, bangumi: FIXTURE_BANGUMI_NEXT });
    expect(report.changes).toEqual({
      previous: 'compared',
      bangumiVersion: { old: 'fixture-1', new: 'fixture-2' },
      added: [1009],
      removed: [1005],
      changed: [1007],
      onAir: { added: [1009], removed: [1005], changed: [] },
    });
    expect(formatBuildChanges(report.changes, out)).toEqual([
      'Compared with the previous build: bangumi-data fixture-1 → fixture-2; entries +1 −1 ~1; on-air schedule +1 −1 ~0.',
      '  added: 1009',
      '  removed: 1005',
      '  changed: 1007',
      '  on air from now: 1009',
      '  off the air: 1005',
    ]);
  });

  it('says when there is no previous build, or when it cannot be read', () => {
    const dir = tmp();
    const current = join(fixtureCatalogueDir(), CATALOGUE_FILE);
    expect(compareWithPrevious(join(dir, 'none.db'), current)).toEqual({ previous: 'none' });
    writeFileSync(join(dir, 'junk.db'), 'not a database at all, just text that is long enough to be a header');
    const junk = compareWithPrevious(join(dir, 'junk.db'), current);
    expect(junk).toMatchObject({ previous: 'unreadable', reason: expect.stringMatching(/not a database/) });
    expect(formatBuildChanges(junk, dir)).toEqual([expect.stringMatching(/^The previous build in .* could not be read to compare with \(/)]);
    expect(formatBuildChanges({ previous: 'none' }, dir)).toEqual([`No previous build in ${dir} to compare with.`]);
  });

  it('lists at most a dozen ids per line, and says when nothing changed', () => {
    const many: BuildChanges = {
      previous: 'compared',
      bangumiVersion: { old: '1', new: '1' },
      added: Array.from({ length: 15 }, (_, i) => i + 1),
      removed: [],
      changed: [],
      onAir: { added: [], removed: [], changed: [3] },
    };
    expect(formatBuildChanges(many, '/x')).toEqual([
      'Compared with the previous build: bangumi-data 1 (unchanged); entries +15 −0 ~0; on-air schedule +0 −0 ~1.',
      '  added: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 … (3 more)',
      '  new slot: 3',
    ]);
    const none = { ...many, added: [], onAir: { added: [], removed: [], changed: [] } };
    expect(formatBuildChanges(none, '/x')[1]).toBe('  No entry changed.');
  });
});

describe('moecat build-catalogue', () => {
  it('prints what changed since the previous build in --out', async () => {
    const out = tmp();
    const previous = join(out, CATALOGUE_FILE);
    copyFileSync(join(shippedCatalogueDir(projectDirs().resourcesDir), CATALOGUE_FILE), previous);
    // The previous build lacked one demo album and had another title for a second one.
    const db = new Database(previous);
    db.pragma('foreign_keys = ON');
    db.prepare('DELETE FROM wiki WHERE wiki_id = 51000002').run();
    db.prepare("UPDATE wiki SET wiki_title = 'Old Title' WHERE wiki_id = 51000003").run();
    db.close();
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // the progress bar
    try {
      expect(await main(['build-catalogue', '--out', out])).toBe(0);
    } finally {
      spy.mockRestore();
      stderr.mockRestore();
    }
    expect(printed).toContainEqual(expect.stringMatching(/^Built .*catalogue\.db: \d+ entries/));
    expect(printed).toContainEqual(expect.stringMatching(/^Compared with the previous build: bangumi-data [\d.]+ \(unchanged\); entries \+1 −0 ~1; /));
    expect(printed).toContain('  added: 51000002');
    expect(printed).toContain('  changed: 51000003');
  });
});
