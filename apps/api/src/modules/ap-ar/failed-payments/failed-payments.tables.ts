import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FailedPaymentStatus, FailureReason, Side } from '@erp/contracts';
import { companies } from '../../organisation/organisation.tables';
import { journals } from '../../ledger/journals/journals.tables';
import { invoices } from '../invoices/invoices.tables';
import { payments } from '../payments/payments.tables';

/** What the failed payment had settled on an item when it failed (minor units of the payment's currency). */
export type ReopenedItemRow = { openItem: string; amountMinor: string };

/**
 * A posted payment marked failed (issue 16, /failed-payment): one per payment. The payment itself is
 * reversed through the payments' code; this row keeps why, when, the fee (its invoice on receivables,
 * its entry on payables), the items it reopened and the retry that paid them again.
 */
export const failedPayments = pgTable(
  'failed_payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    status: text('status').$type<FailedPaymentStatus>().notNull().default('Failed'),
    paymentId: uuid('payment_id').notNull(),
    reason: text('reason').$type<FailureReason>().notNull(),
    note: text('note'),
    failedDate: date('failed_date', { mode: 'string' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    feeInvoiceId: uuid('fee_invoice_id'),
    feeJournalId: uuid('fee_journal_id'),
    items: jsonb('items').$type<ReopenedItemRow[]>().notNull().default([]),
    attempt: integer('attempt').notNull().default(1),
    retryOfId: uuid('retry_of_id'),
    retryPaymentId: uuid('retry_payment_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('failed_payments_payment_uq').on(t.tenantId, t.paymentId),
    uniqueIndex('failed_payments_retry_uq').on(t.tenantId, t.retryPaymentId).where(sql`${t.retryPaymentId} is not null`),
    index('failed_payments_list_idx').on(t.tenantId, t.companyId, t.failedDate),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }),
    foreignKey({ columns: [t.tenantId, t.retryPaymentId], foreignColumns: [payments.tenantId, payments.id] }),
    foreignKey({ columns: [t.tenantId, t.feeInvoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    foreignKey({ columns: [t.tenantId, t.feeJournalId], foreignColumns: [journals.tenantId, journals.id] }),
    foreignKey({ columns: [t.tenantId, t.retryOfId], foreignColumns: [t.tenantId, t.id] }),
  ],
);
