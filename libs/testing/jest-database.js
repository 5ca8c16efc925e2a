// Spread into a project's jest.config.js: `...require('../../libs/testing/jest-database')`.
const { join } = require('node:path');

module.exports = {
  globalSetup: join(__dirname, 'src/global-setup.ts'),
  globalTeardown: join(__dirname, 'src/global-teardown.ts'),
  testTimeout: 30000,
};
