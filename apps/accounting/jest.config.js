// msw 2 (the tax gateway stand-in in the specs) pulls in ESM-only packages (rettime, until-async, ...):
// let SWC transform those files to CommonJS, next to the exceptions of libs/testing/jest-database.
const preset = require('../../jest.preset.js');
const database = require('../../libs/testing/jest-database');
const swc = preset.transform['^.+\\.(t|j)s$'];

module.exports = {
  displayName: 'accounting',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/accounting',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL) and the transform exceptions app suites need.
  ...database,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform: { ...preset.transform, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|until-async)/|.*\\.mjs$)'],
};
