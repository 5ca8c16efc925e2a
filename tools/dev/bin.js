#!/usr/bin/env node
// @swc-node/register (decorator metadata, path aliases): `npm start` needs no build step.
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
const entries = { start: './src/start.ts', smoke: './src/smoke.ts', token: './src/dev-token.ts' };
const command = process.argv[2];
const entry = command === 'bench' ? join(__dirname, '../..', process.argv[3] ?? '') : entries[command];
if (!entry || (command === 'bench' && !process.argv[3])) {
  console.error(`usage: node tools/dev/bin.js ${Object.keys(entries).join('|')}|bench FILE [args]`);
  process.exit(2);
}
process.argv.splice(2, command === 'bench' ? 2 : 1);
const loaded = require(entry);
// A benchmark exports main(), answering its exit code (bench/support.ts `verdict`): 1 a target missed, 3 nothing
// measured, 2 a crash. One that exports none would measure nothing and exit 0 unnoticed.
if (command === 'bench' && (typeof loaded.main === 'function' || entry.endsWith('.bench.ts'))) {
  if (typeof loaded.main !== 'function') {
    console.error(`${entry} exports no main(): nothing was measured`);
    process.exit(3);
  }
  loaded.main().then(
    (code) => process.exit(typeof code === 'number' ? code : 3),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
