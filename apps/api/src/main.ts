// Starts the server: configuration from the environment, migrations, the default tenant, then listen.
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { migrate } from './platform/db/migrate';
import { ensureDefaultTenant } from './modules/organisation/index';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onIdleError: (err) => console.error(`database connection lost while idle: ${err.message}`),
});
const applied = await migrate(database);
const { app, platform } = await buildApp({ config, database, logger: true });
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
await ensureDefaultTenant(platform);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
if (config.jobsEnabled) {
  await platform.jobs.start();
  app.log.info({ jobs: platform.jobs.names() }, 'scheduled jobs started');
}
app.log.info(`ERP on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
