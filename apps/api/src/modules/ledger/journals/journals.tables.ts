import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../../organisation/organisation.tables';
import { accounts } from '../setup/setup.tables';
import type { JournalKind, JournalStatus } from '@erp/contracts';

/** The header of a journal, whatever its kind; drafts have lines in journal_lines, posted ones in ledger_entries. */
export const journals = pgTable(
  'journals',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    number: text('number'),
    kind: text('kind').$type<JournalKind>().notNull(),
    status: text('status').$type<JournalStatus>().notNull().default('Draft'),
    journalDate: date('journal_date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id'),
    description: text('description').notNull(),
    reference: text('reference'),
    /** The typed source reference (SourceRef of contracts): module, document type, document. */
    sourceModule: text('source_module').notNull().default('General Ledger'),
    sourceType: text('source_type').notNull().default('Journal'),
    sourceId: uuid('source_id'),
    reversalOf: uuid('reversal_of'),
    reversedBy: uuid('reversed_by'),
    intercompanyId: uuid('intercompany_id'),
    recurringId: uuid('recurring_id'),
    baseCurrency: text('base_currency').notNull(),
    totalBaseMinor: bigint('total_base_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Only the primary key serves a lookup by (tenant_id, id), as every ledger line's foreign key
    // check does: the other indexes are partial or do not lead with tenant_id, so a plan made
    // without statistics (a new table, autovacuum not yet run) cannot scan a tenant's journals instead.
    uniqueIndex('journals_number_uq').on(t.tenantId, t.companyId, t.number).where(sql`${t.number} is not null`),
    uniqueIndex('journals_reversal_uq').on(t.tenantId, t.reversalOf).where(sql`${t.reversalOf} is not null`),
    index('journals_list_idx').on(t.companyId, t.journalDate, t.id),
    index('journals_recurring_idx').on(t.tenantId, t.recurringId, t.journalDate).where(sql`${t.recurringId} is not null`),
    // Partial, so it cannot serve the (tenant_id, id) lookups of the lines' foreign keys (see above).
    index('journals_source_idx').on(t.tenantId, t.sourceModule, t.sourceType, t.sourceId).where(sql`${t.sourceId} is not null`),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
  ],
);

/** Lines of a journal that is not posted yet: editable while the journal is a draft. */
export const journalLines = pgTable(
  'journal_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    journalId: uuid('journal_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    description: text('description'),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 21, scale: 10 }),
    debitMinor: bigint('debit_minor', { mode: 'bigint' }).notNull(),
    creditMinor: bigint('credit_minor', { mode: 'bigint' }).notNull(),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
    taxId: uuid('tax_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.journalId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
  ],
);

/** Debit and credit in the transaction currency and in base, minor units: a ledger line's, and every balance's. */
const amountColumns = () => ({
  debitMinor: bigint('debit_minor', { mode: 'bigint' }).notNull(),
  creditMinor: bigint('credit_minor', { mode: 'bigint' }).notNull(),
  baseDebitMinor: bigint('base_debit_minor', { mode: 'bigint' }).notNull(),
  baseCreditMinor: bigint('base_credit_minor', { mode: 'bigint' }).notNull(),
});

/**
 * The ledger: posted lines, append-only. A statement-level trigger refuses any insert that leaves
 * a journal unbalanced (in base and per transaction currency) or that lands in a period that is
 * not open, and keeps account_balances; the API role may not update or delete a row.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    journalId: uuid('journal_id').notNull(),
    lineNo: integer('line_no').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    periodId: uuid('period_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 21, scale: 10 }).notNull(),
    ...amountColumns(),
    dimensionSetId: uuid('dimension_set_id').notNull(),
    description: text('description'),
    taxId: uuid('tax_id'),
    /** Lines the engine adds: 'rounding' or 'exchange' (currency trading); null for the user's lines. */
    generated: text('generated'),
    /** The source document's line this one comes from (the document itself is the journal's source). */
    lineRef: text('line_ref'),
    /** On a control account: the subledger's party (PartyType of contracts and its id). */
    partyType: text('party_type'),
    partyId: uuid('party_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.journalId, t.lineNo] }),
    index('ledger_entries_account_idx').on(t.tenantId, t.companyId, t.accountId, t.entryDate, t.journalId, t.lineNo),
    foreignKey({ columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    index('ledger_entries_party_idx').on(t.tenantId, t.companyId, t.partyType, t.partyId, t.accountId, t.entryDate).where(sql`${t.partyId} is not null`),
    check('ledger_entries_party', sql`(${t.partyType} is null) = (${t.partyId} is null)`),
    check('ledger_entries_sides', sql`${t.debitMinor} >= 0 and ${t.creditMinor} >= 0 and ${t.baseDebitMinor} >= 0 and ${t.baseCreditMinor} >= 0 and (${t.debitMinor} = 0 or ${t.creditMinor} = 0) and (${t.baseDebitMinor} = 0 or ${t.baseCreditMinor} = 0)`),
  ],
);

/** Maintained by the database from ledger_entries: the totals per account, period, currency and dimension set. */
export const accountBalances = pgTable(
  'account_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    accountId: uuid('account_id').notNull(),
    periodId: uuid('period_id').notNull(),
    currency: text('currency').notNull(),
    dimensionSetId: uuid('dimension_set_id').notNull(),
    ...amountColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.accountId, t.periodId, t.currency, t.dimensionSetId] })],
);

/**
 * The same balances per day within each period (kept by the database at commit, with
 * account_balances): a report cut inside a period reads its days here instead of its lines.
 */
export const accountDayBalances = pgTable(
  'account_day_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    accountId: uuid('account_id').notNull(),
    periodId: uuid('period_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    dimensionSetId: uuid('dimension_set_id').notNull(),
    ...amountColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.accountId, t.periodId, t.entryDate, t.currency, t.dimensionSetId] })],
);

/**
 * Maintained by the database from ledger_entries, as account_balances: the totals of each party on
 * each control account per period and currency (the subledger side of the tie-out).
 */
export const partyBalances = pgTable(
  'party_balances',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    partyType: text('party_type').notNull(),
    partyId: uuid('party_id').notNull(),
    accountId: uuid('account_id').notNull(),
    periodId: uuid('period_id').notNull(),
    currency: text('currency').notNull(),
    ...amountColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.partyType, t.partyId, t.accountId, t.periodId, t.currency] })],
);

/** A set of dimension values (group code -> dimension code) as one id, so balances can be kept per set. */
export const dimensionSets = pgTable(
  'dimension_sets',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    setKey: text('set_key').notNull(),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('dimension_sets_key_uq').on(t.tenantId, t.companyId, t.setKey)],
);
