import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

export type TenantContext = { tenantId: string; userId?: string };

/**
 * Runs `fn` in one transaction as the API role (erp_app, subject to row-level security) with the
 * tenant set for this transaction only. Every tenant query of the application goes through here.
 */
export async function withTenant<T>(db: Db, ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await enterTenant(tx, ctx);
    return fn(tx);
  });
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
