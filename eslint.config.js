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
        // Tables may be imported anywhere: foreign keys need the Drizzle objects.
        { patterns: [{ regex: '/modules/[a-z-]+/(?!index$|[a-z-]+\\.tables$)[^/]+$', message: 'Import another module only through its index.ts.' }] },
      ],
    },
  },
  {
    // Inside a module: a sibling module is reached only through its index.ts. A file at the module's
    // root reaches a sibling module at ../<module>/, a file of a feature folder at ../../<module>/.
    files: ['apps/api/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        // Tables may reference another module's tables: foreign keys need the Drizzle objects.
        { patterns: [{ regex: '^\\.\\./[a-z-]+/(?!index$|[a-z-]+\\.tables$)[^/]+$', message: 'Import another module only through its index.ts.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./[a-z-]+/(?!index$|[a-z-]+\\.tables$)[^/]+$', message: 'Import another module only through its index.ts.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*/__tests__/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./\\.\\./[a-z-]+/(?!index$|[a-z-]+\\.tables$)[^/]+$', message: 'Import another module only through its index.ts.' }] },
      ],
    },
  },
  {
    // The shell has no antd <App>: App.useApp() there gives message functions that do not exist (a crash
    // at the moment of success). Notices go through the shell's banner (app/notifications/useNotify).
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'App', property: 'useApp', message: 'Use useNotify (app/notifications/useNotify): the shell has no antd <App>.' }] },
  },
  {
    // Declaration merging (augmenting Fastify's request and route config) only works with interfaces.
    files: ['apps/api/src/platform/http/access.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
);
