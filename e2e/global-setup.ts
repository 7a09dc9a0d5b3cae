// Starts the mail sink for the whole run (the server mails one-time codes to it) and stops it at the end.
import { rmSync } from 'node:fs';
import { startMailSink } from './support/mail-sink';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stopMailSink = await startMailSink();
  return async () => {
    await stopMailSink();
    // The run's embedded database (playwright.config.ts) is of no use once the run is over.
    if (process.env.E2E_DATA_DIR_OWNED) rmSync(process.env.E2E_DATA_DIR_OWNED, { recursive: true, force: true });
  };
}
