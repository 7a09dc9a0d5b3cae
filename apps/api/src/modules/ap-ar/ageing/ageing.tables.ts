import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Side } from '@erp/contracts';

/*
 * The ageing's maintained structure (issue 16, bench 12), kept by the database at commit (statement
 * triggers of 0049 on open_items, invoice_credits, invoices, payment_allocations and payments, each
 * recomputing the lines it touched with `ageing_line_states`): never written by services.
 *
 * `ageing_states`: each ageing line (an open item, or a posted payment's amount on account) as dated
 * intervals [from_date, to_date) over which it is not zero, with what it owes then (in its currency and
 * in base, signed in the face's invoice direction as the open items). A line is not zero on D when one
 * of its intervals holds D: a line settled before D has none (it is skipped by the index), a line with
 * no settlement by D has one interval from its posting date. Intervals where the line is zero are not
 * kept.
 *
 * `ageing_sums`: the same intervals summed per (party, currency, document date, due date) and day of
 * change: +(remaining, base, 1 line) on from_date, the opposite on to_date. The ageing as of D sums the
 * rows of days on or before D (a range of the primary key), so it reads one row per party, dates and
 * day of change, not one per item.
 */
export const ageingStates = pgTable(
  'ageing_states',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    side: text('side').$type<Side>().notNull(),
    /** The open item, or the payment whose amount on account this is. */
    lineId: uuid('line_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    /** Exclusive; null: still so. */
    toDate: date('to_date', { mode: 'string' }),
    /** Invoice, CreditNote or OnAccount. */
    lineKind: text('line_kind').$type<'Invoice' | 'CreditNote' | 'OnAccount'>().notNull(),
    /** The invoice or credit note of the item, or the payment. */
    documentId: uuid('document_id').notNull(),
    partyId: uuid('party_id').notNull(),
    currency: text('currency').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    remainingMinor: bigint('remaining_minor', { mode: 'bigint' }).notNull(),
    baseMinor: bigint('base_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.lineId, t.fromDate] }),
    // A party's lines as of a day, oldest due first (the drill-down).
    index('ageing_states_party_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.dueDate, t.documentDate, t.lineId),
  ],
);

export const ageingSums = pgTable(
  'ageing_sums',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    side: text('side').$type<Side>().notNull(),
    /** The day the sums below start to count. */
    day: date('day', { mode: 'string' }).notNull(),
    partyId: uuid('party_id').notNull(),
    currency: text('currency').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    remainingMinor: bigint('remaining_minor', { mode: 'bigint' }).notNull(),
    baseMinor: bigint('base_minor', { mode: 'bigint' }).notNull(),
    /** Lines that are not zero (their count changes by this on the day). */
    lines: integer('lines').notNull(),
  },
  (t) => [
    // Leads with the day: the ageing as of D is the range day <= D of its company and side.
    primaryKey({ columns: [t.tenantId, t.companyId, t.side, t.day, t.partyId, t.currency, t.dueDate, t.documentDate] }),
  ],
);
