// Vite build of the web app: emitted to apps/web/dist, which the API server serves on its own port.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The API service prefixes (DESIGN.md "API conventions"); the dev server forwards them to the API. */
const apiPrefixes = ['/auth', '/gl', '/ap', '/ar', '/fa', '/cm', '/payroll', '/inventory', '/workflow', '/admin', '/licensing', '/docs', '/health'];
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes a .br and a .gz beside every text file of the build (index.html aside: the server writes a nonce into it per
 * response), so the server sends them as they are (@fastify/static preCompressed) instead of compressing per request,
 * at brotli's best level, which is too slow to run per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'erp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => /\.(js|mjs|css|svg|json|txt|html)$/.test(f) && f !== 'index.html');
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  // The server replaces this placeholder with a fresh nonce per response of index.html (apps/api/src/platform/http/web-app.ts);
  // Vite puts it on its tags and in <meta property="csp-nonce">, where its preloader and the app (antd's styles) read it.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
    // A zod schema is a value built by calls, which the bundler keeps unless told they are pure: told so, a page that imports
    // one constant of a contracts module no longer carries that module's schemas, nor zod (the sign-in page loads no zod).
    // Safe: building a schema changes no state the web app reads (the contracts register nothing globally).
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
