// Lint rules of the house style (shared/DESIGN.md): typescript-eslint strict, no any, no ts-comment escapes.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/*/!(index)', '**/modules/*/*/**'], message: 'Import another module only through its index.ts.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
