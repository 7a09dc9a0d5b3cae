import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssetStockIssueState } from '@erp/contracts';
import { kitColumns, kitKeys, kitRef } from '../../platform/kit/kit-table';
import { companies } from '../organisation/organisation.tables';
import { assetClasses, assets } from './assets.tables';

/** Asset stock (contracts' assetStockEntity): items held for later use; the TypeScript column names are the entity's fields. */
export const assetStocks = pgTable(
  'asset_stocks',
  {
    ...kitColumns(true),
    code: text('code').notNull(),
    description: text('description').notNull(),
    assetClass: uuid('asset_class').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull().default('0'),
    unitCost: numeric('unit_cost', { precision: 18, scale: 4 }).notNull().default('0'),
    location: text('location'),
    acquisitionDate: date('acquisition_date', { mode: 'string' }).notNull(),
    reference: text('reference'),
  },
  (t) => [
    ...kitKeys('asset_stocks', t, companies, [sql`lower(${t.code})`]),
    kitRef('asset_stocks_class_fk', t, t.assetClass, assetClasses),
    // Issuing never takes more than is held.
    check('asset_stocks_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/**
 * An issue of a stock item into service (`issueFromStock`): the asset it made, the quantity and
 * cost, its entry; Undone by "Undo issue" with the reversal entry (contracts' assetStockIssueStates).
 */
export const assetStockIssues = pgTable(
  'asset_stock_issues',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    stock: uuid('stock').notNull(),
    asset: uuid('asset').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull(),
    status: text('status').$type<AssetStockIssueState>().notNull(),
    journalId: uuid('journal_id'),
    undoDate: date('undo_date', { mode: 'string' }),
    undoJournalId: uuid('undo_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_stock_issues_stock_fk', columns: [t.tenantId, t.stock], foreignColumns: [assetStocks.tenantId, assetStocks.id] }),
    foreignKey({ name: 'asset_stock_issues_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    // An asset comes from one issue at most.
    uniqueIndex('asset_stock_issues_asset_uq').on(t.tenantId, t.asset),
    index('asset_stock_issues_stock_idx').on(t.tenantId, t.stock, t.createdAt),
    check('asset_stock_issues_quantity_ck', sql`${t.quantity} > 0`),
  ],
);
