import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssetRevaluationStatus } from '@erp/contracts';
import { companies } from '../organisation/organisation.tables';
import { assets } from './assets.tables';

/**
 * The revaluation of assets, a document of the kit (contracts' assetRevaluationDocument): the date and,
 * once posted, its entry. Its lines are `asset_revaluation_lines`.
 */
export const assetRevaluations = pgTable(
  'asset_revaluations',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().default(sql`gen_random_uuid()`),
    number: text('number'),
    kind: text('kind').$type<'Revaluation'>().notNull().default('Revaluation'),
    status: text('status').$type<AssetRevaluationStatus>().notNull().default('Draft'),
    revaluationDate: date('revaluation_date', { mode: 'string' }).notNull(),
    description: text('description').notNull().default(''),
    /** Sum of the lines' changes (fair value less net book value), minor units of the base currency. */
    changeMinor: bigint('change_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    journalId: uuid('journal_id'),
    reversalJournalId: uuid('reversal_journal_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    index('asset_revaluations_company_idx').on(t.tenantId, t.companyId, t.revaluationDate),
  ],
);

/**
 * One asset of a revaluation and its fair value; once posted, what it posted (minor units of the
 * base currency): the cost before (`previous_cost_minor`, the asset's cost term, restored by a
 * reversal), the accumulated depreciation eliminated against the cost, the change (fair value less
 * net book value) and its split between the reserve (+ credit, - debit) and profit or loss
 * (+ income, - loss). The asset's surplus in the reserve and deficit in profit or loss are the sums
 * of its posted lines (a reversed revaluation's lines are no longer Posted).
 */
export const assetRevaluationLines = pgTable(
  'asset_revaluation_lines',
  {
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    revaluation: uuid('revaluation').notNull(),
    lineNo: integer('line_no').notNull(),
    asset: uuid('asset').notNull(),
    fairValue: numeric('fair_value', { precision: 18, scale: 4 }).notNull(),
    /** The revaluation's state, kept on its lines (the per-asset sums read only Posted ones). */
    status: text('status').$type<AssetRevaluationStatus>().notNull().default('Draft'),
    previousCost: numeric('previous_cost', { precision: 18, scale: 4 }),
    costMinor: bigint('cost_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    eliminatedMinor: bigint('eliminated_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    changeMinor: bigint('change_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    reserveMinor: bigint('reserve_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    pnlMinor: bigint('pnl_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    surplusBeforeMinor: bigint('surplus_before_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    deficitBeforeMinor: bigint('deficit_before_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The revaluation's month (first day): depreciation after it regenerates on the fair value. */
    period: date('period', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.revaluation, t.lineNo] }),
    foreignKey({ name: 'asset_revaluation_lines_doc_fk', columns: [t.tenantId, t.revaluation], foreignColumns: [assetRevaluations.tenantId, assetRevaluations.id] }).onDelete('cascade'),
    foreignKey({ name: 'asset_revaluation_lines_asset_fk', columns: [t.tenantId, t.asset], foreignColumns: [assets.tenantId, assets.id] }),
    foreignKey({ columns: [t.tenantId, t.companyId], foreignColumns: [companies.tenantId, companies.companyId] }),
    index('asset_revaluation_lines_asset_idx').on(t.tenantId, t.asset, t.status),
  ],
);
