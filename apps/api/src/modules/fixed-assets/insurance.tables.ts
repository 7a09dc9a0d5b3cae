import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InsuranceCompanyState, InsuranceScheduleStatus, PremiumFrequency } from '@erp/contracts';
import { kitColumns, kitKeys } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';
import { assets } from './assets.tables';

/** Insurance companies (contracts' insuranceCompanyEntity); the TypeScript column names are the entity's fields. */
export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    contact: text('contact'),
    mail: text('mail'),
    phone: text('phone'),
    address: text('address'),
    status: text('status').$type<InsuranceCompanyState>().notNull().default('Active'),
  },
  (t) => [...kitKeys('insurance_companies', t, companies, [sql`lower(${t.code})`])],
);

/**
 * Insurance schedules: one policy of an insurer, a document of the kit (contracts'
 * insuranceScheduleDocument). Amounts are minor units of the policy's currency. The policy number
 * is unique per company and insurer. `reminded_for`: the expiry date a reminder went out for.
 */
export const insuranceSchedules = pgTable(
  'insurance_schedules',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    kind: text('kind').$type<'Policy'>().notNull().default('Policy'),
    status: text('status').$type<InsuranceScheduleStatus>().notNull().default('Draft'),
    insurer: uuid('insurer').notNull(),
    policyNumber: text('policy_number').notNull(),
    coverType: text('cover_type').notNull().default(''),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    premiumMinor: bigint('premium_minor', { mode: 'bigint' }).notNull(),
    premiumFrequency: text('premium_frequency').$type<PremiumFrequency>().notNull(),
    reminderDays: integer('reminder_days').notNull().default(30),
    remindTo: text('remind_to').notNull().default(''),
    /** The vendor (payables' vendors.id) proposed for the instalments' vendor invoices; no key across modules. */
    vendor: uuid('vendor'),
    remindedFor: date('reminded_for', { mode: 'string' }),
    renewalOf: uuid('renewal_of'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'insurance_schedules_insurer_fk', columns: [t.tenantId, t.insurer], foreignColumns: [insuranceCompanies.tenantId, insuranceCompanies.id] }),
    foreignKey({ name: 'insurance_schedules_renewal_fk', columns: [t.tenantId, t.renewalOf], foreignColumns: [t.tenantId, t.id] }),
    uniqueIndex('insurance_schedules_policy_uq').on(t.tenantId, t.companyId, t.insurer, sql`lower(${t.policyNumber})`),
    // One renewal per policy (a cancelled renewal makes room for another).
    uniqueIndex('insurance_schedules_renewal_uq').on(t.tenantId, t.renewalOf).where(sql`${t.status} <> 'Cancelled'`),
    index('insurance_schedules_company_idx').on(t.tenantId, t.companyId, t.expiryDate),
    // The reminder job's read: active policies by expiry.
    index('insurance_schedules_due_idx').on(t.tenantId, t.expiryDate).where(sql`${t.status} = 'Active'`),
  ],
);

/** The assets a policy insures, each with its insured value (minor units of the policy's currency). */
export const insuranceScheduleAssets = pgTable(
  'insurance_schedule_assets',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    schedule: uuid('schedule').notNull(),
    lineNo: integer('line_no').notNull(),
    asset: uuid('asset').notNull(),
    insuredValueMinor: bigint('insured_value_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.schedule, t.lineNo] }),
    foreignKey({ name: 'insurance_schedule_assets_doc_fk', columns: [t.tenantId, t.schedule], foreignColumns: [insuranceSchedules.tenantId, insuranceSchedules.id] }).onDelete('cascade'),
    foreignKey({ name: 'insurance_schedule_assets_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    uniqueIndex('insurance_schedule_assets_uq').on(t.tenantId, t.schedule, t.asset),
    index('insurance_schedule_assets_asset_idx').on(t.tenantId, t.asset),
  ],
);

/**
 * The premium's instalments (generated from the frequency, contracts' premiumInstalments): due
 * date, amount (minor units), paid date and reference; `reminded_for` the due date a reminder went
 * out for; `invoice` the draft vendor invoice made of it. They sum to the policy's premium exactly (a check on each write).
 */
export const insurancePremiumInstalments = pgTable(
  'insurance_premium_instalments',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    schedule: uuid('schedule').notNull(),
    instalmentNo: integer('instalment_no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }),
    reference: text('reference'),
    remindedFor: date('reminded_for', { mode: 'string' }),
    /** The draft vendor invoice made of it (payables' invoices.id; no key: a deleted draft leaves it dangling, read as none). */
    invoice: uuid('invoice'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.schedule, t.instalmentNo] }),
    foreignKey({ name: 'insurance_premium_instalments_doc_fk', columns: [t.tenantId, t.schedule], foreignColumns: [insuranceSchedules.tenantId, insuranceSchedules.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    check('insurance_premium_instalments_amount_ck', sql`${t.amountMinor} >= 0`),
    index('insurance_premium_instalments_due_idx').on(t.tenantId, t.dueDate).where(sql`${t.paidDate} is null`),
  ],
);
