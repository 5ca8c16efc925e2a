// msw 2 (the SII fake in e2e specs) pulls in ESM-only packages (until-async, *.mjs): let SWC transform them.
const preset = require('../../jest.preset.js');
const database = require('../../libs/testing/jest-database');

module.exports = {
  displayName: 'tax-gateway',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  coverageDirectory: '../../coverage/apps/tax-gateway',
  // Embedded PostgreSQL per run (or TEST_DATABASE_URL) and the transform exceptions app suites need.
  ...database,
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)s$'] },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|until-async)/|.*\\.mjs$)'],
};
