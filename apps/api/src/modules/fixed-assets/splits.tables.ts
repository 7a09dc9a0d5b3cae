import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssetState, SplitBasis, SplitStatus } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { assets } from './assets.tables';

/**
 * The splitting of an asset, a document of the kit (contracts' splitDocument): the asset, the date,
 * by quantity or percent; once posted, what the original carried (minor units of the base currency),
 * its state before (restored by Reverse) and the entry.
 */
export const assetSplits = pgTable(
  'asset_splits',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    number: text('number'),
    kind: text('kind').$type<'Split'>().notNull().default('Split'),
    status: text('status').$type<SplitStatus>().notNull().default('Draft'),
    asset: uuid('asset').notNull(),
    splitDate: date('split_date', { mode: 'string' }).notNull(),
    basis: text('basis').$type<SplitBasis>().notNull().default('Quantity'),
    description: text('description').notNull().default(''),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    accumulatedMinor: bigint('accumulated_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    residualMinor: bigint('residual_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The original's state when the split was posted (Active or Fully depreciated), restored by Reverse. */
    assetStatusBefore: text('asset_status_before').$type<AssetState>(),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_splits_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    index('asset_splits_company_idx').on(t.tenantId, t.companyId, t.splitDate),
  ],
);

/** The parts of a split (line_no from 1): the share as entered; once posted, the new asset and its amounts. */
export const assetSplitParts = pgTable(
  'asset_split_parts',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    split: uuid('split').notNull(),
    lineNo: integer('line_no').notNull(),
    share: numeric('share', { precision: 14, scale: 4 }).notNull(),
    description: text('description'),
    location: text('location'),
    newAsset: uuid('new_asset'),
    quantity: numeric('quantity', { precision: 14, scale: 4 }),
    costMinor: bigint('cost_minor', { mode: 'bigint' }),
    accumulatedMinor: bigint('accumulated_minor', { mode: 'bigint' }),
    residualMinor: bigint('residual_minor', { mode: 'bigint' }),
    /** The part's share of the original's revaluation surplus and of its deficit in profit or loss (revaluedOf counts them as the new asset's). */
    reserveMinor: bigint('reserve_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    deficitMinor: bigint('deficit_minor', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.split, t.lineNo] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    foreignKey({ name: 'asset_split_parts_split_fk', columns: [t.tenantId, t.split], foreignColumns: [assetSplits.tenantId, assetSplits.id] }).onDelete('cascade'),
    foreignKey({ name: 'asset_split_parts_asset_fk', columns: [t.tenantId, t.newAsset], foreignColumns: [assets.tenantId, assets.id] }),
  ],
);
