import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../platform/db/search';
import type { Company, CompanyInput, CompanyListItem, Currency, Locale, Tenant, TenantInput } from '@erp/contracts';
import type { Tx } from '../../platform/db/client';
import { allowCompanies, enterTenant, userContext, withSystem } from '../../platform/db/tenancy';
import { recordAudit } from '../../platform/audit/audit';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import type { Platform } from '../../platform/platform';
import { tenantHosts } from '../../platform/db/tenancy.tables';
import { companies, currencies, tenants } from './organisation.tables';
import { DEFAULT_GLOBAL_AGREEMENT, LOCALE_CODES, SEED_CURRENCIES } from './organisation.seed-data';

type TenantRow = typeof tenants.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

export const toTenant = (r: TenantRow): Tenant => ({
  id: r.tenantId,
  code: r.code,
  name: r.name,
  host: r.host,
  isLicenseManager: r.isLicenseManager,
  globalAgreement: r.globalAgreement,
  status: r.status === 'Inactive' ? 'Inactive' : 'Active',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toCompany = (r: CompanyRow): Company => ({
  id: r.companyId,
  code: r.code,
  description: r.description,
  baseCurrency: r.baseCurrency,
  accountingDate: r.accountingDate,
  dateFormat: r.dateFormat,
  locale: r.locale,
  status: r.status === 'Inactive' ? 'Inactive' : 'Active',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export type NewTenant = TenantInput & { companyCode?: string; companyDescription?: string; baseCurrency?: string };
export type CreatedTenant = { tenantId: string; companyId: string; tenant: Tenant };

/**
 * Registers a tenant: its host (global table, as the system role), then, as the tenant itself, the
 * tenant row, a first company, the currencies and what each module seeds for a new tenant and a new
 * company (the built-in roles, the ledger's books), all in one transaction.
 * No user is created: the first user is made through /auth/user/createfirst.
 */
export async function createTenant(platform: Platform, input: NewTenant, actorUserId?: string, outer?: Tx): Promise<CreatedTenant> {
  const run = async (tx: Tx) => {
    // The host table is global: register the host as the connecting role, then become the tenant.
    await tx.execute(sql`set local role none`);
    const tenantId = randomUUID();
    const host = input.host.trim().toLowerCase();
    const taken = await tx.insert(tenantHosts).values({ host, tenantId }).onConflictDoNothing().returning();
    if (taken.length === 0) throw conflict(`The host ${host} is already registered to a tenant`);
    // Seeding a tenant is a system path: it writes its first company's rows.
    await enterTenant(tx, { tenantId, userId: actorUserId, companies: 'all' });
    const [tenant] = await tx
      .insert(tenants)
      .values({
        tenantId,
        code: input.code,
        name: input.name,
        host,
        isLicenseManager: input.isLicenseManager ?? false,
        globalAgreement: input.globalAgreement ?? DEFAULT_GLOBAL_AGREEMENT,
        status: input.status ?? 'Active',
      })
      .returning();
    await tx.insert(currencies).values(
      SEED_CURRENCIES.map(([code, name, symbol, minorUnit]) => ({ tenantId, code, name, symbol, minorUnit })),
    );
    const [company] = await tx
      .insert(companies)
      .values({
        tenantId,
        code: input.companyCode ?? 'HQ',
        description: input.companyDescription ?? `${input.name} Head Office`,
        baseCurrency: input.baseCurrency ?? 'USD',
      })
      .returning();
    await platform.seeders.tenant(tx, tenantId);
    await platform.seeders.company(tx, tenantId, company!.companyId);
    await recordAudit(tx, tenantId, actorUserId, [
      { entity: 'tenant', recordId: tenantId, action: 'create', after: tenant },
      { entity: 'company', recordId: company!.companyId, action: 'create', after: company },
    ]);
    return { tenantId, companyId: company!.companyId, tenant: toTenant(tenant!) };
  };
  return outer ? run(outer) : withSystem(platform.database.db, run);
}

/** The default tenant of a fresh install (SPEC.md section 9: local host maps to it); idempotent. */
export async function ensureDefaultTenant(platform: Platform): Promise<void> {
  const host = platform.config.defaultTenantHost;
  const existing = await withSystem(platform.database.db, (tx) => tx.select().from(tenantHosts).where(eq(tenantHosts.host, host)));
  if (existing.length > 0) return;
  try {
    await createTenant(platform, { code: 'DEFAULT', name: 'Default Tenant', host });
    platform.log.info({ host }, 'seeded the default tenant');
  } catch (e) {
    // Another server starting at the same moment registered it first: that is the same outcome.
    if (!(e instanceof AppError && e.statusCode === 409)) throw e;
  }
}

export async function listTenants(tx: Tx, search: string | undefined, limit: number): Promise<{ items: Tenant[]; total: number }> {
  const where = search ? or(ilike(tenants.code, containsPattern(search)), ilike(tenants.name, containsPattern(search))) : undefined;
  const rows = await tx.select().from(tenants).where(where).orderBy(asc(tenants.code)).limit(limit);
  const [total] = await tx.select({ n: count() }).from(tenants).where(where);
  return { items: rows.map(toTenant), total: total?.n ?? 0 };
}

/** Edits the caller's own tenant; row-level security makes any other tenant's id "not found". */
export async function editTenant(tx: Tx, platform: Platform, actor: { tenantId: string; userId: string; companyId: string }, input: TenantInput & { id: string }): Promise<Tenant> {
  const [before] = await tx.select().from(tenants).where(eq(tenants.tenantId, input.id));
  if (!before) throw notFound('Tenant');
  const host = input.host.trim().toLowerCase();
  if (host !== before.host) {
    // The host table is global: change it as the system role, still inside this transaction.
    await tx.execute(sql`set local role none`);
    const moved = await tx.update(tenantHosts).set({ host }).where(and(eq(tenantHosts.host, before.host), eq(tenantHosts.tenantId, before.tenantId))).returning();
    if (moved.length === 0) throw notFound('Tenant host');
    await enterTenant(tx, userContext(actor));
  }
  const [after] = await tx
    .update(tenants)
    .set({
      code: input.code,
      name: input.name,
      host,
      globalAgreement: input.globalAgreement ?? before.globalAgreement,
      status: input.status ?? before.status,
      updatedAt: new Date(),
    })
    .where(eq(tenants.tenantId, input.id))
    .returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'tenant', recordId: input.id, action: 'edit', before, after }]);
  if (host !== before.host) {
    // The resolver caches host -> tenant: the old host must stop answering for this tenant now.
    platform.hosts.forget(before.host);
    platform.log.info({ from: before.host, to: host }, 'tenant host changed');
  }
  return toTenant(after!);
}

export async function listCompanies(tx: Tx, search: string | undefined, limit: number): Promise<{ items: CompanyListItem[]; total: number }> {
  const where = search ? or(ilike(companies.code, containsPattern(search)), ilike(companies.description, containsPattern(search))) : undefined;
  const rows = await tx
    .select({ id: companies.companyId, code: companies.code, description: companies.description })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.code))
    .limit(limit);
  const [total] = await tx.select({ n: count() }).from(companies).where(where);
  return { items: rows, total: total?.n ?? 0 };
}

export async function getCompany(tx: Tx, companyId: string): Promise<Company> {
  const [row] = await tx.select().from(companies).where(eq(companies.companyId, companyId));
  if (!row) throw notFound('Company');
  return toCompany(row);
}

export async function saveCompany(tx: Tx, seeders: Platform['seeders'], actor: { tenantId: string; userId: string }, input: CompanyInput): Promise<Company> {
  await assertCurrencyKnown(tx, input.baseCurrency);
  const values = {
    code: input.code,
    description: input.description,
    ...(input.baseCurrency ? { baseCurrency: input.baseCurrency } : {}),
    ...(input.accountingDate ? { accountingDate: input.accountingDate } : {}),
    ...(input.dateFormat ? { dateFormat: input.dateFormat } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
  if (!input.id) {
    const [row] = await tx.insert(companies).values({ tenantId: actor.tenantId, ...values }).returning();
    // Seeding the new company (its ledger...) writes its rows: the transaction may now use it too.
    await allowCompanies(tx, [row!.companyId]);
    await seeders.company(tx, actor.tenantId, row!.companyId);
    await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'company', recordId: row!.companyId, action: 'create', after: row }]);
    return toCompany(row!);
  }
  const [before] = await tx.select().from(companies).where(eq(companies.companyId, input.id));
  if (!before) throw notFound('Company');
  const [after] = await tx.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.companyId, input.id)).returning();
  await recordAudit(tx, actor.tenantId, actor.userId, [{ entity: 'company', recordId: input.id, action: 'edit', before, after }]);
  return toCompany(after!);
}

async function assertCurrencyKnown(tx: Tx, code: string | undefined): Promise<void> {
  if (!code) return;
  const [row] = await tx.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, code));
  if (!row) throw notFound(`Currency ${code}`);
}

export async function listCurrencies(tx: Tx, limit: number): Promise<{ items: Currency[]; total: number }> {
  const rows = await tx.select().from(currencies).orderBy(asc(currencies.code)).limit(limit);
  const [total] = await tx.select({ n: count() }).from(currencies);
  return {
    items: rows.map((r) => ({ code: r.code, name: r.name, symbol: r.symbol, minorUnit: r.minorUnit, status: r.status === 'Inactive' ? 'Inactive' : 'Active' })),
    total: total?.n ?? 0,
  };
}

export function listLocales(): Locale[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  return LOCALE_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
}
