// Jest settings for suites that boot apps on PostgreSQL, spread into a project's jest.config.js:
//   module.exports = { displayName, preset, rootDir, ...require('../../libs/testing/jest-database') };
const { join } = require('node:path');

module.exports = {
  // One embedded PostgreSQL per jest run under /tmp (or TEST_DATABASE_URL); see src/global-setup.ts.
  globalSetup: join(__dirname, 'src/global-setup.ts'),
  globalTeardown: join(__dirname, 'src/global-teardown.ts'),
  // Swagger UI on Fastify loads @fastify/static, whose content-disposition dependency is ESM-only:
  // Jest (before Node 24.9) cannot require() it untransformed, so let SWC transform that package.
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition)/)'],
  testTimeout: 30000,
};
