import { sql } from 'drizzle-orm';
import type { CreditLimitPolicy } from '@erp/contracts';
import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kitColumns, kitKeys, kitRef } from '../../../platform/kit/kit-table';
import { companies } from '../../organisation/organisation.tables';
import { accounts } from '../setup/setup.tables';
import type { PeriodStatus } from '@erp/contracts';

export const fiscalYears = pgTable(
  'fiscal_years',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('Open'),
  },
  (t) => kitKeys('fiscal_years', t, companies, [sql`lower(${t.code})`]),
);

/** Periods of a fiscal year: an opening day, the regular periods, an adjustment period. */
export const accountingPeriods = pgTable(
  'accounting_periods',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    fiscalYear: uuid('fiscal_year').notNull(),
    periodNo: integer('period_no').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    status: text('status').$type<PeriodStatus>().notNull().default('Open'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('accounting_periods_no_uq').on(t.tenantId, t.fiscalYear, t.periodNo),
    index('accounting_periods_dates_idx').on(t.tenantId, t.companyId, t.startDate),
    foreignKey({ columns: [t.tenantId, t.fiscalYear], foreignColumns: [fiscalYears.tenantId, fiscalYears.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

export const numberSequences = pgTable(
  'number_sequences',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    name: text('name').notNull(),
    resetEvery: text('reset_every').notNull().default('Year'),
    active: boolean('active').notNull().default(true),
  },
  (t) => kitKeys('number_sequences', t, companies, [sql`lower(${t.code})`]),
);

export const numberSegments = pgTable(
  'number_segments',
  {
    ...kitColumns(true),
    numberSequence: uuid('number_sequence').notNull(),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    value: text('value'),
    width: integer('width'),
  },
  (t) => [...kitKeys('number_segments', t, companies, [t.numberSequence, t.position]), kitRef('number_segments_sequence_fk', t, t.numberSequence, numberSequences)],
);

/**
 * The counters behind the numbers: one row per sequence and bucket (the year or period when the
 * sequence restarts). A caller takes the next value with an upsert inside its own transaction,
 * so the row stays locked until it commits: no two callers share a number and a rollback gives
 * the number back (gapless).
 */
export const numberCounters = pgTable(
  'number_counters',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    numberSequence: uuid('number_sequence').notNull(),
    bucket: text('bucket').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.numberSequence, t.bucket] }),
    foreignKey({ columns: [t.tenantId, t.numberSequence], foreignColumns: [numberSequences.tenantId, numberSequences.id] }).onDelete('cascade'),
  ],
);

export const moduleConfigs = pgTable(
  'module_configs',
  {
    ...kitColumns(true),
    module: text('module').notNull(),
    setting: text('setting').notNull(),
    account: uuid('account'),
    numberSequence: uuid('number_sequence'),
    value: text('value'),
  },
  (t) => [
    ...kitKeys('module_configs', t, companies, [t.module, sql`lower(${t.setting})`]),
    kitRef('module_configs_account_fk', t, t.account, accounts),
    kitRef('module_configs_sequence_fk', t, t.numberSequence, numberSequences),
  ],
);

/** /company-config: the default accounts every posting needs, one row per company. */
export const companySettings = pgTable(
  'company_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    retainedEarningsAccount: uuid('retained_earnings_account'),
    roundingAccount: uuid('rounding_account'),
    realisedFxGainAccount: uuid('realised_fx_gain_account'),
    realisedFxLossAccount: uuid('realised_fx_loss_account'),
    unrealisedFxAccount: uuid('unrealised_fx_account'),
    suspenseAccount: uuid('suspense_account'),
    /** The currency trading account: balances each currency of a cross-currency journal on its own. */
    exchangeAccount: uuid('exchange_account'),
    journalSequence: uuid('journal_sequence'),
    /** Payables and receivables (issue 15): a customer invoice past the credit limit is refused or sent for approval. */
    creditLimitPolicy: text('credit_limit_policy').$type<CreditLimitPolicy>().notNull().default('Refuse'),
    /** The company's SEPA creditor identifier, for customers' direct-debit mandates. */
    sepaCreditorId: text('sepa_creditor_id'),
    /** The company as its documents print it (issue 15: the invoice PDF's header and remittance details). */
    address: text('address'),
    taxNumber: text('tax_number'),
    bankName: text('bank_name'),
    iban: text('iban'),
    bic: text('bic'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.companyId] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'company_settings_re_fk', columns: [t.tenantId, t.retainedEarningsAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_rounding_fk', columns: [t.tenantId, t.roundingAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_fxg_fk', columns: [t.tenantId, t.realisedFxGainAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_fxl_fk', columns: [t.tenantId, t.realisedFxLossAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_fxu_fk', columns: [t.tenantId, t.unrealisedFxAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_exchange_fk', columns: [t.tenantId, t.exchangeAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_suspense_fk', columns: [t.tenantId, t.suspenseAccount], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ name: 'company_settings_sequence_fk', columns: [t.tenantId, t.journalSequence], foreignColumns: [numberSequences.tenantId, numberSequences.id] }),
  ],
);
