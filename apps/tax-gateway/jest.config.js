module.exports = {
  displayName: 'tax-gateway',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/tax-gateway',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL); see libs/testing/jest-database.js.
  ...require('../../libs/testing/jest-database'),
};
