import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StatementCheck, StatementFormat, StatementLineState, StatementMapping, StatementStatus } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { banks } from './banks.tables';

/*
 * Imported bank statements and their lines (issue 17, "Statement import"). A statement belongs to
 * one bank of one company; its amounts are in the bank's currency, in minor units, signed (positive:
 * money into the account). Reconciliation (the same module) moves each line's `state` and closes the
 * statement; nothing here is ever edited by an import once written (RULES.md).
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    bankId: uuid('bank_id').notNull(),
    /** The statement's own identifier in the file (CAMT Stmt/Id, MT940 :20:/:28C:, OFX account and dates, CSV file name). */
    statementRef: text('statement_ref').notNull(),
    format: text('format').$type<StatementFormat>().notNull(),
    fileName: text('file_name').notNull(),
    /** The bank's sequence number when the file gives one (CAMT ElctrncSeqNb / LglSeqNb, MT940 :28C:). */
    sequence: text('sequence'),
    /** The account as the file names it (IBAN or number), null when the file names none. */
    account: text('account'),
    fromDate: date('from_date', { mode: 'string' }),
    toDate: date('to_date', { mode: 'string' }),
    currency: text('currency').notNull(),
    openingMinor: bigint('opening_minor', { mode: 'bigint' }).notNull(),
    closingMinor: bigint('closing_minor', { mode: 'bigint' }).notNull(),
    /** Lines of the statement in the file, and of them those written (the others were imported before). */
    lineCount: integer('line_count').notNull(),
    importedLineCount: integer('imported_line_count').notNull(),
    creditCount: integer('credit_count').notNull(),
    creditMinor: bigint('credit_minor', { mode: 'bigint' }).notNull(),
    debitCount: integer('debit_count').notNull(),
    debitMinor: bigint('debit_minor', { mode: 'bigint' }).notNull(),
    /** Every check's outcome as the import saw it. */
    checks: jsonb('checks').$type<StatementCheck[]>().notNull().default([]),
    /** Imported although a check failed: who chose it and why (also in the audit trail). */
    importedAnyway: boolean('imported_anyway').notNull().default(false),
    overrideBy: uuid('override_by'),
    overrideReason: text('override_reason'),
    status: text('status').$type<StatementStatus>().notNull().default('Open'),
    importedBy: uuid('imported_by'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'bank_statements_bank_fk', columns: [t.tenantId, t.bankId], foreignColumns: [banks.tenantId, banks.id] }),
    index('bank_statements_list_idx').on(t.tenantId, t.companyId, t.toDate, t.id),
    /** The bank's last imported closing (continuity check) and the bank's statements in order. */
    index('bank_statements_bank_idx').on(t.tenantId, t.bankId, t.toDate, t.importedAt),
    /** What a line's one foreign key names: its statement, with the statement's company and bank. */
    uniqueIndex('bank_statements_line_key_uq').on(t.tenantId, t.id, t.companyId, t.bankId),
  ],
);

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    statementId: uuid('statement_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    lineNo: integer('line_no').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** Signed, minor units of the statement's currency: positive is money in. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The instructed amount in another currency, when the bank gives one (as the file wrote it). */
    foreignCurrency: text('foreign_currency'),
    foreignAmount: numeric('foreign_amount', { precision: 21, scale: 6, mode: 'string' }),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    /** The payer's reference: end-to-end id, structured creditor reference or customer reference. */
    reference: text('reference'),
    /** The bank's own reference of the entry (AcctSvcrRef, MT940 bank reference, OFX FITID). */
    bankReference: text('bank_reference'),
    /** The bank transaction code (ISO Domain-Family-SubFamily, SWIFT GVC or OFX TRNTYPE). */
    transactionCode: text('transaction_code'),
    description: text('description'),
    reversal: boolean('reversal').notNull().default(false),
    /** Recognises a line imported before (RULES.md: how it is made); unique per bank. */
    dedupeKey: text('dedupe_key').notNull(),
    state: text('state').$type<StatementLineState>().notNull().default('Unreconciled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One key, not three: the line's statement with its company and bank (the statement's own keys reach
    // the company and the bank), so an import of 100,000 lines checks one key per line, not three.
    foreignKey({ name: 'bank_statement_lines_statement_key_fk', columns: [t.tenantId, t.statementId, t.companyId, t.bankId], foreignColumns: [bankStatements.tenantId, bankStatements.id, bankStatements.companyId, bankStatements.bankId] }),
    uniqueIndex('bank_statement_lines_dedupe_uq').on(t.tenantId, t.bankId, t.dedupeKey),
    uniqueIndex('bank_statement_lines_line_uq').on(t.tenantId, t.statementId, t.lineNo),
    index('bank_statement_lines_state_idx').on(t.tenantId, t.bankId, t.state, t.bookingDate),
    index('bank_statement_lines_amount_idx').on(t.tenantId, t.bankId, t.amountMinor),
  ],
);

/** A bank's saved CSV/XLSX column mapping (one per bank), edited on /bank-reconciliations. */
export const bankStatementMappings = pgTable(
  'bank_statement_mappings',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    mapping: jsonb('mapping').$type<StatementMapping>().notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bankId] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'bank_statement_mappings_bank_fk', columns: [t.tenantId, t.bankId], foreignColumns: [banks.tenantId, banks.id] }),
  ],
);
