#!/usr/bin/env node
// Runs tools/checklist/src/main.ts through @swc-node/register (tsconfig path aliases included), so
// `npm run checklist -- ...` needs no build step.
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
require('./src/main.ts');
