import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CreditNoteStatus, InvoiceDocumentKind, InvoiceSource, InvoiceStatus, OpenItemStatus, Side } from '@erp/contracts';
import { companies } from '../../organisation/organisation.tables';
import { accounts, taxes } from '../../ledger/setup/setup.tables';
import { journals } from '../../ledger/journals/journals.tables';

/*
 * Invoices and credit notes of both faces in one table (`side` says whose): the engine is one, so are
 * its queries, its open items and its links; a face filters by side. Its party is a vendor or a
 * customer by side, so it has no foreign key to either table: the service checks the party in the
 * face's table when it stores a draft, and the posted entry names it.
 */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    kind: text('kind').$type<InvoiceDocumentKind>().notNull(),
    number: text('number'),
    status: text('status').$type<InvoiceStatus | CreditNoteStatus>().notNull().default('Draft'),
    partyId: uuid('party_id').notNull(),
    /** A credit note's invoice (a reversal's always). */
    invoiceId: uuid('invoice_id'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    postingDate: date('posting_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 21, scale: 10 }),
    partyDocumentNumber: text('party_document_number'),
    reference: text('reference'),
    description: text('description').notNull(),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
    /** The due dates as typed before posting, or null: the party's payment term gives them. */
    instalments: jsonb('instalments').$type<{ dueDate: string; amount: string; discountDate?: string; discountAmount?: string }[] | null>(),
    totalNetMinor: bigint('total_net_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    totalTaxMinor: bigint('total_tax_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    totalGrossMinor: bigint('total_gross_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    baseCurrency: text('base_currency').notNull(),
    totalBaseMinor: bigint('total_base_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    journalId: uuid('journal_id'),
    /*
     * What the list reads of the open items, kept by the database (trigger on open_items, 0020) so a
     * page, its filters and its sums read the invoice alone: the first due date of its items, the
     * sum of their remaining (null before posting), the earliest due date of an item still open
     * with something to pay (null when none: the overdue filter is a range on it).
     */
    dueDate: date('due_date', { mode: 'string' }),
    remainingMinor: bigint('remaining_minor', { mode: 'bigint' }),
    openDueDate: date('open_due_date', { mode: 'string' }),
    /** The document of another module that made it (a fixed-asset disposal's sale); null: entered here. */
    source: jsonb('source').$type<InvoiceSource | null>(),
    createdBy: uuid('created_by'),
    postedBy: uuid('posted_by'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.journalId], foreignColumns: [journals.tenantId, journals.id] }),
    // Invoices and credit notes are numbered from sequences of their own.
    uniqueIndex('invoices_number_uq').on(t.tenantId, t.companyId, t.side, sql`(${t.kind} = 'Invoice')`, t.number).where(sql`${t.number} is not null`),
    // A vendor's own invoice number is taken once among its invoices that are not reversed.
    uniqueIndex('invoices_vendor_number_uq')
      .on(t.tenantId, t.companyId, t.partyId, sql`lower(${t.partyDocumentNumber})`)
      .where(sql`${t.side} = 'payables' and ${t.kind} = 'Invoice' and ${t.status} <> 'Reversed' and ${t.partyDocumentNumber} is not null`),
    // The list's pages in their order (newest first), alone, by party, state or both; the overdue
    // filter over open invoices in the same order (open_due_date and the party checked in the index).
    // Each filter has one index that leads with all its equalities and ends in the list's order:
    // without statistics (autovacuum off) the planner estimates one row for any of them, and no other
    // index of the company's invoices may look as good (no index on open_due_date alone: a count or a
    // page would range over it and sort).
    index('invoices_list_idx').on(t.tenantId, t.companyId, t.side, t.documentDate, t.id),
    index('invoices_party_list_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.documentDate, t.id),
    index('invoices_status_list_idx').on(t.tenantId, t.companyId, t.side, t.status, t.documentDate, t.id),
    index('invoices_party_status_list_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.status, t.documentDate, t.id),
    index('invoices_open_list_idx').on(t.tenantId, t.companyId, t.side, t.documentDate, t.id, t.openDueDate, t.partyId).where(sql`${t.openDueDate} is not null`),
    // A party's open invoices in the same order (party + overdue, both parts): the party's range with
    // open_due_date < D checked in the index. Without it, once analysed, the planner took
    // invoices_party_list_idx for both parts and read from the heap the party's invoices of the month
    // before D (not yet overdue) and every one dated after D (bench 9 at 1,000,000: 280 ms).
    index('invoices_party_open_list_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.documentDate, t.id, t.openDueDate).where(sql`${t.openDueDate} is not null`),
    // The few open invoices with an item due before their own date (the overdue filter's second part).
    index('invoices_due_before_idx').on(t.tenantId, t.companyId, t.side, t.documentDate, t.id).where(sql`${t.openDueDate} < ${t.documentDate}`),
    index('invoices_invoice_idx').on(t.tenantId, t.invoiceId).where(sql`${t.invoiceId} is not null`),
  ],
);

/**
 * How many documents each combination of the list's equality filters holds (company, side, kind,
 * state, party, currency), kept by the database (statement triggers on invoices, 0051), never written
 * by services: the list's total and the sums' count of a filter made of those alone add a few of these
 * rows instead of counting up to LIST_TOTAL_MAX + 1 invoices (issue 15, bench 9). Per party, as the
 * party balances: a posting locks the rows of its own parties only.
 */
export const invoiceListCounts = pgTable(
  'invoice_list_counts',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    side: text('side').$type<Side>().notNull(),
    kind: text('kind').$type<InvoiceDocumentKind>().notNull(),
    status: text('status').$type<InvoiceStatus | CreditNoteStatus>().notNull(),
    partyId: uuid('party_id').notNull(),
    currency: text('currency').notNull(),
    documents: bigint('documents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.companyId, t.side, t.kind, t.status, t.partyId, t.currency] })],
);

/** The lines of an invoice or credit note, with each line's amounts rounded once (invoiceTotals). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id'),
    description: text('description'),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 19, scale: 4 }).notNull(),
    discountPercent: numeric('discount_percent', { precision: 7, scale: 4 }).notNull().default('0'),
    taxId: uuid('tax_id'),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'bigint' }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.invoiceId, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.accountId], foreignColumns: [accounts.tenantId, accounts.id] }),
    foreignKey({ columns: [t.tenantId, t.taxId], foreignColumns: [taxes.tenantId, taxes.id] }),
  ],
);

/**
 * What payments settle (part 2): one row per instalment of a posted invoice, or of a credit note that
 * stands alone (in part). Amounts are signed in the face's invoice direction: an invoice's are
 * positive, a credit note's negative. `remaining` falls as credit notes (and later payments) apply.
 */
export const openItems = pgTable(
  'open_items',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    side: text('side').$type<Side>().notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    line: integer('line').notNull(),
    partyId: uuid('party_id').notNull(),
    currency: text('currency').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    discountDate: date('discount_date', { mode: 'string' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    discountMinor: bigint('discount_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    remainingMinor: bigint('remaining_minor', { mode: 'bigint' }).notNull(),
    status: text('status').$type<OpenItemStatus>().notNull().default('Open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    uniqueIndex('open_items_line_uq').on(t.tenantId, t.invoiceId, t.line),
    index('open_items_party_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.dueDate).where(sql`${t.status} = 'Open'`),
    // The ageing of one party as of a day (issue 16) reads its items whatever their state today (closed ones may have been open then).
    index('open_items_ageing_party_idx').on(t.tenantId, t.companyId, t.side, t.partyId, t.dueDate),
  ],
);

/** A credit note applied to an invoice: how much of it reduced the invoice's open items. */
export const invoiceCredits = pgTable(
  'invoice_credits',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    creditNoteId: uuid('credit_note_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.creditNoteId, t.invoiceId] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ columns: [t.tenantId, t.creditNoteId], foreignColumns: [invoices.tenantId, invoices.id] }),
    foreignKey({ columns: [t.tenantId, t.invoiceId], foreignColumns: [invoices.tenantId, invoices.id] }),
    index('invoice_credits_invoice_idx').on(t.tenantId, t.invoiceId),
  ],
);
