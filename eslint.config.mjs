import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

// Apps whose services and controllers reach the database through stores only (see the rule below).
const DATA_ACCESS_APPS = ['tax-gateway', 'accounting', 'service-registry'];

const testingAllowed = ['type:feature', 'type:data-access', 'type:util', 'type:testing'];

// Which app may use which libs (DESIGN §2). Specs keep these: a test of one app must not reach into another.
const scopeConstraints = [
  { sourceTag: 'scope:tax-gateway', onlyDependOnLibsWithTags: ['scope:tax-gateway', 'scope:shared'] },
  { sourceTag: 'scope:accounting', onlyDependOnLibsWithTags: ['scope:accounting', 'scope:shared'] },
  { sourceTag: 'scope:service-registry', onlyDependOnLibsWithTags: ['scope:service-registry', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/node_modules', '**/coverage', '**/.data', '**/.nx', '**/tmp'] },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            ...scopeConstraints,
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: testingAllowed },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [...testingAllowed, 'type:tool'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Specs and e2e tests may use the test-only libs (libs/testing, libs/sii-fake).
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            ...scopeConstraints,
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: testingAllowed },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: testingAllowed },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: testingAllowed },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: testingAllowed },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: [...testingAllowed, 'type:tool'] },
          ],
        },
      ],
    },
  },
  {
    // The SII stand-in judges what the gateway emits with its own code: it may read XML with libs/dte's readers, but
    // never imports its totals, DD/TED building, discrepancy, signature-check or emission-rule code. Exempt: specs, the
    // stand-in's test/ folder and src/spec-support/, which build documents the way an issuer does (buildDd, buildDte,
    // buildEnvioDte...) for the stand-in to judge.
    files: ['libs/sii-fake/**/*.ts', 'tools/sii-sim/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/sii-fake/test/**', 'libs/sii-fake/src/spec-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lib/dte',
              importNames: [
                'computeTotals',
                'montoItem',
                'TASA_IVA',
                'documentoTotals',
                'ddInputFromDocumento',
                'buildDd',
                'buildTed',
                'buildDte',
                'buildEnvioDte',
                'tedDiscrepancias',
                'totalesDiscrepancias',
                'tedCaf',
                'verifyTedSignature',
                'verifyCafSignature',
                'cafPublicKey',
                'cafPublicKeyPem',
                'cafKeyPairMatches',
                'cafLastValidDate',
                'flattenXml',
                'fechaFueraDeRango',
                'periodoFueraDeRango',
                'siiTextProblem',
                'lineasDelCaso',
                'detalleLibroComprasSet',
                'buildLibroCompraVenta',
                'buildLibroGuia',
                'resumenLibroGuia',
                'buildRespuestaDte',
                'recepcionDteFromParsed',
                'resultadoDteFromParsed',
              ],
              message:
                'The SII stand-in recomputes with its own code: a wrong formula shared by both would pass every test (libs/sii-fake content-checks.ts).',
            },
          ],
          patterns: [
            {
              group: ['@lib/dte/*', '**/libs/dte/**', '**/dte/src/**'],
              message: 'Import @lib/dte by its public name; the stand-in must not reach its rule code through a deep path.',
            },
          ],
        },
      ],
    },
  },
  {
    // One data-access shape (docs/ARCHITECTURE.md "Data access"): only an area's store (`*.store.ts`), its entities,
    // its module (TypeOrmModule.forFeature) and the app's database/ folder reach TypeORM. Services, controllers and
    // the rest may hold a transaction handle by type (`import type { EntityManager }`) and nothing more.
    files: DATA_ACCESS_APPS.map((app) => `apps/${app}/src/**/*.ts`),
    ignores: ['**/*.store.ts', '**/*.entity.ts', '**/entities/**', '**/database/**', '**/migrations/**', '**/*.module.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', allowTypeImports: true, message: "Queries live in the area's store (*.store.ts)." },
            { name: '@nestjs/typeorm', message: "Inject the DataSource or a repository in the area's store (*.store.ts) only." },
          ],
          patterns: [{ group: ['typeorm/*'], allowTypeImports: true, message: "Queries live in the area's store (*.store.ts)." }],
        },
      ],
    },
  },
  {
    // docs/ARCHITECTURE.md "Naming": requests are `*Dto`, answers `*View`, in the apps' dto/ folders and in libs/contracts.
    files: ['apps/*/src/**/dto/**/*.ts', 'libs/contracts/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      '@typescript-eslint/naming-convention': [
        'error',
        { selector: 'class', format: ['PascalCase'], custom: { regex: '(Dto|View)$', match: true } },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Formatting is prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
];
