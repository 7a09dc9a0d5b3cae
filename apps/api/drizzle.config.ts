import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table of the application: the platform's and each module's own `*.tables.ts` (no central list to keep).
  schema: ['./src/platform/**/*.tables.ts', './src/modules/**/*.tables.ts'],
  out: process.env.DRIZZLE_OUT ?? './drizzle',
});
