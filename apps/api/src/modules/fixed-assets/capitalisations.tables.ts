import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CapitalisationSource, CapitalisationStatus } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { invoices } from '../ap-ar/invoices/invoices.tables';
import { assets } from './assets.tables';

/** A schedule row as kept for a reversal: what the capitalisation replaced and what it wrote. */
export type KeptRow = { period: string; amountMinor: string; accumulatedMinor: string; nbvMinor: string; basis: unknown };

/**
 * A capitalisation of an asset (contracts' capitalisations.ts): the amount added to its cost (minor
 * units of the base currency), the entry that moved it from the clearing account to the cost, and
 * for a reversal the cost before and the unposted schedule rows it replaced and wrote.
 */
export const assetCapitalisations = pgTable(
  'asset_capitalisations',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    asset: uuid('asset').notNull(),
    capitalisationDate: date('capitalisation_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    source: text('source').$type<CapitalisationSource>().notNull(),
    status: text('status').$type<CapitalisationStatus>().notNull(),
    description: text('description').notNull().default(''),
    vendorInvoice: uuid('vendor_invoice'),
    invoiceLineNo: integer('invoice_line_no'),
    costBefore: numeric('cost_before', { precision: 18, scale: 4 }).notNull(),
    costAfter: numeric('cost_after', { precision: 18, scale: 4 }).notNull(),
    /** The first regenerated month (first day); null when the asset was a draft. */
    fromPeriod: date('from_period', { mode: 'string' }),
    replacedRows: jsonb('replaced_rows').$type<KeptRow[]>().notNull().default([]),
    writtenRows: jsonb('written_rows').$type<KeptRow[]>().notNull().default([]),
    statusBefore: text('status_before').notNull(),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_capitalisations_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ name: 'asset_capitalisations_invoice_fk', columns: [t.tenantId, t.vendorInvoice], foreignColumns: [invoices.tenantId, invoices.id] }),
    index('asset_capitalisations_asset_idx').on(t.tenantId, t.asset, t.createdAt),
    index('asset_capitalisations_invoice_idx').on(t.tenantId, t.vendorInvoice).where(sql`${t.vendorInvoice} is not null`),
  ],
);

/**
 * What was capitalised of a vendor invoice line (minor units of the base currency): one row per
 * line, locked while a capitalisation adds to it, so a line is never capitalised beyond its amount.
 */
export const capitalisedInvoiceLines = pgTable(
  'capitalised_invoice_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    vendorInvoice: uuid('vendor_invoice').notNull(),
    lineNo: integer('line_no').notNull(),
    capitalisedMinor: bigint('capitalised_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.vendorInvoice, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'capitalised_invoice_lines_invoice_fk', columns: [t.tenantId, t.vendorInvoice], foreignColumns: [invoices.tenantId, invoices.id] }),
  ],
);
