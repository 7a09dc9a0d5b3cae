import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A tenant is itself a tenant row: its key is `tenant_id`, so row-level security shows a tenant
 * only its own row, like every other table.
 */
export const tenants = pgTable('tenants', {
  tenantId: uuid('tenant_id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  isLicenseManager: boolean('is_license_manager').notNull().default(false),
  globalAgreement: text('global_agreement').notNull().default(''),
  status: text('status').notNull().default('Active'),
  ...timestamps,
});

export const companies = pgTable(
  'companies',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    description: text('description').notNull(),
    baseCurrency: text('base_currency').notNull().default('USD'),
    accountingDate: date('accounting_date', { mode: 'string' }).notNull().default(sql`current_date`),
    dateFormat: text('date_format').notNull().default('dd/mm/yy'),
    locale: text('locale').notNull().default('en-GB'),
    status: text('status').notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId] }),
    uniqueIndex('companies_code_uq').on(t.tenantId, sql`lower(${t.code})`),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId] }),
  ],
);

/** A kit entity (currencyEntity in contracts): tenant-wide, keyed by id, unique by code. */
export const currencies = pgTable(
  'currencies',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    code: text('code').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    minorUnit: smallint('minor_unit').notNull(),
    status: text('status').notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('currencies_key_uq').on(t.tenantId, t.code),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.tenantId] }),
    index('currencies_name_idx').on(t.tenantId, t.name),
  ],
);
