import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

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
  },
});
