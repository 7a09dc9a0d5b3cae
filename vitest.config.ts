import { defineConfig } from 'vitest/config';

// One runner for the whole repository: contracts and web units, and the API against a real
// database (TEST_DB=pglite or TEST_DB=postgres; each test file gets a fresh database).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      'apps/web',
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/api/test/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
