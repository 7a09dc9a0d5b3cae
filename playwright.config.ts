import { defineConfig } from '@playwright/test';
import { MAIL_SINK_SMTP_PORT } from './e2e/support/mail';

// Browser tests: the real server (API + built web app) on a fresh embedded database, driven in
// Debian's Chromium. `npm run build` must have run (scripts/test-all.sh does it). The global setup
// starts a mail sink (e2e/support/mail-sink.ts) the server delivers its one-time codes to.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/erp-e2e-${process.pid}`;
// The global teardown removes the data folder this run made (not one the caller named).
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR_OWNED = DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx tsx apps/api/src/main.ts`,
    url: `http://localhost:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      PUBLIC_RATE_PER_MINUTE: '600',
      TOKEN_SECRET: 'e2e-secret-0123456789-0123456789-01234',
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}/?ignoreTLS=true`,
    },
  },
});
