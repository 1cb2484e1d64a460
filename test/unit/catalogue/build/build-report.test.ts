// What `moecat build-catalogue` reports about a new build against the previous one in the same folder:
// entries added, removed and changed by id, on-air changes, the bangumi-data version. The command's own
// printout after a full build is checked with the built CLI (test/e2e/cli.test.ts), the suite's one full build.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareWithPrevious, formatBuildChanges, type BuildChanges } from '../../../../src-main/catalogue/build/build-report';
import { buildCatalogue, CATALOGUE_FILE } from '../../../../src-main/catalogue/build/builder';
import { fixtureCatalogueDir } from '../../../fixtures/app';
import { FIXTURE_BANGUMI_NEXT } from '../../../fixtures/bangumi-fixture';
import { runSynthesiser } from '../../../fixtures/demo-audio';

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
    const report = await buildCatalogue({ outDir: out, bangumi: FIXTURE_BANGUMI_NEXT, synthesise: runSynthesiser() });
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
