import { relative } from 'node:path';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took longest in CI (about 30 s to 2½ minutes each), longest first, except that the two
 * longest browser files are each followed by one that keeps a core busy by itself (a catalogue build): run
 * alone, a browser file kept little more than half a core busy. A fresh clone has no timings of its own, and
 * vitest then starts the largest files first: by size these came mid-run or late, and one long file left
 * last runs alone.
 */
const LONGEST = [
  'test/e2e/accessibility.test.ts',
  'test/unit/catalogue/build/demo/demo-content.test.ts',
  'test/e2e/layout.test.ts',
  'test/unit/catalogue/build/builder.test.ts',
  'test/e2e/cli.test.ts',
  'test/e2e/gapless-replaygain.test.ts',
  'test/e2e/on-air-today.test.ts',
  'test/e2e/audio-formats.test.ts',
  'test/e2e/library.test.ts',
];

/** Vitest's order (failed first, then longest first by the timings of earlier runs), but with no timings the longest files above first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = sorted.some((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`));
    if (timed) return sorted;
    const rank = (f: TestSpecification) => {
      const at = LONGEST.indexOf(relative(root, f.moduleId).replaceAll('\\', '/'));
      return at < 0 ? LONGEST.length : at;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // Compiles .vue files for the component tests (test/unit/renderer/components), which pick a DOM per file.
  plugins: [vue()],
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Generous: builds and browsers share two cores; no test asserts on time.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // e2e tests start real servers and a browser: keep files from competing for the two cores.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
