#!/usr/bin/env node
// Runs tools/catalog/src/main.ts through @swc-node/register (tsconfig path aliases included), so
// `npm run catalog -- validate FILE` needs no build step.
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
require('./src/main.ts');
