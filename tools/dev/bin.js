#!/usr/bin/env node
// Runs a TypeScript entry of tools/dev through @swc-node/register (decorator metadata and the
// tsconfig path aliases included), so `npm start` needs no build step.
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
const entries = { start: './src/start.ts', smoke: './src/smoke.ts', token: './src/dev-token.ts' };
const entry = entries[process.argv[2]];
if (!entry) {
  console.error(`usage: node tools/dev/bin.js ${Object.keys(entries).join('|')} [args]`);
  process.exit(2);
}
process.argv.splice(2, 1);
require(entry);
