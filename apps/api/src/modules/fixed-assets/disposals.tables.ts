import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DisposalStatus, DisposalType } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { customers } from '../ap-ar/parties.tables';
import { invoices } from '../ap-ar/invoices/invoices.tables';
import { taxes } from '../ledger/setup/setup.tables';
import { assets } from './assets.tables';
import { depreciationRuns } from './depreciation-runs.tables';

/**
 * The disposal of an asset, a document of the kit (contracts' disposalDocument): the asset, the
 * date, sale or scrap and the proceeds; once posted, the amounts it posted (minor units of the base
 * currency), the depreciation run it posted first and its entry. A sale may name a customer and a
 * tax code: posting then posts a customer invoice of the proceeds (`invoice`), reversing reverses it
 * (`invoice_reversal`, the credit note). `reserve_minor`: the revaluation surplus its entry moved to
 * retained earnings (IAS 16.41).
 */
export const assetDisposals = pgTable(
  'asset_disposals',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    number: text('number'),
    kind: text('kind').$type<'Disposal'>().notNull().default('Disposal'),
    status: text('status').$type<DisposalStatus>().notNull().default('Draft'),
    asset: uuid('asset').notNull(),
    disposalDate: date('disposal_date', { mode: 'string' }).notNull(),
    disposalType: text('disposal_type').$type<DisposalType>().notNull().default('Sale'),
    proceeds: numeric('proceeds', { precision: 18, scale: 4 }).notNull().default('0'),
    description: text('description').notNull().default(''),
    customer: uuid('customer'),
    tax: uuid('tax'),
    invoice: uuid('invoice'),
    invoiceReversal: uuid('invoice_reversal'),
    reserveMinor: bigint('reserve_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    accumulatedMinor: bigint('accumulated_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    depreciationMinor: bigint('depreciation_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    gainLossMinor: bigint('gain_loss_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    depreciationRun: uuid('depreciation_run'),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_disposals_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ name: 'asset_disposals_run_fk', columns: [t.tenantId, t.depreciationRun], foreignColumns: [depreciationRuns.tenantId, depreciationRuns.id] }),
    foreignKey({ name: 'asset_disposals_customer_fk', columns: [t.tenantId, t.customer], foreignColumns: [customers.tenantId, customers.id] }),
    foreignKey({ name: 'asset_disposals_tax_fk', columns: [t.tenantId, t.tax], foreignColumns: [taxes.tenantId, taxes.id] }),
    foreignKey({ name: 'asset_disposals_invoice_fk', columns: [t.tenantId, t.invoice], foreignColumns: [invoices.tenantId, invoices.id] }),
    foreignKey({ name: 'asset_disposals_invoice_reversal_fk', columns: [t.tenantId, t.invoiceReversal], foreignColumns: [invoices.tenantId, invoices.id] }),
    index('asset_disposals_company_idx').on(t.tenantId, t.companyId, t.disposalDate),
  ],
);
