// Before the API tests on PostgreSQL: one migrated template database that each test file clones.
import { openDatabase } from '../../src/platform/db/client';
import { migrate } from '../../src/platform/db/migrate';
import { templateName, testDbKind, urlFor, withAdmin } from './databases';

export default async function setup(): Promise<void> {
  if (testDbKind() !== 'postgres') return;
  const name = templateName();
  await withAdmin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ databaseUrl: urlFor(name) });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  // Leftovers of runs that were killed before their files could drop their databases.
  await withAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      "select datname from pg_database where datname like 'erp\\_t\\_%' and not exists (select 1 from pg_stat_activity a where a.datname = pg_database.datname)",
    );
    for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
  });
}
