import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

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
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Formatting is prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
];
