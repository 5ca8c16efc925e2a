module.exports = {
  displayName: 'accounting',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/accounting',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL); see libs/testing/jest-database.js.
  ...require('../../libs/testing/jest-database'),
};
