// The web project's unit and component tests: self-contained, so `npx vitest run --root apps/web` works.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests type and click through jsdom: on a loaded two-core machine one took over 20 s (CI, 00:50 on 2026-11-27).
    testTimeout: 60_000,
  },
});
