// withTenant: the tenant, user, companies and API role hold for one transaction only, set by SET LOCAL statements (which Citus
// propagates to its workers) from checked uuids, BEGIN and the settings in one round trip on PostgreSQL; an error rolls it back;
// savepoints work inside it; pgArray passes any value unchanged.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgArray, rowsOf } from '../../src/platform/db/client';
import { allowCompanies, tenantSettings, withSystem, withTenant } from '../../src/platform/db/tenancy';
import { freshDatabase, testDbKind, type FreshDatabase } from '../helpers/databases';

type Settings = { tenant: string | null; user_id: string | null; companies: string | null; role: string; probe: string | null };
const settingsQuery = sql`select nullif(current_setting('app.tenant_id', true), '') as tenant, nullif(current_setting('app.user_id', true), '') as user_id,
  nullif(current_setting('app.company_ids', true), '') as companies, current_user::text as role, nullif(current_setting('app.probe', true), '') as probe`;

/** Every SQL text the database driver is sent while `fn` runs (the pool client's wire on PostgreSQL, the session's statements on PGlite). */
async function sentWhile<T>(fn: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const sent: string[] = [];
  const record = (q: unknown) => sent.push(typeof q === 'string' ? q : (q as { text?: string; sql?: string }).text ?? (q as { sql: string }).sql);
  const spy = testDbKind() === 'postgres'
    ? vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args) as never;
    })
    : vi.spyOn(PgliteSession.prototype, 'prepareQuery').mockImplementation(function (this: PgliteSession<never, never>, ...args: unknown[]) {
      record(args[0]);
      return (originalPrepare as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
  try {
    return { result: await fn(), sent };
  } finally {
    spy.mockRestore();
  }
}
const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
const originalPrepare = PgliteSession.prototype.prepareQuery;

describe('withTenant', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  const outside = async () => (await Promise.all(Array.from({ length: 3 }, () => withSystem(fresh.database.db, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!))));

  it('sets the tenant, the user, the companies and the API role for its transaction only', async () => {
    const tenantId = randomUUID();
    const userId = randomUUID();
    const companies = [randomUUID(), randomUUID()];
    const inside = await withTenant(fresh.database.db, { tenantId, userId, companies }, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!);
    expect(inside).toMatchObject({ tenant: tenantId, user_id: userId, companies: companies.join(','), role: 'erp_app' });
    for (const after of await outside()) {
      expect(after).toMatchObject({ tenant: null, user_id: null, companies: null });
      expect(after.role).not.toBe('erp_app');
    }
    const all = await withTenant(fresh.database.db, { tenantId, companies: 'all' }, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!);
    expect(all).toMatchObject({ tenant: tenantId, user_id: null, companies: '*' });
  });

  it('makes every setting with SET LOCAL (which Citus propagates to its workers), never set_config, BEGIN and all of them in one round trip on a pool', async () => {
    const tenantId = randomUUID();
    const userId = randomUUID();
    const companies = [randomUUID()];
    const { result, sent } = await sentWhile(() => withTenant(fresh.database.db, { tenantId, userId, companies }, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!));
    expect(result).toMatchObject({ tenant: tenantId, user_id: userId, companies: companies[0], role: 'erp_app' });
    const statements = [`set local app.tenant_id = '${tenantId}'`, `set local app.user_id = '${userId}'`, `set local app.company_ids = '${companies[0]}'`, 'set local role erp_app'];
    if (testDbKind() === 'postgres') expect(sent[0]).toBe(`begin; ${statements.join('; ')}`);
    else expect(sent.slice(0, 4)).toEqual(statements);
    expect(sent.join('\n')).not.toMatch(/set_config/i);

    // A company added by server code within the transaction is a SET LOCAL too, and ends with it.
    const partner = randomUUID();
    const widened = await sentWhile(() => withTenant(fresh.database.db, { tenantId, companies }, async (tx) => {
      await allowCompanies(tx, [partner]);
      return rowsOf<Settings>(await tx.execute(settingsQuery))[0]!;
    }));
    expect(widened.result.companies).toBe(`${companies[0]},${partner}`);
    expect(widened.sent).toContain(`set local app.company_ids = '${companies[0]},${partner}'`);
    expect(widened.sent.join('\n')).not.toMatch(/set_config/i);
    for (const after of await outside()) expect(after.companies).toBeNull();
  });

  it('inlines only checked uuids: anything else is refused before a statement is sent', async () => {
    const id = randomUUID();
    expect(tenantSettings({ tenantId: id.toUpperCase(), companies: 'all' })).toEqual([`set local app.tenant_id = '${id}'`, "set local app.user_id = ''", "set local app.company_ids = '*'", 'set local role erp_app']);
    const bad = [`${id}'; reset role; --`, '', 'not-a-uuid', `${id} `, `'${id}'`, '*'];
    for (const value of bad) {
      expect(() => tenantSettings({ tenantId: value, companies: [] }), value).toThrow(/not a uuid/);
      expect(() => tenantSettings({ tenantId: id, userId: value, companies: [] }), value).toThrow(/not a uuid/);
      expect(() => tenantSettings({ tenantId: id, companies: [id, value] }), value).toThrow(/not a uuid/);
    }
    const { sent } = await sentWhile(() => expect(withTenant(fresh.database.db, { tenantId: `${id}'; reset role; --`, companies: 'all' }, async () => 'ran')).rejects.toThrow(/not a uuid/));
    expect(sent).toEqual([]);
  });

  it('rolls the transaction back when its work fails, and keeps savepoints working', async () => {
    const tenantId = randomUUID();
    await expect(
      withTenant(fresh.database.db, { tenantId, companies: 'all' }, async (tx) => {
        // A session-level setting changed in a transaction is undone by its rollback, kept by its commit.
        await tx.execute(sql`select set_config('app.probe', 'written', false)`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    for (const after of await outside()) expect(after.probe).toBeNull();

    const kept = await withTenant(fresh.database.db, { tenantId, companies: 'all' }, async (tx) => {
      await tx.execute(sql`select set_config('app.probe', 'outer', false)`);
      await expect(
        tx.transaction(async (sp) => {
          await sp.execute(sql`select set_config('app.probe', 'inner', false)`);
          throw new Error('the savepoint failed');
        }),
      ).rejects.toThrow('the savepoint failed');
      return rowsOf<Settings>(await tx.execute(settingsQuery))[0]!;
    });
    expect(kept).toMatchObject({ tenant: tenantId, role: 'erp_app', probe: 'outer' });
  });
});

describe('pgArray', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it('passes every value through the database unchanged, bare or quoted, and null as NULL', async () => {
    const texts = ['plain', 'JV2026-000001', '1.0000000000', '-12', 'null', 'NULL', '', ' lead', 'a,b', '{x}', 'say "hi"', 'back\\slash', 'two words', 'ünï', null];
    const [row] = rowsOf<{ texts: (string | null)[]; numbers: string[]; ids: string[] }>(
      await fresh.database.db.execute(sql`select ${pgArray(texts)}::text[] as texts, ${pgArray([1, -2, 9007199254740993n])}::bigint[]::text[] as numbers,
        ${pgArray(['00000000-0000-0000-0000-000000000000', null])}::uuid[]::text[] as ids`),
    );
    expect(row!.texts).toEqual(texts);
    expect(row!.numbers).toEqual(['1', '-2', '9007199254740993']);
    expect(row!.ids).toEqual(['00000000-0000-0000-0000-000000000000', null]);
  });
});
