#!/usr/bin/env node
// `npm run -s cte:parse -- FILE.html`: tools/cte/src/main.ts through @swc-node/register (path aliases included).
const { join } = require('node:path');
process.env.SWC_NODE_PROJECT ??= join(__dirname, '../../tsconfig.base.json');
require('@swc-node/register');
require('./src/main.ts');
