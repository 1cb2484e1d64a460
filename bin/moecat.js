#!/usr/bin/env node
// The `moecat` command: makes sure the build is current, then hands over to the headless CLI.
import { ensureBuilt } from '../scripts/ensure-built.js';

try {
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// cli.js runs itself only when it is the entry script; from here, call its main like it would.
const { main } = await import('../out/main/cli.js');
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
