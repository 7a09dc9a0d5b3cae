// Vite build of the web app: emitted to apps/web/dist, which the API server serves on its own port.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API service prefixes (DESIGN.md "API conventions"); the dev server forwards them to the API. */
const apiPrefixes = ['/auth', '/gl', '/ap', '/ar', '/fa', '/cm', '/payroll', '/inventory', '/workflow', '/admin', '/licensing', '/docs', '/health'];
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1600 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
