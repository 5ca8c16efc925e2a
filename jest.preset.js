// Shared Jest settings: SWC transform (with decorator metadata, which Nest DI and TypeORM need)
// and the tsconfig path aliases, so specs import libs exactly as the apps do.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = __dirname;
const swcrc = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8'));
delete swcrc.$schema;
const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions;
const moduleNameMapper = Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, join(root, target)]));

const swc = ['@swc/jest', { ...swcrc, swcrc: false }];

module.exports = {
  testEnvironment: 'node',
  // ESM-only packages Jest's module registry cannot require() (Node's own require(esm) does not reach it): msw 2's
  // (rettime, @open-draft/*, until-async, *.mjs), @fastify/static's content-disposition (Swagger UI) and jose 6.
  // SWC turns them into CommonJS.
  transform: { '^.+\\.(t|j)s$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(content-disposition|until-async|jose)/|.*\\.mjs$)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper,
  testMatch: ['**/?(*.)+(spec|e2e-spec).ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: [join(root, 'libs/testing/src/reflect-metadata.js')],
};
