module.exports = {
  displayName: 'service-registry',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/service-registry',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL) and the transform exceptions app suites need.
  ...require('../../libs/testing/jest-database'),
};
