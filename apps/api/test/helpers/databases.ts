import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { migrate, readMigrations } from '../../src/platform/db/migrate';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** The server that holds the test databases; the machine's PostgreSQL with trust auth by default. */
export const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A template per migration set: every test file clones it instead of migrating again. */
export function templateName(): string {
  // A digest of every migration's hash: the first 12 characters of their concatenation named the
  // first migration only, so worktrees with different later migrations shared (and rebuilt) one template.
  const key = createHash('sha256').update(readMigrations().map((m) => m.hash).join('')).digest('hex').slice(0, 12);
  return `erp_tpl_${key}`;
}

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type FreshDatabase = { database: Database; drop: () => Promise<void>; url?: string };

/** A database of its own for one test file, migrated, on the engine TEST_DB names. */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ pglite: new PGlite() });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `erp_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name} template ${templateName()}`));
  const url = urlFor(name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      // Let the closed connections finish leaving before forcing the rest out: a connection the
      // drop terminates while it is still ending surfaces as an uncaught error in the test run.
      await withAdmin(async (c) => {
        for (let i = 0; i < 30; i++) {
          const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}
