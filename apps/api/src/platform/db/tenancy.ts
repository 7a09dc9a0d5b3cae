import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgSessionOptions } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { rowsOf, type Db, type Tx } from './client';

/**
 * The companies a transaction may see and write (the company policy, migration 0016): the ids of
 * the signed-in user's companies, or 'all' (every company of the tenant) for the system paths that
 * act for a whole tenant: seeding a tenant or a company, the scheduled jobs. Only server code says
 * 'all'; nothing a request sends becomes it.
 */
export type Companies = readonly string[] | 'all';
export type TenantContext = { tenantId: string; userId?: string; companies: Companies };

/**
 * Runs `fn` in one transaction as the API role (erp_app, subject to row-level security) with the
 * tenant, the user and the companies set for this transaction only. Every tenant query of the
 * application goes through here.
 */
export async function withTenant<T>(db: Db, ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const settings = tenantSettings(ctx);
  const pool = poolOf(db);
  if (pool) return pooledTenantTx(db, pool, settings, fn);
  return db.transaction(async (tx) => {
    for (const statement of settings) await tx.execute(sql.raw(statement));
    return fn(tx);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidLiteral(value: string, what: string): string {
  if (!UUID.test(value)) throw new Error(`Refusing to set ${what}: not a uuid`);
  return value.toLowerCase();
}

/**
 * The statements that enter a tenant: SET LOCAL, which Citus propagates to its worker nodes (a
 * set_config call it does not), so the policies on the workers see the same tenant and companies.
 * SET takes no bind parameters: only values checked as uuids here are inlined, anything else is
 * refused. The role comes last, so the settings are made whatever the role may set.
 */
export function tenantSettings(ctx: TenantContext): string[] {
  const tenant = uuidLiteral(ctx.tenantId, 'the tenant');
  const user = ctx.userId === undefined ? '' : uuidLiteral(ctx.userId, 'the user');
  const companies = ctx.companies === 'all' ? '*' : ctx.companies.map((c) => uuidLiteral(c, 'a company')).join(',');
  return [`set local app.tenant_id = '${tenant}'`, `set local app.user_id = '${user}'`, `set local app.company_ids = '${companies}'`, 'set local role erp_app'];
}

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
 * query of several statements; the values are checked UUIDs, inlined), then `fn` runs in a Drizzle
 * transaction over that connection (savepoints work as in db.transaction), then COMMIT or ROLLBACK.
 */
async function pooledTenantTx<T>(db: Db, pool: pg.Pool, settings: string[], fn: (tx: Tx) => Promise<T>): Promise<T> {
  const internals = db as unknown as PgInternals;
  const options = (internals._.session as SessionInternals).options;
  const schema = { schema: internals._.schema, fullSchema: internals._.fullSchema, tableNamesMap: internals._.tableNamesMap } as ConstructorParameters<typeof NodePgSession>[2];
  const client = await pool.connect();
  // The server may end the connection while it is held here (restart, pg_terminate_backend): its
  // 'error' event must have a listener, and the client goes back broken, to be discarded.
  let lost: Error | undefined;
  const onLost = (error: Error) => void (lost = error);
  client.on('error', onLost);
  const release = (broken?: Error | boolean) => {
    client.off('error', onLost);
    client.release(broken ?? lost);
  };
  const session = new NodePgSession(queued(client), internals.dialect, schema, options);
  const tx = new NodePgTransaction(internals.dialect, session, schema) as unknown as Tx;
  try {
    await client.query(`begin; ${settings.join('; ')}`);
    const result = await fn(tx);
    await client.query('commit');
    release();
    return result;
  } catch (error) {
    // As db.transaction: roll back (a failed COMMIT has already ended it: harmless) and rethrow; a
    // connection that cannot even roll back is discarded, not returned to the pool.
    try {
      await client.query('rollback');
      release();
    } catch (broken) {
      release(broken instanceof Error ? broken : true);
    }
    throw error;
  }
}

/**
 * The connection as the transaction's statements see it: a statement issued while another is
 * running is sent when that one has answered (calls of a group share the connection; the driver
 * itself will no longer queue them). The chaining runs in the answer's own microtask, so the next
 * statement leaves without waiting for the event loop.
 */
function queued(client: pg.PoolClient): pg.PoolClient {
  let last: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const sent = last.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    last = sent.catch(() => undefined);
    return sent;
  };
  return new Proxy(client, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) });
}

/** Switches an open transaction to the API role, the given tenant and companies (SET LOCAL). */
export async function enterTenant(tx: Tx, ctx: TenantContext): Promise<void> {
  for (const statement of tenantSettings(ctx)) await tx.execute(sql.raw(statement));
}

/**
 * Widens the open tenant transaction by companies that server code has just found the user may act
 * in for this use case (the partner of an intercompany document of the user's company, a company
 * the user has just created): the transaction's companies stay, these are added.
 */
export async function allowCompanies(tx: Tx, ids: readonly string[]): Promise<void> {
  const [row] = rowsOf<{ ids: string | null }>(await tx.execute(sql`select current_setting('app.company_ids', true) as ids`));
  const current = row?.ids ?? '';
  if (current === '*') return;
  const set = new Set(current.split(',').filter(Boolean));
  const added = ids.map((id) => uuidLiteral(id, 'a company')).filter((id) => !set.has(id));
  if (added.length === 0) return;
  await tx.execute(sql.raw(`set local app.company_ids = '${[...set, ...added].join(',')}'`));
}

/** The companies a signed-in user may use: today a user has one company (users.company_id, in the principal). */
export const userCompanies = (auth: { companyId: string } | undefined): string[] => (auth ? [auth.companyId] : []);

/** The tenant transaction of a signed-in user: their tenant, themselves and their companies. */
export const userContext = (auth: { tenantId: string; userId: string; companyId: string }): TenantContext => ({
  tenantId: auth.tenantId, userId: auth.userId, companies: userCompanies(auth),
});

/**
 * A transaction as the connecting role, for the few system tasks that precede any tenant:
 * resolving a host and registering a new tenant's host. Tenant rows stay behind FORCEd RLS.
 */
export async function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/**
 * The tenant transaction of an API request: the request's tenant and, when signed in, its user and
 * the user's companies (a call with the public credential sees no company's rows).
 */
export function requestTx(db: Db) {
  return <T>(request: { tenantId: string; auth?: { userId: string; companyId: string } }, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    withTenant(db, { tenantId: request.tenantId, userId: request.auth?.userId, companies: userCompanies(request.auth) }, fn);
}

/**
 * Group commit for the tenant transactions of one route: calls for the same company of a tenant
 * (any of its users) that arrive while a group of theirs is running share the next group's
 * transaction, so the group pays one BEGIN, one COMMIT (one WAL flush) and one hold of the locks
 * taken before the commit (the gapless number's counter row) for all of its calls. The calls of a
 * group run side by side on its one connection, whose driver sends each statement as the previous
 * one answers. A call answers only once its group has committed. If any call of a group fails, or
 * the server refuses the commit, nothing of the group stays: every call of it runs again alone in
 * its own transaction, as without grouping, and answers what it answers there. A call with no
 * other waiting runs alone at once.
 *
 * Groups of a company run one after another, overlapped by one: the next group begins (BEGIN, its
 * reads, its planning) once the running one has done its work and is committing, so the commit's
 * WAL flush and the answers of one group hide the first round trips of the next. The next group's
 * write then waits in the database for the number lock that the committing group still holds.
 *
 * For routes whose calls only read and write through `tx` (no savepoints: calls share it) and act
 * for their user by their own arguments (the transaction's app.user_id is the group's user when it
 * has one user, else unset).
 */
export function groupedTx(db: Db, maxGroup = 64) {
  type Call = { ctx: TenantContext; fn: (tx: Tx) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
  type Company = { waiting: Call[]; running: number; working: boolean };
  const companies = new Map<string, Company>();
  const alone = (call: Call) => withTenant(db, call.ctx, call.fn).then(call.resolve, call.reject);

  /** Starts the next group of a company when none is at work and fewer than two are running. */
  function next(key: string): void {
    const company = companies.get(key);
    if (!company || company.working || company.running >= 2) return;
    if (company.waiting.length === 0) {
      if (company.running === 0) companies.delete(key);
      return;
    }
    const calls = company.waiting.splice(0, maxGroup);
    company.working = true;
    company.running += 1;
    let done = false;
    const workDone = () => {
      if (done) return;
      done = true;
      company.working = false;
      next(key);
    };
    void (calls.length === 1 ? alone(calls[0]!) : runGroup(calls, workDone)).finally(() => {
      company.running -= 1;
      if (done) next(key);
      else workDone();
    });
  }

  async function runGroup(calls: Call[], workDone: () => void): Promise<void> {
    const userId = calls.every((c) => c.ctx.userId === calls[0]!.ctx.userId) ? calls[0]!.ctx.userId : undefined;
    let results: PromiseSettledResult<unknown>[] = [];
    let committing = false;
    const failure = await withTenant(db, { ...calls[0]!.ctx, userId }, async (tx) => {
      results = await Promise.allSettled(calls.map((c) => c.fn(tx)));
      if (results.some((r) => r.status === 'rejected')) throw new GroupFailed();
      committing = true;
      workDone();
    }).then(() => undefined, (error: unknown) => error ?? new Error('the group failed'));
    if (!failure) results.forEach((r, i) => calls[i]!.resolve((r as PromiseFulfilledResult<unknown>).value));
    // A COMMIT that got no answer from the server (the connection broke) may have committed:
    // its calls fail as a lone call would, rather than run again and post twice.
    else if (committing && !refusedByServer(failure)) calls.forEach((c) => c.reject(failure));
    else await Promise.all(calls.map((c) => alone(c)));
  }

  return <T>(request: { tenantId: string; auth?: { userId: string; companyId: string } }, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    // The calls of a group share their key's company, hence their companies.
    const ctx = { tenantId: request.tenantId, userId: request.auth?.userId, companies: userCompanies(request.auth) };
    if (!poolOf(db)) return withTenant(db, ctx, fn);
    const key = `${ctx.tenantId}:${request.auth?.companyId ?? ''}`;
    return new Promise<T>((resolve, reject) => {
      let company = companies.get(key);
      if (!company) companies.set(key, (company = { waiting: [], running: 0, working: false }));
      company.waiting.push({ ctx, fn, resolve: resolve as (value: unknown) => void, reject });
      next(key);
    });
  };
}

/** A group whose calls did not all succeed: it rolls back and its calls run again alone. */
class GroupFailed extends Error {}

/** An error the server answered with (an SQLSTATE): the statement, or the COMMIT, did not take effect. */
const refusedByServer = (error: unknown): boolean => error instanceof pg.DatabaseError;
