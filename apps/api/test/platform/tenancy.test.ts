// withTenant: the tenant, user and API role hold for one transaction only; an error rolls it back;
// savepoints work inside it (on PostgreSQL it begins and sets the tenant in one round trip); pgArray passes any value unchanged.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray, rowsOf } from '../../src/platform/db/client';
import { withSystem, withTenant } from '../../src/platform/db/tenancy';
import { freshDatabase, type FreshDatabase } from '../helpers/databases';

type Settings = { tenant: string | null; user_id: string | null; role: string; probe: string | null };
const settingsQuery = sql`select nullif(current_setting('app.tenant_id', true), '') as tenant, nullif(current_setting('app.user_id', true), '') as user_id,
  current_user::text as role, nullif(current_setting('app.probe', true), '') as probe`;

describe('withTenant', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  const outside = async () => (await Promise.all(Array.from({ length: 3 }, () => withSystem(fresh.database.db, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!))));

  it('sets the tenant, the user and the API role for its transaction only', async () => {
    const tenantId = randomUUID();
    const userId = randomUUID();
    const inside = await withTenant(fresh.database.db, { tenantId, userId, companies: 'all' }, async (tx) => rowsOf<Settings>(await tx.execute(settingsQuery))[0]!);
    expect(inside).toMatchObject({ tenant: tenantId, user_id: userId, role: 'erp_app' });
    for (const after of await outside()) {
      expect(after.tenant).toBeNull();
      expect(after.role).not.toBe('erp_app');
    }
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
