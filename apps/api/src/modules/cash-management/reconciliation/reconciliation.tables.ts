import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MatchOrigin, MatchReason, MatchStatus, ProposedSettlement, ReconciliationRuleKind } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../../platform/kit/kit-table';
import { companies } from '../../organisation/organisation.tables';
import { banks } from '../banks.tables';
import { bankStatements, bankStatementLines } from '../statements.tables';

/*
 * Bank reconciliation (issue 17): the rules of each bank, the matches between statement lines and
 * the bank account's ledger lines, and the close and undo of each statement's reconciliation. The
 * ledger's own lines are never updated: a match names them by (journal_id, line_no).
 */

/** The matching rules of a bank, in sequence order (kit entity `bankReconciliationRule`). */
export const bankReconciliationRules = pgTable(
  'bank_reconciliation_rules',
  {
    ...kitColumns(true),
    bank: uuid('bank').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind').$type<ReconciliationRuleKind>().notNull(),
    dateWindowDays: integer('date_window_days').notNull().default(3),
    maxGroupSize: integer('max_group_size').notNull().default(50),
    description: text('description'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [...kitKeys('bank_reconciliation_rules', t, companies, [t.bank, t.sequence]), kitRef('bank_reconciliation_rules_bank_fk', t, t.bank, banks)],
);

/** A match: statement lines and ledger lines of equal totals, proposed by a rule, made by hand, or made by an entry created from a line. */
export const bankMatches = pgTable(
  'bank_matches',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    bankId: uuid('bank_id').notNull(),
    statementId: uuid('statement_id').notNull(),
    status: text('status').$type<MatchStatus>().notNull(),
    origin: text('origin').$type<MatchOrigin>().notNull(),
    ruleKind: text('rule_kind').$type<ReconciliationRuleKind>(),
    ruleId: uuid('rule_id'),
    reasons: jsonb('reasons').$type<MatchReason[]>().notNull().default([]),
    /** A counterparty rule's proposal: the receipt or payment to create. */
    settlement: jsonb('settlement').$type<ProposedSettlement>(),
    /** Signed total of the statement lines (= of the ledger lines, once it holds any). */
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One key, as a statement line's: the match's company and bank are its statement's (whose own keys
    // name the company and the bank), and a run writing 100,000 proposals checks one key per match, not three.
    foreignKey({ name: 'bank_matches_statement_key_fk', columns: [t.tenantId, t.statementId, t.companyId, t.bankId], foreignColumns: [bankStatements.tenantId, bankStatements.id, bankStatements.companyId, bankStatements.bankId] }),
    index('bank_matches_statement_idx').on(t.tenantId, t.statementId, t.status),
  ],
);

/** The statement lines of a match; `held` while the match is accepted: a line is held by one match at most. */
export const bankMatchStatementLines = pgTable(
  'bank_match_statement_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    matchId: uuid('match_id').notNull(),
    statementLineId: uuid('statement_line_id').notNull(),
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.matchId, t.statementLineId] }),
    foreignKey({ name: 'bank_match_statement_lines_match_fk', columns: [t.tenantId, t.matchId], foreignColumns: [bankMatches.tenantId, bankMatches.id] }).onDelete('cascade'),
    foreignKey({ name: 'bank_match_statement_lines_line_fk', columns: [t.tenantId, t.statementLineId], foreignColumns: [bankStatementLines.tenantId, bankStatementLines.id] }),
    uniqueIndex('bank_match_statement_lines_held_uq').on(t.tenantId, t.statementLineId).where(sql`${t.held}`),
  ],
);

/**
 * The ledger lines of a match, by (journal_id, line_no) of ledger_entries (append-only; never
 * updated). `held` while the match is accepted: the unique index keeps a ledger line in one held
 * match, and serves the anti-join that lists a bank's unreconciled ledger lines.
 */
export const bankMatchLedgerLines = pgTable(
  'bank_match_ledger_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    matchId: uuid('match_id').notNull(),
    journalId: uuid('journal_id').notNull(),
    lineNo: integer('line_no').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    held: boolean('held').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.matchId, t.journalId, t.lineNo] }),
    foreignKey({ name: 'bank_match_ledger_lines_match_fk', columns: [t.tenantId, t.matchId], foreignColumns: [bankMatches.tenantId, bankMatches.id] }).onDelete('cascade'),
    uniqueIndex('bank_match_ledger_lines_held_uq').on(t.tenantId, t.journalId, t.lineNo).where(sql`${t.held}`),
  ],
);

/** Each close and undo of a statement's reconciliation, with the balances at the close and the undo's reason. */
export const bankReconciliationEvents = pgTable(
  'bank_reconciliation_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    statementId: uuid('statement_id').notNull(),
    action: text('action').$type<'Close' | 'Undo'>().notNull(),
    reason: text('reason'),
    bookBalanceMinor: bigint('book_balance_minor', { mode: 'bigint' }),
    bankBalanceMinor: bigint('bank_balance_minor', { mode: 'bigint' }),
    byUser: uuid('by_user'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'bank_reconciliation_events_statement_fk', columns: [t.tenantId, t.statementId], foreignColumns: [bankStatements.tenantId, bankStatements.id] }),
    index('bank_reconciliation_events_statement_idx').on(t.tenantId, t.statementId, t.at),
  ],
);
