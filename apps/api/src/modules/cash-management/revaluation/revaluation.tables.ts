import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../organisation/organisation.tables';
import { journals } from '../../ledger/journals/journals.tables';
import { banks } from '../banks.tables';

/*
 * Unrealised exchange revaluations of the foreign-currency banks at period ends (issue 17): one per
 * company and day, its entry dated that day and the entry's reversal dated the next, with the balances
 * it revalued (one per bank GL account and currency).
 */
export const bankRevaluations = pgTable(
  'bank_revaluations',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
    reversalDate: date('reversal_date', { mode: 'string' }).notNull(),
    /** Only this currency was revalued; null: every foreign currency. */
    currency: text('currency'),
    baseCurrency: text('base_currency').notNull(),
    gainMinor: bigint('gain_minor', { mode: 'bigint' }).notNull(),
    lossMinor: bigint('loss_minor', { mode: 'bigint' }).notNull(),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('bank_revaluations_day_uq').on(t.tenantId, t.companyId, t.revaluationDate),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    foreignKey({ columns: [t.tenantId, t.reversalJournalId], foreignColumns: [journals.tenantId, journals.id] }),
  ],
);

/** One revalued balance: a bank's GL account in one currency, debit positive, minor units. */
export const bankRevaluationLines = pgTable(
  'bank_revaluation_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    revaluationId: uuid('revaluation_id').notNull(),
    lineNo: integer('line_no').notNull(),
    bankId: uuid('bank_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull(),
    carryingBaseMinor: bigint('carrying_base_minor', { mode: 'bigint' }).notNull(),
    rate: numeric('rate', { precision: 21, scale: 10 }).notNull(),
    revaluedBaseMinor: bigint('revalued_base_minor', { mode: 'bigint' }).notNull(),
    differenceMinor: bigint('difference_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.revaluationId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.revaluationId], foreignColumns: [bankRevaluations.tenantId, bankRevaluations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.bankId], foreignColumns: [banks.tenantId, banks.id] }),
  ],
);
