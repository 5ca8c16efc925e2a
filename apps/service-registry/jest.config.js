module.exports = {
  displayName: 'service-registry',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/service-registry',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL); see libs/testing/jest-database.js.
  ...require('../../libs/testing/jest-database'),
};
