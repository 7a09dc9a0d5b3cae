import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgSessionOptions } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client';

export type TenantContext = { tenantId: string; userId?: string };

/**
 * Runs `fn` in one transaction as the API role (erp_app, subject to row-level security) with the
 * tenant set for this transaction only. Every tenant query of the application goes through here.
 */
export async function withTenant<T>(db: Db, ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (pool && UUID.test(ctx.tenantId) && (!ctx.userId || UUID.test(ctx.userId))) return pooledTenantTx(db, pool, ctx, fn);
  return db.transaction(async (tx) => {
    await enterTenant(tx, ctx);
    return fn(tx);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What withTenant needs of Drizzle's node-postgres database (fields its types keep internal). */
type PgInternals = { dialect: PgDialect; _: { session: unknown; schema: unknown; fullSchema: unknown; tableNamesMap: unknown } };
type SessionInternals = { client: unknown; options?: NodePgSessionOptions };

function poolOf(db: Db): pg.Pool | undefined {
  const session = (db as unknown as PgInternals)._.session;
  if (!(session instanceof NodePgSession)) return undefined;
  const client = (session as unknown as SessionInternals).client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * withTenant on a PostgreSQL pool: BEGIN and the tenant settings go in one round trip (a simple
 * query of two statements; the values are checked UUIDs, inlined), then `fn` runs in a Drizzle
 * transaction over that connection (savepoints work as in db.transaction), then COMMIT or ROLLBACK.
 */
async function pooledTenantTx<T>(db: Db, pool: pg.Pool, ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const internals = db as unknown as PgInternals;
  const options = (internals._.session as SessionInternals).options;
  const schema = { schema: internals._.schema, fullSchema: internals._.fullSchema, tableNamesMap: internals._.tableNamesMap } as ConstructorParameters<typeof NodePgSession>[2];
  const client = await pool.connect();
  const session = new NodePgSession(client, internals.dialect, schema, options);
  const tx = new NodePgTransaction(internals.dialect, session, schema) as unknown as Tx;
  try {
    await client.query(`begin; select set_config('app.tenant_id', '${ctx.tenantId}', true), set_config('app.user_id', '${ctx.userId ?? ''}', true), set_config('role', 'erp_app', true)`);
    const result = await fn(tx);
    await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    // As db.transaction: roll back (a failed COMMIT has already ended it: harmless) and rethrow; a
    // connection that cannot even roll back is discarded, not returned to the pool.
    try {
      await client.query('rollback');
      client.release();
    } catch (broken) {
      client.release(broken instanceof Error ? broken : true);
    }
    throw error;
  }
}

/** Switches an open transaction to the API role and the given tenant (SET LOCAL semantics). */
export async function enterTenant(tx: Tx, ctx: TenantContext): Promise<void> {
  await tx.execute(
    sql`select set_config('app.tenant_id', ${ctx.tenantId}, true), set_config('app.user_id', ${ctx.userId ?? ''}, true), set_config('role', 'erp_app', true)`,
  );
}

/**
 * A transaction as the connecting role, for the few system tasks that precede any tenant:
 * resolving a host and registering a new tenant's host. Tenant rows stay behind FORCEd RLS.
 */
export async function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/** The tenant transaction of an API request: the request's tenant and, when signed in, its user. */
export function requestTx(db: Db) {
  return <T>(request: { tenantId: string; auth?: { userId: string } }, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    withTenant(db, { tenantId: request.tenantId, userId: request.auth?.userId }, fn);
}
