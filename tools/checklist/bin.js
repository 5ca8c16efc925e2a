#!/usr/bin/env node
// @swc-node/register (path aliases): no build step.
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
require('./src/main.ts');
