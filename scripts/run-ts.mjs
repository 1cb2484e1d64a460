// Runs a TypeScript dev tool (the catalogue generator, the benchmark) under plain Node: bundles it
// with esbuild into out/tools/ (dependencies stay external) and imports it with the remaining args.
// Usage: node scripts/run-ts.mjs tools/bench.ts [args…]
import { build } from 'esbuild';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './ensure-built.js';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
const outfile = join(projectRoot, 'out', 'tools', basename(entry).replace(/\.ts$/, '.mjs'));
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  logLevel: 'warning',
});
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
