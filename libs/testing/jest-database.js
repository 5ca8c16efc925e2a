// Jest settings for suites that boot apps on PostgreSQL, spread into a project's jest.config.js:
//   module.exports = { displayName, preset, rootDir, ...require('../../libs/testing/jest-database') };
const { join } = require('node:path');

module.exports = {
  // One embedded PostgreSQL per jest run under /tmp (or TEST_DATABASE_URL); see src/global-setup.ts.
  globalSetup: join(__dirname, 'src/global-setup.ts'),
  globalTeardown: join(__dirname, 'src/global-teardown.ts'),
  testTimeout: 30000,
};
