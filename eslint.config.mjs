import nx from '@nx/eslint-plugin';

const testingAllowed = ['type:feature', 'type:data-access', 'type:util', 'type:testing'];

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
            { sourceTag: 'scope:tax-gateway', onlyDependOnLibsWithTags: ['scope:tax-gateway', 'scope:shared'] },
            { sourceTag: 'scope:accounting', onlyDependOnLibsWithTags: ['scope:accounting', 'scope:shared'] },
            { sourceTag: 'scope:service-registry', onlyDependOnLibsWithTags: ['scope:service-registry', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
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
          depConstraints: [
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
];
