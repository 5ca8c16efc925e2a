module.exports = {
  displayName: 'testing',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/libs/testing',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL) and the transform exceptions app suites need.
  ...require('../../libs/testing/jest-database'),
};
