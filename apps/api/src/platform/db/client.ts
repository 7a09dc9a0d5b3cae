import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The SQL builder over the application's tables (they are the modules': the platform names none, and nothing uses Drizzle's relational API). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a raw `execute` (both drivers answer `{ rows }`; Drizzle types it loosely). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A raw statement as a named prepared statement: PostgreSQL parses it once per connection and,
 * once its generic plan has proved as good, stops planning it. The name is a hash of the text (one
 * text, one name). For the few statements every posting or authenticated call runs; PGlite runs
 * it as `execute` does.
 */
export function executePrepared(db: Db | Tx, query: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = `erp_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  return session.prepareQuery(built, undefined, name, false).execute();
}

/** The application's database: the same Drizzle surface over embedded PGlite or a PostgreSQL pool. */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL as the connecting (owner) role, outside any tenant: migrations and system tasks. */
  execRaw(sqlText: string): Promise<void>;
  /** One parameterised statement as the connecting role (or, without values, a script): the job queue's access. */
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; onIdleError?: (err: Error) => void };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash
    // the process: pg emits it on the pool, and the next checkout simply opens a new connection.
    pool.on('error', (err) => {
      options.onIdleError?.(err);
    });
    // A connection the server ends while a request holds it reports an 'error' event on its client,
    // which ends the process when nothing listens. The statement in flight fails with the same error
    // (the request answers 503) and the pool discards the broken client at its release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    return {
      kind: 'postgres',
      db: drizzlePg(pool) as unknown as Db,
      execRaw: async (sqlText) => void (await pool.query(sqlText)),
      query: async (text, values) => ({ rows: (await pool.query(text, values)).rows as unknown[] }),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dataDir = options.dataDir ? path.resolve(options.dataDir, 'pglite') : undefined;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dataDir);
  }
  await client.waitReady;
  const pglite = client;
  return {
    kind: 'pglite',
    db: drizzlePglite(pglite) as unknown as Db,
    execRaw: async (sqlText) => void (await pglite.exec(sqlText)),
    // PGlite's extended protocol takes one statement: a script without parameters goes through exec.
    query: async (text, values) => {
      if (values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => pglite.close(),
  };
}

/**
 * A PostgreSQL array literal ('{"a","b",NULL}') to pass a whole column as one parameter
 * (`${pgArray(xs)}::text[]`): Drizzle would spread a JS array into a parameter list.
 */
export function pgArray(values: readonly (string | number | bigint | null | undefined)[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/** Numbers and plain words go bare (most posting columns: ids, amounts, codes); anything else is quoted and escaped. */
const BARE_ELEMENT = /^[\w.:+-]+$/;
function arrayElement(v: string | number | bigint | null | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v !== 'string') return String(v);
  if (BARE_ELEMENT.test(v) && v.toUpperCase() !== 'NULL') return v;
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
