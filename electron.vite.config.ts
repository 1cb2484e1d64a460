// Builds the three Electron bundles. The main bundle has four entries: the Electron shell (index), the
// headless CLI (cli), which shares everything but never imports electron, and the folder import's worker
// threads: the import itself (import-worker, found beside them by catalogue/import/import-thread.ts) and
// its file readers (import-reader, found by catalogue/import/file-readers.ts).
import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import type { Plugin } from 'vite';
import { precompress } from './tools/precompress';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/index.ts'),
          cli: resolve(__dirname, 'src-main/cli.ts'),
          'import-worker': resolve(__dirname, 'src-main/catalogue/import/import-worker.ts'),
          'import-reader': resolve(__dirname, 'src-main/catalogue/import/import-reader.ts'),
        },
      },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [vue(), rootBase(), precompress()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // Browsers load it over HTTP in headless mode too; electron-vite leaves it unminified otherwise.
      minify: true,
      // Fonts stay files: the UI's Content-Security-Policy allows fonts from its own origin only, not data: URLs.
      assetsInlineLimit: (file) => (/\.(otf|ttf|woff2?)$/.test(file) ? false : undefined),
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
});

/**
 * The server serves the UI at '/' with history-mode routes (/music/12), so asset URLs must start at
 * the root. electron-vite forces base './' (made for file:// windows) in a 'pre' plugin; a normal
 * plugin's config hook runs after it and wins.
 */
function rootBase(): Plugin {
  return { name: 'moecat:root-base', config: () => ({ base: '/' }) };
}
