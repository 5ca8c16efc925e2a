// Jest config of an app: the shared preset and an embedded PostgreSQL per run, or TEST_DATABASE_URL
// (libs/testing/jest-database.js). Each app's jest.config.js calls this.
const { join } = require('node:path');

module.exports = (name) => ({
  displayName: name,
  preset: '../../jest.preset.js',
  rootDir: join(__dirname, 'apps', name),
  coverageDirectory: `../../coverage/apps/${name}`,
  ...require('./libs/testing/jest-database'),
});
