import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AllocationStatus, PaymentKind, PaymentMethod, PaymentStatus, Side } from '@erp/contracts';
import { companies } from '../../organisation/organisation.tables';
import { journals } from '../../ledger/journals/journals.tables';
import { banks } from '../../cash-management/banks.tables';
import { openItems } from '../invoices/invoices.tables';

/*
 * Payments of both faces in one table (`side` says whose), as invoices: a vendor payment or a
 * customer receipt from a bank, in the bank's currency. Its party is a vendor or a customer by side
 * (checked in the face's table when a draft is stored, named on every control line of its entries).
 */
export const payments = pgTable(
  'payments',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    kind: text('kind').$type<PaymentKind>().notNull().default('Payment'),
    number: text('number'),
    status: text('status').$type<PaymentStatus>().notNull().default('Draft'),
    partyId: uuid('party_id').notNull(),
    bankId: uuid('bank_id').notNull(),
    method: text('method').$type<PaymentMethod>().notNull().default('Transfer'),
    bankNumber: text('bank_number'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** As typed, or the rate the posting used (base units per unit, RATE_SCALE decimals). */
    rate: numeric('rate', { precision: 21, scale: 10 }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Posted: the part of the amount on account (not allocated to open items). */
    unallocatedMinor: bigint('unallocated_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    reference: text('reference'),
    description: text('description').notNull(),
    baseCurrency: text('base_currency').notNull(),
    totalBaseMinor: bigint('total_base_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    journalId: uuid('journal_id'),
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
    foreignKey({ columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    uniqueIndex('payments_number_uq').on(t.tenantId, t.companyId, t.side, t.number).where(sql`${t.number} is not null`),
    index('payments_list_idx').on(t.tenantId, t.companyId, t.side, t.documentDate, t.id),
    index('payments_party_idx').on(t.tenantId, t.companyId, t.side, t.partyId),
  ],
);

/**
 * A payment's allocation to an open item: a draft's line (status Draft), or a settlement once posted
 * (Active), made by the payment's entry or a later allocation's (`journal_id`); un-allocated (Undone,
 * `undone_journal_id`) or reversed with the payment. An open item's remaining is its amount less its
 * credit notes and its Active allocations' amount, discount and write-off (signed by the item).
 * A refund's line settles a credit note's item, or returns a posted payment's amount on account
 * (`source_payment_id` instead of `open_item_id`: taken off that payment's `unallocated_minor`).
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** The open item settled; none on a refund's line returning a payment's amount on account. */
    openItemId: uuid('open_item_id'),
    /** A refund's line: the payment whose amount on account it returns (exactly one of the two is set). */
    sourcePaymentId: uuid('source_payment_id'),
    /** Magnitudes in the item's direction (the item's sign gives the settled amount's). */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    writeOffMinor: bigint('write_off_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Posted: the settled amount's base at the item's rate (the control line's base), signed as the item. */
    controlBaseMinor: bigint('control_base_minor', { mode: 'bigint' }),
    status: text('status').$type<AllocationStatus>().notNull().default('Draft'),
    journalId: uuid('journal_id'),
    undoneJournalId: uuid('undone_journal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.paymentId, t.lineNo] }),
    // Two references only: its payment (which carries the company and is the journals' source) and its
    // open item. A receipt across 10,000 invoices writes 10,000 rows, and each foreign key is a check per
    // row (bench 11): the company and the journals are the payment's, written by the service with it.
    foreignKey({ columns: [t.tenantId, t.paymentId], foreignColumns: [payments.tenantId, payments.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.openItemId], foreignColumns: [openItems.tenantId, openItems.id] }),
    index('payment_allocations_item_idx').on(t.tenantId, t.openItemId),
    // A refund returning a payment's amount on account (rare: a partial index, no cost to receipts' lines).
    foreignKey({ columns: [t.tenantId, t.sourcePaymentId], foreignColumns: [payments.tenantId, payments.id] }),
    index('payment_allocations_source_idx').on(t.tenantId, t.sourcePaymentId).where(sql`${t.sourcePaymentId} is not null`),
    check('payment_allocations_one_target', sql`(${t.openItemId} is null) <> (${t.sourcePaymentId} is null)`),
  ],
);
