// Proves DESIGN.md principle 1 on the real catalogue: every table is tenant-keyed, RLS is on and forced, every company table has the
// company policy (or is a listed exception), the API role may log in (Citus) but is powerless beyond it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/platform/db/client';
import { enterTenant, withSystem, withTenant } from '../../src/platform/db/tenancy';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/test-app';

/** Tables that are not tenant data: the migration log and the host -> tenant reference table. */
const GLOBAL_TABLES = ['erp_migrations', 'tenant_hosts'];

/**
 * The tables with a tenant_id that stand outside the catalogue rule (tenant rows the API reads and
 * writes under its tenant's policy), each with why. The API role has no privilege on either.
 */
const OUTSIDE_THE_RULE: Record<string, string> = {
  tenant_hosts: 'host -> tenant routing, read before the tenant of a request is known (as the owner, by the host resolver); keyed by host, which is unique across tenants',
  ledger_balance_deltas: "a posting transaction's pending balance changes, written and flushed by the ledger triggers (security definer) within that transaction; unlogged, never holds a committed row",
};

/**
 * Tables with a company_id where the company is a reference, not the owner of the row: they keep
 * the tenant policy only (erp_secure_company_tables in migration 0016 names the same tables).
 */
const COMPANY_EXCEPTIONS: Record<string, string> = {
  companies: 'the organisation structure of the tenant: company pickers, intercompany partners and the companies screen list every company',
  users: "a user's home company: users are administered tenant-wide and signed in before any company is known",
  intercompany_journal_lines: "the company is the ledger a line posts to (either company of the pair); the line belongs to its journal, whose policy admits both",
  intercompany_template_lines: "the company is the ledger a line posts to (either company of the pair); the line belongs to its template, whose policy admits both",
};
/** The company policy's test of one column against the transaction's companies (app.company_ids, '*' for all). */
const companyTest = (column: string) => `${column} = ANY (ARRAY( SELECT (unnest(string_to_array(NULLIF(current_setting('app.company_ids'::text, true), '*'::text), ','::text)))::uuid AS unnest))`;

let t: TestApp;
/** The database's own message behind Drizzle's "Failed query" wrapper. */
const failure = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    return e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
  }
  return 'no error';
};
const q = async <T>(text: string): Promise<T[]> => withSystem(t.platform.database.db, async (tx) => rowsOf<T>(await tx.execute(sql.raw(text))));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('catalogue', () => {
  it('gives every table but the global ones a tenant_id uuid not null', async () => {
    const tables = await q<{ relname: string; has: boolean }>(`
      select c.relname, exists (
        select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
          and a.attnotnull and a.atttypid = 'uuid'::regtype) as has
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`);
    expect(tables.length).toBeGreaterThan(5);
    const offenders = tables.filter((r) => !r.has && !GLOBAL_TABLES.includes(r.relname)).map((r) => r.relname);
    expect(offenders).toEqual([]);
  });

  it('enables and forces row-level security with a tenant policy on every tenant table', async () => {
    const rows = await q<{ relname: string; rls: boolean; forced: boolean; policy: string | null }>(`
      select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
        (select string_agg(coalesce(p.qual, '') || ' | ' || coalesce(p.with_check, ''), ';') from pg_policies p
          where p.schemaname = n.nspname and p.tablename = c.relname) as policy
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> all(array['${GLOBAL_TABLES.join("','")}'])`);
    for (const r of rows) {
      expect({ table: r.relname, rls: r.rls, forced: r.forced }).toEqual({ table: r.relname, rls: true, forced: true });
      expect(r.policy, r.relname).toMatch(/tenant_id = .*current_setting\('app\.tenant_id'.*\|.*tenant_id = /);
    }
  });

  it('leads every primary key, unique index and foreign key with tenant_id', async () => {
    const indexes = await q<{ table: string; index: string; first: string }>(`
      select c.relname as table, i.relname as index, a.attname as first
      from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
      where n.nspname = current_schema() and (x.indisunique or x.indisprimary)
        and c.relname <> all(array['${GLOBAL_TABLES.join("','")}'])`);
    expect(indexes.filter((r) => r.first !== 'tenant_id')).toEqual([]);
    const fks = await q<{ name: string; first: string; ref_first: string }>(`
      select k.conname as name, a.attname as first, ra.attname as ref_first
      from pg_constraint k join pg_namespace n on n.oid = k.connamespace
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
      where n.nspname = current_schema() and k.contype = 'f'`);
    expect(fks.length).toBeGreaterThan(3);
    expect(fks.filter((r) => r.first !== 'tenant_id' || r.ref_first !== 'tenant_id')).toEqual([]);
  });

  it('keeps the tables outside the rule out of the API role\'s reach, and keys the deltas by tenant_id first', async () => {
    const rows = await q<{ relname: string; has_tenant: boolean; privileges: boolean }>(`
      select c.relname,
        exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as has_tenant,
        has_table_privilege('erp_app', c.oid, 'select') or has_table_privilege('erp_app', c.oid, 'insert')
          or has_table_privilege('erp_app', c.oid, 'update') or has_table_privilege('erp_app', c.oid, 'delete') as privileges
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = any(array['${Object.keys(OUTSIDE_THE_RULE).join("','")}'])`);
    expect(rows.map((r) => ({ table: r.relname, hasTenant: r.has_tenant, apiMayTouch: r.privileges })).sort((x, y) => x.table.localeCompare(y.table))).toEqual([
      { table: 'ledger_balance_deltas', hasTenant: true, apiMayTouch: false },
      { table: 'tenant_hosts', hasTenant: true, apiMayTouch: false },
    ]);
    // Every tenant table has a primary key, led by tenant_id (ready for distribution by tenant); the host table is keyed by host.
    const keys = await q<{ relname: string; first: string | null }>(`
      select c.relname, (select a.attname from pg_index x join pg_attribute a on a.attrelid = c.oid and a.attnum = x.indkey[0]
                          where x.indrelid = c.oid and x.indisprimary) as first
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute t on t.attrelid = c.oid and t.attname = 'tenant_id' and not t.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname <> 'tenant_hosts'`);
    expect(keys.length).toBeGreaterThan(5);
    expect(keys.filter((k) => k.first !== 'tenant_id').map((k) => `${k.relname}: ${k.first ?? 'no primary key'}`)).toEqual([]);
  });

  it('gives every company table the restrictive company policy, bar the listed exceptions', async () => {
    const rows = await q<{ relname: string; optional: boolean; paired: boolean; permissive: string | null; cmd: string | null; qual: string | null; with_check: string | null }>(`
      select c.relname, not a.attnotnull as optional,
        exists (select 1 from pg_attribute p where p.attrelid = c.oid and p.attname = 'partner_company_id' and not p.attisdropped) as paired,
        p.permissive, p.cmd, p.qual, p.with_check
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
      left join pg_policies p on p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = 'company_isolation'
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`);
    expect(rows.length).toBeGreaterThan(20);
    const tables = rows.map((r) => r.relname);
    // An exception that no longer exists, or has the policy after all, is a stale entry of the list.
    for (const name of Object.keys(COMPANY_EXCEPTIONS)) expect(tables, name).toContain(name);
    for (const r of rows) {
      if (r.relname in COMPANY_EXCEPTIONS) {
        expect({ table: r.relname, policy: r.cmd }).toEqual({ table: r.relname, policy: null });
        continue;
      }
      const expected = `((( SELECT current_setting('app.company_ids'::text, true) AS current_setting) = '*'::text) OR ${[
        companyTest('company_id'), ...(r.paired ? [companyTest('partner_company_id')] : []), ...(r.optional ? ['(company_id IS NULL)'] : []),
      ].map((t) => (t.startsWith('(') ? t : `(${t})`)).join(' OR ')})`;
      expect({ table: r.relname, permissive: r.permissive, cmd: r.cmd }).toEqual({ table: r.relname, permissive: 'RESTRICTIVE', cmd: 'ALL' });
      expect(r.qual, r.relname).toBe(expected);
      expect(r.with_check, r.relname).toBe(expected);
    }
  });

  it('runs the API as a role that may log in (Citus connects to its workers as it) but is not superuser, has no BYPASSRLS and owns nothing', async () => {
    const [role] = await q<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = 'erp_app'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: true });
    const owned = await q<{ n: number }>(`select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = 'erp_app')`);
    expect(owned[0]!.n).toBe(0);
    const ownsOther = await q<{ n: number }>(`select (select count(*) from pg_proc where proowner = r.oid) + (select count(*) from pg_namespace where nspowner = r.oid)
      + (select count(*) from pg_type where typowner = r.oid) as n from pg_roles r where r.rolname = 'erp_app'`);
    expect(Number(ownsOther[0]!.n)).toBe(0);
    const user = await withTenant(t.platform.database.db, { tenantId: '00000000-0000-0000-0000-000000000000', companies: 'all' }, async (tx) =>
      rowsOf<{ u: string }>(await tx.execute(sql`select current_user as u`)),
    );
    expect(user[0]!.u).toBe('erp_app');
  });
});

describe('row-level security in direct SQL', () => {
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    a = await t.tenant('CATA');
    b = await t.tenant('CATB');
  });

  it('shows a tenant only its own rows and refuses writing another tenant', async () => {
    const db = t.platform.database.db;
    const seen = await withTenant(db, { tenantId: b.tenantId, companies: 'all' }, async (tx) =>
      rowsOf<{ tenant_id: string }>(await tx.execute(sql`select tenant_id from companies union all select tenant_id from roles union all select tenant_id from tenants`)),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([b.tenantId]));

    expect(await failure(withTenant(db, { tenantId: b.tenantId, companies: 'all' }, (tx) => tx.execute(sql`insert into companies (tenant_id, code, description) values (${a.tenantId}, 'X', 'intruder')`)),
    )).toMatch(/row-level security/);

    const touched = await withTenant(db, { tenantId: b.tenantId, companies: 'all' }, async (tx) =>
      rowsOf(await tx.execute(sql`update companies set description = 'hacked' where tenant_id = ${a.tenantId} returning 1`)),
    );
    expect(touched).toEqual([]);
  });

  it('sees nothing when no tenant is set', async () => {
    const rows = await t.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'erp_app', true)`);
      return rowsOf(await tx.execute(sql`select * from companies`));
    });
    expect(rows).toEqual([]);
  });

  it('gives the API role no access to the host table and keeps the audit trail append-only', async () => {
    const db = t.platform.database.db;
    expect(await failure(withTenant(db, { tenantId: a.tenantId, companies: 'all' }, (tx) => tx.execute(sql`select * from tenant_hosts`)))).toMatch(/permission denied/);
    expect(await failure(withTenant(db, { tenantId: a.tenantId, companies: 'all' }, (tx) => tx.execute(sql`update audit_log set entity = 'x'`)))).toMatch(/permission denied/);
    expect(await failure(withTenant(db, { tenantId: a.tenantId, companies: 'all' }, (tx) => tx.execute(sql`delete from audit_log`)))).toMatch(/permission denied/);
    // Not even the owner may rewrite history: the trigger refuses it.
    expect(await failure(withSystem(db, (tx) => tx.execute(sql`delete from audit_log`)))).toMatch(/append-only/);
    const rows = await withTenant(db, { tenantId: a.tenantId, companies: 'all' }, async (tx) => {
      await enterTenant(tx, { tenantId: a.tenantId, companies: 'all' });
      return rowsOf<{ entity: string }>(await tx.execute(sql`select entity from audit_log order by audit_id`));
    });
    expect(rows.map((r) => r.entity)).toEqual(['tenant', 'company']);
  });
});
