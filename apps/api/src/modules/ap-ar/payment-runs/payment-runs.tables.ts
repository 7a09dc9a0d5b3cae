import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MandateSequenceType, PaymentMethod, PaymentRunBasis, PaymentRunStatus, Side } from '@erp/contracts';
import { companies } from '../../organisation/organisation.tables';
import { banks } from '../../cash-management/banks.tables';
import { openItems } from '../invoices/invoices.tables';
import { payments } from '../payments/payments.tables';

/*
 * Payment runs of both faces in one table (`side` says whose), as payments: a run pays (or collects)
 * the selected open items of many parties from one bank, in the bank's currency. Its lines are the
 * items it proposes; Post makes one payment per party through the payments engine and notes it on
 * the party's lines.
 */
export const paymentRuns = pgTable(
  'payment_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    number: text('number'),
    status: text('status').$type<PaymentRunStatus>().notNull().default('Draft'),
    bankId: uuid('bank_id').notNull(),
    currency: text('currency').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    basis: text('basis').$type<PaymentRunBasis>().notNull(),
    upTo: date('up_to', { mode: 'string' }).notNull(),
    partyGroupId: uuid('party_group_id'),
    description: text('description').notNull(),
    baseCurrency: text('base_currency').notNull(),
    /** The cash of the lines not excluded (the run's currency), for the list and the approval's threshold. */
    totalMinor: bigint('total_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.bankId], foreignColumns: [banks.tenantId, banks.id] }),
    uniqueIndex('payment_runs_number_uq').on(t.tenantId, t.companyId, t.side, t.number).where(sql`${t.number} is not null`),
    index('payment_runs_list_idx').on(t.tenantId, t.companyId, t.side, t.paymentDate, t.id),
  ],
);

/** A run's line: an open item, its party, what the run pays on it (or `excluded`), and the payment Post made for its party. */
export const paymentRunLines = pgTable(
  'payment_run_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    runId: uuid('run_id').notNull(),
    lineNo: integer('line_no').notNull(),
    openItemId: uuid('open_item_id').notNull(),
    partyId: uuid('party_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    excluded: boolean('excluded').notNull().default(false),
    paymentId: uuid('payment_id'),
    /** A direct debit's sequence (the customer's mandate's when the run posted: First, then Recurring). */
    mandateSequence: text('mandate_sequence').$type<MandateSequenceType>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.runId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.runId], foreignColumns: [paymentRuns.tenantId, paymentRuns.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.openItemId], foreignColumns: [openItems.tenantId, openItems.id] }),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    index('payment_run_lines_payment_idx').on(t.tenantId, t.paymentId),
  ],
);
